import type { FastifyBaseLogger } from 'fastify';
import { dueTime, siteTimeZone, urgencyOf, type AnswerTarget } from '../../core/answerTarget.ts';
import type { UnwarnedQuestion } from './store/answeredQuestions.ts';
import type { Store } from './store/store.ts';

/** Open questions read per page; a pass reads every page (accounts' targets and working hours differ, so the
 * oldest are not always the first due). */
const pageSize = 500;
const defaultPollMs = 30_000;

/**
 * The due-soon activity entry: once a question the worker saw unanswered comes within the due-soon window of
 * its account's target (core/answerTarget.ts: target, working hours, the site's time zone), one `question`
 * entry with `dueSoon` says so. Made by a statement that marks the question warned of, so it is made once
 * whichever instance looks first; an answered question has left the open ones (answerCopy.ts) and gets none,
 * and one already overdue when first looked at (seen late, or the target shortened) is passed over quietly.
 */
export function createDueSoonWatch(deps: { store: Store; log: Pick<FastifyBaseLogger, 'error'>; now?: () => number; pollMs?: number }) {
  const { store, log, now = Date.now } = deps;

  async function pass(): Promise<number> {
    const targets = new Map<string, Promise<AnswerTarget>>();
    let made = 0;
    let page: UnwarnedQuestion[] = [];
    do {
      page = await store.answeredQuestions.unwarned(pageSize, page.at(-1));
      for (const question of page) {
        let target = targets.get(question.accountId);
        if (!target) targets.set(question.accountId, (target = store.accountSettings.answerTarget(question.accountId)));
        const due = dueTime(question.askedAt.getTime(), await target, siteTimeZone(question.siteId));
        const urgency = urgencyOf(due, now());
        if (urgency === 'overdue') await store.answeredQuestions.passOver(question.accountId, question.questionId);
        if (urgency !== 'dueSoon') continue;
        const id = await store.answeredQuestions.warn(question, {
          status: 'UNANSWERED',
          dueSoon: true,
          dueAt: new Date(due).toISOString(),
        });
        if (id) {
          made++;
          await store.bus.publish({ kind: 'entry', id });
        }
      }
    } while (page.length === pageSize);
    return made;
  }

  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    pass()
      .catch((error: unknown) => log.error({ err: error }, 'due-soon watch failed'))
      .finally(() => (running = false));
  }, deps.pollMs ?? defaultPollMs);
  timer.unref();

  return {
    /** One look at the open questions (the timer's, or a test's with its clock); the entries made. */
    pass,
    stop: () => clearInterval(timer),
  };
}
