// The webhook figures of `npm run bench` (also alone, after `npm run build`: node scripts/bench-webhooks.mjs; OUT_DIR
// names the build, BENCH_PORT the first of three ports): the built server in live mode over the simulator served
// in Node, at the production log level (info), one seller signed in with an activity stream open, each scenario on
// a fresh server. On the embedded store in memory, and on PostgreSQL when DATABASE_URL is set (a schema of its own):
// - `200/s for 30 s`: answer p50 / p99 of POST /notifications sent at that pace whether or not earlier ones were
//   answered (past the intake's limits, 500 at once then 50 a second per instance, the rest is dropped with 200);
// - `400 at once`: the same for 400 sent together;
// - `1000 in 5 s`: then one notification of a question not in the burst, and the time from the burst's end until its
//   entry reaches the stream (the burst's stored part is worked off ahead of it; gate: 30 s), with the number of
//   entries streamed before it.
// - with DATABASE_URL, `two instances`: two built servers on one PostgreSQL schema behind a round-robin front the
//   bench starts (node:http over undici, passing the client's address in X-Forwarded-For), answers p50 / p99 at
//   increasing rates for 10 s each (a figure, not a gate: two cores run the client, the front and both).
// First the same load on a bare node:http server, as the baseline of this machine and client. Every scenario is
// sent over connections opened before it (a warm-up request on each), so the figures are the server's answers,
// not the client opening 400 connections at once.
// Notifications name the seller's questions in turn, so each question gets several, as when the marketplace
// sends one per change.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';
import { Pool, request } from 'undici';
import { inNewSchema, notificationOf, percentile, round, sources, startLive } from './bench-notifications.mjs';

const backlogWaitMs = 120_000;
/** Connections opened per source address before a scenario: 400 at once are 80 per address. */
const warmConnections = 80;

/** The seller's question ids from the simulator, through the door: up to 100. */
async function questionIds(origin, cookie, userId) {
  const ids = [];
  for (let offset = 0; offset < 100; offset += 50) {
    const response = await fetch(`${origin}/api/questions/search?seller_id=${userId}&api_version=4&limit=50&offset=${offset}`, {
      headers: { cookie },
    });
    ids.push(...(await response.json()).questions.map((question) => question.id));
  }
  return [...new Set(ids)];
}

/** An open activity stream: `until(resource)` resolves when an entry of that resource arrives. */
async function stream(origin, cookie) {
  const controller = new AbortController();
  const events = await fetch(`${origin}/events`, { headers: { cookie }, signal: controller.signal });
  const waiting = new Map();
  let received = 0;
  (async () => {
    const decoder = new TextDecoder();
    let partial = '';
    for await (const chunk of events.body) {
      const text = partial + decoder.decode(chunk, { stream: true });
      const end = text.lastIndexOf('\n') + 1;
      partial = text.slice(end);
      for (const [, data] of text.slice(0, end).matchAll(/^data: (.*)$/gm)) {
        received++;
        waiting.get(JSON.parse(data).resource)?.();
      }
    }
  })().catch(() => undefined);
  return {
    until: (resource, timeoutMs) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no entry of ${resource} within ${timeoutMs} ms`)), timeoutMs);
        waiting.set(resource, () => {
          clearTimeout(timer);
          resolve();
        });
      }),
    /** Entries streamed so far. */
    received: () => received,
    close: () => controller.abort(),
  };
}

const answers = (times) => ({ answerP50Ms: round(percentile(times, 0.5)), answerP99Ms: round(percentile(times, 0.99)) });

/** Senders of notifications for `userId` to `origin`, from the five loopback sources in turn. */
function sender(origin, userId) {
  const notification = (questionId) => notificationOf(questionId, userId);
  const post = async (index, body) => {
    const started = performance.now();
    const response = await request(`${origin}/notifications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      dispatcher: sources[index % sources.length],
    });
    await response.body.dump();
    if (response.statusCode !== 200) throw new Error(`POST /notifications answered ${response.statusCode}`);
    return performance.now() - started;
  };
  /** `count` notifications, one every 1000/perSecond ms (all at once when perSecond is Infinity). */
  const send = (count, perSecond, questions) =>
    Promise.all(
      Array.from({ length: count }, (_, index) =>
        new Promise((resolve) => setTimeout(resolve, (index * 1000) / perSecond)).then(() =>
          post(index, notification(questions[index % questions.length])),
        ),
      ),
    );
  /** Opens `perSource` connections from each source address (a GET on each, held open together) and keeps them. */
  const warm = (perSource = warmConnections) =>
    Promise.all(
      sources.flatMap((dispatcher) =>
        Array.from({ length: perSource }, async () => (await request(`${origin}/healthz`, { dispatcher })).body.dump()),
      ),
    );
  return { notification, post, send, warm };
}

async function scenario({ port, outDir, databaseUrl }, run) {
  const live = await startLive({ port, outDir, databaseUrl, logLevel: 'info' });
  const { origin, cookie, userId } = live;
  const events = await stream(origin, cookie);
  const send = sender(origin, userId);
  try {
    const ids = await questionIds(origin, cookie, userId);
    await send.warm();
    return await run({ ids, events, ...send });
  } finally {
    events.close();
    live.stop();
  }
}

/**
 * The same load against a bare node:http server that parses the body and answers 200: what this machine and
 * this client allow at all.
 */
async function bare(port) {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (req.method === 'POST') JSON.parse(body);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    });
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { send, warm } = sender(`http://127.0.0.1:${port}`, '1');
  try {
    await warm();
    const steady = answers(await send(6000, 200, [1]));
    await warm();
    return [
      { store: 'bare node:http', scenario: '200/s for 30 s', ...steady },
      { store: 'bare node:http', scenario: '400 at once', ...answers(await send(400, Infinity, [1])) },
    ];
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

async function benchStore(options) {
  const store = options.databaseUrl ? 'PostgreSQL' : 'embedded (PGlite)';
  const results = [];
  results.push({
    store,
    scenario: '200/s for 30 s',
    ...(await scenario(options, async ({ ids, send }) => answers(await send(6000, 200, ids)))),
  });
  console.log(`  ${JSON.stringify(results.at(-1))}`);
  results.push({
    store,
    scenario: '400 at once',
    ...(await scenario(options, async ({ ids, send }) => answers(await send(400, Infinity, ids)))),
  });
  console.log(`  ${JSON.stringify(results.at(-1))}`);
  results.push({
    store,
    scenario: '1000 in 5 s',
    ...(await scenario(options, async ({ ids, send, post, notification, events }) => {
      const [fresh, ...burst] = ids;
      const times = await send(1000, 200, burst);
      const started = performance.now();
      // A second later, once the intake's total limit (drained by the burst) takes one again.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const body = notification(fresh);
      const shown = events.until(body.resource, backlogWaitMs);
      await post(0, body);
      const newQuestionMs = await shown.then(
        () => Math.round(performance.now() - started),
        () => `over ${backlogWaitMs}`,
      );
      // The entries of the burst streamed before it (one per question read, once coalesced).
      return { ...answers(times), newQuestionMs, entriesBefore: events.received() - 1 };
    })),
  });
  console.log(`  ${JSON.stringify(results.at(-1))}`);
  return results;
}

/** A round-robin front on `port` to `origins`, passing each client's address on (the instances trust one proxy). */
async function roundRobin(port, origins) {
  const pools = origins.map((origin) => new Pool(origin, { connections: 256 }));
  let turn = 0;
  const front = createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    try {
      const answer = await pools[turn++ % pools.length].request({
        path: req.url,
        method: req.method,
        headers: { 'content-type': req.headers['content-type'] ?? 'text/plain', 'x-forwarded-for': req.socket.remoteAddress },
        body: Buffer.concat(chunks),
      });
      res.writeHead(answer.statusCode, { 'content-type': answer.headers['content-type'] ?? 'text/plain' });
      res.end(Buffer.from(await answer.body.arrayBuffer()));
    } catch {
      res.writeHead(502).end();
    }
  });
  await new Promise((resolve) => front.listen(port, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => {
      front.closeAllConnections();
      front.close();
      return Promise.all(pools.map((pool) => pool.close()));
    },
  };
}

/**
 * Two instances on one PostgreSQL schema (one session secret, so each opens the tokens the other stored) behind
 * the front: answers at increasing rates, 10 s each, with a stream open on the first.
 */
async function benchPair({ port, outDir, databaseUrl }) {
  const shared = { SESSION_SECRET: randomBytes(48).toString('base64'), TRUST_PROXY: '1' };
  const first = await startLive({ port, outDir, databaseUrl, logLevel: 'info', env: { ...shared, INSTANCE_ID: 'bench-1' } });
  const { apiUrl, token, userId } = first;
  let second;
  let front;
  const events = await stream(first.origin, first.cookie);
  try {
    second = await startLive({
      port: port + 3,
      outDir,
      databaseUrl,
      logLevel: 'info',
      upstream: { apiUrl, token },
      env: { ...shared, INSTANCE_ID: 'bench-2' },
    });
    front = await roundRobin(port + 6, [first.origin, second.origin]);
    const ids = await questionIds(first.origin, first.cookie, userId);
    const { send, warm } = sender(front.origin, userId);
    const results = [];
    for (const perSecond of [200, 400, 800]) {
      await warm();
      results.push({
        store: 'PostgreSQL, two instances',
        scenario: `${perSecond}/s for 10 s`,
        ...answers(await send(perSecond * 10, perSecond, ids)),
      });
      console.log(`  ${JSON.stringify(results.at(-1))}`);
    }
    return results;
  } finally {
    events.close();
    await front?.close();
    second?.stop();
    first.stop();
  }
}

/** The figures on the embedded store, then on PostgreSQL when DATABASE_URL is set. */
export async function benchWebhooks({ port, outDir }) {
  const results = await bare(port);
  for (const result of results) console.log(`  ${JSON.stringify(result)}`);
  results.push(...(await benchStore({ port, outDir })));
  if (process.env.DATABASE_URL)
    for (const bench of [benchStore, benchPair])
      results.push(...(await inNewSchema(process.env.DATABASE_URL, (databaseUrl) => bench({ port, outDir, databaseUrl }))));
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const results = await benchWebhooks({ port: Number(process.env.BENCH_PORT ?? 4400), outDir: process.env.OUT_DIR ?? 'dist' });
  console.log('| store | scenario | answer p50 ms | answer p99 ms | new question in activity ms |');
  console.log('|---|---|---|---|---|');
  for (const r of results)
    console.log(
      `| ${r.store} | ${r.scenario} | ${r.answerP50Ms} | ${r.answerP99Ms} | ${r.newQuestionMs === undefined ? '–' : `${r.newQuestionMs} (${r.entriesBefore} entries before it)`} |`,
    );
}
