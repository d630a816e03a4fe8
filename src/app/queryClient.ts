import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, isRetryable } from '../api/errors';
import { showErrorToast } from '../lib/toast';

const maxTries = 3;
/** The longest Retry-After waited for automatically: past it the page shows the error, the wait and Retry. */
const maxRetryAfterSeconds = 30;

const retryAfterOf = (error: unknown) => (error instanceof ApiError ? error.retryAfter : null);

/** Backoff for a retry: the server's Retry-After when it gave one, else 1 s, 2 s, 4 s … up to 10 s. */
export function retryDelay(failureCount: number, error: unknown): number {
  const retryAfter = retryAfterOf(error);
  return retryAfter === null ? Math.min(1000 * 2 ** failureCount, 10_000) : retryAfter * 1000;
}

/** Network errors, 429 and 5xx are retried (3 tries in all), unless the server asks for a longer wait than 30 s; other 4xx never. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < maxTries - 1 && isRetryable(error) && (retryAfterOf(error) ?? 0) <= maxRetryAfterSeconds;
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
