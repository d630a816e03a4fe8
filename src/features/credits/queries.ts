import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getCredit, searchCredits, type CreditSearchParams } from '../../api/credits';
import { creditKeys } from './keys';

export function creditSearchQuery(params: CreditSearchParams, sandbox: boolean) {
  return queryOptions({
    queryKey: creditKeys.search(params, sandbox),
    queryFn: ({ signal }) => searchCredits(params, sandbox, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function creditDetailQuery(id: string, sellerId: number, sandbox: boolean) {
  return queryOptions({
    queryKey: creditKeys.detail(id, sellerId, sandbox),
    queryFn: ({ signal }) => getCredit(id, sellerId, sandbox, signal),
  });
}
