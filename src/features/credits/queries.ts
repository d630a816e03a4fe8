import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getCreditLead, searchCreditLeads, type CreditLeadSearchParams } from '../../api/credits';
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
