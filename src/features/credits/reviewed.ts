import { createLocalStore, useStore } from '../../lib/store';

/** Leads marked as reviewed during support review, remembered on this device only. */
const reviewedStore = createLocalStore<string[]>('seller-desk.credits.reviewed', []);

export function useReviewed(): ReadonlySet<string> {
  const ids = useStore(reviewedStore);
  return new Set(ids);
}

export function setReviewed(id: string, reviewed: boolean): void {
  reviewedStore.set((ids) => (reviewed ? [...new Set([...ids, id])] : ids.filter((other) => other !== id)));
}
