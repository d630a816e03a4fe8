import type { Page } from '@playwright/test';
import { openApp, test } from './fixtures';
import {
  alike,
  answerThreeInARow,
  countAnswerPosts,
  earlier,
  factsWhileStockIsSlow,
  groupedAnswer,
  groupedAnswerOneFails,
  overdueFollowsTarget,
  queueFromHome,
  queueOnAPhone,
  waiting,
} from './answer-queue-steps';
import { urls } from '../src/lib/urls';

test.use({ locale: 'en-US', viewport: { width: 1400, height: 900 } });
test.describe.configure({ timeout: 90_000 });

/**
 * Three questions waiting longer than any of the seed's (so the queue takes them first), and an earlier answer
 * of the account on the same item whose question resembles the first. Returns their ids, oldest first.
 */
function waitingQuestions(page: Page): Promise<number[]> {
  return page.evaluate(
    (seeded) => {
      const db = window.__demo!.db;
      const base = [...db.questions.byId.values()].find((q) => q.seller_id === db.seller.id && q.status === 'UNANSWERED')!;
      const now = Date.now() + db.clockOffset;
      const daysAgo = (days: number) => now - days * 86_400_000;
      const add = (days: number, text: string, answer?: string) => {
        const id = db.questions.nextId++;
        const asked = daysAgo(days);
        db.questions.byId.set(id, {
          ...base,
          id,
          text,
          date_created: asked,
          last_updated: asked,
          status: answer ? 'ANSWERED' : 'UNANSWERED',
          answer: answer ? { text: answer, status: 'ACTIVE', date_created: asked + 600_000 } : null,
          from: { id: 990_000 + id },
        });
        return id;
      };
      add(30, seeded.earlier.question, seeded.earlier.answer);
      return seeded.waiting.map((text, index) => add(20 - index, text));
    },
    { earlier, waiting },
  );
}

/** The `alike` questions, by two buyers on one item, waiting longer than any other (the queue's first). Their ids. */
function alikeQuestions(page: Page): Promise<number[]> {
  return page.evaluate((texts) => {
    const db = window.__demo!.db;
    const base = [...db.questions.byId.values()].find((q) => q.seller_id === db.seller.id && q.status === 'UNANSWERED')!;
    const now = Date.now() + db.clockOffset;
    return texts.map((text, index) => {
      const id = db.questions.nextId++;
      const asked = now - (40 - index) * 86_400_000;
      db.questions.byId.set(id, { ...base, id, text, date_created: asked, last_updated: asked, from: { id: 980_000 + id } });
      return id;
    });
  }, alike);
}

/** A question's status at the marketplace: moderated meanwhile, its answer is refused (not_unanswered_question). */
const setStatus = (page: Page, id: number, status: 'UNDER_REVIEW' | 'UNANSWERED') =>
  page.evaluate(
    ([questionId, next]) => {
      window.__demo!.db.questions.byId.get(questionId)!.status = next;
    },
    [id, status] as const,
  );

const answerOf = (page: Page, id: number) =>
  page.evaluate((questionId) => window.__demo!.db.questions.byId.get(questionId)?.answer?.text, id);

test.describe('answer queue (demo)', () => {
  test('from home, three answers in a row by keyboard: a suggestion inserted and edited, a disguised phone held, explained and sent once edited', async ({
    page,
  }) => {
    await openApp(page, urls.settings.index());
    await answerThreeInARow(page, await waitingQuestions(page), (id) => answerOf(page, id));
  });

  test('the home card’s overdue count changes when the target changes', async ({ page }) => {
    await openApp(page);
    await overdueFollowsTarget(page);
  });

  test('the facts show while the stock read is slow, and the composer takes typing', async ({ page }) => {
    await openApp(page, urls.settings.index());
    await factsWhileStockIsSlow(
      page,
      (ms) =>
        page.evaluate((delay) => {
          window.__demo!.db.config.stockDelayMs = delay;
        }, ms),
      () => queueFromHome(page),
    );
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`on a phone the queue fits the screen, folds the facts and has no axe violations (${scheme})`, async ({ page }) => {
      await queueOnAPhone(page, scheme, () => openApp(page, urls.questions.queue()));
    });
  }

  test('a grouped answer to two buyers posts exactly twice, even on a double click, and answers both', async ({ page }) => {
    await openApp(page, urls.settings.index());
    const posts = countAnswerPosts(page);
    await groupedAnswer(
      page,
      await alikeQuestions(page),
      () => Promise.resolve(posts()),
      (id) => answerOf(page, id),
    );
  });

  test('a grouped answer where one of the two fails shows one sent and one failed; its Retry sends only that one', async ({ page }) => {
    await openApp(page, urls.settings.index());
    const ids = await alikeQuestions(page);
    await groupedAnswerOneFails(
      page,
      ids,
      () => setStatus(page, ids[1]!, 'UNDER_REVIEW'),
      () => setStatus(page, ids[1]!, 'UNANSWERED'),
      (id) => answerOf(page, id),
    );
  });
});
