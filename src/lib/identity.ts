import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Me } from '../api/users';

/** The signed-in seller (GET /users/me): its id is every page's seller_id, its site the default site. */
const meQuery = queryOptions({
  queryKey: ['users', 'me'] as const,
  // Loaded on demand so the schema library stays out of the first-paint bundle.
  queryFn: async ({ signal }): Promise<Me> => (await import('../api/users')).getMe(signal),
  staleTime: 10 * 60_000,
});

export function useMe() {
  return useQuery(meQuery);
}
