import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { createAnswerIndex, languageOfSite, type PastAnswer } from '../../core/suggestions.ts';
import { RateBudgetExceeded } from './budget.ts';
import { isNavigation, type Door } from './door.ts';
import { budgetSpent, type UpstreamRead } from './proxy.ts';
import { SignedOut } from './tokens.ts';

const questionRead = z.object({ id: z.number(), item_id: z.string(), text: z.string(), seller_id: z.union([z.number(), z.string()]) });
const answeredRead = z.object({ id: z.number(), item_id: z.string(), text: z.string(), answer: z.object({ text: z.string() }) });
const searchRead = z.object({ questions: z.array(z.unknown()) });

/** The marketplace said no, or could not be read: the page says suggestions are unavailable and answering goes on. */
class Unreadable extends Error {}

/**
 * `GET /suggestions?question_id=` (`questions.read`, checked by the door): the three earlier answers of the account
 * whose questions most resemble this one, ranked by core/suggestions.ts. Until the server keeps its own copy of
 * the account's answered questions (issue 51's backfill, not built yet), it ranks what two reads of the marketplace
 * give at the moment: the item's answered questions and the account's latest 100; a category is not read, so
 * suggestions are of the item, then any.
 */
export function registerSuggestions(app: FastifyInstance, deps: { door: Door; read: UpstreamRead }) {
  const { door, read } = deps;

  async function json(request: FastifyRequest, accountId: string, path: string): Promise<unknown> {
    const answer = await read(request, accountId, path);
    if (answer.status !== 200) throw new Unreadable(`${answer.status}`);
    return JSON.parse(answer.payload.toString('utf8')) as unknown;
  }

  app.get('/suggestions', async (request, reply) => {
    if (isNavigation(request)) return reply.callNotFound();
    const { account } = door.served(request);
    const id = (request.query as Record<string, unknown>).question_id;
    if (typeof id !== 'string' || !/^\d{1,18}$/.test(id))
      return reply.code(400).send({ error: 'bad_request', message: 'question_id is the id of a question' });
    try {
      const question = questionRead.safeParse(await json(request, account.id, `/questions/${id}?api_version=4`).catch(() => null));
      if (!question.success || String(question.data.seller_id) !== account.id)
        return reply.code(404).send({ error: 'not_found', message: 'No such question of this account' });
      const item = encodeURIComponent(question.data.item_id);
      const searches = await Promise.all([
        json(request, account.id, `/questions/search?api_version=4&item=${item}&status=ANSWERED&limit=100`),
        json(
          request,
          account.id,
          `/questions/search?api_version=4&seller_id=${account.id}&status=ANSWERED&sort_fields=date_created&sort_types=DESC&limit=100`,
        ),
      ]);
      const past = new Map<number, PastAnswer>();
      for (const found of searches)
        for (const element of searchRead.parse(found).questions) {
          const answered = answeredRead.safeParse(element);
          if (answered.success && answered.data.id !== question.data.id)
            past.set(answered.data.id, {
              questionId: answered.data.id,
              itemId: answered.data.item_id,
              question: answered.data.text,
              answer: answered.data.answer.text,
            });
        }
      const suggestions = createAnswerIndex([...past.values()], languageOfSite(account.siteId))
        .suggest({ text: question.data.text, itemId: question.data.item_id }, 3)
        .map(({ answer, scope }) => ({ questionId: answer.questionId, question: answer.question, answer: answer.answer, scope }));
      return { suggestions };
    } catch (error) {
      if (error instanceof SignedOut) return reply.code(401).send({ error: 'signed_out', message: 'Sign in to continue' });
      if (error instanceof RateBudgetExceeded) return budgetSpent(reply, error);
      request.log.warn({ upstreamError: error instanceof Error ? error.name : 'unknown' }, 'suggestions: upstream failed');
      return reply.code(502).send({ error: 'upstream_unavailable', message: 'The marketplace could not be read for suggestions' });
    }
  });
}
