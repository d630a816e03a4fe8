import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { targetUrl } from '../src/proxy.ts';
import { startFakeMarketplace, type FakeMarketplace } from './fake-marketplace.ts';
import { Browser, liveEnv, publicUrl, rawGet, startServer, type TestServer } from './helpers.ts';

/** The API door with a personal token (no OAuth app configured). */
describe('the API door', () => {
  let fake: FakeMarketplace;
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    fake = await startFakeMarketplace();
    server = await startServer(liveEnv(fake.url), { timeouts: { connectMs: 500, totalMs: 400 } });
    browser = new Browser(server.url);
    const response = await browser.write('/session/token', 'POST', { token: fake.token });
    expect(response.status).toBe(200);
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });

  it('adds the token, forwards only the allowed headers and returns x-version and Retry-After', async () => {
    const response = await browser.request('/api/questions/search?status=UNANSWERED', {
      headers: {
        authorization: 'Bearer forged-by-the-page',
        origin: publicUrl,
        referer: publicUrl + '/inbox',
        'x-version': '3',
        'x-sandbox': 'true',
        accept: 'application/json',
        connection: 'keep-alive',
        'x-forwarded-for': '10.0.0.1',
        'accept-language': 'es',
      },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-version')).toBe('7');
    expect(response.headers.get('retry-after')).toBe('3');
    expect(response.headers.get('set-cookie')).toBeNull();
    const echo = (await response.json()) as { path: string; query: string; headers: Record<string, string> };
    expect(echo.path).toBe('/questions/search');
    expect(echo.query).toBe('?status=UNANSWERED');
    expect(echo.headers.authorization).toBe(`Bearer ${fake.token}`);
    expect(echo.headers['x-version']).toBe('3');
    expect(echo.headers['x-sandbox']).toBe('true');
    expect(echo.headers.accept).toBe('application/json');
    for (const name of ['cookie', 'origin', 'referer', 'x-forwarded-for', 'accept-language', 'x-seller-desk']) {
      expect(echo.headers[name]).toBeUndefined();
    }
  });

  it('compresses a large answer for a browser that accepts brotli, and leaves a small one as it is', async () => {
    const query = `?q=${'stock '.repeat(400)}`;
    const headers = { cookie: browser.cookieHeader(), 'accept-encoding': 'gzip, deflate, br' };
    const large = await rawGet(`${server.url}/api/items/search${encodeURI(query)}`, headers);
    expect(large.status).toBe(200);
    expect(large.headers.get('content-encoding')).toBe('br');
    expect(large.headers.get('x-version')).toBe('7');
    const echo = JSON.parse(brotliDecompressSync(large.body).toString('utf8')) as { path: string; query: string };
    expect(echo).toMatchObject({ path: '/items/search', query: encodeURI(query) });
    expect(large.body.length).toBeLessThan(echo.query.length / 4);

    const small = await rawGet(`${server.url}/api/users/me`, headers);
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(JSON.parse(small.body.toString('utf8'))).toMatchObject({ nickname: 'TEST_SELLER' });
  });

  it('passes a write from the app with its body and content type', async () => {
    const response = await browser.write('/api/answers', 'POST', { question_id: 1, text: 'Yes' });
    expect(response.status).toBe(200);
    const echo = (await response.json()) as { method: string; body: string; headers: Record<string, string> };
    expect(echo.method).toBe('POST');
    expect(JSON.parse(echo.body)).toEqual({ question_id: 1, text: 'Yes' });
    expect(echo.headers['content-type']).toBe('application/json');
  });

  it.each([
    ['without the app header', { origin: publicUrl }],
    ['from another origin', { origin: 'https://evil.example', 'x-seller-desk': '1' }],
    ['cross-site without Origin', { 'sec-fetch-site': 'cross-site', 'x-seller-desk': '1' }],
    ['with neither Origin nor Sec-Fetch-Site', { 'x-seller-desk': '1' }],
  ])('refuses a write %s (CSRF)', async (_case, headers) => {
    const calls = fake.apiCalls;
    for (const [method, path] of [
      ['POST', '/api/answers'],
      ['PUT', '/api/items/MLA1'],
      ['DELETE', '/api/questions/1'],
      ['POST', '/session/token'],
      ['POST', '/auth/logout'],
    ] as const) {
      const response = await browser.request(path, { method, headers: { ...headers, 'content-type': 'application/json' }, body: '{}' });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(((await response.json()) as { error: string }).error).toBe('forbidden_origin');
    }
    // None of them reached the marketplace.
    expect(fake.apiCalls).toBe(calls);
  });

  it('accepts a same-origin write told by Sec-Fetch-Site when Origin is absent', async () => {
    const response = await browser.request('/api/answers', {
      method: 'POST',
      headers: { 'sec-fetch-site': 'same-origin', 'x-seller-desk': '1', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(200);
  });

  it('refuses bodies over 1 MB', async () => {
    const response = await browser.request('/api/answers', {
      method: 'POST',
      headers: { origin: publicUrl, 'x-seller-desk': '1', 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'x'.repeat(1024 * 1024) }),
    });
    expect(response.status).toBe(413);
  });

  it('answers 504 with a JSON body when the marketplace does not answer in time', async () => {
    const response = await browser.request('/api/slow/questions');
    expect(response.status).toBe(504);
    expect(await response.json()).toEqual({ error: 'timeout', message: 'The marketplace did not answer in time' });
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('strips every contact field however its answer spells it, and relays an answer that cannot hold one as it came', async () => {
    const contact = '"first_name":"Ana","last_name":"Gómez","phone":{"area_code":"11","number":"45551234"},"email":"ana@example.com"';
    const spelled = [
      // as the marketplace writes it, nested in the list
      `{"questions":[{"id":1,"from":{"id":9,${contact}}}]}`,
      // every key escaped, in both cases of hex, and nothing else in the body escaped
      `{"questions":[{"id":1,"from":{"id":9,"\\u0066irst_name":"Ana","last_n\\u0061me":"Gómez","\\u0070hone":"45551234","emai\\u006C":"ana@example.com"}}]}`,
      // pretty-printed, after a byte order mark (which the browser's response.json() drops)
      `\uFEFF{\n  "questions": [ { "id": 1, "from": { "id": 9,\n ${contact} } } ]\n}`,
    ];
    for (const body of spelled) {
      fake.answers.set('/questions/search', body);
      const text = await (await browser.request('/api/questions/search')).text();
      expect(JSON.parse(text)).toEqual({ questions: [{ id: 1, from: { id: 9 } }] });
    }
    fake.answers.set(
      '/vis/loans/b7',
      '{"id":"b7","buyer":{"id":5,"full_n\\u0061me":"Bruno Díaz","\\u0065mail":"b@example.com","phone":"+5491145550000"}}',
    );
    expect(await (await browser.request('/api/vis/loans/b7')).json()).toEqual({ id: 'b7', buyer: { id: 5 } });

    // No contact field's name and no escape: the bytes as they came (parsing would round the id and drop the spaces).
    const plain = '{ "questions": [ { "id": 13000000000000000001, "text": "¿Me pasás tu email o phone?", "from": { "id": 9 } } ] }';
    fake.answers.set('/questions/search', plain);
    expect(await (await browser.request('/api/questions/search')).text()).toBe(plain);
    fake.answers.clear();
  });

  it('answers 401 signed_out without a session', async () => {
    const response = await fetch(server.url + '/api/users/me');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'signed_out', message: 'Sign in to continue' });
  });

  it('keeps paths inside the API base', () => {
    const base = new URL('https://api.example.com/v1/');
    expect(targetUrl(base, '/items/MLA1?x=1')?.href).toBe('https://api.example.com/v1/items/MLA1?x=1');
    expect(targetUrl(base, '/../admin')).toBeUndefined();
    expect(targetUrl(base, '//evil.example/x')?.origin).toBe('https://api.example.com');
  });

  it('drops a personal token the API refuses: the account needs a new token from its owner', async () => {
    fake.revokeToken();
    const response = await browser.request('/api/users/me');
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: string }).error).toBe('signed_out');
    const calls = fake.apiCalls;
    expect((await browser.request('/api/users/me')).status).toBe(401);
    expect(fake.apiCalls).toBe(calls); // the store knows: nothing goes upstream
    const session = (await (await browser.request('/session')).json()) as { signedIn: boolean; accounts: unknown[] };
    expect(session).toMatchObject({ signedIn: true, accounts: [{ nickname: 'TEST_SELLER', needsSignIn: true }] });
  });
});

describe('the API door when the marketplace is down', () => {
  it('answers 502 with the security headers', async () => {
    const fake = await startFakeMarketplace();
    // The token is accepted, then the marketplace goes away.
    const server = await startServer(liveEnv(fake.url));
    const browser = new Browser(server.url);
    await browser.write('/session/token', 'POST', { token: fake.token });
    await fake.close();
    const response = await browser.request('/api/users/me');
    expect(response.status).toBe(502);
    expect(((await response.json()) as { error: string }).error).toBe('upstream_unavailable');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    await server.close();
  });
});

describe('the API door over the rate budget', () => {
  it('answers 429 rate_budget with Retry-After, sending nothing, when a call would wait 5 s or more', async () => {
    const fake = await startFakeMarketplace();
    // Two calls at once, then one every ten seconds.
    const server = await startServer(liveEnv(fake.url, { UPSTREAM_RATE: '0.1', UPSTREAM_BURST: '2' }));
    const browser = new Browser(server.url);
    await browser.write('/session/token', 'POST', { token: fake.token });
    try {
      expect((await browser.request('/api/users/me')).status).toBe(200);
      expect((await browser.request('/api/users/me')).status).toBe(200);
      const calls = fake.apiCalls;
      for (const response of [
        await browser.request('/api/users/me'),
        await browser.write('/api/answers', 'POST', { question_id: 1, text: 'Yes' }),
      ]) {
        expect(response.status).toBe(429);
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(9);
        expect(await response.json()).toMatchObject({ error: 'rate_budget' });
      }
      expect(fake.apiCalls).toBe(calls);
    } finally {
      await server.close();
      await fake.close();
    }
  });
});
