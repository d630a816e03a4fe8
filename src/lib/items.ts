import { queryOptions } from '@tanstack/react-query';
import { getItem } from '../api/items';

/**
 * GET /items/{id} in the cache: one key and one query for every area that shows an item (inbox rows,
 * stock, fulfillment, credit leads), so a write that changes an item refreshes it wherever it is shown.
 */
export const itemKeys = {
  all: ['items'] as const,
  detail: (id: string) => [...itemKeys.all, id] as const,
};

/** `account`: read with that account's `x-seller-account` (the queue's "All my accounts"), under the item's key's prefix. */
export function itemQuery(id: string, account?: string) {
  return queryOptions({
    queryKey: account === undefined ? itemKeys.detail(id) : [...itemKeys.detail(id), 'as', account],
    queryFn: ({ signal }) => getItem(id, signal, account),
    // An inbox page shows up to 50 items: not refetched on every focus. Stock writes invalidate theirs.
    staleTime: 5 * 60_000,
  });
}
