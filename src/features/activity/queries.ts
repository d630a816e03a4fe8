import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { getActivity, markRead, markReviewed, type ActivityKind } from '../../api/activity';
import { activityKeys } from './keys';

export const activityPageSize = 50;

/** The activity of one kind (or all), newest first, a page at a time (each asks for entries before the last one). */
export function activityListQuery(kind: ActivityKind | undefined) {
  return infiniteQueryOptions({
    queryKey: activityKeys.list(kind),
    queryFn: ({ pageParam, signal }) => getActivity({ kind, before: pageParam, limit: activityPageSize }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.entries.length === activityPageSize ? last.entries.at(-1)?.id : undefined),
  });
}

/** Lists and the badge read the server's answer again after any change (other tabs and devices change it too). */
function useActivityMutation<T, R>(mutationFn: (variables: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: activityKeys.all }),
  });
}

export const useMarkRead = () => useActivityMutation(markRead);

export const useMarkReviewed = () => useActivityMutation(markReviewed);
