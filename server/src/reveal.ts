import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { leadBuyer, questionContact } from '../../core/personalData.ts';
import type { Config } from './config.ts';
import type { Door } from './door.ts';
import { RateBudgetExceeded } from './budget.ts';
import { budgetSpent, type UpstreamRead } from './proxy.ts';
import { sameOriginWrite } from './session.ts';
import type { Store } from './store/store.ts';
import { SignedOut } from './tokens.ts';

const signedOut = { error: 'signed_out', message: 'Sign in to continue' };
const nothing = { error: 'not_found', message: 'This record carries no personal data' };

/**
 * Personal data leaves the server only here (docs/roles.md): one record's asker contact or lead buyer, for a
 * role with the reveal permission (the door checked it), never cached, and in the account's audit trail. The
 * API door strips the same fields from everything else it relays (core/personalData.ts).
 */
export function registerReveal(app: FastifyInstance, deps: { config: Config; store: Store; door: Door; read: UpstreamRead }) {
  const { config, store, door, read } = deps;
  const csrf = sameOriginWrite(config);

  async function reveal(
    request: FastifyRequest<{ Params: { id: string } }>,
    reply: FastifyReply,
    record: {
      type: 'question' | 'credit_lead';
      path: (accountId: string) => string;
      contact: (body: unknown) => Record<string, unknown> | undefined;
    },
  ) {
    const { session, account } = door.served(request);
    reply.header('cache-control', 'no-store');
    let answer;
    try {
      answer = await read(request, account.id, record.path(account.id));
    } catch (error) {
      if (error instanceof SignedOut) return reply.code(401).send(signedOut);
      if (error instanceof RateBudgetExceeded) return budgetSpent(reply, error);
      request.log.warn({ upstreamError: error instanceof Error ? error.name : 'unknown' }, 'reveal: upstream failed');
      return reply.code(502).send({ error: 'upstream_unavailable', message: 'The marketplace could not be reached' });
    }
    if (answer.status === 404) return reply.code(404).send(nothing);
    // The marketplace's refusal (a malformed id, an expired lead) as it said it: errors carry no personal data.
    if (answer.status !== 200) return reply.code(answer.status).type('application/json').send(answer.payload);
    let contact;
    try {
      contact = record.contact(JSON.parse(answer.payload.toString('utf8')));
    } catch {
      contact = undefined;
    }
    if (!contact) return reply.code(404).send(nothing);
    await store.audit.record({
      accountId: account.id,
      personId: session.person.id,
      action: 'reveal',
      target: { type: record.type, id: request.params.id },
      details: request.headers['x-sandbox'] === 'true' ? { sandbox: true } : {},
      requestId: request.id,
      phase: 'event',
    });
    return contact;
  }

  app.post<{ Params: { id: string } }>('/reveal/questions/:id', { preHandler: csrf }, (request, reply) =>
    reveal(request, reply, {
      type: 'question',
      path: () => `/questions/${encodeURIComponent(request.params.id)}?api_version=4`,
      contact: questionContact,
    }),
  );

  // As the lead's reads: the seller's id in the query, x-sandbox passed on by the door's read.
  app.post<{ Params: { id: string } }>('/reveal/credit-leads/:id', { preHandler: csrf }, (request, reply) =>
    reveal(request, reply, {
      type: 'credit_lead',
      path: (accountId) => `/vis/loans/${encodeURIComponent(request.params.id)}?seller_id=${accountId}`,
      contact: leadBuyer,
    }),
  );
}
