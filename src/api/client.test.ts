import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { configureClient, request, requestData } from './client';
import { ApiError, ContractError, NetworkError, isRetryable, parseRetryAfter } from './errors';
import { getMe } from './users';
import { server, demoSeller } from '../test/demo';

const echoSchema = z.object({ authorization: z.nullable(z.string()), query: z.string(), body: z.unknown() });

function echoHandler() {
  return http.all('*/api/echo', async ({ request: req }) => {
    const text = await req.text();
    return HttpResponse.json(
      { authorization: req.headers.get('authorization'), query: new URL(req.url).search, body: text ? JSON.parse(text) : null },
      { headers: { 'x-version': '42' } },
    );
  });
}

describe('client', () => {
  it('sends the bearer token only when one is set', async () => {
    server.use(echoHandler());
    expect((await requestData('/echo', { schema: echoSchema })).authorization).toBe(`Bearer ${demoSeller.token}`);
    configureClient({ getToken: () => '' });
    expect((await requestData('/echo', { schema: echoSchema })).authorization).toBeNull();
  });

  it("sends the page's cookies only when configured to: live mode's session is one, the demo API uses none", async () => {
    // Node's fetch keeps no credentials mode on its Request, so what the browser would get is read at the call.
    server.use(http.get('*/api/credentials', () => HttpResponse.json({})));
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    await requestData('/credentials', { schema: z.object({}) });
    configureClient({ credentials: 'omit' });
    await requestData('/credentials', { schema: z.object({}) });
    expect(fetchSpy.mock.calls.map(([, init]) => init?.credentials)).toEqual(['same-origin', 'omit']);
  });

  it('serialises query parameters (skipping empty ones) and JSON bodies', async () => {
    server.use(echoHandler());
    const data = await requestData('/echo', {
      method: 'POST',
      query: { a: 1, b: undefined, c: '', ids: ['x', 'y'] },
      body: { text: 'hola' },
      schema: echoSchema,
    });
    expect(data.query).toBe('?a=1&ids=x%2Cy');
    expect(data.body).toEqual({ text: 'hola' });
  });

  it('exposes response headers such as x-version to callers', async () => {
    server.use(echoHandler());
    const response = await request('/echo', { schema: echoSchema });
    expect(response.headers.get('x-version')).toBe('42');
  });

  it('turns the spec error body into an ApiError with status, code, message and cause', async () => {
    server.use(
      http.get('*/api/broken', () =>
        HttpResponse.json({ message: 'invalid item', error: 'validation_error', status: 400, cause: ['item'] }, { status: 400 }),
      ),
    );
    const error = await requestData('/broken', { schema: z.unknown() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, error: 'validation_error', message: 'invalid item', cause: ['item'], retryAfter: null });
    expect(isRetryable(error)).toBe(false);
  });

  it('falls back to the HTTP status when the error body is not JSON', async () => {
    server.use(http.get('*/api/broken', () => new HttpResponse('<html>Bad gateway</html>', { status: 502 })));
    const error = await requestData('/broken', { schema: z.unknown() }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, error: 'http_502', message: '<html>Bad gateway</html>' });
    expect(isRetryable(error)).toBe(true);
  });

  it('reads Retry-After on 429 in seconds or as a date', async () => {
    server.use(
      http.get('*/api/busy', () =>
        HttpResponse.json(
          { message: 'slow down', error: 'too_many_request', status: 429, cause: [] },
          { status: 429, headers: { 'Retry-After': '7' } },
        ),
      ),
    );
    const error = await requestData('/busy', { schema: z.unknown() }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 429, retryAfter: 7 });
    expect(isRetryable(error)).toBe(true);
    expect(parseRetryAfter(new Date(Date.UTC(2030, 0, 1, 0, 0, 30)).toUTCString(), Date.UTC(2030, 0, 1))).toBe(30);
    expect(parseRetryAfter('soon')).toBeNull();
  });

  it('raises NetworkError when no response comes', async () => {
    server.use(http.get('*/api/offline', () => HttpResponse.error()));
    const error = await requestData('/offline', { schema: z.unknown() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(isRetryable(error)).toBe(true);
  });

  it('raises ContractError naming the endpoint and the field when the response does not match', async () => {
    server.use(http.get('*/api/users/me', () => HttpResponse.json({ id: 'seven', nickname: 'X', site_id: 'MLA', country_id: 'AR' })));
    const error = await getMe().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractError);
    expect((error as ContractError).endpoint).toBe('GET /users/me');
    expect((error as ContractError).issues[0]?.path).toBe('id');
  });

  it('calls onUnauthorized on 401 from the demo backend without a token', async () => {
    const seen: ApiError[] = [];
    configureClient({ getToken: () => '', onUnauthorized: (e) => seen.push(e) });
    const error = await getMe().catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, error: 'unauthorized' });
    expect(seen).toHaveLength(1);
    configureClient({ onUnauthorized: undefined });
  });

  it("asks Seller Desk's server outside the API base, with the app's header on every request, and leaves its 401s to the caller", async () => {
    const seen: { url: string; appHeader: string | null }[] = [];
    const onUnauthorized: ApiError[] = [];
    configureClient({ onUnauthorized: (e) => onUnauthorized.push(e) });
    server.use(
      http.all('*', ({ request: req }) => {
        seen.push({ url: req.url, appHeader: req.headers.get('x-seller-desk') });
        return HttpResponse.json({ error: 'invalid_token', message: 'no' }, { status: 401 });
      }),
    );
    await request('/session/token', { server: true, method: 'POST', body: {}, schema: z.unknown() }).catch(() => undefined);
    await request('/users/me', { schema: z.unknown() }).catch(() => undefined);
    expect(seen).toEqual([
      { url: 'http://localhost/session/token', appHeader: '1' },
      { url: 'http://localhost/api/users/me', appHeader: '1' },
    ]);
    expect(onUnauthorized.map((e) => e.error)).toEqual(['invalid_token']);
  });

  it("asks who is signed in at once, while API calls and the server's other paths wait for the backend", async () => {
    let backendReady = () => undefined as void;
    const backend = new Promise<void>((resolve) => (backendReady = resolve));
    configureClient({ ready: () => backend });
    const asked: string[] = [];
    server.use(
      http.get('http://localhost/session', () => HttpResponse.json({ signedIn: false })),
      http.get('http://localhost/activity', () => HttpResponse.json({ entries: [] })),
    );
    const onStart = ({ request: req }: { request: Request }) => void asked.push(new URL(req.url).pathname);
    server.events.on('request:start', onStart);
    const apiCall = requestData('/users/me', { schema: z.object({ nickname: z.string() }) });
    // The demo's simulator answers the server's activity paths: asked before it runs, the server would.
    const activityCall = requestData('/activity', { server: true, schema: z.object({ entries: z.array(z.unknown()) }) });
    expect(await requestData('/session', { server: true, beforeReady: true, schema: z.object({ signedIn: z.boolean() }) })).toEqual({
      signedIn: false,
    });
    expect(asked).toEqual(['/session']);
    backendReady();
    expect(await apiCall).toEqual({ nickname: demoSeller.nickname });
    expect(await activityCall).toEqual({ entries: [] });
    expect(asked.toSorted()).toEqual(['/activity', '/api/users/me', '/session']);
    server.events.removeListener('request:start', onStart);
  });

  it('starts a burst of requests a few in the task that asks, each of the others in a task of its own, and answers them all', async () => {
    server.use(http.get('*/api/burst', () => HttpResponse.json({})));
    // A task of its own, as a page's render is, after the earlier tests' requests.
    await new Promise((resolve) => setTimeout(resolve));
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const answers = Promise.all(Array.from({ length: 10 }, () => requestData('/burst', { schema: z.object({}) })));
    // Every microtask of this task, and none of a later one.
    for (let i = 0; i < 50; i++) await Promise.resolve();
    expect(fetchSpy).toHaveBeenCalledTimes(4);
    await expect(answers).resolves.toHaveLength(10);
    expect(fetchSpy).toHaveBeenCalledTimes(10);
  });

  it('passes the abort signal to fetch', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(getMe(controller.signal)).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('identifies the demo seller with GET /users/me', async () => {
    await expect(getMe()).resolves.toEqual({ id: demoSeller.id, nickname: demoSeller.nickname, site_id: 'MLA' });
  });
});
