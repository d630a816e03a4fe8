import type { Page } from '@playwright/test';
import { openApp, test } from './fixtures';
import {
  answerThreeInARow,
  earlier,
  factsWhileStockIsSlow,
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
});
