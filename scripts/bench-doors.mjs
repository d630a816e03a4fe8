// The door figures of `npm run bench` (also alone, after `npm run build`: node scripts/bench-doors.mjs; OUT_DIR
// names the build, BENCH_PORT the first of ten ports). The built server in live mode on plain HTTP/1.1 (autocannon
// speaks nothing else), each figure beside a bare baseline from the same run (scripts/bench-bare.mjs):
// - the API door: GET /api/questions/search (twenty questions, 8 KB) over a fixed fake marketplace, against a
//   minimal Fastify proxy with undici to the same upstream; latency of 2,000 requests one after another ("added"
//   over calling the upstream directly), then requests per second at 50 connections, each a signed-in session;
// - the event stream: 1,000 open /events (six per session, the server's limit), the server's memory per stream,
//   and the time one entry takes to reach all of them, against a bare node:http event stream;
// - the static pages: index.html and the entry's hashed script with Brotli, against Fastify serving the same
//   precompressed files.
// Every client sends `accept-encoding: identity` to the API door and its baseline, and `br` to the static pages.
// The API door's rate is also given as CPU time per request of the server and of the bare proxy: on a machine
// whose other work takes turns on the cores, the rate moves with it; the CPU spent per request moves far less.
// The rate budget toward the marketplace is set out of the way (`budget`): these figures are the door's own cost.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { request } from 'undici';
import { notificationOf, percentile, round, sources, startLive } from './bench-notifications.mjs';

export const budget = { UPSTREAM_RATE: '100000', UPSTREAM_BURST: '100000' };
const sessions = 50;
const streamCount = 1000;
const streamsPerSession = 6;
const searchPath = '/questions/search?seller_id=1234&api_version=4';

/** A baseline of bench-bare.mjs in a process of its own, listening. */
async function bare(kind, port, target) {
  const child = spawn(process.execPath, ['scripts/bench-bare.mjs', kind, String(port), ...(target ? [target] : [])], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  process.on('exit', () => child.kill());
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const url = (await lines.next()).value.replace('listening ', '');
  return { url, pid: child.pid, stop: () => child.kill() };
}

const rssKb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
/** CPU time a process has used, in ms (user + system, in the kernel's 10 ms ticks). */
const cpuMs = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

/**
 * autocannon's GETs of `url` at `connections` for `seconds`, connection n sending `headersOf(n)`; with `pid`, also
 * the CPU time that process spent per request (µs), which the other processes of a shared machine move less than
 * the rate.
 */
async function load(url, { connections, seconds, headersOf, pid }) {
  let next = 0;
  const cpuBefore = pid && cpuMs(pid);
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    setupClient: (client) => client.setHeaders(headersOf(next++)),
  });
  if (result.errors || result.timeouts || result.non2xx)
    throw new Error(`${url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} not 2xx`);
  return {
    rps: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    ...(pid && { cpuUsPerRequest: Math.round(((cpuMs(pid) - cpuBefore) * 1000) / result.requests.total) }),
  };
}

/** Latency p50 / p99 of `count` GETs one after another (after 200 to warm up), to the hundredth of a millisecond. */
async function alone(url, headers, count = 2000) {
  const times = [];
  for (let i = -200; i < count; i++) {
    const started = performance.now();
    const response = await request(url, { headers });
    await response.body.dump();
    if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
    if (i >= 0) times.push(performance.now() - started);
  }
  return { p50Ms: percentile(times, 0.5), p99Ms: percentile(times, 0.99) };
}

const added = (figures, direct) => ({ p50Ms: round2(figures.p50Ms - direct.p50Ms), p99Ms: round2(figures.p99Ms - direct.p99Ms) });
const round2 = (ms) => Math.round(ms * 100) / 100;

/** A new session of the token's seller, signed in from the loopback source `index` (the sign-in limit is per address). */
async function signIn(origin, token, index) {
  const response = await request(`${origin}/session/token`, {
    method: 'POST',
    headers: { origin, 'x-seller-desk': '1', 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
    dispatcher: sources[index % sources.length],
  });
  await response.body.dump();
  if (response.statusCode !== 200) throw new Error(`POST /session/token answered ${response.statusCode}`);
  return [response.headers['set-cookie']].flat()[0].split(';')[0];
}

const moreSessions = (live, count) => Promise.all(Array.from({ length: count - 1 }, (_, i) => signIn(live.origin, live.token, i + 1)));

async function apiDoor({ port, outDir }) {
  const upstream = await bare('upstream', port);
  const bareProxy = await bare('proxy', port + 1, upstream.url);
  const live = await startLive({ port: port + 2, outDir, upstream: { apiUrl: upstream.url, token: 'bench' }, env: budget });
  try {
    const cookies = [live.cookie, ...(await moreSessions(live, sessions))];
    const identity = () => ({ 'accept-encoding': 'identity' });
    const session = (n) => ({ 'accept-encoding': 'identity', cookie: cookies[n % cookies.length] });
    const direct = await alone(`${upstream.url}${searchPath}`, identity());
    const bareAlone = added(await alone(`${bareProxy.url}/api${searchPath}`, identity()), direct);
    const doorAlone = added(await alone(`${live.origin}/api${searchPath}`, session(0)), direct);
    const busy = { connections: sessions, seconds: 10 };
    const bareBusy = await load(`${bareProxy.url}/api${searchPath}`, { ...busy, headersOf: identity, pid: bareProxy.pid });
    const doorBusy = await load(`${live.origin}/api${searchPath}`, { ...busy, headersOf: session, pid: live.pid });
    return {
      directP50Ms: round2(direct.p50Ms),
      directP99Ms: round2(direct.p99Ms),
      addedP50Ms: doorAlone.p50Ms,
      addedP99Ms: doorAlone.p99Ms,
      bareAddedP50Ms: bareAlone.p50Ms,
      bareAddedP99Ms: bareAlone.p99Ms,
      rps: doorBusy.rps,
      bareRps: bareBusy.rps,
      rpsRatio: round2(doorBusy.rps / bareBusy.rps),
      cpuUsPerRequest: doorBusy.cpuUsPerRequest,
      bareCpuUsPerRequest: bareBusy.cpuUsPerRequest,
      cpuRatio: round2(bareBusy.cpuUsPerRequest / doorBusy.cpuUsPerRequest),
      busyP50Ms: doorBusy.p50Ms,
      busyP99Ms: doorBusy.p99Ms,
      bareBusyP50Ms: bareBusy.p50Ms,
      bareBusyP99Ms: bareBusy.p99Ms,
    };
  } finally {
    live.stop();
    bareProxy.stop();
    upstream.stop();
  }
}

/**
 * `count` open event streams at `url`, stream n sending `headersOf(n)`, once each has its first line; then
 * `reached(match)` resolves with each stream's arrival time of the first event whose text contains `match`.
 */
async function openStreams(url, count, headersOf) {
  const streams = await Promise.all(
    Array.from(
      { length: count },
      (_, n) =>
        new Promise((resolve, reject) => {
          const req = httpRequest(url, { headers: headersOf(n), agent: false }, (res) => {
            if (res.statusCode !== 200) return reject(new Error(`${url} answered ${res.statusCode} to stream ${n}`));
            res.setEncoding('utf8');
            const stream = { req, text: '', waiting: undefined };
            res.on('data', (chunk) => {
              stream.text += chunk;
              if (stream.waiting && stream.text.includes(stream.waiting.match)) stream.waiting.resolve(performance.now());
            });
            res.once('data', () => resolve(stream));
          });
          req.on('error', reject);
          req.end();
        }),
    ),
  );
  return {
    reached: (match) =>
      Promise.all(
        streams.map(
          (stream) =>
            new Promise((resolve) => {
              stream.text = '';
              stream.waiting = { match, resolve };
            }),
        ),
      ),
    close: () => streams.forEach((stream) => stream.req.destroy()),
  };
}

/** Memory per stream and the time one entry takes to reach every stream, from `send()`'s start. */
async function fanOut(pid, url, headersOf, match, send) {
  const before = rssKb(pid);
  const streams = await openStreams(url, streamCount, headersOf);
  try {
    const kbPerStream = round((rssKb(pid) - before) / streamCount);
    const arriving = streams.reached(match);
    const sent = performance.now();
    await send();
    const arrivals = await arriving;
    return {
      kbPerStream,
      toAllMs: Math.round(Math.max(...arrivals) - sent),
      firstToLastMs: Math.round(Math.max(...arrivals) - Math.min(...arrivals)),
    };
  } finally {
    streams.close();
  }
}

async function eventStream({ port, outDir }) {
  const live = await startLive({ port, outDir, env: budget });
  try {
    const cookies = [live.cookie, ...(await moreSessions(live, Math.ceil(streamCount / streamsPerSession)))];
    const search = await fetch(`${live.origin}/api/questions/search?seller_id=${live.userId}&api_version=4`, {
      headers: { cookie: live.cookie },
    });
    const questionId = (await search.json()).questions[0].id;
    const server = await fanOut(
      live.pid,
      `${live.origin}/events`,
      (n) => ({ cookie: cookies[Math.floor(n / streamsPerSession)] }),
      `"/questions/${questionId}"`,
      async () => {
        const response = await request(`${live.origin}/notifications`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(notificationOf(questionId, live.userId)),
        });
        await response.body.dump();
      },
    );
    const baseline = await bare('sse', port + 5);
    try {
      const bareFigures = await fanOut(
        baseline.pid,
        `${baseline.url}/events`,
        () => ({}),
        'event: activity',
        async () => {
          const response = await request(`${baseline.url}/broadcast`, { method: 'POST' });
          await response.body.dump();
        },
      );
      return { streams: streamCount, ...server, bare: bareFigures };
    } finally {
      baseline.stop();
    }
  } finally {
    live.stop();
  }
}

async function staticPages({ port, outDir }) {
  const live = await startLive({ port, outDir, env: budget });
  const baseline = await bare('static', port + 5, outDir);
  try {
    const entry = /<script type="module"[^>]* src="([^"]+)"/.exec(readFileSync(`${outDir}/index.html`, 'utf8'))[1];
    const rows = [];
    for (const [name, path] of [
      ['index.html', '/'],
      ['entry script', entry],
    ]) {
      const brotli = { connections: 10, seconds: 5, headersOf: () => ({ 'accept-encoding': 'br' }) };
      const served = await load(`${live.origin}${path}`, brotli);
      const bareServed = await load(`${baseline.url}${path}`, brotli);
      rows.push({
        page: name,
        rps: served.rps,
        bareRps: bareServed.rps,
        rpsRatio: round2(served.rps / bareServed.rps),
        p99Ms: served.p99Ms,
      });
    }
    return rows;
  } finally {
    baseline.stop();
    live.stop();
  }
}

/** The three, each on servers of its own from `port` on (ten ports). */
export async function benchDoors({ port, outDir }) {
  const api = await apiDoor({ port, outDir });
  const events = await eventStream({ port: port + 10, outDir });
  const pages = await staticPages({ port: port + 20, outDir });
  return { settings: { ...budget, apiConnections: sessions, protocol: 'HTTP/1.1' }, api, events, pages };
}

/** The figures as the markdown table of the benchmark docs. */
export function doorsTable({ settings, api, events, pages }) {
  return [
    `Settings: UPSTREAM_RATE=${settings.UPSTREAM_RATE}, UPSTREAM_BURST=${settings.UPSTREAM_BURST} (out of the way), ${settings.protocol}, the API door at ${settings.apiConnections} signed-in sessions.`,
    '',
    '| door | figure | Seller Desk | bare baseline | ratio |',
    '|---|---|---|---|---|',
    `| API door | added latency p50 / p99 ms (upstream alone ${api.directP50Ms} / ${api.directP99Ms}) | ${api.addedP50Ms} / ${api.addedP99Ms} | ${api.bareAddedP50Ms} / ${api.bareAddedP99Ms} | – |`,
    `| API door | requests/s at ${settings.apiConnections} sessions (p50 / p99 ms) | ${api.rps} (${api.busyP50Ms} / ${api.busyP99Ms}) | ${api.bareRps} (${api.bareBusyP50Ms} / ${api.bareBusyP99Ms}) | ${api.rpsRatio} |`,
    `| API door | CPU µs per request at ${settings.apiConnections} sessions (ratio: bare / door) | ${api.cpuUsPerRequest} | ${api.bareCpuUsPerRequest} | ${api.cpuRatio} |`,
    `| event stream | memory per stream KB, ${events.streams} open | ${events.kbPerStream} | ${events.bare.kbPerStream} | – |`,
    `| event stream | one entry to all ${events.streams} ms (first → last) | ${events.toAllMs} (${events.firstToLastMs}) | ${events.bare.toAllMs} (${events.bare.firstToLastMs}) | – |`,
    ...pages.map((p) => `| static, Brotli | ${p.page} requests/s (p99 ${p.p99Ms} ms) | ${p.rps} | ${p.bareRps} | ${p.rpsRatio} |`),
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const doors = await benchDoors({ port: Number(process.env.BENCH_PORT ?? 4500), outDir: process.env.OUT_DIR ?? 'dist' });
  console.log(JSON.stringify(doors, null, 2));
  console.log(doorsTable(doors));
}
