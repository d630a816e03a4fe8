import { randomBytes } from 'node:crypto';
import { get } from 'node:http';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Writable } from 'node:stream';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import type { Role } from '../../core/roles.ts';
import { activityEntrySchema, type ActivityEntry } from '../../src/api/activity.ts';
import type { Db } from '../../src/demo/db/index.ts';
import type { DemoOAuth } from '../../src/demo/oauth.ts';
import { createDemoServer } from '../../src/demo/server.ts';
import { readPageFrames } from '../../scripts/page-frames.ts';
import { buildApp, type AppOptions } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { ProxyTimeouts } from '../src/proxy.ts';
import { createCipher, deriveKey } from '../src/secrets.ts';
import { openStore, type Store } from '../src/store/store.ts';
import { SoftwareAuthenticator } from './authenticator.ts';

/**
 * PostgreSQL runs when DATABASE_URL answers; each run migrates a schema of its own (dropped after), so it
 * never meets another run's tables.
 */
export async function postgresUrl(suite: string): Promise<string | undefined> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.warn(`${suite}: DATABASE_URL is not set, so only the embedded store (PGlite) is tested`);
    return undefined;
  }
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    const schema = `seller_desk_test_${randomBytes(6).toString('hex')}`;
    await client.query(`create schema ${schema}`);
    const withSchema = new URL(url);
    withSchema.searchParams.set('options', `-c search_path=${schema}`);
    return withSchema.href;
  } catch (error) {
    console.warn(`${suite}: PostgreSQL at DATABASE_URL does not answer (${String(error)}), so only PGlite is tested`);
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The engines a suite's store runs on: PGlite, and PostgreSQL when DATABASE_URL answers. */
export async function storeEngines(suite: string): Promise<{ name: string; databaseUrl: string | undefined }[]> {
  const url = await postgresUrl(suite);
  return [{ name: 'PGlite', databaseUrl: undefined }, ...(url ? [{ name: 'PostgreSQL', databaseUrl: url }] : [])];
}

/**
 * For a describe block: the simulator and the stores of two instances on one database, as two processes
 * would have them (on PostgreSQL each its own pool and listening connection, opened one after the other so
 * the first migrates the new schema; PGlite is one process, so one store).
 */
export function twoInstances(databaseUrl: string | undefined) {
  const setup = {} as { simulator: Simulator; stores: [Store, Store] };
  beforeAll(async () => {
    setup.simulator = await startSimulator();
    const first = await openStore({ databaseUrl, dataDir: 'memory://', cipher: testCipher });
    setup.stores = [first, databaseUrl ? await openStore({ databaseUrl, dataDir: 'memory://', cipher: testCipher }) : first];
  });
  afterAll(async () => {
    if (databaseUrl) await dropSchema(setup.stores[0], databaseUrl);
    await Promise.all([...new Set(setup.stores)].map((store) => store.close()));
    await setup.simulator.close();
  });
  return setup;
}

/** Drops the schema of a `postgresUrl()`. */
export async function dropSchema(store: Store, databaseUrl: string): Promise<void> {
  const schema = new URL(databaseUrl).searchParams.get('options')!.split('=')[1]!;
  await sql.raw(`drop schema ${schema} cascade`).execute(store.db);
}

/** The address sellers "open" in the tests: the redirect URI and the origin writes must come from. */
/** A seller account row straight in the store, signed out (no tokens) unless `accessToken` is given. */
export async function insertSellerAccount(store: Store, account: { id: string; nickname: string; siteId?: string; accessToken?: string }) {
  await store.db
    .insertInto('seller_accounts')
    .values({
      id: account.id,
      nickname: account.nickname,
      site_id: account.siteId ?? 'MLA',
      kind: 'oauth',
      access_token: account.accessToken ?? null,
      refresh_token: null,
      expires_at: null,
      refresh_lock_until: null,
    })
    .execute();
}

export const publicUrl = 'http://seller-desk.test';
export const sessionSecret = 'test-session-secret-of-at-least-32-bytes';
/** What the servers of the tests seal tokens with (their SESSION_SECRET's key). */
export const testCipher = createCipher(deriveKey(sessionSecret, 'token-encryption'));
export const colourScript = "document.documentElement.classList.add('light');";

/** A built app as vite leaves it: index.html with an inline script, hashed assets precompressed. */
export function makeStaticDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'seller-desk-static-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html>
<html lang="en">
  <head>
    <title>Seller Desk</title>
    <script>${colourScript}</script>
    <script type="module" crossorigin src="/assets/index-Abc123.js"></script>
  </head>
  <body><div id="root"><!-- page-frame --></div></body>
</html>
`,
  );
  const js = `export const answer = ${JSON.stringify('x'.repeat(4000))};\n`;
  writeFileSync(join(dir, 'assets/index-Abc123.js'), js);
  writeFileSync(join(dir, 'assets/index-Abc123.js.br'), brotliCompressSync(js));
  writeFileSync(join(dir, 'assets/index-Abc123.js.gz'), gzipSync(js));
  writeFileSync(join(dir, 'mockServiceWorker.js'), 'self.addEventListener("fetch", () => {});\n');
  // Vite's manifest: two areas' route chunks, one importing a shared chunk with styles, one the entry; the
  // shell's lazy parts; the catalogs of the app, of the areas the shell borrows from, and of the questions.
  mkdirSync(join(dir, '.vite'));
  const catalogs = ['app', 'features/activity', 'features/settings', 'features/questions'].flatMap((folder) =>
    ['en', 'es-AR', 'es-419', 'pt-BR'].map((locale) => [
      `src/${folder}/locales/${locale}.po`,
      { file: `assets/messages-${folder.replace('features/', '')}-${locale}-Msg000.js` },
    ]),
  );
  const manifest = {
    'src/main.tsx': { file: 'assets/index-Abc123.js', isEntry: true },
    'src/features/questions/routes.tsx': { file: 'assets/routes-Qst111.js', imports: ['_shared-Shr222.js', 'src/main.tsx'] },
    '_shared-Shr222.js': { file: 'assets/shared-Shr222.js', css: ['assets/shared-Css333.css'] },
    'src/features/home/routes.tsx': { file: 'assets/routes-Hom444.js', imports: ['src/main.tsx'] },
    'src/app/queryClient.ts': { file: 'assets/queryClient-Qcl555.js', imports: ['_query-Qry666.js'] },
    '_query-Qry666.js': { file: 'assets/query-Qry666.js' },
    'src/app/MuiTheme.tsx': { file: 'assets/MuiTheme-Thm141.js', imports: ['_mui-Mui151.js'] },
    '_mui-Mui151.js': { file: 'assets/mui-Mui151.js' },
    'src/app/LiveUpdates.tsx': { file: 'assets/LiveUpdates-Liv777.js', imports: ['src/main.tsx', '_query-Qry666.js'] },
    'src/app/Nickname.tsx': { file: 'assets/Nickname-Nck888.js' },
    'src/features/settings/AccountMenu.tsx': { file: 'assets/AccountMenu-Acc999.js' },
    'src/api/users.ts': { file: 'assets/users-Usr121.js', imports: ['_schemas-Zod131.js'] },
    '_schemas-Zod131.js': { file: 'assets/schemas-Zod131.js' },
    ...Object.fromEntries(catalogs),
  };
  writeFileSync(join(dir, '.vite/manifest.json'), JSON.stringify(manifest));
  // The pages' words as the build writes them from the catalogs, and one that would be markup if not escaped.
  const frames = {
    ...readPageFrames(fileURLToPath(new URL('../../src/features', import.meta.url))),
    '/escaped': { en: { title: '<img src=x onerror=alert(1)>' } },
  };
  writeFileSync(join(dir, '.vite/page-frames.json'), JSON.stringify(frames));
  return dir;
}

/**
 * The in-memory store the live test servers of a test file share, as instances of one deployment do
 * (sessions are random, so tests do not see each other's). PGlite takes seconds to start: once per file.
 */
let testStore: Promise<Store> | undefined;
const sharedTestStore = () => (testStore ??= openStore({ dataDir: 'memory://', cipher: testCipher }));

export interface TestServer {
  url: string;
  logs(): string;
  close(): Promise<void>;
}

/** Starts the server in-process on a free port with an in-memory store; `env` as the process would get it. */
export async function startServer(
  env: Record<string, string | undefined>,
  options: { timeouts?: ProxyTimeouts; store?: Store; notifications?: AppOptions['notifications'] } = {},
): Promise<TestServer> {
  const config = loadConfig({ OUT_DIR: makeStaticDir(), DATA_DIR: 'memory://', HOST: '127.0.0.1', PORT: '0', ...env });
  const store = config.mode === 'live' ? (options.store ?? (await sharedTestStore())) : undefined;
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const app = await buildApp({
    config,
    store,
    logStream,
    ...(options.timeouts ? { timeouts: options.timeouts } : {}),
    ...(options.notifications ? { notifications: options.notifications } : {}),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: `${config.tls ? 'https' : 'http'}://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    logs: () => lines.join(''),
    close: () => app.close(),
  };
}

export const liveEnv = (apiUrl: string, extra: Record<string, string> = {}) => ({
  SELLER_API_URL: apiUrl,
  PUBLIC_URL: publicUrl,
  SESSION_SECRET: sessionSecret,
  ...extra,
});

/** Just enough of a browser: keeps cookies, never follows redirects, sends what the app's client sends. */
export class Browser {
  private readonly cookies = new Map<string, string>();
  private readonly base: string;
  constructor(base: string) {
    this.base = base;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request(path: string, init: RequestInit & { headers?: Record<string, string> } = {}): Promise<Response> {
    const url = path.startsWith('http') ? path : this.base + path;
    const headers: Record<string, string> = { ...init.headers };
    if (url.startsWith(this.base) && this.cookies.size) headers.cookie = this.cookieHeader();
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    if (url.startsWith(this.base)) {
      for (const line of response.headers.getSetCookie()) {
        const [pair = '', ...attributes] = line.split(';');
        const name = pair.slice(0, pair.indexOf('='));
        const value = pair.slice(pair.indexOf('=') + 1);
        const expired = attributes.some((a) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(a));
        if (expired || value === '') this.cookies.delete(name);
        else this.cookies.set(name, value);
      }
    }
    return response;
  }

  /** A write as the app makes it: same origin and the app's header. */
  write(path: string, method: string, body?: unknown): Promise<Response> {
    return this.request(path, {
      method,
      headers: { origin: publicUrl, 'x-seller-desk': '1', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }
}

/**
 * A teammate of `owner`'s active account with `role`: invited by the owner, joined with a new passkey
 * (`test/authenticator.ts`), signed in in a browser of their own.
 */
export async function teammate(owner: Browser, base: string, role: Role, name: string = role): Promise<Browser> {
  const invited = await owner.write('/team/invitations', 'POST', { role });
  if (invited.status !== 201) throw new Error(`inviting a ${role} answered ${invited.status}`);
  const secret = ((await invited.json()) as { link: string }).link.slice('/join#'.length);
  const invitee = new Browser(base);
  const options = await invitee.write('/invitations/passkey/options', 'POST', { secret, name });
  const ceremony = (await options.json()) as { challengeId: string; options: Parameters<SoftwareAuthenticator['create']>[0] };
  const response = new SoftwareAuthenticator(publicUrl).create(ceremony.options);
  const joined = await invitee.write('/invitations/passkey/verify', 'POST', { challengeId: ceremony.challengeId, secret, response });
  if (joined.status !== 200) throw new Error(`joining as a ${role} answered ${joined.status}`);
  return invitee;
}

/** A GET whose body comes back as sent (fetch would decompress it). */
export function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: Headers; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, async (response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of response) chunks.push(chunk as Buffer);
      const flat = Object.entries(response.headers).map(([name, value]): [string, string] => [name, String(value)]);
      resolve({ status: response.statusCode ?? 0, headers: new Headers(flat), body: Buffer.concat(chunks) });
    }).on('error', reject);
  });
}

/** The OAuth app the tests register with the simulator. */
export const oauthClient = { id: 'seller-desk-test', secret: 'simulator-client-secret' };

/** The simulator of `npm run demo-api` with its sign-in, on a free port: the marketplace of the live tests. */
export interface Simulator {
  url: string;
  db: Db;
  oauth: DemoOAuth;
  close(): Promise<void>;
}

export async function startSimulator(): Promise<Simulator> {
  const { server, db, oauth } = createDemoServer({ oauth: { clientId: oauthClient.id, clientSecret: oauthClient.secret } });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    db,
    oauth,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The live settings of a server whose marketplace and OAuth app are the simulator's. */
export const simulatorEnv = (simulator: Simulator, clientSecret = oauthClient.secret) =>
  liveEnv(simulator.url, { SELLER_AUTH_URL: simulator.url, OAUTH_CLIENT_ID: oauthClient.id, OAUTH_CLIENT_SECRET: clientSecret });

/** The server in live mode over the simulator; `clientSecret` other than the registered one for invalid_client. */
export async function startLiveWithSimulator(options: { clientSecret?: string } = {}) {
  const simulator = await startSimulator();
  const server = await startServer(simulatorEnv(simulator, options.clientSecret));
  return {
    simulator,
    server,
    close: async () => {
      await server.close();
      await simulator.close();
    },
  };
}

const unescapeHtml = (text: string) =>
  text.replace(/&(quot|lt|gt|#39|amp);/g, (_, name: string) => ({ quot: '"', lt: '<', gt: '>', '#39': "'", amp: '&' })[name]!);
const attributes = (tag: string) =>
  Object.fromEntries([...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, name, value]) => [name!, unescapeHtml(value!)]));
const textOf = (html: string) => unescapeHtml(html.replace(/<[^>]*>/g, '')).trim();

/**
 * What a browser submits from the page's form: its hidden fields, the radio button whose label contains
 * `choice`, and the button reading `button`.
 */
function submission(html: string, choice: string, button: string): { action: string; body: URLSearchParams } {
  const body = new URLSearchParams();
  for (const [tag] of html.matchAll(/<input\b[^>]*>/g)) {
    const input = attributes(tag);
    if (input.type === 'hidden') body.append(input.name!, input.value!);
  }
  const label = [...html.matchAll(/<label\b[^>]*>([\s\S]*?)<\/label>/g)].find(([, inner]) => textOf(inner!).includes(choice));
  if (!label) throw new Error(`No choice labelled ${choice}`);
  const radio = attributes(/<input\b[^>]*>/.exec(label[1]!)![0]);
  body.append(radio.name!, radio.value!);
  const clicked = [...html.matchAll(/<button\b([^>]*)>([\s\S]*?)<\/button>/g)].find(([, , inner]) => textOf(inner!) === button);
  if (!clicked) throw new Error(`No button reading ${button}`);
  const { name, value } = attributes(clicked[1]!);
  body.append(name!, value!);
  return { action: attributes(/<form\b[^>]*>/.exec(html)![0]).action!, body };
}

/**
 * The browser's side of a sign-in up to the callback the marketplace sends it back to: `login` (the app's
 * sign-in link, followed from the app's page unless `site` says where from: a Sec-Fetch-Site value, or null
 * for a browser that sends none) or an `authorization` page address the app gave, the consent page, its form
 * submitted with `seller` chosen and `button` clicked. Answers the callback's path and query.
 */
export async function consent(
  browser: Browser,
  options: { seller?: string; button?: 'Allow' | 'Deny'; login?: string; site?: string | null; authorization?: string } = {},
): Promise<string> {
  let page: URL;
  if (options.authorization) page = new URL(options.authorization);
  else {
    const site = options.site === undefined ? 'same-origin' : options.site;
    const login = await browser.request(options.login ?? '/auth/login?returnTo=/questions?status=UNANSWERED', {
      headers: site === null ? {} : { 'sec-fetch-site': site },
    });
    if (login.status !== 302) throw new Error(`/auth/login answered ${login.status}`);
    page = new URL(login.headers.get('location')!);
  }
  const html = await (await fetch(page)).text();
  const { action, body } = submission(html, options.seller ?? 'TIENDA_DEMO', options.button ?? 'Allow');
  const decided = await fetch(new URL(action, page), { method: 'POST', body, redirect: 'manual' });
  if (decided.status !== 302) throw new Error(`The consent form answered ${decided.status}`);
  const callback = new URL(decided.headers.get('location')!);
  return callback.pathname + callback.search;
}

/** A whole sign-in as `seller` (a nickname on the consent page): answers the app's callback response. */
export async function signIn(browser: Browser, seller = 'TIENDA_DEMO', login?: string): Promise<Response> {
  return browser.request(await consent(browser, { seller, ...(login && { login }) }));
}

/** Asks `check` every 100 ms until it answers something, for at most `timeoutMs`. */
export async function waitFor<T>(check: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** An SSE client: `next()` answers the next activity event (its id and entry), `nextReview()` the next lead review. */
export async function openEvents(url: string, cookie: string, lastEventId?: string) {
  const controller = new AbortController();
  const response = await fetch(`${url}/events`, {
    headers: { cookie, ...(lastEventId && { 'last-event-id': lastEventId }) },
    signal: controller.signal,
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  /** The next event named `name` (others are skipped): its fields. */
  async function nextOf(name: string, timeoutMs: number): Promise<Record<string, string>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const fields = Object.fromEntries(
          block.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
        );
        if (fields.event === name) return fields;
        continue;
      }
      const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no event in time')), deadline - Date.now()));
      const { value, done } = await Promise.race([reader.read(), timeout]);
      if (done) throw new Error('the stream ended');
      buffer += value;
    }
  }
  return {
    response,
    async next(timeoutMs = 20_000): Promise<{ id: string; entry: ActivityEntry }> {
      const fields = await nextOf('activity', timeoutMs);
      return { id: fields.id!, entry: activityEntrySchema.parse(JSON.parse(fields.data!)) };
    },
    /** The next event named `name` (a stock job's progress …): its fields. */
    nextOf,
    async nextReview(timeoutMs = 20_000): Promise<unknown> {
      return JSON.parse((await nextOf('lead-review', timeoutMs)).data!);
    },
    /** Resolves when the server ends the stream; fails after `timeoutMs`. */
    async ended(timeoutMs: number): Promise<void> {
      const timeout = setTimeout(() => controller.abort(), timeoutMs);
      try {
        while (!(await reader.read()).done);
      } catch {
        throw new Error(`the stream was still open after ${timeoutMs} ms`);
      } finally {
        clearTimeout(timeout);
      }
    },
    close: () => controller.abort(),
  };
}

/** A response's JSON body, as the type a test expects of it. */
export const json = async <T>(response: Response | Promise<Response>): Promise<T> => (await (await response).json()) as T;

/** Where the team's suites start: the simulator, a server over a store of its own, and the demo seller signed in as owner. */
export async function startOwnedServer(databaseUrl: string | undefined) {
  const simulator = await startSimulator();
  const store = await openStore({ databaseUrl, dataDir: 'memory://', cipher: testCipher });
  const server = await startServer(simulatorEnv(simulator), { store });
  const owner = new Browser(server.url);
  await signIn(owner);
  const close = async () => {
    await server.close();
    if (databaseUrl) await dropSchema(store, databaseUrl);
    await store.close();
    await simulator.close();
  };
  return { simulator, store, server, owner, close };
}
