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
// First the same load on a bare node:http server, as the baseline of this machine and client.
// Notifications name the seller's questions in turn, so each question gets several, as when the marketplace
// sends one per change.
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';
import { request } from 'undici';
import { inNewSchema, notificationOf, percentile, round, sources, startLive } from './bench-notifications.mjs';

const backlogWaitMs = 120_000;

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
  return { notification, post, send };
}

async function scenario({ port, outDir, databaseUrl }, run) {
  const live = await startLive({ port, outDir, databaseUrl, logLevel: 'info' });
  const { origin, cookie, userId } = live;
  const events = await stream(origin, cookie);
  try {
    return await run({ ids: await questionIds(origin, cookie, userId), events, ...sender(origin, userId) });
  } finally {
    events.close();
    live.stop();
  }
}

/**
 * The same load against a bare node:http server that parses the body and answers 200: what this machine and
 * this client allow at all (on two cores the client's 400 new connections at once are most of that scenario).
 */
async function bare(port) {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      JSON.parse(body);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    });
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { send } = sender(`http://127.0.0.1:${port}`, '1');
  try {
    return [
      { store: 'bare node:http', scenario: '200/s for 30 s', ...answers(await send(6000, 200, [1])) },
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

/** The figures on the embedded store, then on PostgreSQL when DATABASE_URL is set. */
export async function benchWebhooks({ port, outDir }) {
  const results = await bare(port);
  for (const result of results) console.log(`  ${JSON.stringify(result)}`);
  results.push(...(await benchStore({ port, outDir })));
  if (process.env.DATABASE_URL)
    results.push(...(await inNewSchema(process.env.DATABASE_URL, (databaseUrl) => benchStore({ port, outDir, databaseUrl }))));
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const results = await benchWebhooks({ port: Number(process.env.BENCH_PORT ?? 4400), outDir: process.env.OUT_DIR ?? 'dist' });
  console.log('| store | scenario | answer p50 ms | answer p99 ms | new question in activity ms |');
  console.log('|---|---|---|---|---|');
  for (const r of results) console.log(`| ${r.store} | ${r.scenario} | ${r.answerP50Ms} | ${r.answerP99Ms} | ${r.newQuestionMs ?? '–'} |`);
}
