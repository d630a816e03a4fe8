import { queryOptions } from '@tanstack/react-query';
import { getResponseTime } from '../api/response-time';

/** The seller's response time in the cache: one key and one query for its page and the home screen's card. */
const responseTimeKeys = {
  all: ['response-time'] as const,
  seller: (userId: number) => [...responseTimeKeys.all, userId] as const,
};

export function responseTimeQuery(userId: number) {
  return queryOptions({
    queryKey: responseTimeKeys.seller(userId),
    queryFn: ({ signal }) => getResponseTime(userId, signal),
    // The server refreshes the figures once a day; an hour without refetching loses nothing.
    staleTime: 60 * 60_000,
  });
}
