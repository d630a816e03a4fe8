import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Me } from '../api/users';
import { sessionStore } from './session';

/** The signed-in seller (GET /users/me): its id is every page's seller_id, its site the default site. */
const meQuery = queryOptions({
  queryKey: ['users', 'me'] as const,
  // Loaded on demand so the schema library stays out of the first-paint bundle.
  queryFn: async ({ signal }): Promise<Me> => (await import('../api/users')).getMe(signal),
  staleTime: 10 * 60_000,
});

/**
 * Live mode: the active account as Seller Desk's server describes it. The server read it from /users/me
 * with this account's own token when the account was connected, so a page can start its reads with it
 * at once instead of waiting for /users/me (two requests deep: its code, then the read). It is only a
 * placeholder: /users/me is still read, and its answer replaces it.
 */
function activeAccount(): Me | undefined {
  const account = sessionStore.get().server?.accounts.find((candidate) => candidate.active);
  if (!account || !/^\d+$/.test(account.id)) return undefined;
  return { id: Number(account.id), nickname: account.nickname, site_id: account.site_id };
}

export function useMe() {
  return useQuery({ ...meQuery, placeholderData: activeAccount });
}
