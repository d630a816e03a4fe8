import type { FastifyInstance } from 'fastify';
import { readAnswerTarget, siteTimeZone } from '../../core/answerTarget.ts';
import type { Config } from './config.ts';
import { accountOf, isNavigation, type Door } from './door.ts';
import type { SessionCookies } from './session.ts';
import { sameOriginWrite } from './session.ts';
import type { Store } from './store/store.ts';

/**
 * `GET /account/settings` (any member: every page that shows a due time reads it) and `PUT /account/settings`
 * (`account.settings`, owners and managers, checked by the door): the account's response-time target and working
 * hours, with the time zone they are kept in (the site's), shared by the team (core/answerTarget.ts).
 */
export function registerAccountSettings(app: FastifyInstance, deps: { config: Config; store: Store; door: Door; cookies: SessionCookies }) {
  const { config, store, door, cookies } = deps;

  app.get('/account/settings', async (request, reply) => {
    if (isNavigation(request)) return reply.callNotFound();
    // Membership only: the door checks permissions, this path needs none.
    const served = accountOf(await cookies.read(request), request);
    if ('status' in served) return reply.code(served.status).send(served.body);
    const { account } = served;
    return { ...(await store.accountSettings.answerTarget(account.id)), timeZone: siteTimeZone(account.siteId) };
  });

  app.put('/account/settings', { preHandler: sameOriginWrite(config) }, async (request, reply) => {
    const { session, account } = door.served(request);
    const target = readAnswerTarget(request.body);
    if ('problem' in target) return reply.code(400).send({ error: 'bad_request', message: target.problem });
    await store.accountSettings.setAnswerTarget(account.id, target, session.person.id);
    return { ...target, timeZone: siteTimeZone(account.siteId) };
  });
}
