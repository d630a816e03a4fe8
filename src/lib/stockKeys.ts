/**
 * Query keys of the stock area, general → specific: here, not in the stock area, because the shell's live updates
 * (first paint: no API module here) and the answer queue's item facts use them too.
 */
export const stockKeys = {
  all: ['stock'] as const,
  detail: (userProductId: string) => [...stockKeys.all, 'detail', userProductId] as const,
  /** The items of a user product, for any seller (the prefix a stock write looks them up by). */
  itemsOf: (userProductId: string) => [...stockKeys.all, 'items', userProductId] as const,
  items: (sellerId: number, userProductId: string) => [...stockKeys.itemsOf(userProductId), sellerId] as const,
  /** The account's bulk stock jobs (their list, and each job: the shell refreshes them on `event: stock-job`). */
  jobs: () => [...stockKeys.all, 'jobs'] as const,
  job: (id: string) => [...stockKeys.jobs(), id] as const,
};
