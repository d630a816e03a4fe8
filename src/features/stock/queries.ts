import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { getItem } from '../../api/items';
import { getStock, searchUserProductItems, type StockRead } from '../../api/stock';
import { getDemoUserProducts } from '../../api/demo';
import { createLocalStore } from '../../lib/store';
import { writeStock, type StockEdit, type WriteOutcome } from './writes';

export const stockKeys = {
  all: ['stock'] as const,
  detail: (userProductId: string) => [...stockKeys.all, 'detail', userProductId] as const,
  items: (sellerId: number, userProductId: string) => [...stockKeys.all, 'items', sellerId, userProductId] as const,
  item: (itemId: string) => [...stockKeys.all, 'item', itemId] as const,
  demo: () => [...stockKeys.all, 'demo'] as const,
};

export function stockQuery(userProductId: string) {
  return queryOptions({
    queryKey: stockKeys.detail(userProductId),
    queryFn: ({ signal }) => getStock(userProductId, signal),
    // The version matters more than saving a request: a read older than a few seconds is refreshed.
    staleTime: 5_000,
  });
}

export function linkedItemsQuery(sellerId: number, userProductId: string) {
  return queryOptions({
    queryKey: stockKeys.items(sellerId, userProductId),
    queryFn: ({ signal }) => searchUserProductItems(sellerId, userProductId, signal),
  });
}

export function itemQuery(itemId: string) {
  return queryOptions({ queryKey: stockKeys.item(itemId), queryFn: ({ signal }) => getItem(itemId, signal) });
}

/** Demo mode only: the seeded user products, as the simulator lists them. */
export const demoUserProductsQuery = queryOptions({
  queryKey: stockKeys.demo(),
  queryFn: ({ signal }) => getDemoUserProducts(signal),
  staleTime: Infinity,
});

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
      // The items' available quantity follows the stock.
      if (outcome.kind !== 'conflict') void queryClient.invalidateQueries({ queryKey: [...stockKeys.all, 'item'] });
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
