import * as oauth from 'oauth4webapi';
import { invitationState } from '../../core/team.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from './config.ts';
import { OAuthRefusal, type Marketplace } from './marketplace.ts';
import { signInProblemPage, type SignInProblem } from './pages.ts';
import { randomId } from './secrets.ts';
import { sameOriginWrite, type SessionCookies } from './session.ts';
import type { OAuthState, Store } from './store/store.ts';

/** Binds a sign-in's `state` to the browser that started it (login CSRF). */
const stateCookie = 'seller-desk-signin';

/** Only a path of this app: never another origin (`//host`, `/\host`) to bounce to. */
function safeReturnTo(value: unknown): string {
  return typeof value === 'string' && /^\/(?![/\\])/.test(value) ? value : '/';
}

/** Per client address and instance: plenty for people signing in, little for a script guessing states. */
export const authRequestsPerMinute = 60;

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
  const rateLimit = { rateLimit: { max: authRequestsPerMinute, timeWindow: '1 minute' } };

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

  app.get<{ Querystring: { returnTo?: string; add?: string } }>('/auth/login', { config: rateLimit }, async (request, reply) => {
    if (!marketplace.hasOAuth) return reply.code(404).send(oauthNotConfigured);
    const current = request.query.add === '1' ? await cookies.read(request) : undefined;
    const location = await startSignIn(reply, {
      returnTo: safeReturnTo(request.query.returnTo),
      sessionKey: current?.key ?? null,
      invitation: null,
    });
    return reply.redirect(location, 302);
  });

  app.get<{ Querystring: Record<string, string | undefined> }>('/auth/callback', { config: rateLimit }, async (request, reply) => {
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

    // Accepting an invitation identifies the person only: no seller account of theirs is connected.
    if (pending.invitation) {
      const invitation = await store.team.invitationById(pending.invitation.id);
      if (invitation?.kind !== 'join' || invitationState(invitation, new Date()) !== 'valid') return problem(request, reply, 'invitation');
      const person =
        (await store.team.personByMarketplaceUser(identity.id)) ?? (await store.team.createPerson(pending.invitation.name, identity.id));
      const joined = await store.team.acceptInvitation(invitation.id, person.id);
      if (!joined) return problem(request, reply, 'invitation');
      await cookies.signIn(request, reply, person.id, joined);
      return reply.redirect(pending.returnTo, 303);
    }

    // "Add account": the signed-in person connects another seller account, as its owner.
    const current = await cookies.read(request);
    if (current && pending.sessionKey === current.key) {
      await cookies.connect(reply, current, account);
      return reply.redirect(pending.returnTo, 303);
    }

    // A sign-in (docs/teams.md, "Signing in and connecting"): the person's own seller account is connected
    // when they are new, when it is connected already (its tokens are renewed), or when they have no account
    // at all; a person who joined a team through an invitation is only identified.
    const found = await store.team.personByMarketplaceUser(identity.id);
    const person = found ?? (await store.team.createPerson(identity.nickname, identity.id));
    const connect = !found || (await store.isConnected(identity.id)) || (await store.team.accountCount(person.id)) === 0;
    if (connect) await store.connectAccount(person.id, account);
    await cookies.signIn(request, reply, person.id, connect ? identity.id : undefined);
    return reply.redirect(pending.returnTo, 303);
  });

  app.post('/auth/logout', { config: rateLimit, preHandler: sameOriginWrite(config) }, async (request, reply) => {
    const session = await cookies.read(request);
    if (session) await store.deleteSession(session.key);
    cookies.clear(reply);
    return reply.code(204).send();
  });

  // Every session of the person ends, on every instance (their streams with them); no account's tokens do.
  app.post('/auth/logout-everywhere', { config: rateLimit, preHandler: sameOriginWrite(config) }, async (request, reply) => {
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
