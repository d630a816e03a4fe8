import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { can } from '../../core/roles.ts';
import { refuseRemoval } from '../../core/team.ts';
import { rateLimited } from './auth.ts';
import type { Config } from './config.ts';
import type { Marketplace } from './marketplace.ts';
import { sameOriginWrite, type SessionCookies } from './session.ts';
import type { Store } from './store/store.ts';
import { sendRefusal, signedOut } from './team.ts';

const personalToken = z.object({ token: z.string().trim().min(1).max(4096) });

/** `/session`: who is signed in, their accounts, the personal token, switching, leaving and disconnecting. */
export function registerSessionRoutes(
  app: FastifyInstance,
  deps: { config: Config; store: Store; marketplace: Marketplace; cookies: SessionCookies },
) {
  const { config, store, marketplace, cookies } = deps;
  const csrf = sameOriginWrite(config);
  const noAccount = { error: 'not_found', message: 'You are not a member of this account' };

  app.get('/session', async (request) => cookies.describe(await cookies.read(request)));

  // Signed in: the token's seller account joins the person's accounts, as theirs. Signed out: the token's
  // marketplace user signs in as their person (found or created), the account connected with them as owner.
  // Each one makes the server ask the marketplace: limited as the sign-in is.
  app.post('/session/token', { config: rateLimited, preHandler: csrf }, async (request, reply) => {
    const body = personalToken.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: 'bad_request', message: 'Send {"token": "…"}' });
    const identity = await marketplace.whoAmI(body.data.token);
    if (!identity) return reply.code(401).send({ error: 'invalid_token', message: 'The marketplace did not accept this token' });
    const account = {
      id: identity.id,
      nickname: identity.nickname,
      siteId: identity.site_id,
      kind: 'personal' as const,
      accessToken: body.data.token,
      refreshToken: null,
      expiresAt: null,
    };
    const current = await cookies.read(request);
    if (current) return cookies.describeKey(await cookies.connect(request, reply, current, account));
    const { person } = await store.team.personOfMarketplaceUser(identity.id, identity.nickname);
    await store.connectAccount(person.id, account, request.id);
    return cookies.describeKey(await cookies.signIn(request, reply, person.id, 'token', identity.id));
  });

  app.post<{ Params: { id: string } }>('/session/accounts/:id/activate', { preHandler: csrf }, async (request, reply) => {
    const session = await cookies.read(request);
    if (!session) return reply.code(401).send(signedOut);
    if (!(await store.activate(session.key, request.params.id))) return reply.code(404).send(noAccount);
    return cookies.describeKey(session.key);
  });

  // An owner disconnects the account for everyone; anyone else leaves it (core/team.ts's rules).
  app.delete<{ Params: { id: string } }>('/session/accounts/:id', { preHandler: csrf }, async (request, reply) => {
    const session = await cookies.read(request);
    if (!session) return reply.code(401).send(signedOut);
    const account = session.accounts.find((a) => a.id === request.params.id);
    if (!account) return reply.code(404).send(noAccount);
    const me = session.person.id;
    if (can(account.role, 'account.disconnect')) await store.disconnectAccount(account.id, { personId: me, requestId: request.id });
    else {
      const refusal = await store.team.removeMember(account.id, me, (team) => refuseRemoval(team, me, account.role, me));
      if (refusal) return sendRefusal(reply, refusal);
      // Leaving is a removal by oneself.
      await store.audit.record({
        accountId: account.id,
        personId: me,
        action: 'person.remove',
        target: { type: 'person', id: me },
        requestId: request.id,
        phase: 'event',
      });
    }
    return cookies.describeKey(session.key);
  });
}
