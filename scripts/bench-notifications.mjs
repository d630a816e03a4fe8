// The notification figure of `npm run bench` (also alone, after `npm run build`: node scripts/bench-notifications.mjs): the simulator
// (`npm run demo-api`) as the marketplace, the built server in live mode over it, one seller signed in with
// a personal token and an SSE client open. Measures the answer time of POST /notifications for 500
// notifications at 100 a second, then the time from a notification's receipt to its event on the SSE stream
// (one at a time, after the burst is processed). On the embedded store in memory, and also on PostgreSQL when
// DATABASE_URL is set (in a schema of its own, dropped after).
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { Agent, fetch as undiciFetch, setGlobalDispatcher } from 'undici';
import { selfSignedCert } from './selfSignedCert.ts';

const clientId = 'seller-desk-bench';
/**
 * The marketplace delivers from a few addresses, and the server limits each (20 a second after a burst of 200)
 * as well as all together (50 a second after 500): the burst comes from five loopback addresses, as it would
 * from the marketplace's, rather than one address at five times its limit.
 */
export const sources = ['127.0.0.1', '127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5'].map(
  // undici binds with the Agent's own localAddress; one given in `connect` is not used.
  (localAddress) => new Agent({ localAddress }),
);
export const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];
export const round = (ms) => Math.round(ms * 10) / 10;

/** A new notification, as the marketplace sends it, that the seller `userId`'s question changed. */
export const notificationOf = (questionId, userId) => ({
  _id: randomUUID(),
  resource: `/questions/${questionId}`,
  user_id: Number(userId),
  topic: 'questions',
  application_id: clientId,
  attempts: 1,
  sent: new Date().toISOString(),
  received: new Date().toISOString(),
  actions: [],
});

/**
 * Children still running, killed if the bench exits first: one exit listener for all (one per child passed
 * Node's ten listeners after a few scenarios: the MaxListenersExceededWarning of the webhook bench).
 */
const children = new Set();
process.on('exit', () => {
  for (const child of children) child.kill();
});

function start(command, args, env) {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

async function waitHealthy(url) {
  // PGlite's first start (initdb in WASM) can take half a minute on a busy 2-core machine.
  for (let i = 0; i < 600; i++) {
    if (
      await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not start`);
}

/**
 * The settings that make the server terminate TLS and speak HTTP/2, as a deployment serves it (README,
 * "HTTP/2"), with a throwaway self-signed certificate that this process's fetch then trusts. Undefined with
 * BENCH_HTTP1=1, to measure plain HTTP/1.1 instead.
 */
export function loopbackTls() {
  if (process.env.BENCH_HTTP1) return undefined;
  const { certFile, keyFile } = selfSignedCert();
  setGlobalDispatcher(new Agent({ connect: { ca: readFileSync(certFile) } }));
  return { TLS_CERT_FILE: certFile, TLS_KEY_FILE: keyFile };
}

/**
 * The simulator as the marketplace (or `upstream`, `{apiUrl, token}`, another one) and the built server in live
 * mode over it with `env` added to its settings (`simulatorEnv` to the simulator's: src/demo/serve.ts), the seller signed in by a personal token: `cookie` is that session. Also used by bench.mjs to measure the pages in live mode, over
 * HTTP/2 with `tls` (from loopbackTls).
 */
export async function startLive({ port, outDir, databaseUrl, tls, logLevel = 'warn', upstream, env, simulatorEnv }) {
  // The simulator prints its address and the demo seller's token on its first two lines.
  const simulator = upstream
    ? undefined
    : start('node_modules/.bin/tsx', ['src/demo/serve.ts'], {
        PORT: String(port + 1),
        OAUTH_CLIENT_ID: clientId,
        OAUTH_CLIENT_SECRET: 'bench-secret',
        ...simulatorEnv,
      });
  const lines = simulator && createInterface({ input: simulator.stdout })[Symbol.asyncIterator]();
  const apiUrl = upstream?.apiUrl ?? (await lines.next()).value.replace('Demo seller API on ', '');
  const token = upstream?.token ?? (await lines.next()).value.replace('Token of the demo seller: ', '');

  const origin = `${tls ? 'https' : 'http'}://127.0.0.1:${port + 2}`;
  const server = start(process.execPath, ['server/dist/server/src/main.js'], {
    ...tls,
    PORT: String(port + 2),
    HOST: '127.0.0.1',
    OUT_DIR: outDir,
    PUBLIC_URL: origin,
    SELLER_API_URL: apiUrl,
    SELLER_AUTH_URL: apiUrl,
    OAUTH_CLIENT_ID: clientId,
    OAUTH_CLIENT_SECRET: 'bench-secret',
    SESSION_SECRET: randomBytes(48).toString('base64'),
    DATABASE_URL: databaseUrl ?? '',
    DATA_DIR: 'memory://',
    LOG_LEVEL: logLevel,
    ...env,
  });
  // Read and thrown away, as a log collector would take it: an unread pipe would stop the server once full.
  server.stdout.resume();
  const stop = () => {
    server.kill();
    simulator?.kill();
  };
  try {
    await waitHealthy(origin);
    const signIn = await fetch(`${origin}/session/token`, {
      method: 'POST',
      headers: { origin, 'x-seller-desk': '1', 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    const cookie = signIn.headers.getSetCookie()[0].split(';')[0];
    const { activeAccountId: userId } = await signIn.json();
    return { origin, cookie, userId, token, apiUrl, pid: server.pid, stop };
  } catch (error) {
    stop();
    throw error;
  }
}

async function benchOne({ port, outDir, databaseUrl, count = 500, perSecond = 100, samples = 20 }) {
  const { origin, cookie, userId, stop } = await startLive({ port, outDir, databaseUrl });
  try {
    const search = await fetch(`${origin}/api/questions/search?seller_id=${userId}&api_version=4`, { headers: { cookie } });
    const questionId = (await search.json()).questions[0].id;
    const notification = () => notificationOf(questionId, userId);
    const post = async (index = 0) => {
      const started = performance.now();
      const response = await undiciFetch(`${origin}/notifications`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(notification()),
        dispatcher: sources[index % sources.length],
      });
      if (response.status !== 200) throw new Error(`POST /notifications answered ${response.status}`);
      return performance.now() - started;
    };

    // The SSE client: counts events and wakes whoever waits for the next one. Whole lines only: under load a
    // chunk can end inside `event: activity`, and an event counted in neither half left the bench waiting.
    let received = 0;
    let onEvent = () => undefined;
    const events = await fetch(`${origin}/events`, { headers: { cookie } });
    (async () => {
      const decoder = new TextDecoder();
      let partial = '';
      for await (const chunk of events.body) {
        const text = partial + decoder.decode(chunk, { stream: true });
        const end = text.lastIndexOf('\n') + 1;
        partial = text.slice(end);
        received += (text.slice(0, end).match(/^event: activity$/gm) ?? []).length;
        onEvent();
      }
    })().catch(() => undefined);
    const eventCount = (n) =>
      new Promise((resolve) => {
        onEvent = () => received >= n && resolve();
        onEvent();
      });

    // The burst: one every 1000/perSecond ms, whether or not earlier ones were answered.
    const answers = await Promise.all(
      Array.from({ length: count }, (_, index) =>
        new Promise((resolve) => setTimeout(resolve, (index * 1000) / perSecond)).then(() => post(index)),
      ),
    );
    await eventCount(count);

    const toEvent = [];
    for (let i = 0; i < samples; i++) {
      const before = received;
      const started = performance.now();
      await post();
      await eventCount(before + 1);
      toEvent.push(performance.now() - started);
    }
    return {
      store: databaseUrl ? 'PostgreSQL' : 'embedded (PGlite)',
      burst: `${count} at ${perSecond}/s`,
      answerP50Ms: round(percentile(answers, 0.5)),
      answerP99Ms: round(percentile(answers, 0.99)),
      receiptToEventP50Ms: round(percentile(toEvent, 0.5)),
      receiptToEventP99Ms: round(percentile(toEvent, 0.99)),
    };
  } finally {
    stop();
  }
}

/** PostgreSQL at `url`, in a new schema for the run, dropped after. */
export async function inNewSchema(url, run) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const schema = `seller_desk_bench_${randomBytes(4).toString('hex')}`;
  await client.query(`create schema ${schema}`);
  try {
    const withSchema = new URL(url);
    withSchema.searchParams.set('options', `-c search_path=${schema}`);
    return await run(withSchema.href);
  } finally {
    await client.query(`drop schema ${schema} cascade`);
    await client.end();
  }
}

/** The figures on the embedded store, then on PostgreSQL when DATABASE_URL is set. */
export async function benchNotifications({ port, outDir }) {
  const results = [await benchOne({ port, outDir })];
  if (process.env.DATABASE_URL)
    results.push(await inNewSchema(process.env.DATABASE_URL, (databaseUrl) => benchOne({ port, outDir, databaseUrl })));
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const results = await benchNotifications({ port: Number(process.env.BENCH_PORT ?? 4400), outDir: process.env.OUT_DIR ?? 'dist' });
  for (const result of results) console.log(result);
}
