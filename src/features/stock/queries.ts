import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { searchUserProductItems, type StockRead, type UserItemsSearch } from '../../api/stock';
import { itemKeys } from '../../lib/items';
import { createLocalStore } from '../../lib/store';
import { stockQuery } from '../../lib/stock';
import { stockKeys } from '../../lib/stockKeys';
import { writeStock, type StockEdit, type WriteOutcome } from './writes';

export function linkedItemsQuery(sellerId: number, userProductId: string) {
  return queryOptions({
    queryKey: stockKeys.items(sellerId, userProductId),
    queryFn: ({ signal }) => searchUserProductItems(sellerId, userProductId, signal),
  });
}

/** User products opened on this device, newest first. */
export const recentStore = createLocalStore<string[]>('seller-desk.stock.recent', []);

export function rememberRecent(userProductId: string): void {
  recentStore.set((list) => [userProductId, ...list.filter((id) => id !== userProductId)].slice(0, 8));
}

/** What the page shows about the last write: its phase, or how it ended. */
export type WritePhase =
  | { kind: 'idle' }
  | { kind: 'sending' | 'pending'; edit: StockEdit }
  | WriteOutcome
  | { kind: 'kept'; edit: StockEdit; latest: StockRead }
  | { kind: 'refused'; edit: StockEdit; error: unknown };

/** The items of a user product show its stock (available quantity): each one the cache lists is refreshed, wherever it is shown. */
function invalidateItemsOf(queryClient: QueryClient, userProductId: string): void {
  for (const [, found] of queryClient.getQueriesData<UserItemsSearch>({ queryKey: stockKeys.itemsOf(userProductId) }))
    for (const id of found?.results ?? []) void queryClient.invalidateQueries({ queryKey: itemKeys.detail(id) });
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The page's pessimistic write: nothing changes on screen until the server shows it. Reads while
 * waiting go through the page's own stock query, so the table follows every poll.
 */
export function useStockWrite(userProductId: string) {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<WritePhase>({ kind: 'idle' });
  const mutation = useMutation({
    mutationFn: (edit: StockEdit) =>
      writeStock(edit, {
        read: (id) => queryClient.fetchQuery({ ...stockQuery(id), staleTime: 0 }),
        wait: sleep,
        onAccepted: (accepted) => setPhase({ kind: 'pending', edit: accepted }),
      }),
    onMutate: (edit) => setPhase({ kind: 'sending', edit }),
    onSuccess: (outcome) => {
      setPhase(outcome);
      if (outcome.kind !== 'conflict') invalidateItemsOf(queryClient, userProductId);
    },
    onError: (error, edit) => setPhase({ kind: 'refused', edit, error }),
  });
  const keepTheirs = (conflict: Extract<WriteOutcome, { kind: 'conflict' }>) => {
    queryClient.setQueryData(stockKeys.detail(userProductId), conflict.latest);
    setPhase({ kind: 'kept', edit: conflict.edit, latest: conflict.latest });
  };
  const busy = phase.kind === 'sending' || phase.kind === 'pending';
  return { phase, submit: mutation.mutate, keepTheirs, busy };
}
