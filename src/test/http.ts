import { delay, getResponse, http, HttpResponse, RequestHandler, type HttpHandler, type JsonBodyType } from 'msw';
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

/**
 * GET `path` waits until the returned `release` is called, then the demo handler answers it as usual: a test
 * sees the page while that read is on its way, and the read still ends before the test does.
 */
export function gateGet(path: string): () => void {
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  server.use(
    http.get(apiPath(path), async () => {
      await released;
      return undefined;
    }),
  );
  return release;
}

/**
 * GET `path` answers 500 until the returned `recover` is called; then it falls through to the demo handler, as a
 * Retry would find it. Every request fails meanwhile (a page may search more than once, e.g. counts and list).
 */
export function failGet(path: string): () => void {
  let failing = true;
  server.use(
    http.get(apiPath(path), () =>
      failing ? HttpResponse.json({ message: 'boom', error: 'internal_error', status: 500, cause: [] }, { status: 500 }) : undefined,
    ),
  );
  return () => {
    failing = false;
  };
}

/** GET `path` answers `body` (e.g. an empty result) instead of the demo handler's answer. */
export function answerGet(path: string, body: Record<string, unknown> | unknown[]): void {
  server.use(http.get(apiPath(path), () => HttpResponse.json(body)));
}

/**
 * `method path` is handled by the simulator as usual (the write happens), then `answer` replaces its response: a
 * dropped connection (`HttpResponse.error()`) or a body of another shape. `requests` counts the calls that came.
 */
export function afterWrite(method: 'post' | 'put' | 'delete', path: string, answer: () => Response): { requests: number } {
  const seen = { requests: 0 };
  const handler: HttpHandler = http[method](apiPath(path), async ({ request }) => {
    seen.requests += 1;
    await simulatorAnswer(handler, request);
    return answer();
  });
  server.use(handler);
  return seen;
}

/** GET `path` is answered by the simulator as usual, and `reshape` changes its JSON body (a field left out, another kind). */
export function reshapeGet(path: string, reshape: (body: unknown) => JsonBodyType): void {
  const handler: HttpHandler = http.get(apiPath(path), async ({ request }) => {
    const response = await simulatorAnswer(handler, request);
    return HttpResponse.json(reshape(await response.json()), { status: response.status });
  });
  server.use(handler);
}

/** What the handlers other than `handler` (the simulator's) answer to `request`. */
async function simulatorAnswer(handler: HttpHandler, request: Request): Promise<Response> {
  const others = server.listHandlers().filter((other): other is RequestHandler => other instanceof RequestHandler && other !== handler);
  const response = await getResponse(others, request);
  if (!response) throw new Error(`The simulator does not answer ${request.method} ${request.url}`);
  return response;
}
