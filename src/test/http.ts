import { delay, http, HttpResponse } from 'msw';
import { apiPath, server } from './demo';

/** GET `path` (a spec path, e.g. `/user-products/:id/stock`) never answers while the test runs: the loading state stays. */
export function holdGet(path: string): void {
  server.use(
    http.get(apiPath(path), async () => {
      await delay('infinite');
      return new HttpResponse(null);
    }),
  );
}

/** The next GET `path` answers 500; the one after reaches the demo handler again, as a Retry would. */
export function failGetOnce(path: string): void {
  server.use(
    http.get(
      apiPath(path),
      () => HttpResponse.json({ message: 'boom', error: 'internal_error', status: 500, cause: [] }, { status: 500 }),
      {
        once: true,
      },
    ),
  );
}

/** GET `path` answers `body` (e.g. an empty result) instead of the demo handler's answer. */
export function answerGet(path: string, body: Record<string, unknown> | unknown[]): void {
  server.use(http.get(apiPath(path), () => HttpResponse.json(body)));
}
