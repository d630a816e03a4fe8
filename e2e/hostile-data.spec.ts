import type { Page } from '@playwright/test';
import { expect, failNext, openApp, test } from './fixtures';
import { QuestionsPage } from './pages/questions';
import { itemCategories } from '../src/demo/db/core';
import { urls } from '../src/lib/urls';

/**
 * Free text from the API is data, never markup: question, answer, item title, nickname, attribute values and
 * error messages carry script payloads, a right-to-left override and very long words, and every page stays
 * inert (no dialog, no injected element) and fits a 390 px phone without scrolling sideways.
 */
const img = `<img src=x onerror="alert('img')">`;
const link = `<a href="javascript:alert('link')">open</a>`;
const rtl = '\u202Etxt.exe';
const word = (length: number) => 'W'.repeat(length);
const hostile = `${img} ${link} ${rtl}`;

test.use({ locale: 'en-US', viewport: { width: 390, height: 844 } });
test.describe.configure({ timeout: 90_000 });

/** Messages of the dialogs a payload opened (none, when the app holds). */
let dialogs: string[] = [];

test.beforeEach(async ({ page }) => {
  dialogs = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  // The db is seeded in the page: the payloads go in as the demo backend starts, before the app reads anything.
  await page.addInitScript(
    ({ hostile, long, phones }) => {
      let demo: Window['__demo'];
      Object.defineProperty(window, '__demo', {
        configurable: true,
        get: () => demo,
        set: (value: Window['__demo']) => {
          demo = value;
          const db = value!.db;
          for (const item of db.items.values()) item.title = `${hostile} ${long}`;
          db.sellers[0]!.nickname = `TIENDA_DEMO ${hostile} ${long}`;
          for (const attribute of db.categories.categories.get(phones)!.attributes)
            attribute.values = [{ id: 'X', name: `${hostile} ${long}` }, ...(attribute.values ?? [])];
        },
      });
    },
    { hostile, long: word(10_000), phones: itemCategories.phones.id },
  );
});

/** Nothing ran, nothing was injected, and the page is no wider than the phone. */
async function expectInertAndFitting(page: Page) {
  expect(dialogs).toEqual([]);
  await expect(page.locator('img[src="x"], a[href^="javascript:" i], [onerror]')).toHaveCount(0);
  const width = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(width.scroll).toBeLessThanOrEqual(width.client);
}

test('a hostile buyer question, its answer and item title show as text in the inbox and the question', async ({ page }) => {
  const inbox = new QuestionsPage(page);
  await inbox.open();
  await expect(inbox.rows.first()).toContainText(img);
  // A buyer asks through the simulator's trigger: the inbox announces it without a reload.
  const asked = await page.evaluate(
    async (text) => {
      const response = await fetch('/api/__demo/questions', {
        method: 'POST',
        headers: { Authorization: 'Bearer demo-seller-token', 'Content-Type': 'application/json' },
        body: JSON.stringify({ text }),
      });
      return ((await response.json()) as { id: number }).id;
    },
    `${hostile} ${word(1_900)}`,
  );
  await page.getByRole('button', { name: /new question · Show/ }).click();
  const row = inbox.rows.filter({ has: page.locator(`[data-question-link="${asked}"]`) });
  await expect(row).toContainText(link);
  await expectInertAndFitting(page);

  await row.locator(`[data-question-link="${asked}"]`).click();
  await expect(inbox.detail.getByText(link, { exact: false }).first()).toBeVisible();
  await expectInertAndFitting(page);
  await inbox.composer.fill(`${img} ${rtl} ${word(1_900)}`);
  await page.getByRole('button', { name: 'Send answer' }).click();
  await expect(inbox.detail.getByText('Answered', { exact: true })).toBeVisible();
  await expect(inbox.detail.getByText(`${img} ${rtl}`, { exact: false }).first()).toBeVisible();
  await expectInertAndFitting(page);
});

test('attribute values show as text on a category', async ({ page }) => {
  await openApp(page, urls.categories.detail('MLA', itemCategories.phones.id, { tab: 'attributes' }));
  await expect(page.getByRole('table').getByText(img, { exact: false }).first()).toBeVisible();
  await expectInertAndFitting(page);
});

test('an error message from the API shows as text', async ({ page }) => {
  await openApp(page, urls.categories.index({ site: 'MLA' }));
  // Twice: pressing the link focuses it, which prefetches the category, and the page reads again a read that failed.
  await failNext(page, {
    method: 'GET',
    path: `^/categories/${itemCategories.phones.parent.id}$`,
    times: 2,
    status: 404,
    error: 'not_found',
    message: `${hostile} ${word(10_000)}`,
  });
  await page.getByRole('link', { name: itemCategories.phones.parent.name }).first().click();
  await expect(page.getByRole('heading', { name: 'Category not found' })).toBeVisible();
  await expect(page.getByText(img, { exact: false }).last()).toBeVisible();
  await expectInertAndFitting(page);
});

test('item titles show as text in the credit leads list', async ({ page }) => {
  await openApp(page, urls.credits.index());
  // Each row's item is read after the list; many 10,000-character titles take a while to lay out on a busy machine.
  await expect(page.getByRole('table', { name: 'Credit leads found' }).getByText(img, { exact: false }).first()).toBeVisible({
    timeout: 30_000,
  });
  await expectInertAndFitting(page);
});

test.describe('wider than a phone, where the banner shows the nickname', () => {
  test.use({ viewport: { width: 800, height: 900 } });

  test('the nickname shows as text and the banner holds', async ({ page }) => {
    await openApp(page, urls.settings.index());
    await expect(page.getByRole('banner')).toContainText(img);
    await expectInertAndFitting(page);
  });
});
