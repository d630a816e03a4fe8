import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createTokenBucket, type RateSettings } from '../../core/tokenBucket.ts';
import { topics, type Received, type Topic } from './store/activity.ts';
import type { Store } from './store/store.ts';
import type { Tokens } from './tokens.ts';
import type { Upstream } from './upstream.ts';
import type { Worker } from './worker.ts';

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

const missedFeedsEveryMs = 5 * 60_000;
const missedFeedsPage = 50;

/**
 * Receiving: `POST /notifications` (and the missed feeds, through the same door) checks the body, stores
 * it once per `_id` and wakes the worker; the slow part happens after the answer.
 */
export function registerNotifications(
  app: FastifyInstance,
  deps: { store: Store; tokens: Tokens; worker: Worker; upstream: Upstream; apiUrl: string; clientId: string | undefined },
  options: { limits?: IntakeLimits | undefined } = {},
) {
  const { store, tokens, worker, clientId } = deps;
  const dropped = new Map<Outcome, number>();
  const limit = createIntakeLimiter(options.limits ?? defaultIntakeLimits);
  const limitLoggedAt = new Map<Limited, number>();
  const receive = createBatchedReceive((batch) => worker.receive(() => store.activity.receive(batch)));

  const count = (outcome: Outcome) => dropped.set(outcome, (dropped.get(outcome) ?? 0) + 1);
  /** Counts a drop and logs it with the reason and the running counts; the body itself stays out of the log. */
  function drop(outcome: Outcome, log: FastifyBaseLogger, id?: string) {
    count(outcome);
    log.warn({ notification: id, reason: outcome, dropped: Object.fromEntries(dropped) }, 'notification dropped');
  }

  async function intake(body: unknown, log: FastifyBaseLogger): Promise<Outcome> {
    const parsed = notification.safeParse(body);
    const outcome = parsed.success ? await accept(parsed.data) : 'bad_shape';
    if (outcome === 'stored') worker.kick();
    else if (outcome !== 'repeat') drop(outcome, log, parsed.data?._id);
    return outcome;
  }

  async function accept(body: z.infer<typeof notification>): Promise<Outcome> {
    if (clientId === undefined || body.application_id !== clientId) return 'other_app';
    const topic = topics.find((known) => known === body.topic);
    if (!topic) return 'other_topic';
    if (!resourcePatterns[topic].test(body.resource)) return 'bad_shape';
    return receive({ id: body._id, userId: body.user_id, topic, resource: body.resource });
  }

  app.post(
    '/notifications',
    {
      // Two info lines a request were a good part of a burst's cost; drops and failures still log (warn, error).
      logLevel: 'warn',
      // Before the body is read, so a flood costs little; 200, so the marketplace never waits or retries.
      onRequest: async (request, reply) => {
        const over = limit(request.ip);
        if (!over) return;
        const now = performance.now();
        if (now - (limitLoggedAt.get(over) ?? -Infinity) >= limitLogEveryMs) {
          limitLoggedAt.set(over, now);
          drop(over, request.log);
        } else count(over);
        return reply.code(200).send({ status: 'ok' });
      },
    },
    async (request, reply) => {
      const outcome = await intake(request.body, request.log);
      if (outcome === 'bad_shape') return reply.code(400).send({ error: 'bad_request', message: 'Not a notification' });
      return reply.code(200).send({ status: 'ok' });
    },
  );

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
      for (const message of page.messages) await intake(message, app.log);
      if (page.messages.length < missedFeedsPage || offset + missedFeedsPage >= page.total) return;
    }
  }

  const recover = () => recoverMissed().catch((error: unknown) => app.log.warn({ reason: errorName(error) }, 'missed feeds not read'));
  const timer = setInterval(recover, missedFeedsEveryMs);
  timer.unref();
  app.addHook('onReady', async () => void recover());
  app.addHook('onClose', async () => clearInterval(timer));
}

const missedFeeds = z.object({ messages: z.array(z.unknown()), total: z.number().int() });

const errorName = (error: unknown) => (error instanceof Error ? ((error as { code?: string }).code ?? error.message) : 'failed');
