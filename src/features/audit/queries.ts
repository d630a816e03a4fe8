import { infiniteQueryOptions } from '@tanstack/react-query';
import { getAudit, type AuditSearch } from '../../api/audit';

const auditKeys = {
  all: ['audit'] as const,
  list: (search: AuditSearch) => [...auditKeys.all, 'list', search] as const,
};

/** The trail with the URL's filters, a page of 50 at a time ("Older entries" reads the next). */
export function auditQuery(search: AuditSearch) {
  return infiniteQueryOptions({
    queryKey: auditKeys.list(search),
    queryFn: ({ pageParam, signal }) => getAudit(search, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next ?? undefined,
  });
}
