import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import { getCreditLead, revealCreditLeadBuyer, searchCreditLeads, type CreditLeadSearchParams } from '../../api/credits';
import { creditLeadKeys } from './keys';

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
