import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { rateLimited } from './auth.ts';
import type { Config } from './config.ts';
import type { Marketplace } from './marketplace.ts';
import { describeSession, sameOriginWrite, type SessionCookies } from './session.ts';
import type { Session, Store } from './store/store.ts';

const personalToken = z.object({ token: z.string().trim().min(1).max(4096) });

/** `/session`: who is signed in, the connected accounts, the personal token, switching and disconnecting. */
export function registerSessionRoutes(
  app: FastifyInstance,
  deps: { config: Config; store: Store; marketplace: Marketplace; cookies: SessionCookies },
) {
  const { config, store, marketplace, cookies } = deps;
  const csrf = sameOriginWrite(config);
  const signedOut = { error: 'signed_out', message: 'Sign in to continue' };
  const noAccount = { error: 'not_found', message: 'No such account in this session' };
  const describe = async (session: Session | undefined) =>
    describeSession(config, marketplace.hasOAuth, session, await store.activity.unread(session?.accounts.map((a) => a.userId) ?? []));

  app.get('/session', async (request) => describe(await cookies.read(request)));

  // Each one makes the server ask the marketplace: limited as the sign-in is.
  app.post('/session/token', { config: rateLimited, preHandler: csrf }, async (request, reply) => {
    const body = personalToken.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: 'bad_request', message: 'Send {"token": "…"}' });
    const identity = await marketplace.whoAmI(body.data.token);
    if (!identity) return reply.code(401).send({ error: 'invalid_token', message: 'The marketplace did not accept this token' });
    const current = await cookies.read(request);
    // A new credential enters the session: it gets a new id, as on every sign-in.
    const key = await cookies.issue(reply, current?.key);
    await store.putAccount(key, {
      userId: identity.id,
      nickname: identity.nickname,
      siteId: identity.site_id,
      kind: 'personal',
      accessToken: body.data.token,
      refreshToken: null,
      expiresAt: null,
    });
    return describe(await store.getSessionByKey(key));
  });

  app.post<{ Params: { id: string } }>('/session/accounts/:id/activate', { preHandler: csrf }, async (request, reply) => {
    const session = await cookies.read(request);
    if (!session) return reply.code(401).send(signedOut);
    if (!(await store.activate(session.key, request.params.id))) return reply.code(404).send(noAccount);
    return describe(await store.getSessionByKey(session.key));
  });

  app.delete<{ Params: { id: string } }>('/session/accounts/:id', { preHandler: csrf }, async (request, reply) => {
    const session = await cookies.read(request);
    if (!session) return reply.code(401).send(signedOut);
    if (!(await store.removeAccount(session.key, request.params.id))) return reply.code(404).send(noAccount);
    return describe(await store.getSessionByKey(session.key));
  });
}
