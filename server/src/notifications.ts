import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { request as upstreamRequest } from 'undici';
import { z } from 'zod';
import { topics, type Topic } from './store/activity.ts';
import type { Store } from './store/store.ts';
import type { Tokens } from './tokens.ts';
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

type Outcome = 'stored' | 'repeat' | 'other_app' | 'unknown_seller' | 'other_topic' | 'bad_shape';

const missedFeedsEveryMs = 5 * 60_000;
const missedFeedsPage = 50;

/**
 * Receiving: `POST /notifications` (and the missed feeds, through the same door) checks the body, stores
 * it once per `_id` and wakes the worker; the slow part happens after the answer.
 */
export function registerNotifications(
  app: FastifyInstance,
  deps: { store: Store; tokens: Tokens; worker: Worker; apiUrl: string; clientId: string | undefined },
) {
  const { store, tokens, worker, clientId } = deps;
  const dropped = new Map<Outcome, number>();

  async function intake(body: unknown, log: FastifyBaseLogger): Promise<Outcome> {
    const parsed = notification.safeParse(body);
    const outcome = parsed.success ? await accept(parsed.data) : 'bad_shape';
    if (outcome === 'stored') worker.kick();
    else if (outcome !== 'repeat') {
      dropped.set(outcome, (dropped.get(outcome) ?? 0) + 1);
      // The reason and the running count; the body itself stays out of the log.
      log.warn({ notification: parsed.data?._id, reason: outcome, dropped: Object.fromEntries(dropped) }, 'notification dropped');
    }
    return outcome;
  }

  async function accept(body: z.infer<typeof notification>): Promise<Outcome> {
    if (clientId === undefined || body.application_id !== clientId) return 'other_app';
    const topic = topics.find((known) => known === body.topic);
    if (!topic) return 'other_topic';
    if (!resourcePatterns[topic].test(body.resource)) return 'bad_shape';
    return worker.receive(() => store.activity.receive({ id: body._id, userId: body.user_id, topic, resource: body.resource }));
  }

  app.post('/notifications', async (request, reply) => {
    const outcome = await intake(request.body, request.log);
    if (outcome === 'bad_shape') return reply.code(400).send({ error: 'bad_request', message: 'Not a notification' });
    return reply.code(200).send({ status: 'ok' });
  });

  /** `GET /missed_feeds` with any connected seller's token, every message through the intake. */
  async function recoverMissed(): Promise<void> {
    const accountId = await store.activity.anyAccount();
    if (!accountId || clientId === undefined) return;
    const token = await tokens.accessToken(accountId);
    for (let offset = 0; ; offset += missedFeedsPage) {
      const query = new URLSearchParams({ app_id: clientId, offset: String(offset), limit: String(missedFeedsPage) });
      const response = await upstreamRequest(`${deps.apiUrl}/missed_feeds?${query}`, {
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        signal: AbortSignal.timeout(10_000),
      });
      const text = await response.body.text();
      if (response.statusCode !== 200) throw new Error(`GET /missed_feeds answered ${response.statusCode}`);
      const page = missedFeeds.parse(JSON.parse(text));
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
