import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { createAnswerIndex, languageOfSite, type AnswerIndex } from '../../core/suggestions.ts';
import { answeredOf, questionRead } from './answerCopy.ts';
import { RateBudgetExceeded } from './budget.ts';
import { isNavigation, type Door } from './door.ts';
import { budgetSpent, type UpstreamRead } from './proxy.ts';
import type { Store } from './store/store.ts';
import { SignedOut } from './tokens.ts';

/** The marketplace said no, or could not be read: the page says suggestions are unavailable and answering goes on. */
class Unreadable extends Error {}

const searchRead = z.object({ questions: z.array(z.unknown()) });

/** Accounts whose index this instance keeps at most (the least recently used goes). */
const indexesKept = 20;

/**
 * `GET /suggestions?question_id=` (`questions.read`, checked by the door): the three earlier answers of the account
 * whose questions most resemble this one, ranked by core/suggestions.ts over the server's copy of the account's
 * answered questions (answerCopy.ts); the question itself is read from the marketplace, which says it is this
 * account's. The index is built once per account and again only when the copy changed (its fingerprint, which
 * every instance's writes move). Until the account's backfill is done, the item's answered questions are read
 * too, so suggestions of the same item are there from the first question after connecting.
 */
export function registerSuggestions(
  app: FastifyInstance,
  deps: { door: Door; read: UpstreamRead; store: Store; backfill: { kick: () => void } },
) {
  const { door, read, store, backfill } = deps;
  const indexes = new Map<string, { fingerprint: string; index: AnswerIndex }>();

  /** The account's index over its copy, built again only when the copy changed. */
  async function indexOf(accountId: string, siteId: string, fingerprint: string): Promise<AnswerIndex> {
    const cached = indexes.get(accountId);
    indexes.delete(accountId);
    const index =
      cached?.fingerprint === fingerprint
        ? cached.index
        : createAnswerIndex(await store.answeredQuestions.of(accountId), languageOfSite(siteId));
    indexes.set(accountId, { fingerprint, index });
    for (const oldest of indexes.keys()) if (indexes.size > indexesKept) indexes.delete(oldest);
    return index;
  }

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
      if (!question.success || question.data.seller_id !== account.id)
        return reply.code(404).send({ error: 'not_found', message: 'No such question of this account' });
      const [copy, categoryId] = await Promise.all([
        store.answeredQuestions.fingerprint(account.id),
        store.activity.lastCategory(account.id, question.data.item_id),
      ]);
      let index: AnswerIndex;
      if (copy.complete) index = await indexOf(account.id, account.siteId, copy.key);
      else {
        // Until the account's backfill is done (it starts now if it had not), the copy may lack this item's
        // answers: the item's answered questions are read as the question was, and ranked with the copy.
        backfill.kick();
        const item = encodeURIComponent(question.data.item_id);
        const found = searchRead.parse(
          await json(request, account.id, `/questions/search?api_version=4&item=${item}&status=ANSWERED&limit=100`),
        );
        const past = new Map((await store.answeredQuestions.of(account.id)).map((a) => [a.questionId, a]));
        for (const element of found.questions) {
          const read = questionRead.safeParse(element);
          const answered = read.success ? answeredOf(account.id, read.data) : undefined;
          if (answered && !past.has(answered.questionId)) past.set(answered.questionId, { ...answered, categoryId });
        }
        index = createAnswerIndex([...past.values()], languageOfSite(account.siteId));
      }
      const suggestions = index
        // One more than shown: the question itself, when it is answered already, is no suggestion for itself.
        .suggest({ text: question.data.text ?? '', itemId: question.data.item_id, categoryId }, 4)
        .filter(({ answer }) => answer.questionId !== question.data.id)
        .slice(0, 3)
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
