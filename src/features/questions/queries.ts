import { queryOptions, useIsMutating, useMutation, useMutationState, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { isApiError, NetworkError } from '../../api/errors';
import {
  answerQuestion,
  deleteQuestion,
  getQuestion,
  revealQuestionContact,
  hideQuestions,
  searchQuestions,
  type QuestionDetail,
  type SearchResult,
} from '../../api/questions';
import { simulateBuyerQuestion } from '../../api/demo';
import { pollMs, questionKeys, type InboxFilters } from './keys';
import { writeDraft } from '../../lib/drafts';
import { activeAccount, useSession } from '../../lib/session';

/** Rows per search request of the inbox (the API's default page size). */
export const pageSize = 50;

function searchParams(filters: InboxFilters) {
  return {
    sellerId: filters.item ? undefined : filters.sellerId,
    item: filters.item,
    from: filters.from,
    status: filters.status,
    sortFields: [filters.sortField],
    sortType: filters.sortType,
  };
}

/**
 * One page of the inbox. Pages do not refresh by themselves: the list under the seller's eyes never
 * shifts; the polled head query tells when there is something new, and "Show" reloads.
 */
export const pageQuery = (filters: InboxFilters, page: number) =>
  queryOptions({
    queryKey: questionKeys.page(filters, page),
    queryFn: ({ signal }) => searchQuestions({ ...searchParams(filters), limit: pageSize, offset: page * pageSize }, signal),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

/** The same view's total and status counts, polled every 30 s and on focus. */
export const headQuery = (filters: InboxFilters) =>
  queryOptions({
    queryKey: questionKeys.head(filters),
    queryFn: ({ signal }) => searchQuestions({ ...searchParams(filters), limit: 1 }, signal),
    staleTime: 0,
    refetchInterval: pollMs,
    refetchOnWindowFocus: 'always',
  });

/** `account`: a question of another account than the active one, read with its header. */
export const detailQuery = (id: number, account?: string) =>
  queryOptions({
    queryKey: questionKeys.detailAs(id, account),
    queryFn: ({ signal }) => getQuestion(id, signal, account),
  });

/** Writes a changed question into every loaded page, so the list shows it without a reload or a shift. */
function patchPages(queryClient: QueryClient, question: QuestionDetail) {
  queryClient.setQueriesData<SearchResult>(
    { queryKey: questionKeys.lists() },
    (page) =>
      page && {
        ...page,
        questions: page.questions.map((row) =>
          row.id === question.id ? { ...row, status: question.status, answer: question.answer && { ...question.answer } } : row,
        ),
      },
  );
}

/** One question's answer send, found by its key wherever (and whether) its composer is mounted. */
const answerKey = (questionId: number) => [...questionKeys.detail(questionId), 'answer'] as const;

/** Questions whose last send ended without knowing whether the answer arrived. */
const outcomeUnknown = new Set<number>();

/** No answer came, or our server's 504 (the marketplace did not answer in time): the answer may have been taken. */
const mayHaveArrived = (error: unknown) => error instanceof NetworkError || isApiError(error, 504);

/**
 * Posts an answer at most once. When a send may have arrived, the question is read again before Retry is
 * offered (answered, it is shown answered), and every later send reads it first, so an answer is never
 * posted twice. Undefined: accepted with a body of another shape (drift).
 */
async function sendAnswer(
  body: { question_id: number; text: string },
  guardOverride: boolean,
  account: string | undefined,
): Promise<QuestionDetail | undefined> {
  const id = body.question_id;
  if (outcomeUnknown.has(id)) {
    // A failed read leaves the outcome unknown and posts nothing.
    const question = await getQuestion(id, undefined, account);
    outcomeUnknown.delete(id);
    if (question.answer) return question;
  }
  try {
    return await answerQuestion(body, { guardOverride, account });
  } catch (error) {
    if (!mayHaveArrived(error)) throw error;
    outcomeUnknown.add(id);
    const question = await getQuestion(id, undefined, account).catch(() => null);
    if (!question?.answer) throw error;
    outcomeUnknown.delete(id);
    return question;
  }
}

/** An answer's text, and whether the seller chose "Send anyway" on what the contact-data guard flagged. */
interface AnswerSend {
  text: string;
  guardOverride?: boolean;
}

/**
 * `asAccount`: the question is of another account than the active one (the queue's "All my accounts"): the send, and
 * the reads that make it exactly-once, go with that account's `x-seller-account`, and its draft is that account's.
 */
export function useAnswerQuestion(questionId: number, asAccount?: string) {
  const queryClient = useQueryClient();
  // The account the send was made under: a send paused offline clears that account's draft, whatever is active then.
  const active = activeAccount(useSession());
  const mutationKey = answerKey(questionId);
  const mutation = useMutation({
    mutationKey,
    mutationFn: ({ text, guardOverride = false }: AnswerSend) => sendAnswer({ question_id: questionId, text }, guardOverride, asAccount),
    // Here rather than in the composer: a send paused offline may finish after the composer is gone.
    onSuccess: async (answered) => {
      writeDraft(asAccount ?? active, questionId, '');
      // Accepted with a body of another shape (drift): the question is read to show it answered.
      const question =
        answered ?? (await queryClient.fetchQuery({ ...detailQuery(questionId, asAccount), staleTime: 0 }).catch(() => null));
      if (question) {
        queryClient.setQueryData(questionKeys.detail(question.id), question);
        patchPages(queryClient, question);
      }
      // Counts and the badge change; the pages were patched in place.
      void queryClient.invalidateQueries({ queryKey: questionKeys.all, predicate: (query) => query.queryKey[1] !== 'list' });
    },
  });
  // A send started by an earlier composer of this question (still offline, or under way) counts as this one's.
  const sending = useIsMutating({ mutationKey }) > 0;
  const offline = useMutationState({ filters: { mutationKey, status: 'pending' }, select: (m) => m.state.isPaused }).includes(true);
  return { ...mutation, sending, offline };
}

/** After a delete or hide rows disappear: every view reloads (the scroll index stays). */
function reloadViews(queryClient: QueryClient, ids: number[]) {
  void queryClient.invalidateQueries({ queryKey: questionKeys.all, predicate: (query) => query.queryKey[1] !== 'detail' });
  // The open detail is closed by the caller; refetching it now would only flash "not found".
  for (const id of ids) void queryClient.invalidateQueries({ queryKey: questionKeys.detail(id), refetchType: 'none' });
}

export function useDeleteQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteQuestion(id),
    onSuccess: (_confirmation, id) => reloadViews(queryClient, [id]),
  });
}

export function useHideQuestions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => hideQuestions(ids),
    onSuccess: (_result, ids) => reloadViews(queryClient, ids),
  });
}

/** Demo only: a buyer (another demo user's token) asks about one of the seller's items. */
export function useSimulateQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { item_id?: string; text: string }) => simulateBuyerQuestion(input),
    // Only the polled queries learn about it: the list shows the "N new" notice instead of shifting.
    onSuccess: () =>
      void queryClient.invalidateQueries({
        queryKey: questionKeys.all,
        predicate: (query) => query.queryKey[1] !== 'list' && query.queryKey[1] !== 'detail',
      }),
  });
}

/**
 * The asker's contact, revealed on request (a recorded reveal at the server): held by the mutation while the
 * detail shows it, dropped as soon as nothing observes it, never written to a cache that outlives the page.
 */
export function useRevealContact(questionId: number) {
  return useMutation({ mutationFn: () => revealQuestionContact(questionId), gcTime: 0 });
}
