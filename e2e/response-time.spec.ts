import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, failNext, openApp, test } from './fixtures';
import { urls } from '../src/lib/urls';

const seller = 202593498;
const sellerWithoutQuestions = 310000002;
const slots = [
  ['weekdays_working_hours', 'Weekdays 9:00–18:00'],
  ['weekdays_extra_hours', 'Weekdays 18:00–24:00'],
  ['weekend', 'Weekend (Saturday and Sunday)'],
] as const;

interface Slot {
  response_time: number;
  sales_percent_increase: number | null;
}
type Resource = Record<(typeof slots)[number][0], Slot> & { user_id: number; total: { response_time: number } };

/** What the simulator answers for the seed, read the way the page reads it. */
function fetchResponseTime(page: Page, userId: number): Promise<Resource> {
  return page.evaluate(
    (id) =>
      fetch(`/api/users/${id}/questions/response_time`, { headers: { Authorization: 'Bearer demo-seller-token' } }).then((r) => r.json()),
    userId,
  );
}

const number = (value: number) => new Intl.NumberFormat('en').format(value);

test.describe('response time', () => {
  test.use({ locale: 'en-US' });

  test('the chart, the table and the callouts show exactly the figures the simulator computes for the seed', async ({ page }) => {
    await openApp(page, urls.responseTime.index());
    await expect(page.getByRole('heading', { level: 1, name: 'Response time' })).toBeVisible();
    const api = await fetchResponseTime(page, seller);
    expect(api.user_id).toBe(seller);

    const rows = [
      ...slots.map(([key, name]) => ({ name, ...api[key] })),
      { name: 'Total (every hour)', ...api.total, sales_percent_increase: null },
    ];
    const chart = page.getByRole('img', { name: /Bar chart of the average response time/ });
    await expect(chart).toBeVisible();
    // The bars' value labels, in order: the three slots, then the total.
    await expect(chart.locator('.recharts-label-list text')).toHaveText(rows.map((r) => number(r.response_time)));
    for (const row of rows)
      await expect(chart).toHaveAccessibleName(new RegExp(`${row.name.replace(/[()]/g, '\\$&')}: ${number(row.response_time)} min`));

    const table = page.getByRole('table', { name: 'Average response time per time slot, in minutes' });
    for (const row of rows) {
      const cells = table.getByRole('row', { name: new RegExp(`^${row.name.replace(/[()]/g, '\\$&')}`) }).getByRole('cell');
      await expect(cells.first()).toContainText(`${number(row.response_time)} min`);
      if (row.name !== 'Total (every hour)')
        await expect(cells.last()).toHaveText(
          row.sales_percent_increase === null ? 'None (60 min or less)' : `+${row.sales_percent_increase} %`,
        );
    }

    const total = page.getByRole('region', { name: 'Average response time, all questions' });
    await expect(total).toContainText(`${number(api.total.response_time)} min`);

    for (const [key, name] of slots) {
      const callout = page.getByRole('note').filter({ hasText: `${name}:` });
      const increase = api[key].sales_percent_increase;
      if (increase === null) await expect(callout).toHaveCount(0);
      else await expect(callout).toHaveText(new RegExp(`answer within 1 hour: \\+${increase} % sales`));
    }
  });

  test('a seller with no questions sees a friendly empty state quoting the reason', async ({ page }) => {
    await openApp(page, urls.responseTime.index());
    await page.getByRole('textbox', { name: 'Seller id' }).fill(String(sellerWithoutQuestions));
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page).toHaveURL(new RegExp(`seller=${sellerWithoutQuestions}`));
    await expect(page.getByRole('heading', { name: 'No response time yet' })).toBeVisible();
    await expect(page.getByText(`“Response time not found for user id: ${sellerWithoutQuestions}”`)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Response time');
    await expect(page.getByText(`Seller ${sellerWithoutQuestions}`)).toBeVisible();

    await page.getByRole('button', { name: 'Back to my account' }).click();
    await expect(page).not.toHaveURL(/seller=/);
    await expect(page.getByRole('table', { name: /Average response time per time slot/ })).toBeVisible();
  });

  test('a seller id that is not a positive whole number is refused before any request', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/questions/response_time')) requested.push(request.url());
    });
    await openApp(page, urls.responseTime.index({ seller: '12a' }));
    await expect(page.getByText('The seller id in the address (“12a”) is not valid')).toBeVisible();

    const field = page.getByRole('textbox', { name: 'Seller id' });
    await field.fill('-5');
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(field).toHaveAccessibleDescription('Enter a seller id: a whole number greater than 0, digits only.');
    await expect(page).toHaveURL(/seller=12a/);
    expect(requested).toEqual([]);
  });

  test('a server failure is explained with a retry that recovers', async ({ page }) => {
    await openApp(page, urls.settings.index());
    // Three tries in all (the client retries 5xx twice).
    await failNext(page, { method: 'GET', path: '/questions/response_time$', status: 500, times: 3 });
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Response time' }).click();
    const error = page.getByRole('alert').filter({ hasText: 'The server failed (500)' });
    await expect(error).toBeVisible({ timeout: 15_000 });
    await error.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('table', { name: /Average response time per time slot/ })).toBeVisible();
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`no axe violations with the figures (${scheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await openApp(page, urls.responseTime.index());
      await expect(page.getByRole('img', { name: /Bar chart/ })).toBeVisible();
      await expectNoA11yViolations(page);
    });

    test(`no axe violations on the empty state (${scheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await openApp(page, urls.responseTime.index({ seller: sellerWithoutQuestions }));
      await expect(page.getByRole('heading', { name: 'No response time yet' })).toBeVisible();
      await expectNoA11yViolations(page);
    });
  }
});

test.describe('response time on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, locale: 'en-US' });

  test('the chart fits 360 px and nothing scrolls sideways', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await openApp(page, urls.responseTime.index());
    const chart = page.getByRole('img', { name: /Bar chart/ });
    // Below the fold on a phone, the bars are drawn only once the seller scrolls to them.
    await expect(chart).toBeAttached();
    await expect(chart.locator('.recharts-surface')).toHaveCount(0);
    await chart.scrollIntoViewIfNeeded();
    await expect(chart.locator('.recharts-label-list text')).toHaveCount(4);
    const box = await chart.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  });
});
