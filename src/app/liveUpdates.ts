import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { ActivityEntry } from '../api/activity';
import { activityKeys } from '../features/activity/keys';
import { creditLeadKeys } from '../features/credits/keys';
import { fulfillmentKeys, type OperationFilters } from '../features/fulfillment/keys';
import { questionKeys } from '../features/questions/keys';
import { stockKeys } from '../features/stock/keys';
import { itemKeys } from '../lib/items';

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
    case 'question':
      invalidate(questionKeys.lists());
      invalidate(questionKeys.heads());
      invalidate(questionKeys.unansweredCounts());
      if (subject.questionId !== undefined) invalidate(questionKeys.detail(subject.questionId));
      break;
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
      break;
    case 'item':
    case 'recategorization':
      if (subject.itemId !== undefined) invalidate(itemKeys.detail(subject.itemId));
      break;
  }
}
