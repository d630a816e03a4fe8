import * as oauth from 'oauth4webapi';
import { invitationState } from '../../core/team.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { invitationAccepted } from './audit.ts';
import type { Config } from './config.ts';
import { OAuthRefusal, type Marketplace } from './marketplace.ts';
import { signInConfirmPage, signInProblemPage, type SignInProblem } from './pages.ts';
import { randomId } from './secrets.ts';
import { sameOriginWrite, type SessionCookies } from './session.ts';
import type { OAuthState, Store } from './store/store.ts';

/** Binds a sign-in's `state` to the browser that started it (login CSRF). */
const stateCookie = 'seller-desk-signin';

/** Whitespace and control characters (`\p{Cc}`: C0, DEL, C1), which URL parsers drop or browsers reinterpret, and `\\`. */
const unsafeInUrl = /[\s\p{Cc}\\]/u;
const unsafeInPath = /[\p{Cc}\\]/u;

/**
 * Where a sign-in returns: a place of this app only, as `path?query#hash`, else `/`. The value is resolved
 * against PUBLIC_URL by the URL parser and must keep its origin; whitespace, control characters and
 * backslashes are refused anywhere (a browser drops a tab in `/\t/host` and reads `//host`), and so are
 * their percent-encoded forms in the path, or a path that decodes to `//`, for whatever decodes it next.
 */
function safeReturnTo(value: unknown, publicUrl: URL): string {
  if (typeof value !== 'string' || unsafeInUrl.test(value)) return '/';
  const url = URL.parse(value, publicUrl.href);
  if (url?.origin !== publicUrl.origin) return '/';
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return '/';
  }
  return unsafeInPath.test(path) || path.startsWith('//') ? '/' : url.pathname + url.search + url.hash;
}

/** Per client address and instance: plenty for people signing in, little for a script guessing states. */
export const authRequestsPerMinute = 60;
/** The same limit for the routes that make the server call the marketplace on a client's word. */
export const rateLimited = { rateLimit: { max: authRequestsPerMinute, timeWindow: '1 minute' } };

const problemStatus: Record<SignInProblem, number> = { denied: 403, state: 400, code: 400, client: 502, failed: 502, invitation: 410 };

/**
 * Sign-in (OAuth code grant with PKCE S256 and state, all on the server) and sign-out. Answers how to start a
 * sign-in at the marketplace, which accepting an invitation does too.
 */
export function registerAuth(
  app: FastifyInstance,
  deps: { config: Config; store: Store; marketplace: Marketplace; cookies: SessionCookies },
) {
  const { config, store, marketplace, cookies } = deps;
  const secure = config.publicUrl.protocol === 'https:';

  const problem = (request: FastifyRequest, reply: FastifyReply, kind: SignInProblem, returnTo = '/') => {
    request.log.info({ signIn: kind }, 'sign-in refused');
    return reply
      .code(problemStatus[kind])
      .type('text/html; charset=utf-8')
      .send(signInProblemPage(kind, request.headers['accept-language'], `/auth/login?returnTo=${encodeURIComponent(returnTo)}`));
  };

  /** Stores a new sign-in's state (its cookie binds it to this browser); answers the authorization page's address. */
  async function startSignIn(reply: FastifyReply, pending: Omit<OAuthState, 'codeVerifier'>): Promise<string> {
    const state = randomId();
    const codeVerifier = oauth.generateRandomCodeVerifier();
    await store.saveOAuthState(state, { codeVerifier, ...pending });
    reply.setCookie(stateCookie, state, { httpOnly: true, sameSite: 'lax', secure, path: '/auth', maxAge: 600, signed: true });
    return marketplace.authorizationUrl(state, codeVerifier);
  }

  /**
   * Where the sign-in was started decides what it may do to this browser's session (Sec-Fetch-Site). Only the
   * app's own link (`same-origin`) may start a plain sign-in, which replaces the session. An address typed
   * or opened from another program (`none`), and a browser that sends no Sec-Fetch-Site (before 2023, or
   * curl), start one that keeps the session, as "Add account" does. Another site's link (`cross-site`,
   * `same-site`) starts nothing: it gets a page whose own link starts a sign-in that keeps the session.
   */
  app.get<{ Querystring: { returnTo?: string; add?: string } }>('/auth/login', { config: rateLimited }, async (request, reply) => {
    if (!marketplace.hasOAuth) return reply.code(404).send(oauthNotConfigured);
    const returnTo = safeReturnTo(request.query.returnTo, config.publicUrl);
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site' || site === 'same-site') {
      request.log.info({ signIn: 'confirm', site }, 'sign-in from another site held for confirmation');
      const confirmed = `/auth/login?${new URLSearchParams({ returnTo, add: '1' })}`;
      return reply.type('text/html; charset=utf-8').send(signInConfirmPage(request.headers['accept-language'], confirmed));
    }
    const keepSession = request.query.add === '1' || site !== 'same-origin';
    const current = keepSession ? await cookies.read(request) : undefined;
    const location = await startSignIn(reply, { returnTo, sessionKey: current?.key ?? null, invitation: null });
    return reply.redirect(location, 302);
  });

  app.get<{ Querystring: Record<string, string | undefined> }>('/auth/callback', { config: rateLimited }, async (request, reply) => {
    const cookie = request.cookies[stateCookie];
    const expected = cookie ? request.unsignCookie(cookie) : undefined;
    reply.clearCookie(stateCookie, { path: '/auth' });
    const state = request.query.state;
    if (!state || !expected?.valid || expected.value !== state) return problem(request, reply, 'state');
    const pending = await store.takeOAuthState(state);
    if (!pending) return problem(request, reply, 'state');
    const callback = new URLSearchParams(request.url.slice(request.url.indexOf('?') + 1));
    if (callback.has('error'))
      return problem(request, reply, callback.get('error') === 'access_denied' ? 'denied' : 'failed', pending.returnTo);

    let tokens;
    let identity;
    try {
      tokens = await marketplace.exchangeCode(callback, state, pending.codeVerifier);
      identity = await marketplace.whoAmI(tokens.accessToken);
    } catch (error) {
      if (error instanceof OAuthRefusal) {
        return problem(
          request,
          reply,
          error.code === 'invalid_grant' ? 'code' : error.code === 'invalid_client' ? 'client' : 'failed',
          pending.returnTo,
        );
      }
      request.log.warn({ err: error }, 'sign-in could not finish');
      return problem(request, reply, 'failed', pending.returnTo);
    }
    if (!identity) return problem(request, reply, 'code', pending.returnTo);
    const account = { id: identity.id, nickname: identity.nickname, siteId: identity.site_id, kind: 'oauth' as const, ...tokens };

    // Checked again: a sign-in started before this check existed may still be pending.
    const returnTo = safeReturnTo(pending.returnTo, config.publicUrl);

    // Accepting an invitation identifies the person only: no seller account of theirs is connected.
    if (pending.invitation) {
      const invitation = await store.team.invitationById(pending.invitation.id);
      if (invitation?.kind !== 'join' || invitationState(invitation, new Date()) !== 'valid') return problem(request, reply, 'invitation');
      const { person } = await store.team.personOfMarketplaceUser(identity.id, pending.invitation.name);
      const joined = await store.team.acceptInvitation(invitation.id, person.id);
      if (!joined) return problem(request, reply, 'invitation');
      await invitationAccepted(store, request, invitation, person.id);
      await cookies.signIn(request, reply, person.id, 'marketplace', joined);
      return reply.redirect(returnTo, 303);
    }

    // "Add account": the signed-in person connects another seller account, as its owner.
    const current = await cookies.read(request);
    if (current && pending.sessionKey === current.key) {
      await cookies.connect(request, reply, current, account);
      return reply.redirect(returnTo, 303);
    }

    // A sign-in (docs/teams.md, "Signing in and connecting"): the person's own seller account is connected
    // when they are new, when it is connected already (its tokens are renewed), or when they have no account
    // at all; a person who joined a team through an invitation is only identified.
    const { person, created } = await store.team.personOfMarketplaceUser(identity.id, identity.nickname);
    const connect = created || (await store.isConnected(identity.id)) || (await store.team.accountCount(person.id)) === 0;
    if (connect) await store.connectAccount(person.id, account, request.id);
    await cookies.signIn(request, reply, person.id, 'marketplace', connect ? identity.id : undefined);
    return reply.redirect(returnTo, 303);
  });

  app.post('/auth/logout', { config: rateLimited, preHandler: sameOriginWrite(config) }, async (request, reply) => {
    const session = await cookies.read(request);
    if (session) await store.deleteSession(session.key);
    cookies.clear(reply);
    return reply.code(204).send();
  });

  // Every session of the person ends, on every instance (their streams with them); no account's tokens do.
  app.post('/auth/logout-everywhere', { config: rateLimited, preHandler: sameOriginWrite(config) }, async (request, reply) => {
    const session = await cookies.read(request);
    if (session) await store.deleteSessionsOf(session.person.id);
    cookies.clear(reply);
    return reply.code(204).send();
  });

  return { startSignIn };
}

export type StartSignIn = ReturnType<typeof registerAuth>['startSignIn'];

export const oauthNotConfigured = {
  error: 'oauth_not_configured',
  message: 'This server has no marketplace app; use a personal token',
};
