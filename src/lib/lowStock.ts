import { queryOptions } from '@tanstack/react-query';

/** The account's low-stock thresholds in the cache: one key for the stock page and settings. */
export const lowStockKeys = {
  all: ['low-stock'] as const,
  account: (sellerId: number) => [...lowStockKeys.all, sellerId] as const,
};

export function thresholdsQuery(sellerId: number) {
  return queryOptions({
    queryKey: lowStockKeys.account(sellerId),
    // Loaded on demand: the schema library stays out of the first-paint bundle.
    queryFn: async ({ signal }) => (await import('../api/lowStock')).getThresholds(sellerId, signal),
  });
}
