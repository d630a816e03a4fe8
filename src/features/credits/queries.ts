import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { LeadReviewStatus } from '../../../core/leadReviews.ts';
import {
  getCreditLead,
  getLeadReviews,
  putLeadReview,
  revealCreditLeadBuyer,
  searchCreditLeads,
  type CreditLeadSearchParams,
  type LeadReview,
} from '../../api/credits';
import { creditLeadKeys, withReview } from './keys';

export function creditLeadSearchQuery(params: CreditLeadSearchParams, sandbox: boolean) {
  return queryOptions({
    queryKey: creditLeadKeys.search(params, sandbox),
    queryFn: ({ signal }) => searchCreditLeads(params, sandbox, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function creditLeadDetailQuery(id: string, sellerId: number, sandbox: boolean) {
  return queryOptions({
    queryKey: creditLeadKeys.detail(id, sellerId, sandbox),
    queryFn: ({ signal }) => getCreditLead(id, sellerId, sandbox, signal),
  });
}

/**
 * The buyer's contact, revealed on request (a recorded reveal at the server): held by the mutation while the
 * lead shows it, dropped as soon as nothing observes it, never written to a cache that outlives the page.
 */
export function useRevealBuyer(id: string, sandbox: boolean) {
  return useMutation({ mutationFn: () => revealCreditLeadBuyer(id, sandbox), gcTime: 0 });
}

/** The account's lead reviews; kept current by saves and by the team's changes on the event stream. */
export function leadReviewsQuery(sandbox: boolean) {
  return queryOptions({
    queryKey: creditLeadKeys.reviews(sandbox),
    queryFn: ({ signal }) => getLeadReviews(sandbox, signal),
  });
}

/** Sets a lead's review: the list and the lead show the saved review at once. */
export function useSetLeadReview(sandbox: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ leadId, status, note }: { leadId: string; status: LeadReviewStatus; note: string | null }) =>
      putLeadReview(leadId, { status, note }, sandbox),
    onSuccess: (review) =>
      queryClient.setQueryData(creditLeadKeys.reviews(sandbox), (reviews: LeadReview[] | undefined) => withReview(reviews ?? [], review)),
  });
}
