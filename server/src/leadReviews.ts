import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { leadReviewNoteMax, leadReviewStatuses } from '../../core/leadReviews.ts';
import type { Config } from './config.ts';
import { isNavigation, type Door } from './door.ts';
import { sameOriginWrite } from './session.ts';
import type { Store } from './store/store.ts';

const leadId = z.string().regex(/^[\w-]{1,100}$/);
/** The note is checked for its size only, and never logged or put in the trail: it may name the buyer. */
const reviewBody = z.object({
  status: z.enum(leadReviewStatuses),
  note: z.string().max(leadReviewNoteMax).nullish(),
});

/** Reviews are per sandbox or production, as the leads' reads (`x-sandbox: true`). */
const sandboxOf = (request: FastifyRequest) => request.headers['x-sandbox'] === 'true';

/**
 * Credit-lead reviews shared by the team (docs/roles.md): `GET /lead-reviews` and `PUT /lead-reviews/:leadId`,
 * on the account the request is for (the door checked `credits.read` / `credits.review`), published on the
 * event stream to the account's open pages.
 */
export function registerLeadReviews(app: FastifyInstance, deps: { config: Config; store: Store; door: Door }) {
  const { config, store, door } = deps;

  app.get('/lead-reviews', async (request, reply) => {
    if (isNavigation(request)) return reply.callNotFound();
    const { account } = door.served(request);
    return { reviews: await store.leadReviews.list(account.id, sandboxOf(request)) };
  });

  app.put<{ Params: { id: string } }>('/lead-reviews/:id', { preHandler: sameOriginWrite(config) }, async (request, reply) => {
    const { session, account } = door.served(request);
    const body = reviewBody.safeParse(request.body);
    if (!leadId.safeParse(request.params.id).success || !body.success)
      return reply.code(400).send({
        error: 'bad_request',
        message: `Send {"status": …, "note": …} (status ${leadReviewStatuses.join(', ')}; a note of at most ${leadReviewNoteMax} characters)`,
      });
    const key = { accountId: account.id, sandbox: sandboxOf(request), leadId: request.params.id };
    const note = body.data.note?.trim() || null;
    const review = await store.leadReviews.set(key, { status: body.data.status, note }, session.person.id);
    await store.audit.record({
      accountId: account.id,
      personId: session.person.id,
      action: 'lead.review',
      target: { type: 'credit_lead', id: key.leadId },
      details: { status: review.status, ...(key.sandbox && { sandbox: true }) },
      requestId: request.id,
      phase: 'event',
    });
    await store.bus.publish({ kind: 'lead-review', ...key });
    return review;
  });
}
