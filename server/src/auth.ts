import * as oauth from 'oauth4webapi';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from './config.ts';
import { OAuthRefusal, type Marketplace } from './marketplace.ts';
import { signInProblemPage, type SignInProblem } from './pages.ts';
import { randomId } from './secrets.ts';
import { sameOriginWrite, type SessionCookies } from './session.ts';
import type { Store } from './store/store.ts';

/** Binds a sign-in's `state` to the browser that started it (login CSRF). */
const stateCookie = 'seller-desk-signin';

/** Only a path of this app: never another origin (`//host`, `/\host`) to bounce to. */
function safeReturnTo(value: unknown): string {
  return typeof value === 'string' && /^\/(?![/\\])/.test(value) ? value : '/';
}

/** Per client address and instance: plenty for people signing in, little for a script guessing states. */
export const authRequestsPerMinute = 60;

const problemStatus: Record<SignInProblem, number> = { denied: 403, state: 400, code: 400, client: 502, failed: 502 };

/** Sign-in (OAuth code grant with PKCE S256 and state, all on the server) and sign-out. */
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

  app.get<{ Querystring: { returnTo?: string; add?: string } }>('/auth/login', { config: rateLimit }, async (request, reply) => {
    if (!marketplace.hasOAuth)
      return reply.code(404).send({ error: 'oauth_not_configured', message: 'This server has no marketplace app; use a personal token' });
    const state = randomId();
    const codeVerifier = oauth.generateRandomCodeVerifier();
    const current = request.query.add === '1' ? await cookies.read(request) : undefined;
    await store.saveOAuthState(state, { codeVerifier, returnTo: safeReturnTo(request.query.returnTo), sessionKey: current?.key ?? null });
    reply.setCookie(stateCookie, state, { httpOnly: true, sameSite: 'lax', secure, path: '/auth', maxAge: 600, signed: true });
    return reply.redirect(await marketplace.authorizationUrl(state, codeVerifier), 302);
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

    // A plain sign-in replaces this browser's session; "Add account" keeps it. Either way the id is new.
    const current = await cookies.read(request);
    const adding = pending.sessionKey !== null && current?.key === pending.sessionKey;
    if (current && !adding) await store.deleteSession(current.key);
    const key = await cookies.issue(reply, adding ? current.key : undefined);
    await store.putAccount(key, { userId: identity.id, nickname: identity.nickname, siteId: identity.site_id, kind: 'oauth', ...tokens });
    return reply.redirect(pending.returnTo, 303);
  });

  app.post('/auth/logout', { config: rateLimit, preHandler: sameOriginWrite(config) }, async (request, reply) => {
    const session = await cookies.read(request);
    if (session) await store.deleteSession(session.key);
    cookies.clear(reply);
    return reply.code(204).send();
  });
}
