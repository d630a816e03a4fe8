import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, isRetryable } from '../api/errors';
import { showErrorToast } from '../lib/toast';

const maxTries = 3;

/** Backoff for a retry: the server's Retry-After when it gave one, else 1 s, 2 s, 4 s … up to 10 s. */
export function retryDelay(failureCount: number, error: unknown): number {
  if (error instanceof ApiError && error.retryAfter !== null) return error.retryAfter * 1000;
  return Math.min(1000 * 2 ** failureCount, 10_000);
}

/** Network errors, 429 and 5xx are retried (3 tries in all); other 4xx never. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < maxTries - 1 && isRetryable(error);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      // A background refetch that fails while data is on screen is a toast, not an error page.
      onError: (error, query) => {
        if (query.state.data !== undefined) showErrorToast(error);
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay, staleTime: 30_000, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
}
