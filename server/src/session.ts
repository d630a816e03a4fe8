import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from './config.ts';
import { randomId } from './secrets.ts';
import { sessionLimits, type Session, type Store } from './store/store.ts';

/**
 * The browser's only credential: an HttpOnly, signed cookie holding a random session id. On https it uses
 * the `__Host-` prefix, which browsers accept only Secure, host-only and for path /.
 */
export function createSessionCookies(config: Config, store: Store) {
  const secure = config.publicUrl.protocol === 'https:';
  const name = secure ? '__Host-seller-desk-session' : 'seller-desk-session';
  const options = { httpOnly: true, sameSite: 'lax', secure, path: '/', signed: true } as const;

  function rawId(request: FastifyRequest): string | undefined {
    const cookie = request.cookies[name];
    if (!cookie) return undefined;
    const unsigned = request.unsignCookie(cookie);
    return unsigned.valid && unsigned.value ? unsigned.value : undefined;
  }

  return {
    async read(request: FastifyRequest): Promise<Session | undefined> {
      const id = rawId(request);
      return id === undefined ? undefined : store.getSession(id);
    },
    /** Sends a fresh id for the session (every sign-in gets one) and returns the session's store key. */
    async issue(reply: FastifyReply, existingKey?: string): Promise<string> {
      const id = randomId();
      const key = existingKey ? await store.renameSession(existingKey, id) : await store.createSession(id);
      reply.setCookie(name, id, { ...options, maxAge: sessionLimits.absoluteMs / 1000 });
      return key;
    },
    clear(reply: FastifyReply) {
      reply.clearCookie(name, options);
    },
  };
}

export type SessionCookies = ReturnType<typeof createSessionCookies>;

/** What the browser may know of a session: never a token. `unread` counts each account's unread activity. */
export function describeSession(config: Config, oauth: boolean, session: Session | undefined, unread = new Map<string, number>()) {
  const accounts = (session?.accounts ?? []).map((account) => ({
    id: account.userId,
    nickname: account.nickname,
    site_id: account.siteId,
    active: account.userId === session?.activeUserId,
    unread: unread.get(account.userId) ?? 0,
  }));
  return {
    mode: config.mode,
    signedIn: accounts.length > 0,
    oauth,
    accounts,
    activeAccountId: accounts.find((account) => account.active)?.id ?? null,
  };
}

/**
 * CSRF defence for writes: the request must come from the app's own origin (Origin, or Sec-Fetch-Site when a
 * browser leaves Origin out) and carry the header the app's client always sends, which a cross-site form
 * cannot set. Used as a preHandler; it answers 403 itself.
 */
const appHeader = 'x-seller-desk';

export function sameOriginWrite(config: Config) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!['POST', 'PUT', 'PATCH', 'DELETE'].includes(request.method)) return;
    const origin = request.headers.origin;
    const fromApp = origin !== undefined ? origin === config.publicUrl.origin : request.headers['sec-fetch-site'] === 'same-origin';
    if (!fromApp || request.headers[appHeader] !== '1') {
      return reply.code(403).send({ error: 'forbidden_origin', message: 'Writes are accepted only from Seller Desk itself' });
    }
  };
}
