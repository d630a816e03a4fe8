import type { FastifyReply, FastifyRequest } from 'fastify';
import { readableKinds } from '../../core/permissions.ts';
import { permissionsOf } from '../../core/roles.ts';
import type { Config } from './config.ts';
import { randomId } from './secrets.ts';
import { sessionLimits, type ConnectedAccount, type Session, type Store } from './store/store.ts';
import type { SignedInWith } from './store/audit.ts';
import type { SignInMethod } from './store/team.ts';

/** Verified cookies remembered at once; the oldest is forgotten first. */
const maxVerified = 10_000;

/**
 * The browser's only credential: an HttpOnly, signed cookie holding a random id of a person's session. On
 * https it uses the `__Host-` prefix, which browsers accept only Secure, host-only and for path /.
 */
export function createSessionCookies(config: Config, store: Store, oauth: boolean) {
  const secure = config.publicUrl.protocol === 'https:';
  const name = secure ? '__Host-seller-desk-session' : 'seller-desk-session';
  const options = { httpOnly: true, sameSite: 'lax', secure, path: '/', signed: true } as const;

  // Cookies whose signature checked out, and their ids: the door reads the cookie on every request, and its HMAC
  // was 3% of the door's time under load. Only a valid cookie is kept, so a stranger cannot fill it; a cookie
  // stays valid as long as the secret (the session behind it is still looked up every time).
  const verified = new Map<string, string>();
  function rawId(request: FastifyRequest): string | undefined {
    const cookie = request.cookies[name];
    if (!cookie) return undefined;
    const known = verified.get(cookie);
    if (known !== undefined) return known;
    const unsigned = request.unsignCookie(cookie);
    if (!unsigned.valid || !unsigned.value) return undefined;
    if (verified.size >= maxVerified) verified.delete(verified.keys().next().value!);
    verified.set(cookie, unsigned.value);
    return unsigned.value;
  }

  function send(reply: FastifyReply, id: string) {
    reply.setCookie(name, id, { ...options, maxAge: sessionLimits.absoluteMs / 1000 });
  }

  async function read(request: FastifyRequest): Promise<Session | undefined> {
    const id = rawId(request);
    return id === undefined ? undefined : store.getSession(id);
  }

  async function describe(session: Session | undefined) {
    const [unread, methods] = await Promise.all([
      store.activity.unread(session?.accounts.map((a) => ({ id: a.id, kinds: readableKinds(a.role) })) ?? []),
      session ? store.team.methods(session.person.id) : [],
    ]);
    return describeSession(config, oauth, session, { unread, methods });
  }

  return {
    read,

    /**
     * Signs a person in (`method`, kept in their own sign-ins): this browser's session, if any, ends, and a new
     * one with a new id begins (with `activeAccountId` active, else the person's earliest account). Answers its
     * store key.
     */
    async signIn(
      request: FastifyRequest,
      reply: FastifyReply,
      personId: string,
      method: SignedInWith,
      activeAccountId?: string,
    ): Promise<string> {
      const current = await read(request);
      if (current) await store.deleteSession(current.key);
      const id = randomId();
      const key = await store.createSession(id, personId, activeAccountId);
      await store.audit.signedIn(personId, method);
      send(reply, id);
      return key;
    },

    /**
     * The signed-in person connects a seller account ("Add account", a personal token): they become its
     * owner and it becomes active; a new credential entered the session, so it gets a new id.
     */
    async connect(request: FastifyRequest, reply: FastifyReply, session: Session, account: ConnectedAccount): Promise<string> {
      await store.connectAccount(session.person.id, account, request.id);
      const id = randomId();
      const key = await store.renameSession(session.key, id);
      await store.activate(key, account.id);
      send(reply, id);
      return key;
    },

    clear(reply: FastifyReply) {
      reply.clearCookie(name, options);
    },

    /** `GET /session`'s answer for a session. */
    describe,

    /** `GET /session`'s answer for the session of a store key (after a change). */
    describeKey: async (key: string) => describe(await store.getSessionByKey(key)),
  };
}

export type SessionCookies = ReturnType<typeof createSessionCookies>;

/**
 * What the browser may know of a session: never a token. `unread` counts each account's unread activity;
 * `permissions` are the person's on the active account (core/roles.ts), which the pages read to hide what
 * the role cannot do (the server enforces them at its doors).
 */
export function describeSession(
  config: Config,
  oauth: boolean,
  session: Session | undefined,
  extra: { unread: Map<string, number>; methods: SignInMethod[] } = { unread: new Map(), methods: [] },
) {
  const accounts = (session?.accounts ?? []).map((account) => ({
    id: account.id,
    nickname: account.nickname,
    site_id: account.siteId,
    active: account.id === session?.activeAccountId,
    unread: extra.unread.get(account.id) ?? 0,
    role: account.role,
    needsSignIn: account.needsSignIn,
  }));
  const active = session?.accounts.find((account) => account.id === session.activeAccountId);
  return {
    mode: config.mode,
    signedIn: session !== undefined,
    oauth,
    person: session ? { id: session.person.id, name: session.person.name, methods: extra.methods } : null,
    accounts,
    activeAccountId: active?.id ?? null,
    permissions: active ? permissionsOf(active.role) : [],
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
