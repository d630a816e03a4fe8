import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { getActivity, markRead, markReviewed, type ActivityKind } from '../../api/activity';
import { activityKeys } from './keys';

export const activityPageSize = 50;

/** One page of the activity of one kind (or all), newest first: the newest, or the entries before an id. */
export function activityListQuery(kind: ActivityKind | undefined, before: string | undefined) {
  return queryOptions({
    queryKey: activityKeys.list(kind, before),
    queryFn: ({ signal }) => getActivity({ kind, before, limit: activityPageSize }, signal),
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
