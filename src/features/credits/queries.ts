import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import pLimit from 'p-limit';
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

/**
 * "All my accounts" reads one search and one review list per account: at most this many requests at once, whatever
 * the number of accounts, so twenty accounts do not arrive at the server (and the marketplace's per-minute limits,
 * each account's token its own) as one burst. Retries of a rate-limited read are the client's, as for any read.
 */
const accountReads = pLimit(4);

/** One account's page of leads for "All my accounts": the page's search, with that account as the seller and its header. */
export function accountLeadSearchQuery(account: string, params: CreditLeadSearchParams, sandbox: boolean) {
  const search = { ...params, seller_id: Number(account) };
  return queryOptions({
    queryKey: creditLeadKeys.accountSearch(account, search, sandbox),
    queryFn: ({ signal }) => accountReads(() => searchCreditLeads(search, sandbox, signal, account)),
    placeholderData: keepPreviousData,
  });
}

/** One account's lead reviews, asked for with its header; kept current by saves and the event stream (src/app/liveUpdates.ts). */
export function accountLeadReviewsQuery(account: string, sandbox: boolean) {
  return queryOptions({
    queryKey: creditLeadKeys.accountReviews(account, sandbox),
    queryFn: ({ signal }) => accountReads(() => getLeadReviews(sandbox, signal, account)),
  });
}

/**
 * Sets a lead's review on the account it belongs to (its header), keeping its note (a PUT sets both): that account's
 * list shows the saved review at once.
 */
export function useSetAccountLeadReview(sandbox: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ account, leadId, ...review }: { account: string; leadId: string; status: LeadReviewStatus; note: string | null }) =>
      putLeadReview(leadId, review, sandbox, account),
    onSuccess: (review, { account }) =>
      queryClient.setQueryData(creditLeadKeys.accountReviews(account, sandbox), (reviews: LeadReview[] | undefined) =>
        withReview(reviews ?? [], review),
      ),
  });
}
