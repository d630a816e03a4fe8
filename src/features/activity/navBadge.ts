import { useQuery } from '@tanstack/react-query';
import { activityKeys, pollMs } from './keys';

/** The active account's unread activity for the navigation badge; the API module is loaded on demand. */
export function useUnreadActivityCount(): number | undefined {
  const query = useQuery({
    queryKey: activityKeys.unread(),
    queryFn: async ({ signal }) => {
      const { getActivity } = await import('../../api/activity');
      return (await getActivity({ limit: 1 }, signal)).unread;
    },
    refetchInterval: pollMs,
  });
  return query.data;
}
