import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import type { Me } from '../api/users';
import { demoAccount } from './demoAccount';
import { sessionStore } from './session';

/** The signed-in seller (GET /users/me): its id is every page's seller_id, its site the default site. */
const meQuery = queryOptions({
  queryKey: ['users', 'me'] as const,
  // Loaded on demand so the schema library stays out of the first-paint bundle.
  queryFn: async ({ signal }): Promise<Me> => (await import('../api/users')).getMe(signal),
  staleTime: 10 * 60_000,
});

/**
 * The seller as known before /users/me answers, so a page can start its reads with it at once instead of
 * waiting for /users/me (two requests deep: its code, then the read). Demo mode: the seller it sends the token
 * of. Live mode: the active account as Seller Desk's server describes it; the server read it from /users/me
 * with this account's own token when the account was connected. It is only a placeholder: /users/me is still
 * read, and its answer replaces it.
 */
function knownSeller(): Me | undefined {
  const session = sessionStore.get();
  if (session.mode === 'demo') return { id: demoAccount.id, nickname: demoAccount.nickname, site_id: demoAccount.site_id };
  const account = session.server?.accounts.find((candidate) => candidate.active);
  if (!account || !/^\d+$/.test(account.id)) return undefined;
  return { id: Number(account.id), nickname: account.nickname, site_id: account.site_id };
}

/** What pages read of /users/me: the seller, or why it could not be read. */
export type MeState = Pick<UseQueryResult<Me>, 'data' | 'isError' | 'error' | 'refetch'>;

export function useMe(): MeState {
  const query = useQuery({ ...meQuery, placeholderData: knownSeller });
  // React renders a query's answer at once, in one task (react-query notifies through useSyncExternalStore),
  // and most pages mount their content when the seller is known: the demo inbox's mount was one task of
  // 75-130 ms at 1x CPU. Read through a deferred value, the seller's arrival renders in short, interruptible
  // slices. A seller already known (the placeholder, a later page) is there on the first render.
  const data = useDeferredValue(query.data);
  return { data, isError: query.isError, error: query.error, refetch: query.refetch };
}
