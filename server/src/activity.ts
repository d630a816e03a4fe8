import { once } from 'node:events';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from './config.ts';
import { readableKinds } from '../../core/permissions.ts';
import { can, type Role } from '../../core/roles.ts';
import { isNavigation } from './door.ts';
import { sameOriginWrite, type SessionCookies } from './session.ts';
import type { ActivityEntry, Kind } from './store/activity.ts';
import type { LeadReview } from './store/leadReviews.ts';
import type { JobSummary } from '../../core/stockBulk.ts';
import { summary } from './store/stockJobs.ts';
import type { Session, Store } from './store/store.ts';

const pingMs = 15_000;
/**
 * Streams one session may keep open on an instance: a few tabs. One more is refused (429) rather than an
 * older one closed: the app reopens a closed stream within a second, so closing the oldest would have seven
 * tabs take turns forever, while a refused tab retries with backoff and gets in when another closes.
 */
export const streamsPerSession = 6;
/** What may wait in the server for a client that does not read; past it the stream is dropped. */
const maxBufferedBytes = 256 * 1024;
/** How long a catch-up waits for the client to take what it was sent before dropping the stream. */
const drainMs = 30_000;
/** Live entries a stream holds back while its catch-up is sent; past this it is dropped (and catches up again). */
const maxHeld = 1000;
const signedOut = { error: 'signed_out', message: 'Sign in to continue' };
const entryId = z.string().regex(/^\d{1,18}$/);

const listQuery = z.object({
  kind: z.enum(['question', 'item', 'recategorization', 'stock', 'fulfillment-operation', 'credit-lead'] satisfies Kind[]).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  before: entryId.optional(),
});
/** What a stream or a request reads: the active account, and the kinds of entry the person's role on it may read. */
interface Active {
  sessionKey: string;
  accountId: string;
  role: Role;
  kinds: readonly Kind[];
  /**
   * The accounts whose credit-lead reviews come over the stream: every account of the person's where their role
   * reads credit leads, not only the active one ("All my accounts" shows them all in one list).
   */
  leadAccounts: readonly string[];
  /** Stock: the progress of the account's bulk stock jobs comes over the stream too. */
  readsStock: boolean;
}

const readBody = z.union([z.object({ all: z.literal(true) }), z.object({ ids: z.array(entryId).min(1).max(500) })]);

/** An SSE connection: the session it belongs to and how to send it an entry. */
interface Listener extends Active {
  send(entry: ActivityEntry): void;
  /** A lead's review changed: sent as `event: lead-review` (no id: the catch-up is of activity entries only). */
  sendReview(review: LeadReview & { accountId: string; sandbox: boolean }): void;
  /** A bulk stock job moved: sent as `event: stock-job` (no id, like reviews). */
  sendJob(job: JobSummary): void;
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
    if (message.kind === 'lead-review') {
      const { accountId, sandbox, leadId } = message;
      store.leadReviews
        .get(accountId, sandbox, leadId)
        .then((review) => {
          if (!review) return;
          for (const listener of listeners)
            if (listener.leadAccounts.includes(accountId)) listener.sendReview({ ...review, accountId, sandbox });
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'lead review not delivered'));
      return;
    }
    if (message.kind === 'stock-job') {
      const { accountId, jobId } = message;
      store.stockJobs
        .get(accountId, jobId)
        .then((job) => {
          if (!job) return;
          const sent = summary(job);
          for (const listener of listeners) if (listener.accountId === accountId && listener.readsStock) listener.sendJob(sent);
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'stock job progress not delivered'));
      return;
    }
    store.activity
      .entry(message.id)
      .then((entry) => {
        if (!entry) return;
        for (const listener of listeners)
          if (listener.accountId === entry.accountId && listener.kinds.includes(entry.kind)) listener.send(entry);
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'activity entry not delivered'));
  });
  // Streams open while the bus is down would miss entries without a word: they end, and the browser's
  // reconnection (refused while it is down) catches up from its Last-Event-ID once it is back.
  const unwatch = store.bus.onChange((down) => {
    if (down === undefined) return app.log.info('activity bus listening again');
    app.log.error({ reason: down }, 'activity bus down; its streams end until it is back');
    for (const listener of listeners) listener.end();
  });
  // Open streams would keep the server from closing.
  app.addHook('preClose', async () => {
    unsubscribe();
    unwatch();
    for (const listener of listeners) listener.end();
  });

  /**
   * The session's active account while it is served: its person is a member (a removal or a disconnect moves
   * the session's active account, and is published) and the marketplace has not ended its sign-in.
   */
  const served = (session: Session | undefined) =>
    session?.accounts.find((account) => account.id === session.activeAccountId && !account.needsSignIn);

  /** The session's active account and what the person's role on it may read of its activity. */
  const activeOf = (session: Session | undefined): Active | undefined => {
    const account = served(session);
    return session && account
      ? {
          sessionKey: session.key,
          accountId: account.id,
          role: account.role,
          kinds: readableKinds(account.role),
          leadAccounts: session.accounts.filter((a) => !a.needsSignIn && can(a.role, 'credits.read')).map((a) => a.id),
          readsStock: can(account.role, 'stock.read'),
        }
      : undefined;
  };

  const activeAccount = async (request: FastifyRequest) => activeOf(await cookies.read(request));

  /**
   * Whether the stream may go on: its session still exists and still has this account active and served, with
   * the same role and the same accounts whose lead reviews it carries (a role changed is a stream opened again,
   * reading what the new role may).
   */
  async function stillActive(listener: Listener): Promise<boolean> {
    const now = activeOf(await store.getSessionByKey(listener.sessionKey));
    return now?.accountId === listener.accountId && now.role === listener.role && now.leadAccounts.join() === listener.leadAccounts.join();
  }

  const streamsOf = (sessionKey: string) => [...listeners].filter((listener) => listener.sessionKey === sessionKey).length;

  app.get<{ Querystring: { lastEventId?: string } }>('/events', async (request, reply) => {
    const active = await activeAccount(request);
    if (!active) return reply.code(401).send(signedOut);
    const busDown = store.bus.down();
    if (busDown) return reply.code(503).send({ error: 'unavailable', message: 'Live activity is paused; try again shortly' });
    if (streamsOf(active.sessionKey) >= streamsPerSession)
      return reply.code(429).send({ error: 'too_many_streams', message: `At most ${streamsPerSession} open streams per session` });
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

    let closed = false;
    const stopped = new AbortController();
    /** Answers whether the client keeps up; one that lets too much wait in the server is dropped. */
    const write = (text: string): boolean => {
      if (closed) return false;
      const keepingUp = raw.write(text);
      if (raw.writableLength > maxBufferedBytes) {
        request.log.warn({ bufferedBytes: raw.writableLength }, 'event stream dropped: the client does not read');
        end(true);
      }
      return keepingUp;
    };
    const event = (entry: ActivityEntry) => write(`id: ${entry.id}\nevent: activity\ndata: ${JSON.stringify(entry)}\n\n`);
    // Live entries that come while the catch-up is read and sent wait for it, so they follow it in order.
    let held: ActivityEntry[] | undefined = lastEventId ? [] : undefined;
    // Also on every ping: a session purged for idling publishes nothing.
    const recheck = (then?: () => void) =>
      stillActive(listener).then(
        (ok) => (ok ? then?.() : end()),
        () => end(),
      );
    const listener: Listener = {
      ...active,
      send(entry) {
        if (closed) return;
        if (!held) return void event(entry);
        held.push(entry);
        if (held.length > maxHeld) {
          request.log.warn({ held: held.length }, 'event stream dropped: too much arrived during its catch-up');
          end(true);
        }
      },
      sendReview(review) {
        write(`event: lead-review\ndata: ${JSON.stringify(review)}\n\n`);
      },
      sendJob(job) {
        write(`event: stock-job\ndata: ${JSON.stringify(job)}\n\n`);
      },
      recheck: () => void recheck(),
      end,
    };
    const ping = setInterval(() => void recheck(() => write(': ping\n\n')), pingMs);
    function end(destroy = false) {
      if (closed) return;
      closed = true;
      clearInterval(ping);
      stopped.abort();
      listeners.delete(listener);
      // What waits for a client that does not read is let go at once, not sent first.
      if (destroy) raw.destroy();
      else raw.end();
    }
    raw.on('close', () => end());
    write(': connected\n\n');
    // Listening before the catch-up read, so nothing stored in between is missed.
    listeners.add(listener);
    if (!lastEventId) return;
    try {
      const caughtUp = await store.activity.entriesAfter(active.accountId, active.kinds, lastEventId);
      for (const entry of caughtUp) {
        if (closed) return;
        // Sent as fast as the client takes them, not heaped up in the server.
        if (!event(entry)) await once(raw, 'drain', { signal: AbortSignal.any([stopped.signal, AbortSignal.timeout(drainMs)]) });
      }
      // Only while the catch-up runs are ids remembered, to drop what it and the live entries both bring.
      const sent = new Set(caughtUp.map((entry) => entry.id));
      const waiting = held ?? [];
      held = undefined;
      for (const entry of waiting) if (!sent.has(entry.id)) event(entry);
    } catch (error) {
      // The store failed, or the client took nothing for drainMs (or left, which needs no word).
      if (!closed) request.log.warn({ err: error }, 'event stream dropped during its catch-up');
      end(true);
    }
  });

  app.get('/activity', async (request, reply) => {
    // The app's own page has the same address: a browser opening it (a bookmark, a reload) gets the page.
    if (isNavigation(request)) return reply.callNotFound();
    const active = await activeAccount(request);
    if (!active) return reply.code(401).send(signedOut);
    const query = listQuery.safeParse(request.query);
    if (!query.success) return reply.code(400).send({ error: 'bad_request', message: 'kind, limit (1-200) or before is not valid' });
    const [entries, unread] = await Promise.all([
      store.activity.entries(active.accountId, active.kinds, query.data),
      store.activity.unread([{ id: active.accountId, kinds: active.kinds }]),
    ]);
    return { entries, unread: unread.get(active.accountId) ?? 0 };
  });

  app.post('/activity/read', { preHandler: csrf }, async (request, reply) => {
    const active = await activeAccount(request);
    if (!active) return reply.code(401).send(signedOut);
    const body = readBody.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: 'bad_request', message: 'Send {"ids": ["12"]} or {"all": true}' });
    await store.activity.markRead(active.accountId, active.kinds, 'all' in body.data ? 'all' : body.data.ids);
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
