import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shellCatalogs, shellModules } from '../src/web.ts';
import { demoSeller, otherSeller } from '../../src/demo/db/core.ts';
import { Browser, colourScript, liveEnv, rawGet, signIn, startLiveWithSimulator, startServer, type TestServer } from './helpers.ts';

/** Every response, whatever its status, carries these. */
function expectSecurityHeaders(response: { headers: Headers }) {
  const csp = response.headers.get('content-security-policy') ?? '';
  const hash = createHash('sha256').update(colourScript).digest('base64');
  expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
  expect(csp).not.toContain('unsafe-eval');
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  for (const directive of [
    "connect-src 'self'",
    "img-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    "worker-src 'self'",
  ]) {
    expect(csp).toContain(directive);
  }
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
  expect(response.headers.get('permissions-policy')).toContain('camera=()');
  expect(response.headers.get('x-request-id')).toMatch(/\S{8,}/);
}

/** Every JSON answer (the door's, the server's, its errors) carries these: the policy for data, not for pages. */
function expectDataHeaders(response: { headers: Headers }) {
  expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  expect(response.headers.get('x-request-id')).toMatch(/\S{8,}/);
  expect(response.headers.get('cache-control')).toBe('no-store');
}

/** The page's preloads. */
const preloads = (html: string) => [...html.matchAll(/<link rel="(?:modulepreload|preload)"[^>]*href="([^"]+)"/g)].map((m) => m[1]!);

it("names for preloading the shell's parts and catalogs as the app's source has them (a rename would drop them silently)", () => {
  const source = (path: string) => existsSync(new URL(`../../${path}`, import.meta.url));
  for (const module of [...shellModules.demo, ...shellModules.live]) expect(source(module), module).toBe(true);
  for (const folder of [...shellCatalogs.demo, ...shellCatalogs.live]) expect(source(`${folder}/en.po`), folder).toBe(true);
});

describe('serving the app in demo mode', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({});
  });
  afterAll(() => server.close());

  it('serves index.html with the mode written in, no-cache and security headers', async () => {
    const response = await fetch(server.url + '/');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expectSecurityHeaders(response);
    expect(response.headers.get('content-security-policy')).toContain("img-src 'self' data: https://http2.mlstatic.com;");
    expect(response.headers.get('strict-transport-security')).toBeNull();
    const html = await response.text();
    expect(html).toContain('<meta name="seller-desk-mode" content="demo" />');
  });

  it('falls back to index.html for client routes, with a 304 for a known ETag', async () => {
    const first = await fetch(server.url + '/questions/123?status=UNANSWERED');
    expect(first.status).toBe(200);
    expect(await first.text()).toContain('seller-desk-mode');
    const etag = first.headers.get('etag')!;
    const again = await fetch(server.url + '/questions/456', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expectSecurityHeaders(again);
  });

  it("preloads the area's route chunks and styles, the shell's lazy parts and the catalogs of both, nothing of other areas", async () => {
    const questions = await (await fetch(server.url + '/questions/123?status=UNANSWERED')).text();
    // Demo mode's shell: the query client, MUI's theme, the live updates, the read of the seller with its
    // schema library, the seller's name, the catalogs they use.
    const shell = [
      '/assets/queryClient-Qcl555.js',
      '/assets/query-Qry666.js',
      '/assets/MuiTheme-Thm141.js',
      '/assets/mui-Mui151.js',
      '/assets/LiveUpdates-Liv777.js',
      '/assets/users-Usr121.js',
      '/assets/schemas-Zod131.js',
      '/assets/Nickname-Nck888.js',
      '/assets/messages-app-en-Msg000.js',
      '/assets/messages-activity-en-Msg000.js',
    ];
    expect(preloads(questions)).toEqual([
      '/assets/routes-Qst111.js',
      '/assets/shared-Shr222.js',
      ...shell,
      '/assets/messages-questions-en-Msg000.js',
      '/assets/shared-Css333.css',
    ]);
    expect(questions).toContain('<link rel="preload" as="style" crossorigin href="/assets/shared-Css333.css">');
    // The entry is already the page's script: not preloaded again.
    expect(questions.match(/index-Abc123\.js/g)).toHaveLength(1);
    expect(preloads(await (await fetch(server.url + '/')).text())).toEqual(['/assets/routes-Hom444.js', ...shell]);
    // An area the manifest does not know, and an unknown path, get the plain page.
    expect(preloads(await (await fetch(server.url + '/stock')).text())).toEqual([]);
    const home = await fetch(server.url + '/');
    const other = await fetch(server.url + '/questions');
    expect(home.headers.get('etag')).not.toBe(other.headers.get('etag'));
  });

  it("writes the page's heading and intro into its first paint, in the language the app will start in", async () => {
    const frame = async (path: string, headers: Record<string, string> = {}) =>
      (await (await fetch(server.url + path, { headers })).text()).match(/<main class="shell-main boot-main">[\s\S]*?<\/main>/)?.[0];
    expect(await frame('/questions', { 'accept-language': 'en' })).toBe(
      '<main class="shell-main boot-main"><div class="shell-toolbar"></div><div class="page-frame"><h1 class="page-frame-title">Questions</h1><p class="page-frame-intro">Buyer questions about your items, newest first.</p></div></main>',
    );
    // The demo seller sells on MLA: vos. A trailing slash is the same page.
    expect(await frame('/questions/', { 'accept-language': 'es-MX' })).toContain('<h1 class="page-frame-title">Preguntas</h1>');
    // The language picked on this device (mirrored into a cookie by the app) wins over the browser's.
    const picked = await fetch(server.url + '/credits', {
      headers: { 'accept-language': 'en', cookie: 'theme=x; seller-desk-language=pt-BR' },
    });
    expect(await picked.text()).toContain('<h1 class="page-frame-title">Leads de crédito</h1>');
    expect(await frame('/settings', { 'accept-language': 'pt-BR', cookie: 'seller-desk-language=es' })).toContain('>Configuración</h1>');
    // A pick the app does not know is ignored; a page with no heading of its own (its title is data) has no frame.
    expect(await frame('/settings', { cookie: 'seller-desk-language=xx' })).toContain('>Settings</h1>');
    expect(await frame('/questions/123')).toBeUndefined();
    // The words are text, never markup.
    expect(await frame('/escaped')).toContain('<h1 class="page-frame-title">&lt;img src=x onerror=alert(1)&gt;</h1>');
  });

  it("preloads the catalogs of the language the app will start in, from Accept-Language, Spanish in the demo seller's variant", async () => {
    const catalogs = async (acceptLanguage: string) => {
      const response = await fetch(server.url + '/questions', { headers: { 'accept-language': acceptLanguage } });
      expect(response.headers.get('vary')).toBe('accept-encoding, accept-language, cookie');
      return preloads(await response.text()).filter((file) => file.includes('/messages-'));
    };
    expect(await catalogs('pt-PT,pt;q=0.9,en;q=0.8')).toEqual([
      '/assets/messages-app-pt-BR-Msg000.js',
      '/assets/messages-activity-pt-BR-Msg000.js',
      '/assets/messages-questions-pt-BR-Msg000.js',
    ]);
    // The demo seller sells on MLA: vos, whatever the browser's region, and one Spanish only.
    expect(await catalogs('es-MX, en')).toEqual([
      '/assets/messages-app-es-AR-Msg000.js',
      '/assets/messages-activity-es-AR-Msg000.js',
      '/assets/messages-questions-es-AR-Msg000.js',
    ]);
    // The first language the app has, as it reads navigator.languages; English when it has none of them.
    expect(await catalogs('fr-FR,de;q=0.9,es;q=0.8')).toContain('/assets/messages-questions-es-AR-Msg000.js');
    expect(await catalogs('fr-FR')).toContain('/assets/messages-questions-en-Msg000.js');
  });

  it('serves hashed assets immutable, Brotli or gzip by Accept-Encoding, with ETag and 304', async () => {
    const br = await rawGet(server.url + '/assets/index-Abc123.js', { 'accept-encoding': 'br, gzip' });
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(br.headers.get('content-type')).toMatch(/javascript/);
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    expectSecurityHeaders(br);
    expect(brotliDecompressSync(br.body).toString()).toContain('export const answer');

    const gzip = await fetch(server.url + '/assets/index-Abc123.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    const plain = await fetch(server.url + '/assets/index-Abc123.js', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toContain('export const answer');

    const etag = plain.headers.get('etag')!;
    expect(etag).toBeTruthy();
    // rawGet: fetch would add `cache-control: no-cache` to a conditional request, which forbids a 304.
    const cached = await rawGet(server.url + '/assets/index-Abc123.js', { 'if-none-match': etag, 'accept-encoding': 'identity' });
    expect(cached.status).toBe(304);
  });

  it('serves the page in Brotli too', async () => {
    const response = await rawGet(server.url + '/', { 'accept-encoding': 'br' });
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(response.body).toString()).toContain('<div id="root">');
  });

  it('keeps files other than hashed assets revalidated (the demo service worker)', async () => {
    const response = await fetch(server.url + '/mockServiceWorker.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it.each(['/assets/missing-123.js', '/api/questions/search', '/auth/whatever', '/favicon-missing.png', '/session/nope'])(
    'answers %s with a real 404 carrying the security headers for data',
    async (path) => {
      const response = await fetch(server.url + path);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expectDataHeaders(response);
    },
  );

  it('answers the health checks; the demo session is never signed in', async () => {
    expect((await fetch(server.url + '/healthz')).status).toBe(200);
    expect((await fetch(server.url + '/readyz')).status).toBe(200);
    expect(await (await fetch(server.url + '/session')).json()).toEqual({
      mode: 'demo',
      signedIn: false,
      oauth: false,
      person: null,
      accounts: [],
      activeAccountId: null,
      permissions: [],
    });
  });
});

describe('serving the app in live mode', () => {
  let server: TestServer;
  beforeAll(async () => {
    // Nothing listens on port 9 (discard): the proxy's error must carry the headers too.
    server = await startServer(
      liveEnv('http://127.0.0.1:9', { TRUST_PROXY: 'true', IMAGE_HOSTS: 'https://img.example.com *.cdn.example' }),
    );
  });
  afterAll(() => server.close());

  it('warns at start when PUBLIC_URL is an IP address, for which browsers refuse passkeys', async () => {
    expect(server.logs()).not.toContain('browsers refuse passkeys');
    const byAddress = await startServer(liveEnv('http://127.0.0.1:9', { PUBLIC_URL: 'http://127.0.0.1:8080' }));
    await byAddress.close();
    expect(byAddress.logs()).toContain('PUBLIC_URL is an IP address: browsers refuse passkeys for it');
  });

  it('opens the activity page at /activity, whose address the activity API shares', async () => {
    const navigations: Record<string, string>[] = [
      { 'sec-fetch-mode': 'navigate' },
      { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    ];
    for (const headers of navigations) {
      // rawGet: fetch would put its own sec-fetch-mode (cors) in.
      const page = await rawGet(server.url + '/activity?kind=question', headers);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(page.body.toString()).toContain('<meta name="seller-desk-mode" content="live" />');
    }
    // The app's own read (fetch, not a navigation) still reaches the API: signed out here.
    const api = await fetch(server.url + '/activity', { headers: { 'x-seller-desk': '1' } });
    expect(api.status).toBe(401);
  });

  it('writes the live mode and lists the configured image hosts', async () => {
    const response = await fetch(server.url + '/inbox');
    const html = await response.text();
    expect(html).toContain('<meta name="seller-desk-mode" content="live" />');
    expect(html).toContain('/assets/index-Abc123.js');
    expect(response.headers.get('content-security-policy')).toContain("img-src 'self' data: https://img.example.com *.cdn.example");
  });

  it("preloads live mode's shell: the account menu with the settings area's catalog, not demo mode's seller name", async () => {
    const shell = preloads(await (await fetch(server.url + '/', { headers: { 'accept-language': 'es' } })).text());
    expect(shell).toEqual(
      expect.arrayContaining(['/assets/AccountMenu-Acc999.js', '/assets/users-Usr121.js', '/assets/messages-settings-es-419-Msg000.js']),
    );
    expect(shell).not.toContain('/assets/Nickname-Nck888.js');
  });

  it('sends HSTS only when the request came over https (behind a trusted proxy)', async () => {
    const https = await fetch(server.url + '/', { headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    const http = await fetch(server.url + '/');
    expect(http.headers.get('strict-transport-security')).toBeNull();
  });

  it('puts the security headers for data on a proxy error', async () => {
    const response = await fetch(server.url + '/api/users/me', { headers: { cookie: 'seller-desk-session=forged' } });
    // No valid session: the door answers before going upstream.
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'signed_out', message: 'Sign in to continue' });
    expectDataHeaders(response);
  });
});

describe("live mode's Spanish, by the site of the account the page is served to", () => {
  let live: Awaited<ReturnType<typeof startLiveWithSimulator>>;
  beforeAll(async () => {
    live = await startLiveWithSimulator();
  });
  afterAll(() => live.close());

  /** The page's catalogs and the account's Spanish it carries, for a browser speaking `acceptLanguage`. */
  async function served(browser: Browser, acceptLanguage: string) {
    const response = await browser.request('/questions', { headers: { 'accept-language': acceptLanguage } });
    expect(response.headers.get('vary')).toBe('accept-encoding, accept-language, cookie');
    const html = await response.text();
    return {
      catalogs: preloads(html).filter((file) => file.includes('/messages-')),
      spanish: html.match(/<meta name="seller-desk-spanish" content="([^"]+)" \/>/)?.[1],
    };
  }
  const catalogsIn = (locale: string) =>
    ['app', 'activity', 'settings', 'questions'].map((area) => `/assets/messages-${area}-${locale}-Msg000.js`);

  it("signed out, the browser's region; signed in, the active account's site, whatever the region; a switch follows", async () => {
    const browser = new Browser(live.server.url);
    expect(await served(browser, 'es-AR,es;q=0.9')).toEqual({ catalogs: catalogsIn('es-AR'), spanish: undefined });
    expect(await served(browser, 'es-MX,es;q=0.9')).toEqual({ catalogs: catalogsIn('es-419'), spanish: undefined });
    expect(await served(browser, 'es')).toEqual({ catalogs: catalogsIn('es-419'), spanish: undefined });

    await signIn(browser, demoSeller.nickname); // MLA, Argentina
    expect(await served(browser, 'es-MX,es;q=0.9')).toEqual({ catalogs: catalogsIn('es-AR'), spanish: 'es-AR' });
    // Another language is kept; the page still says the account's Spanish, for a person who picked Spanish.
    expect(await served(browser, 'en-US')).toEqual({ catalogs: catalogsIn('en'), spanish: 'es-AR' });

    await signIn(browser, otherSeller.nickname, '/auth/login?returnTo=/&add=1'); // MLB, active now
    expect(await served(browser, 'es-AR')).toEqual({ catalogs: catalogsIn('es-419'), spanish: 'es-419' });
    await browser.write(`/session/accounts/${demoSeller.id}/activate`, 'POST');
    expect(await served(browser, 'es-AR')).toEqual({ catalogs: catalogsIn('es-AR'), spanish: 'es-AR' });
  });
});
