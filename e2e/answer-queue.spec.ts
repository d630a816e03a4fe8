import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, layoutShifts, openApp, recordLayoutShifts, test } from './fixtures';
import { urls } from '../src/lib/urls';

test.use({ locale: 'en-US', viewport: { width: 1400, height: 900 } });
test.describe.configure({ timeout: 90_000 });

/**
 * Three questions waiting longer than any of the seed's (so the queue takes them first), and an earlier answer
 * of the account on the same item whose question resembles the first. Returns their ids, oldest first.
 */
function waitingQuestions(page: Page): Promise<number[]> {
  return page.evaluate(() => {
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
    add(30, '¿Viene en talle 42?', 'Sí, tenemos talle 42 en negro y en azul.');
    return [add(20, '¿Hay talle 42 disponible?'), add(19, '¿Hacen factura A?'), add(18, '¿Cuánto tarda el envío a Córdoba?')];
  });
}

const answerOf = (page: Page, id: number) =>
  page.evaluate((questionId) => window.__demo!.db.questions.byId.get(questionId)?.answer?.text, id);

test.describe('answer queue (demo)', () => {
  test('from home, three answers in a row by keyboard: a suggestion inserted and edited, a disguised phone held, explained and sent once edited', async ({
    page,
  }) => {
    await openApp(page, urls.settings.index());
    const [size, invoice, shipping] = await waitingQuestions(page);
    await page.getByRole('navigation').getByRole('link', { name: 'Home', exact: true }).click();
    await page.getByRole('link', { name: /^Answer next \(\d+\)$/ }).click();

    const question = page.locator('#queue-question');
    const composer = page.getByRole('textbox', { name: 'Your answer' });
    await expect(question).toHaveText('¿Hay talle 42 disponible?');
    await expect(composer).toBeFocused();
    const suggestions = page.getByRole('region', { name: 'Suggested answers' });
    await expect(suggestions.getByText('Sí, tenemos talle 42 en negro y en azul.')).toBeVisible();
    await page.keyboard.press('Alt+KeyI');
    await expect(composer).toHaveValue('Sí, tenemos talle 42 en negro y en azul.');
    await page.keyboard.type(' Te esperamos.');
    await page.keyboard.press('Control+Enter');

    await expect(question).toHaveText('¿Hacen factura A?');
    await expect(composer).toBeFocused();
    await page.keyboard.type('Sí. Escribime al wpp once 4567 89O1');
    await page.keyboard.press('Control+Enter');
    const held = page
      .getByRole('alert')
      .filter({ hasText: 'This looks like contact data, which the marketplace does not allow in answers' });
    await expect(held).toBeVisible();
    await expect(held.getByRole('listitem').filter({ hasText: 'a phone number' }).locator('mark')).toHaveText('once 4567 89O1');
    await expect(held.getByRole('listitem').filter({ hasText: 'a social network, handle or messaging app' }).locator('mark')).toHaveText(
      'wpp',
    );
    expect(await answerOf(page, invoice!)).toBeUndefined();
    await composer.fill('Sí, hacemos factura A.');
    await composer.press('Control+Enter');

    await expect(question).toHaveText('¿Cuánto tarda el envío a Córdoba?');
    await page.keyboard.type('Llega en 48 horas hábiles.');
    await page.keyboard.press('Control+Enter');
    await expect(page.locator('#queue-question')).not.toHaveText('¿Cuánto tarda el envío a Córdoba?');

    expect(await answerOf(page, size!)).toBe('Sí, tenemos talle 42 en negro y en azul. Te esperamos.');
    expect(await answerOf(page, invoice!)).toBe('Sí, hacemos factura A.');
    expect(await answerOf(page, shipping!)).toBe('Llega en 48 horas hábiles.');
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/\/questions\?status=UNANSWERED&sort=due&order=asc$/);
  });

  test('the home card’s overdue count changes when the target changes', async ({ page }) => {
    await openApp(page);
    const urgent = page.getByRole('region', { name: 'Questions' }).getByText(/^Overdue: \d+\+? · due within 15 min: \d+\+?$/);
    await expect(urgent).toBeVisible();
    const overdue = Number((await urgent.textContent())!.match(/^Overdue: (\d+)/)![1]);
    // The seed's questions from last night are more than an hour old.
    expect(overdue).toBeGreaterThan(0);

    await page.getByRole('navigation').getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByRole('spinbutton', { name: 'Answer within (minutes)' }).fill('10080');
    await page.getByRole('button', { name: 'Save target' }).click();
    await expect(page.getByText('Response-time target saved for the whole team.')).toBeVisible();
    await page.getByRole('navigation').getByRole('link', { name: 'Home', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Questions' }).getByText(/^Overdue: 0 · due within 15 min: 0$/)).toBeVisible();
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`on a phone the queue fits the screen, folds the facts and has no axe violations (${scheme})`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.emulateMedia({ colorScheme: scheme });
      await recordLayoutShifts(page);
      await openApp(page, urls.questions.queue());
      await expect(page.locator('#queue-question')).not.toBeEmpty();
      const suggestions = page.getByRole('region', { name: 'Suggested answers' });
      await expect(
        suggestions
          .getByRole('button', { name: /^Insert suggestion / })
          .first()
          .or(suggestions.getByText('No earlier answer resembles this question.')),
      ).toBeVisible();
      // The suggestions arrive after the question: their box keeps its height, so the composer never moves.
      expect(await layoutShifts(page)).toEqual([]);
      const facts = page.getByRole('button', { name: 'Item facts' });
      await expect(facts).toHaveAttribute('aria-expanded', 'false');
      await facts.click();
      await expect(page.getByRole('region', { name: 'Item facts' }).getByText('Available quantity')).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      await expectNoA11yViolations(page);
    });
  }
});
