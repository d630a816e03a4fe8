import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from './config.ts';
import { sameOriginWrite, type SessionCookies } from './session.ts';
import type { ActivityEntry, Kind } from './store/activity.ts';
import type { Store } from './store/store.ts';

const pingMs = 15_000;
const signedOut = { error: 'signed_out', message: 'Sign in to continue' };
const entryId = z.string().regex(/^\d{1,18}$/);

const listQuery = z.object({
  kind: z.enum(['question', 'item', 'recategorization', 'stock', 'fulfillment-operation', 'credit-lead'] satisfies Kind[]).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  before: entryId.optional(),
});
const readBody = z.union([z.object({ all: z.literal(true) }), z.object({ ids: z.array(entryId).min(1).max(500) })]);

/** An SSE connection: the session it belongs to and how to send it an entry. */
interface Listener {
  sessionKey: string;
  accountId: string;
  send(entry: ActivityEntry): void;
  /** Its session ended, switched or lost its account: the stream goes on only if it still has this account active. */
  recheck(): void;
  end(): void;
}

/**
 * The browser's side of activity: `GET /events` (SSE), `GET /activity`, `POST /activity/read` and
 * `POST /activity/:id/reviewed`, for the session's active account.
 */
export function registerActivity(app: FastifyInstance, deps: { config: Config; store: Store; cookies: SessionCookies }) {
  const { config, store, cookies } = deps;
  const csrf = sameOriginWrite(config);
  const listeners = new Set<Listener>();

  // One read per published entry for all of this instance's connections, whichever instance stored it. A
  // session's end or switch is published too, so its streams need no check of their own per entry.
  const unsubscribe = store.bus.subscribe((message) => {
    if (listeners.size === 0) return;
    if (message.kind === 'session') {
      for (const listener of listeners) if (listener.sessionKey === message.key) listener.recheck();
      return;
    }
    store.activity
      .entry(message.id)
      .then((entry) => {
        if (!entry) return;
        for (const listener of listeners) if (listener.accountId === entry.accountId) listener.send(entry);
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'activity entry not delivered'));
  });
  store.bus.onError((error) => app.log.error({ err: error }, 'activity bus connection failed'));
  // Open streams would keep the server from closing.
  app.addHook('preClose', async () => {
    unsubscribe();
    for (const listener of listeners) listener.end();
  });

  async function activeAccount(request: FastifyRequest) {
    const session = await cookies.read(request);
    return session?.activeAccountId ? { sessionKey: session.key, accountId: session.activeAccountId } : undefined;
  }

  /**
   * Whether the stream may go on: the session still exists, and its person is still a member of this account
   * and has it active (a removal or a disconnect moves the session's active account and is published).
   */
  async function stillActive(listener: Listener): Promise<boolean> {
    const session = await store.getSessionByKey(listener.sessionKey);
    return session?.activeAccountId === listener.accountId;
  }

  app.get<{ Querystring: { lastEventId?: string } }>('/events', async (request, reply) => {
    const active = await activeAccount(request);
    if (!active) return reply.code(401).send(signedOut);
    const given = request.headers['last-event-id'] ?? request.query.lastEventId;
    const lastEventId = entryId.safeParse(given).success ? (given as string) : undefined;

    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    });
    raw.write(': connected\n\n');

    const sent = new Set<string>();
    const write = (entry: ActivityEntry) => {
      if (sent.has(entry.id)) return;
      sent.add(entry.id);
      raw.write(`id: ${entry.id}\nevent: activity\ndata: ${JSON.stringify(entry)}\n\n`);
    };
    let closed = false;
    // Also on every ping: a session purged for idling publishes nothing.
    const recheck = (then?: () => void) =>
      stillActive(listener).then(
        (ok) => (ok ? then?.() : end()),
        () => end(),
      );
    const listener: Listener = {
      ...active,
      send(entry) {
        if (!closed) write(entry);
      },
      recheck: () => void recheck(),
      end,
    };
    const ping = setInterval(() => void recheck(() => raw.write(': ping\n\n')), pingMs);
    function end() {
      if (closed) return;
      closed = true;
      clearInterval(ping);
      listeners.delete(listener);
      raw.end();
    }
    raw.on('close', end);
    // Listening before the catch-up read, so nothing stored in between is missed (`sent` drops repeats).
    listeners.add(listener);
    if (lastEventId) {
      try {
        for (const entry of await store.activity.entriesAfter(active.accountId, lastEventId)) write(entry);
      } catch (error) {
        request.log.error({ err: error }, 'activity catch-up failed');
        end();
      }
    }
  });

  app.get('/activity', async (request, reply) => {
    // The app's own page has the same address: a browser opening it (a bookmark, a reload) gets the page.
    if (request.headers['sec-fetch-mode'] === 'navigate' || /\btext\/html\b/.test(request.headers.accept ?? ''))
      return reply.callNotFound();
    const active = await activeAccount(request);
    if (!active) return reply.code(401).send(signedOut);
    const query = listQuery.safeParse(request.query);
    if (!query.success) return reply.code(400).send({ error: 'bad_request', message: 'kind, limit (1-200) or before is not valid' });
    const [entries, unread] = await Promise.all([
      store.activity.entries(active.accountId, query.data),
      store.activity.unread([active.accountId]),
    ]);
    return { entries, unread: unread.get(active.accountId) ?? 0 };
  });

  app.post('/activity/read', { preHandler: csrf }, async (request, reply) => {
    const active = await activeAccount(request);
    if (!active) return reply.code(401).send(signedOut);
    const body = readBody.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: 'bad_request', message: 'Send {"ids": ["12"]} or {"all": true}' });
    await store.activity.markRead(active.accountId, 'all' in body.data ? 'all' : body.data.ids);
    return reply.code(204).send();
  });

  app.post<{ Params: { id: string } }>('/activity/:id/reviewed', { preHandler: csrf }, async (request, reply) => {
    const active = await activeAccount(request);
    if (!active) return reply.code(401).send(signedOut);
    const entry = entryId.safeParse(request.params.id).success
      ? await store.activity.markReviewed(active.accountId, request.params.id)
      : undefined;
    if (!entry) return reply.code(404).send({ error: 'not_found', message: 'No such recategorization for this account' });
    return entry;
  });
}
