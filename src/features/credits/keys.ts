import type { CreditLeadSearchParams, LeadReview } from '../../api/credits';

/**
 * Query keys of the credits area, general → specific. The sandbox switch is part of every key: the
 * live and the test dataset never share a cache entry. Kept apart from queries.ts so the navigation
 * badge can use them without pulling the API module (and zod) into the first-paint bundle.
 */
export const creditLeadKeys = {
  all: ['credits'] as const,
  dataset: (sandbox: boolean) => [...creditLeadKeys.all, sandbox ? 'sandbox' : 'live'] as const,
  searches: (sandbox: boolean) => [...creditLeadKeys.dataset(sandbox), 'search'] as const,
  search: (params: CreditLeadSearchParams, sandbox: boolean) => [...creditLeadKeys.searches(sandbox), params] as const,
  detail: (id: string, sellerId: number, sandbox: boolean) => [...creditLeadKeys.dataset(sandbox), 'detail', { id, sellerId }] as const,
  newCounts: (sandbox: boolean) => [...creditLeadKeys.dataset(sandbox), 'new-count'] as const,
  newCount: (sellerId: number, since: string, sandbox: boolean) => [...creditLeadKeys.newCounts(sandbox), { sellerId, since }] as const,
  /** The active account's lead reviews (GET /lead-reviews), one list for every page of leads. */
  reviews: (sandbox: boolean) => [...creditLeadKeys.dataset(sandbox), 'reviews'] as const,
  /** "All my accounts": one account's search and reviews, asked for with its `x-seller-account`. */
  accountSearch: (account: string, params: CreditLeadSearchParams, sandbox: boolean) =>
    [...creditLeadKeys.dataset(sandbox), 'account', account, 'search', params] as const,
  accountReviews: (account: string, sandbox: boolean) => [...creditLeadKeys.dataset(sandbox), 'account', account, 'reviews'] as const,
  /** How many leads were approved from a local day on (the home screen's count). */
  approvedSince: (sellerId: number, fromDay: string, sandbox: boolean) =>
    [...creditLeadKeys.newCounts(sandbox), 'approved', { sellerId, fromDay }] as const,
};

/** The reviews with `review` in place of the lead's earlier one (a save, a teammate's change on the stream). */
export function withReview(reviews: readonly LeadReview[], review: LeadReview): LeadReview[] {
  return [review, ...reviews.filter((other) => other.leadId !== review.leadId)];
}
