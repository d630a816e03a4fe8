import { get } from 'node:http';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { ProxyTimeouts } from '../src/proxy.ts';
import { createCipher, deriveKey } from '../src/secrets.ts';
import { openStore, type Store } from '../src/store/store.ts';

/** The address sellers "open" in the tests: the redirect URI and the origin writes must come from. */
export const publicUrl = 'http://seller-desk.test';
export const sessionSecret = 'test-session-secret-of-at-least-32-bytes';
export const colourScript = "document.documentElement.classList.add('light');";

/** A built app as vite leaves it: index.html with an inline script and a demo preload, hashed assets precompressed. */
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
    <link rel="modulepreload" crossorigin href="/assets/browser-Def456.js" data-demo-backend>
  </head>
  <body><div id="root"></div></body>
</html>
`,
  );
  const js = `export const answer = ${JSON.stringify('x'.repeat(4000))};\n`;
  writeFileSync(join(dir, 'assets/index-Abc123.js'), js);
  writeFileSync(join(dir, 'assets/index-Abc123.js.br'), brotliCompressSync(js));
  writeFileSync(join(dir, 'assets/index-Abc123.js.gz'), gzipSync(js));
  writeFileSync(join(dir, 'mockServiceWorker.js'), 'self.addEventListener("fetch", () => {});\n');
  return dir;
}

/**
 * The in-memory store the live test servers of a test file share, as instances of one deployment do
 * (sessions are random, so tests do not see each other's). PGlite takes seconds to start: once per file.
 */
let testStore: Promise<Store> | undefined;
const sharedTestStore = () =>
  (testStore ??= openStore({ dataDir: 'memory://', cipher: createCipher(deriveKey(sessionSecret, 'token-encryption')) }));

export interface TestServer {
  url: string;
  logs(): string;
  close(): Promise<void>;
}

/** Starts the server in-process on a free port with an in-memory store; `env` as the process would get it. */
export async function startServer(
  env: Record<string, string | undefined>,
  options: { timeouts?: ProxyTimeouts } = {},
): Promise<TestServer> {
  const config = loadConfig({ OUT_DIR: makeStaticDir(), DATA_DIR: 'memory://', HOST: '127.0.0.1', PORT: '0', ...env });
  const store = config.mode === 'live' ? await sharedTestStore() : undefined;
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const app = await buildApp({ config, store, logStream, ...(options.timeouts ? { timeouts: options.timeouts } : {}) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
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
