import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { urls } from '../src/lib/urls';

/**
 * The chaos walk (issue #18): every page in demo mode with 20 % of the requests failing (a 500, a 429 with
 * Retry-After 1–3 s, a 200 that is not JSON, a dropped connection, an answer 2 s late; src/demo/chaos.ts).
 * Which requests fail and how follows from the seed, so a failure seen here replays with the same seed
 * (`CHAOS_SEED=… npx playwright test e2e/chaos.spec.ts`, or `?fail=0.2&chaos=…` in a browser). The default
 * seed is one whose answer and stock edit both come back as a 200 that is not JSON after the simulator saved
 * them (issue #18's "accepted, reported as failed"), and whose reads fail on several pages in ways the
 * automatic retries do not hide, so the walk clicks Retry; 7536 drops both writes' connections after saving.
 */
const seed = Number(process.env.CHAOS_SEED ?? 233);
const scenario = `fail=0.2&chaos=${seed}`;
const editedProduct = 'MLAU3000001';

/** What the simulator counted (GET /__demo/traffic; src/demo/chaos.ts). */
interface Traffic {
  requests: number;
  injected: Record<string, number>;
  log: string[];
  writes: Record<string, { received: number; applied: number }>;
}

/** Read from the page, through the demo's service worker: the simulator lives in the page. */
function traffic(page: Page): Promise<Traffic> {
  return page.evaluate(() => fetch('/api/__demo/traffic').then((response) => response.json() as Promise<Traffic>));
}

/**
 * Errors nobody handled: uncaught exceptions and unhandled rejections (`pageerror`), and console errors
 * the app or a library wrote. Left out: the browser's own line for each response that failed
 * ("Failed to load resource: … status of 500") and for a fetch the service worker answered with a network
 * error: the walk causes those on purpose, and the app shows them in its views. A 404 is the spec's answer for
 * an inventory the operator does not know, which the catalog lists leave out (which ones come up depends on
 * the walk's timing).
 */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (/^Failed to load resource: the server responded with a status of (404|429|500)\b/.test(text)) return;
    if (/^Failed to load resource: net::ERR_FAILED$/.test(text)) return;
    errors.push(`console: ${text}`);
  });
  return errors;
}

/** Retry buttons clicked and error views without one, over the walk. */
const seen = { retries: 0, withoutRetry: [] as string[] };
/** What the seller was told that is not so. */
const problems: string[] = [];

/**
 * Waits until `data` shows, clicking Retry on every error view meanwhile (bounded), as a seller would. An
 * error view of a read (ErrorAlert's "Something went wrong") that offers no Retry is recorded.
 */
async function settle(page: Page, data: Locator): Promise<void> {
  const main = page.getByRole('main');
  const retry = main.getByRole('button', { name: 'Retry' });
  await expect(async () => {
    const errorViews = main.getByRole('alert').filter({ hasText: 'Something went wrong' });
    seen.withoutRetry.push(...(await errorViews.filter({ hasNot: page.getByRole('button', { name: 'Retry' }) }).allInnerTexts()));
    if (await retry.first().isVisible()) {
      seen.retries += 1;
      // The view may go away meanwhile (its data came): the next round sees.
      await retry.first().click({ timeout: 2_000 });
    }
    await expect(data).toBeVisible({ timeout: 12_000 });
    await expect(retry).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 60_000, intervals: [0] });
}

async function openFromNav(page: Page, name: string, data: Locator): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: new RegExp(`^${name}\\b`) })
    .click();
  // An area's first visit loads its chunk and catalog, slow on a busy machine.
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name, { timeout: 30_000 });
  await settle(page, data);
}

test.use({ locale: 'en-US', viewport: { width: 1400, height: 900 } });

test('the chaos walk: every page under 20 % failing requests, nothing uncaught, Retry recovers, no write twice', async ({ page }) => {
  // Every area once, with retries after 429s and 2 s answers: well over the default 30 s on a shared machine.
  test.setTimeout(240_000);
  const errors = watchErrors(page);
  const main = page.getByRole('main');

  // One page load, so one simulator counts everything: the home page, then the
  // inbox's unanswered questions and one of them, answered.
  await page.goto(`${urls.home()}?${scenario}`);
  await settle(page, page.getByRole('heading', { level: 1 }));
  const rows = page.getByRole('list', { name: 'Questions' }).getByRole('listitem');
  await openFromNav(page, 'Questions', rows.first());
  await main
    .getByRole('group', { name: 'Status' })
    .getByRole('button', { name: /^Unanswered\b/ })
    .click();
  await settle(page, rows.first().getByText('Unanswered', { exact: true }));
  await rows.first().getByRole('link').first().click();
  const detail = page.getByRole('region', { name: /^Question \d+$/ });
  const composer = page.getByRole('textbox', { name: 'Your answer' });
  await settle(page, composer);
  await composer.fill('¡Hola! Sí, hay stock.');
  await page.getByRole('button', { name: 'Send answer' }).click();
  const answered = detail.getByText('Answered', { exact: true });
  const notSent = detail.getByRole('alert').filter({ has: page.getByRole('button', { name: 'Retry' }) });
  await expect(answered.or(notSent).first()).toBeVisible({ timeout: 30_000 });
  if (await notSent.isVisible()) problems.push(`answer shown as failed: ${await notSent.innerText()}`);
  await settle(page, answered);
  await expect(detail.getByText('¡Hola! Sí, hay stock.')).toBeVisible();

  await openFromNav(page, 'Response time', main.getByRole('img', { name: /Bar chart of the average response time/ }));

  // Stock: the list, a user product, one edit followed to its confirmation.
  const userProducts = main.getByRole('list', { name: 'Your user products' });
  await openFromNav(page, 'Stock', userProducts.getByRole('link').first());
  await userProducts.getByRole('link', { name: `User product ${editedProduct}` }).click();
  await settle(page, page.getByTestId('stock-version'));
  await page.getByRole('button', { name: 'Edit the quantity of the selling address' }).click();
  const dialog = page.getByRole('dialog', { name: /^Edit the quantity of/ });
  await dialog.getByLabel('New quantity').fill('37');
  await dialog.getByRole('button', { name: 'Save' }).click();
  const confirmed = page.getByTestId('write-status').and(page.locator('[data-phase="confirmed"]'));
  const refused = main.getByRole('alert').filter({ hasText: 'was not applied' });
  await expect(confirmed.or(refused)).toBeVisible({ timeout: 30_000 });
  if (await refused.isVisible()) problems.push(`stock edit shown as not applied: ${await refused.innerText()}`);

  await openFromNav(page, 'Categories', main.getByRole('region', { name: 'Top-level categories' }).getByRole('link').first());
  const category = main.getByRole('region', { name: 'Top-level categories' }).getByRole('link').first();
  const categoryName = (await category.innerText()).replace(/\s*[\d,]+ items?$/, '');
  await category.click();
  await settle(page, page.getByRole('heading', { level: 1, name: categoryName }));
  await settle(page, page.getByRole('navigation', { name: 'Category path' }));

  // Fulfillment: an inventory, then its operations.
  const inventories = main.getByRole('navigation', { name: /Your inventories/ }).getByRole('link');
  await openFromNav(page, 'Fulfillment', inventories.first());
  await inventories.first().click();
  await settle(page, main.getByRole('link', { name: 'See the operations of this inventory' }));
  await main.getByRole('link', { name: 'See the operations of this inventory' }).click();
  await settle(page, main.getByRole('region', { name: 'Operations' }).locator('tbody tr[data-operation-id]').first());

  // Credit leads and one lead.
  const leads = main.getByRole('table', { name: 'Credit leads found' }).locator('tbody').getByRole('row');
  await openFromNav(page, 'Credit leads', leads.first());
  await leads.first().getByRole('link').click();
  await settle(page, main.getByRole('region', { name: /^Lead / }).getByRole('heading', { level: 2 }));

  await openFromNav(
    page,
    'Activity',
    main.getByText('Nothing has happened on your account yet.').or(main.getByRole('list', { name: 'Activity, newest first' })),
  );
  await openFromNav(
    page,
    'Settings',
    main.getByRole('table', { name: 'Connected accounts' }).or(main.getByRole('heading', { name: 'Connection' })),
  );

  const { requests, injected, log, writes } = await traffic(page);
  const failures = Object.values(injected).reduce((sum, count) => sum + count, 0);
  const summary = `seed ${seed}: ${requests} requests, ${failures} failures injected ${JSON.stringify(injected)}, ${seen.retries} Retry clicks`;
  test.info().annotations.push({ type: 'chaos', description: summary });
  console.log(`chaos walk, ${summary}\n  writes: ${JSON.stringify(writes)}\n  ${log.join('\n  ')}`);

  expect.soft(writes['POST /answers'], 'the answer reached the simulator once and was saved once').toEqual({ received: 1, applied: 1 });
  expect
    .soft(
      writes[`PUT /user-products/${editedProduct}/stock/type/selling_address`],
      'the stock edit reached the simulator once and was applied once',
    )
    .toEqual({ received: 1, applied: 1 });
  expect.soft(seen.withoutRetry, 'error views without Retry').toEqual([]);
  expect.soft(problems, 'wrong outcomes shown').toEqual([]);
  expect.soft(errors, 'uncaught errors').toEqual([]);
  expect(failures).toBeGreaterThan(0);
});
