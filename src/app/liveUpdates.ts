import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { ActivityEntry } from '../api/activity';
import type { LeadReview, LeadReviewEvent } from '../api/credits';
import { activityKeys } from '../features/activity/keys';
import { creditLeadKeys, withReview } from '../features/credits/keys';
import { fulfillmentKeys, type OperationFilters } from '../features/fulfillment/keys';
import { questionKeys } from '../features/questions/keys';
import type { SearchResult } from '../api/questions';
import { stockKeys } from '../lib/stockKeys';
import { catalogKeys } from '../lib/catalog';
import { itemKeys } from '../lib/items';

/** Whether a loaded page of the inbox holds the question. */
function listShows(page: unknown, questionId: number): boolean {
  return (page as Partial<SearchResult> | undefined)?.questions?.some((question) => question.id === questionId) ?? false;
}

/**
 * What an activity entry changes on screen: the exact cache keys of the areas it is about, through their own
 * key factories, so open pages refetch what moved (never a reload). Lives in the shell, which may know every
 * area; the areas never know each other.
 */
export function applyActivity(queryClient: QueryClient, entry: ActivityEntry): void {
  const invalidate = (queryKey: QueryKey) => void queryClient.invalidateQueries({ queryKey });
  const { subject } = entry;
  invalidate(activityKeys.all);
  switch (entry.kind) {
    case 'question': {
      const id = subject.questionId;
      // A question on screen is read again (its status moved); a new one is announced by its view's head as
      // "N new · Show", so the list never shifts under the seller's eyes.
      void queryClient.invalidateQueries({
        queryKey: questionKeys.lists(),
        predicate: (query) => id !== undefined && listShows(query.state.data, id),
      });
      invalidate(questionKeys.heads());
      invalidate(questionKeys.unansweredCounts());
      if (id !== undefined) invalidate(questionKeys.detail(id));
      break;
    }
    case 'credit-lead':
      // The notification does not say which dataset; both are cheap to mark (only what is on screen refetches).
      for (const sandbox of [false, true]) {
        invalidate(creditLeadKeys.searches(sandbox));
        invalidate(creditLeadKeys.newCounts(sandbox));
      }
      break;
    case 'fulfillment-operation': {
      const inventoryId = subject.inventoryId;
      if (inventoryId === undefined) break;
      invalidate(fulfillmentKeys.stock(inventoryId));
      // The catalog's lists and the home card hold this inventory's stock too.
      invalidate(catalogKeys.inventoryStock(inventoryId));
      invalidate(catalogKeys.fulfilledStocks());
      void queryClient.invalidateQueries({
        queryKey: fulfillmentKeys.searches(),
        predicate: ({ queryKey }) => {
          // An operations search's filters; no inventory filter means every inventory, this one included.
          const { inventoryIds } = queryKey[2] as OperationFilters;
          return inventoryIds.length === 0 || inventoryIds.includes(inventoryId);
        },
      });
      break;
    }
    case 'stock':
      if (subject.userProductId !== undefined) invalidate(stockKeys.detail(subject.userProductId));
      // Listings' available quantities (the stock list, the home card) follow their user product's stock.
      invalidate(catalogKeys.all);
      break;
    case 'item':
    case 'recategorization':
      if (subject.itemId !== undefined) invalidate(itemKeys.detail(subject.itemId));
      invalidate(catalogKeys.all);
      break;
  }
}

/**
 * A teammate's review of a credit lead: the open lists and lead show it at once (the reviews are one cached list
 * per account). `active` is the account the pages show; "All my accounts" keeps the others' lists too.
 */
export function applyLeadReview(queryClient: QueryClient, { sandbox, accountId, ...review }: LeadReviewEvent, active: string): void {
  const update = (reviews: LeadReview[] | undefined) => reviews && withReview(reviews, review);
  queryClient.setQueryData(creditLeadKeys.accountReviews(accountId, sandbox), update);
  if (accountId === active) queryClient.setQueryData(creditLeadKeys.reviews(sandbox), update);
}
