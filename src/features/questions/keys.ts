import type { QuestionStatus, SortField, SortType } from '../../api/questions';

/** What one inbox view asks the search for (from the URL plus the signed-in seller). */
export interface InboxFilters {
  sellerId: number;
  status?: QuestionStatus;
  item?: string;
  from?: number;
  sortField: SortField;
  sortType: SortType;
}

/** A key of a read made as another account than the active one (`x-seller-account`: the queue's "All my accounts"). */
function as<K extends readonly unknown[]>(key: K, account: string | undefined) {
  return account === undefined ? key : ([...key, 'as', account] as const);
}

/**
 * Query keys of the questions area, general → specific. Kept apart from queries.ts so the navigation
 * badge can use them without pulling the API module (and zod) into the first-paint bundle.
 */
export const questionKeys = {
  all: ['questions'] as const,
  lists: () => [...questionKeys.all, 'list'] as const,
  list: (filters: InboxFilters) => [...questionKeys.lists(), filters] as const,
  page: (filters: InboxFilters, page: number) => [...questionKeys.list(filters), page] as const,
  /** The polled first row of a view: its total tells how many questions arrived since the list loaded. */
  heads: () => [...questionKeys.all, 'head'] as const,
  head: (filters: InboxFilters) => [...questionKeys.heads(), filters] as const,
  unansweredCounts: () => [...questionKeys.all, 'unanswered'] as const,
  unanswered: (sellerId: number) => [...questionKeys.unansweredCounts(), sellerId] as const,
  /** The unanswered total with the oldest one's date (the home screen's card). */
  oldestUnanswered: (sellerId: number) => [...questionKeys.unanswered(sellerId), 'oldest'] as const,
  detail: (id: number) => [...questionKeys.all, 'detail', id] as const,
  /** The answer queue's parts of one question, read as its account (`account`: undefined for the active one). */
  detailAs: (id: number, account: string | undefined) => as(questionKeys.detail(id), account),
  suggestions: (questionId: number, account: string | undefined) => as([...questionKeys.all, 'suggestions', questionId] as const, account),
  asker: (itemId: string, fromId: number, account: string | undefined) =>
    as([...questionKeys.all, 'asker', itemId, fromId] as const, account),
  /** The queue's unanswered questions of one account, as the queue started: not under the others, which answers refresh. */
  queue: (sellerId: number, account: string | undefined) => as(['answer-queue', sellerId] as const, account),
};

/** The inbox and the badge poll every 30 s. */
export const pollMs = 30_000;
