import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { claimLoop } from './claimLoop.ts';
import type { UpstreamCall } from './proxy.ts';
import type { Answered } from './store/answeredQuestions.ts';
import type { Store } from './store/store.ts';

/**
 * A question as the marketplace answers it (by id, in a search, or as `POST /answers` answers), with what the
 * copy keeps of it. `seller_id` says whose it is: a question of another seller is never kept for this one.
 */
export const questionRead = z.object({
  id: z.number(),
  seller_id: z.union([z.number().int(), z.string()]).transform(String),
  item_id: z.string(),
  status: z.string(),
  text: z.string().optional(),
  date_created: z.string().optional(),
  answer: z.object({ text: z.string() }).nullish(),
});
type QuestionRead = z.infer<typeof questionRead>;

/** What the copy keeps of a question of `accountId`: answered (with its answer), or nothing. */
export function answeredOf(accountId: string, question: QuestionRead): Answered | undefined {
  if (question.seller_id !== accountId || question.status !== 'ANSWERED' || !question.text || !question.answer?.text) return undefined;
  return { questionId: question.id, itemId: question.item_id, question: question.text, answer: question.answer.text };
}

/**
 * Keeps what the marketplace just said of a question of `accountId` (a notification's read, an answer sent):
 * answered, in the copy; unanswered, among the open questions (the due-soon entry); anything else (banned,
 * deleted, hidden) out of both.
 */
export async function keepQuestion(store: Store, accountId: string, question: QuestionRead): Promise<void> {
  if (question.seller_id !== accountId) return;
  const answered = answeredOf(accountId, question);
  if (answered) return store.answeredQuestions.keep(accountId, [answered]);
  const askedAt = question.date_created ? Date.parse(question.date_created) : Number.NaN;
  if (question.status === 'UNANSWERED' && Number.isFinite(askedAt))
    return store.answeredQuestions.open(accountId, { questionId: question.id, itemId: question.item_id, askedAt: new Date(askedAt) });
  return store.answeredQuestions.forget(accountId, question.id);
}

const searchPage = z.object({ questions: z.array(z.unknown()), paging: z.object({ total: z.number() }).partial().optional() });

/** The spec's page size for `GET /questions/search`. */
const pageSize = 50;
const leaseMs = 60_000;
/** An account that could not be read is tried again after this long. */
const retryMs = 5 * 60_000;
/** Accounts connected since (or whose lease ran out) are looked for this often. */
const pollMs = 30_000;

/**
 * The backfill of each connected account's answered questions into the copy (after its unanswered ones, into
 * the open questions): page by page, oldest first, in the rate budget's `background` turn (after people at a
 * page and bulk jobs), each page kept with where the next starts, so a restart resumes there and a finished
 * account is not read again (notifications and the door keep it current from then on).
 */
export function createAnswerBackfill(deps: { store: Store; call: UpstreamCall; instanceId: string; log: FastifyBaseLogger }) {
  const { store, call, instanceId, log } = deps;

  /** A page of the account's questions of `status`, oldest first; whether it was the last. */
  async function search(accountId: string, status: 'ANSWERED' | 'UNANSWERED', offset: number) {
    const query = new URLSearchParams({
      api_version: '4',
      seller_id: accountId,
      status,
      sort_fields: 'date_created',
      sort_types: 'ASC',
      limit: String(pageSize),
      offset: String(offset),
    });
    const answer = await call(accountId, 'GET', `/questions/search?${query}`, { priority: 'background' });
    if (answer.status !== 200) throw new Error(`questions search answered ${answer.status}`);
    const found = searchPage.parse(JSON.parse(answer.payload.toString('utf8')));
    const questions = found.questions.flatMap((element) => {
      const parsed = questionRead.safeParse(element);
      return parsed.success ? [parsed.data] : [];
    });
    const next = offset + found.questions.length;
    return {
      questions,
      next,
      last: found.questions.length < pageSize || (found.paging?.total !== undefined && next >= found.paging.total),
    };
  }

  async function page(accountId: string, offset: number): Promise<void> {
    // First, the questions already waiting when the account was connected: no notification will name them,
    // and the due-soon entry needs to know them (the worker and the door keep the open ones current after).
    if (offset === 0)
      for (let at = 0, last = false; !last;) {
        const found = await search(accountId, 'UNANSWERED', at);
        for (const question of found.questions) await keepQuestion(store, accountId, question);
        ({ next: at, last } = found);
      }
    const found = await search(accountId, 'ANSWERED', offset);
    const kept = found.questions.flatMap((question) => answeredOf(accountId, question) ?? []);
    await store.answeredQuestions.backfilled(accountId, kept, found.last ? 'done' : found.next);
  }

  // Not at start: an account is first looked at by the first poll, or at once when its copy is asked for and
  // empty (GET /suggestions), so a server's first requests find the rate budget as they would without it. A
  // lease of this instance is taken back by the claim itself (it matches its own name).
  const loop = claimLoop({
    work: async () => {
      for (;;) {
        if (loop.stopped()) return;
        const claimed = await store.answeredQuestions.claimBackfill(instanceId, leaseMs);
        if (!claimed) return;
        try {
          await page(claimed.accountId, claimed.offset);
        } catch (error) {
          log.warn(
            { account: claimed.accountId, reason: error instanceof Error ? error.message : 'failed' },
            'answer backfill: page failed',
          );
          await store.answeredQuestions.releaseBackfill(claimed.accountId, new Date(Date.now() + retryMs));
        }
      }
    },
    pollMs,
    log,
    what: 'answer backfill',
  });

  return { kick: loop.kick, stop: loop.stop };
}
