import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createTokenBucket, type RateSettings } from '../../core/tokenBucket.ts';
import { topics, type Received, type Topic } from './store/activity.ts';
import type { Store } from './store/store.ts';
import type { Tokens } from './tokens.ts';
import type { Upstream } from './upstream.ts';
import type { Worker } from './worker.ts';
import type { RawRoute } from './app.ts';
import { dataHeaders, hsts, requestIdOf } from './web.ts';

/** The resource each topic names; anything else is not read with a seller's token. */
const resourcePatterns: Record<Topic, RegExp> = {
  questions: /^\/questions\/\d{1,20}$/,
  items: /^\/items\/[A-Z]{3}\d{1,20}$/,
  'stock-location': /^\/user-products\/[\w-]{1,64}\/stock$/,
  fbm_stock_operations: /^\/stock\/fulfillment\/operations\/\d{1,20}$/,
  'leads-credits': /^\/vis\/loans\/[\w-]{1,64}$/,
};

const id = z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,20}$/)]).transform(String);

/** The marketplace's notification body (sign-in-and-notifications.md); only what the intake uses is strict. */
const notification = z.object({
  _id: z.string().min(1).max(200),
  resource: z.string().min(1).max(500),
  user_id: id,
  topic: z.string().min(1).max(100),
  // A number at the marketplace; compared as text with OAUTH_CLIENT_ID (a simulator's app id is a name).
  application_id: z.union([z.number().int(), z.string().min(1).max(100)]).transform(String),
  attempts: z.number().int().optional(),
  sent: z.string().optional(),
  received: z.string().optional(),
  actions: z.array(z.unknown()).nullish(),
});

type Outcome = 'stored' | 'repeat' | 'other_app' | 'unknown_seller' | 'other_topic' | 'bad_shape' | Limited;
type Limited = 'address_limit' | 'total_limit';
type TokenBucket = ReturnType<typeof createTokenBucket>;

/** What `POST /notifications` takes in, per instance: per source address and from all together. */
export interface IntakeLimits {
  perAddress: RateSettings;
  total: RateSettings;
}

/**
 * Anyone can post a notification naming a connected seller (nothing is signed), and each costs the worker
 * reads of that seller's quota. A few hundred sellers get a few notifications a second on average; a bulk
 * edit of a thousand listings, about a thousand within a minute or two. So one address may send 20 a second
 * after a burst of 200, all of them 50 a second after 500: what the worker cannot read at that pace waits
 * in the store, and one flooding address leaves the marketplace more than half of the total.
 */
const defaultIntakeLimits: IntakeLimits = { perAddress: { burst: 200, perSecond: 20 }, total: { burst: 500, perSecond: 50 } };
/** Addresses remembered at once; the least recently seen is forgotten first (so a flood of addresses costs no memory). */
const maxAddresses = 10_000;
/** Drops over a limit are logged at most this often per reason (each line has the running count). */
const limitLogEveryMs = 1_000;

function createIntakeLimiter(limits: IntakeLimits) {
  const clock = () => performance.now();
  const total = createTokenBucket(limits.total, clock);
  const addresses = new Map<string, TokenBucket>();
  /** Takes one delivery from `address`: the limit it is over, or undefined when it may go on. */
  return (address: string): Limited | undefined => {
    const bucket = addresses.get(address) ?? createTokenBucket(limits.perAddress, clock);
    // Map order is insertion order: re-inserting keeps the least recently seen first.
    addresses.delete(address);
    addresses.set(address, bucket);
    if (addresses.size > maxAddresses) addresses.delete(addresses.keys().next().value!);
    // An address over its own limit takes nothing from the total, so it cannot crowd out the others.
    if (bucket.take() === 0) return 'address_limit';
    return total.take() === 1 ? undefined : 'total_limit';
  };
}

type Receipt = Awaited<ReturnType<Store['activity']['receive']>>[number];
/** At most this many arrivals go into one insert. */
const maxBatch = 500;

/**
 * Group commit: arrivals while an insert is in flight wait and go together in the next one, so a burst of
 * hundreds costs a few statements instead of one each (PGlite runs one at a time, PostgreSQL's pool has ten
 * connections), and each request is answered once the statement holding its notification has committed.
 */
function createBatchedReceive(insert: (batch: Received[]) => Promise<Receipt[]>) {
  const waiting: { notification: Received; resolve: (receipt: Receipt) => void; reject: (error: unknown) => void }[] = [];
  let flushing = false;
  async function flush() {
    while (waiting.length > 0) {
      const batch = waiting.splice(0, maxBatch);
      try {
        const receipts = await insert(batch.map((one) => one.notification));
        batch.forEach((one, at) => one.resolve(receipts[at]!));
      } catch (error) {
        for (const one of batch) one.reject(error);
      }
    }
    flushing = false;
  }
  return (notification: Received) =>
    new Promise<Receipt>((resolve, reject) => {
      waiting.push({ notification, resolve, reject });
      if (flushing) return;
      flushing = true;
      // After the arrivals of this turn of the event loop have joined.
      setImmediate(() => void flush());
    });
}

/** The largest body taken, as Fastify takes it on every other route (app.ts's bodyLimit). */
const bodyLimit = 64 * 1024;

/** Which hops' addresses are believed (app.ts's `proxyTrust`): none, a test by position, or the proxies' addresses. */
type Trust = false | ((address: string, hop: number) => boolean) | string[];

const missedFeedsEveryMs = 5 * 60_000;
const missedFeedsPage = 50;

/**
 * Receiving: `POST /notifications` (and the missed feeds, through the same door) checks the body, stores
 * it once per `_id` and wakes the worker; the slow part happens after the answer. The route is the server
 * listener's own, ahead of Fastify (app.ts): a burst of 400 cost the event loop about 60 ms in Fastify's
 * per-request path alone (request and reply objects, request id, child logger, hooks, parsing, serializing),
 * on the thread the embedded store's statements run on too. Returned for app.ts to put in front.
 */
export function registerNotifications(
  app: FastifyInstance,
  deps: { store: Store; tokens: Tokens; worker: Worker; upstream: Upstream; apiUrl: string; clientId: string | undefined },
  options: { limits?: IntakeLimits | undefined; trust?: Trust } = {},
): RawRoute {
  const { store, tokens, worker, clientId } = deps;
  const dropped = new Map<Outcome, number>();
  const limit = createIntakeLimiter(options.limits ?? defaultIntakeLimits);
  const limitLoggedAt = new Map<Limited, number>();
  const receive = createBatchedReceive((batch) => worker.receive(() => store.activity.receive(batch)));

  const count = (outcome: Outcome) => dropped.set(outcome, (dropped.get(outcome) ?? 0) + 1);
  /** Counts a drop and logs it with the reason and the running counts; the body itself stays out of the log. */
  function drop(outcome: Outcome, reqId: string | undefined, id?: string) {
    count(outcome);
    app.log.warn({ reqId, notification: id, reason: outcome, dropped: Object.fromEntries(dropped) }, 'notification dropped');
  }

  /** A delivery (`reqId`, the request's id) or a missed feed's message (none). */
  async function intake(body: unknown, reqId: string | undefined): Promise<Outcome> {
    const parsed = notification.safeParse(body);
    const outcome = parsed.success ? await accept(parsed.data) : 'bad_shape';
    if (outcome === 'stored') worker.kick();
    else if (outcome !== 'repeat') drop(outcome, reqId, parsed.data?._id);
    return outcome;
  }

  async function accept(body: z.infer<typeof notification>): Promise<Outcome> {
    if (clientId === undefined || body.application_id !== clientId) return 'other_app';
    const topic = topics.find((known) => known === body.topic);
    if (!topic) return 'other_topic';
    if (!resourcePatterns[topic].test(body.resource)) return 'bad_shape';
    return receive({ id: body._id, userId: body.user_id, topic, resource: body.resource });
  }

  const address = clientAddress(options.trust ?? false);

  /** `POST /notifications`, answered by the server's listener itself (see `RawRoute`). */
  async function serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const id = requestIdOf(request.headers);
    const reply = (status: number, body: object) => answer(request, response, id, status, body);
    // Before the body is read, so a flood costs little; 200, so the marketplace never waits or retries.
    const over = limit(address(request));
    if (over) {
      request.resume();
      const now = performance.now();
      if (now - (limitLoggedAt.get(over) ?? -Infinity) >= limitLogEveryMs) {
        limitLoggedAt.set(over, now);
        drop(over, id);
      } else count(over);
      return reply(200, { status: 'ok' });
    }
    if (!/^application\/json\s*(;|$)/i.test(request.headers['content-type'] ?? '')) {
      request.resume();
      return reply(415, { error: 'unsupported_media_type', message: 'A notification is sent as application/json' });
    }
    const text = await readBody(request);
    if (text === undefined) return reply(413, { error: 'too_large', message: `A notification is at most ${bodyLimit / 1024} KB` });
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return reply(400, { error: 'bad_request', message: 'Not a notification' });
    }
    const outcome = await intake(body, id);
    if (outcome === 'bad_shape') return reply(400, { error: 'bad_request', message: 'Not a notification' });
    return reply(200, { status: 'ok' });
  }

  /** `GET /missed_feeds` with any connected seller's token, every message through the intake. */
  async function recoverMissed(): Promise<void> {
    const accountId = await store.activity.anyAccount();
    if (!accountId || clientId === undefined) return;
    const token = await tokens.accessToken(accountId);
    for (let offset = 0; ; offset += missedFeedsPage) {
      const query = new URLSearchParams({ app_id: clientId, offset: String(offset), limit: String(missedFeedsPage) });
      const response = await deps.upstream.call(
        `${deps.apiUrl}/missed_feeds?${query}`,
        { headers: { authorization: `Bearer ${token}`, accept: 'application/json' }, timeoutMs: 10_000 },
        { priority: 'background', account: accountId },
      );
      if (response.status !== 200) throw new Error(`GET /missed_feeds answered ${response.status}`);
      const page = missedFeeds.parse(JSON.parse(response.payload.toString('utf8')));
      for (const message of page.messages) await intake(message, undefined);
      if (page.messages.length < missedFeedsPage || offset + missedFeedsPage >= page.total) return;
    }
  }

  const recover = () => recoverMissed().catch((error: unknown) => app.log.warn({ reason: errorName(error) }, 'missed feeds not read'));
  const timer = setInterval(recover, missedFeedsEveryMs);
  timer.unref();
  app.addHook('onReady', async () => void recover());
  app.addHook('onClose', async () => clearInterval(timer));

  return (request, response) => {
    if (request.method !== 'POST' || request.url?.split('?')[0] !== '/notifications') return false;
    serve(request, response).catch((error: unknown) => {
      app.log.error({ err: error, path: '/notifications' }, 'notification not received');
      if (!response.headersSent) answer(request, response, requestIdOf(request.headers), 500, { error: 'internal', message: 'Try again' });
      else response.destroy();
    });
    return true;
  };
}

const missedFeeds = z.object({ messages: z.array(z.unknown()), total: z.number().int() });

const errorName = (error: unknown) => (error instanceof Error ? ((error as { code?: string }).code ?? error.message) : 'failed');

/** The body, up to `bodyLimit` bytes (undefined past it), as Fastify's other routes take it (app.ts). */
async function readBody(request: IncomingMessage): Promise<string | undefined> {
  if (Number(request.headers['content-length']) > bodyLimit) {
    request.resume();
    return undefined;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > bodyLimit) {
      request.resume();
      return undefined;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A JSON answer with the headers every JSON answer of the server carries (web.ts's `securityHeaders`). */
function answer(request: IncomingMessage, response: ServerResponse, id: string, status: number, body: object): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    ...dataHeaders,
    ...((request.socket as TLSSocket).encrypted ? { 'strict-transport-security': hsts } : {}),
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    'x-request-id': id,
  });
  response.end(text);
}

/** The client's address, as Fastify's `request.ip` reads it with the same trust (app.ts's `proxyTrust`). */
function clientAddress(trust: Trust): (request: IncomingMessage) => string {
  if (trust === false) return (request) => request.socket.remoteAddress ?? '';
  const trusted = Array.isArray(trust) ? proxyAddr.compile(trust) : trust;
  return (request) => proxyAddr(request, trusted);
}
