import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { useMe } from '../../lib/identity';
import { useSession } from '../../lib/session';
import { createLocalStore, useStore } from '../../lib/store';
import { urls } from '../../lib/urls';
import { creditLeadKeys } from './keys';
import { daysBefore, localDay, localTimestamp } from '../../lib/localTime';

/** When the seller last had /credits open (local timestamp), on this device. */
const lastVisitStore = createLocalStore<string | null>('seller-desk.credits.last-visit', null);

export function markCreditLeadsVisited(): void {
  lastVisitStore.set(localTimestamp(new Date()));
}

/**
 * Without a recorded visit, "new" means the default search window; never more than the 3 months a
 * search allows. Whole days, so the query key stays the same from one render to the next.
 */
export function countSince(lastVisit: string | null, now: Date): string {
  const earliest = `${localDay(daysBefore(now, 89))}T00:00:00`;
  if (!lastVisit) return `${localDay(daysBefore(now, 30))}T00:00:00`;
  return lastVisit < earliest ? earliest : lastVisit;
}

/**
 * Leads created (any status) since the seller's last visit to /credits, polled every minute, for the
 * navigation badge; 0 while /credits is open (the seller is looking at them). The API module is
 * imported on demand so it stays out of the first-paint bundle.
 */
export function useNewCreditLeadsCount(): number | undefined {
  const me = useMe();
  const { sandbox } = useSession();
  const lastVisit = useStore(lastVisitStore);
  const onCredits = useLocation().pathname.startsWith(urls.credits.index());
  const sellerId = me.data?.id ?? 0;
  const since = countSince(lastVisit, new Date());
  const query = useQuery({
    queryKey: creditLeadKeys.newCount(sellerId, since, sandbox),
    queryFn: async ({ signal }) => {
      const { searchCreditLeads } = await import('../../api/credits');
      const page = await searchCreditLeads(
        { seller_id: sellerId, date_from: since, date_to: localTimestamp(new Date()), status: 'all', limit: 1 },
        sandbox,
        signal,
      );
      return page.paging.total;
    },
    enabled: me.data !== undefined && !onCredits,
    refetchInterval: 60_000,
  });
  return onCredits ? 0 : query.data;
}
