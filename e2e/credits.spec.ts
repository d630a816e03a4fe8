import { readFile } from 'node:fs/promises';
import { expect, expectNoA11yViolations, failNext, openApp, receivedBodies, test } from './fixtures';
import { CreditLeadsPage, shift } from './pages/credits';
import { urls } from '../src/lib/urls';

interface Buyer {
  full_name: string;
  email: string;
  phone: string;
}

/** The seeded buyer of a live lead whose short id is shown (read from the demo db). */
async function buyerOf(credits: CreditLeadsPage, shortId: string): Promise<Buyer> {
  return credits.page.evaluate((prefix) => window.__demo!.db.creditLeads.live.find((lead) => lead.id.startsWith(prefix))!.buyer, shortId);
}

const today = new Date();

// Several page loads, a 100-row table and axe runs per test: the default 30 s is short on a shared machine.
test.describe.configure({ timeout: 90_000 });
const formatted = (date: Date) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(date);

test.describe('credit leads', () => {
  test.use({ locale: 'en-US', viewport: { width: 1366, height: 900 } });

  test('the default search shows approved leads of the last 30 days', async ({ page }) => {
    const credits = new CreditLeadsPage(page);
    await credits.open();
    await expect(credits.total).toContainText(`from ${formatted(shift(today, { days: -30 }))} to ${formatted(today)}`);
    for (const row of await credits.drawnRows()) await expect(row.getByRole('cell').nth(6)).toContainText('Approved');
    await expect(credits.form.getByRole('combobox', { name: 'Status' })).toHaveText('Approved');
    await expectNoA11yViolations(page);
  });

  test('a 4-month range, a malformed item id and a bad UUID are refused before sending', async ({ page }) => {
    const credits = new CreditLeadsPage(page);
    await credits.open();
    await expect(credits.rows().first()).toBeVisible();
    credits.recordRequests();

    await credits.setDate('From', shift(today, { months: -4 }));
    await credits.search();
    await expect(credits.form.getByText('The range spans more than 3 months')).toBeVisible();
    await expect(credits.form.getByRole('alert')).toHaveText('Nothing was sent: correct the search first.');

    await credits.setDate('From', shift(today, { days: -10 }));
    await credits.form.getByLabel('Item id').fill('mla-123');
    await credits.search();
    await expect(credits.form.getByText('An item id is M, two capital letters and digits')).toBeVisible();
    expect(credits.requests).toEqual([]);

    // The recorder does see requests: a valid search goes out.
    await credits.form.getByLabel('Item id').fill('MLA1400000001');
    await credits.search();
    await expect(page).toHaveURL(/item=MLA1400000001/);
    await expect.poll(() => credits.requests.length).toBeGreaterThan(0);

    await page.goto(urls.credits.detail('not-a-uuid'));
    await expect(credits.panel.getByRole('alert')).toContainText('“not-a-uuid” is not a lead id');
    expect(credits.requests.filter((url) => url.includes('not-a-uuid'))).toEqual([]);
  });

  test('status "all" shows the other statuses, and paging goes past 100', async ({ page }) => {
    const credits = new CreditLeadsPage(page);
    await credits.open();
    await expect(credits.rows().first()).toBeVisible();
    await credits.setDate('From', shift(today, { months: -3 }));
    await credits.choose('Status', 'All statuses');
    await credits.search();
    await expect(page).toHaveURL(/status=all/);
    await expect(credits.table).toContainText('Rejected');
    await expect(credits.table).toContainText('In analysis');
    await expect(credits.table).toContainText('Approved');

    const pagination = page.getByText(/^1–100 of \d+$/);
    await expect(pagination).toBeVisible();
    const total = Number((await pagination.textContent())!.split(' of ')[1]);
    expect(total).toBeGreaterThan(100);
    await expect(credits.rows()).toHaveCount(100);
    const firstPage = await credits.rowIds();
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page.getByText(`101–${total} of ${total}`)).toBeVisible();
    await expect(page).toHaveURL(/offset=100/);
    await expect(credits.rows()).toHaveCount(total - 100);
    expect(await credits.rowIds()).not.toContain(firstPage[0]);
  });

  test('contact reaches the browser only on a reveal, shows with links, never in the URL, and is gone for the next lead', async ({
    page,
  }) => {
    const received = receivedBodies(page);
    const credits = new CreditLeadsPage(page);
    await credits.open();
    const row = credits.rows().filter({ hasNotText: 'Expired' }).first();
    const shortId = (await row.getByRole('link').textContent())!;
    const buyer = await buyerOf(credits, shortId);
    await row.getByRole('link').click();
    await expect(credits.heading()).toHaveText(`Lead ${shortId}`);
    await expect(credits.panel.getByRole('button', { name: 'Reveal contact' })).toBeVisible();
    await expect(page.getByText(buyer.email)).toHaveCount(0);
    expect(await received.all()).not.toContain(buyer.email);
    await expectNoA11yViolations(page);

    await credits.panel.getByRole('button', { name: 'Reveal contact' }).click();
    await expect(credits.panel.getByRole('link', { name: buyer.email })).toHaveAttribute('href', `mailto:${buyer.email}`);
    await expect(credits.panel.getByRole('link', { name: buyer.phone })).toHaveAttribute('href', /^tel:\+549/);
    await expect(credits.panel.getByText(buyer.full_name)).toBeVisible();
    await expect(credits.panel.getByRole('button', { name: 'Copy email' })).toBeVisible();
    await expectNoA11yViolations(page);
    for (const value of [buyer.email, buyer.phone, buyer.full_name, encodeURIComponent(buyer.email)])
      expect(page.url()).not.toContain(value);
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
    expect(stored).not.toContain(buyer.email);

    await credits.panel.getByRole('button', { name: 'Next lead' }).click();
    await expect(credits.heading()).not.toHaveText(`Lead ${shortId}`);
    await credits.panel.getByRole('button', { name: 'Previous lead' }).click();
    await expect(credits.heading()).toHaveText(`Lead ${shortId}`);
    await expect(credits.panel.getByRole('button', { name: 'Reveal contact' })).toBeVisible();
    await expect(page.getByText(buyer.email)).toHaveCount(0);
  });

  test('an expired lead shows the expired state', async ({ page }) => {
    const credits = new CreditLeadsPage(page);
    await credits.open();
    await expect(credits.rows().first()).toBeVisible();
    // The seed's recent expired leads need not be approved (the default filter): every status is searched.
    await credits.choose('Status', 'All statuses');
    await credits.search();
    await expect(page).toHaveURL(/status=all/);
    await credits.rows().filter({ hasText: 'Expired' }).first().getByRole('link').click();
    await expect(credits.panel.getByText('This credit has expired')).toBeVisible();
    await expect(credits.panel).toContainText('no longer valid (410)');
  });

  test('a seller mismatch answered by the server (400) is explained in words, with a retry', async ({ page }) => {
    const credits = new CreditLeadsPage(page);
    await credits.open();
    await expect(credits.rows().first()).toBeVisible();
    await failNext(page, {
      method: 'GET',
      path: '^/vis/loans/search$',
      status: 400,
      error: 'invalid_seller',
      message: 'seller_id mismatch',
    });
    await credits.choose('Status', 'Rejected');
    await credits.search();
    await expect(credits.results.getByRole('alert')).toContainText('not the owner of the access token');
    await credits.results.getByRole('button', { name: 'Retry' }).click();
    await expect(credits.table).toContainText('Rejected');
  });

  test('an unknown lead id shows not found', async ({ page }) => {
    const credits = new CreditLeadsPage(page);
    await credits.open(urls.credits.detail('11111111-1111-4111-8111-111111111111'));
    await expect(credits.panel.getByText('Lead not found')).toBeVisible();
  });

  test('next/previous walk the result list with buttons and j/k, beside the list', async ({ page }) => {
    const credits = new CreditLeadsPage(page);
    await credits.open();
    await expect(credits.rows().nth(3)).toBeVisible();
    const ids = await credits.rowIds();
    await credits.openRow(0);
    await expect(credits.heading()).toHaveText(`Lead ${ids[0]}`);
    await credits.panel.getByRole('button', { name: 'Next lead' }).click();
    await expect(credits.heading()).toHaveText(`Lead ${ids[1]}`);
    await page.keyboard.press('j');
    await expect(credits.heading()).toHaveText(`Lead ${ids[2]}`);
    await expect(credits.panel.getByText(`Lead 3 of ${ids.length} on this page`)).toBeVisible();
    await page.keyboard.press('k');
    await expect(credits.heading()).toHaveText(`Lead ${ids[1]}`);
    await credits.panel.getByRole('button', { name: 'Previous lead' }).click();
    await expect(credits.heading()).toHaveText(`Lead ${ids[0]}`);
    await expect(credits.panel.getByRole('button', { name: 'Previous lead' })).toBeDisabled();
    await expect(credits.table).toBeVisible();
    await expect(credits.rows().first()).toHaveAttribute('aria-current', 'true');
  });

  test('a lead’s review (status and note) shows in the list, which filters on it', async ({ page }) => {
    const credits = new CreditLeadsPage(page);
    await credits.open();
    await expect(credits.rows().nth(2)).toBeVisible();
    const ids = await credits.rowIds();
    await credits.openRow(1);
    const review = credits.panel.getByRole('region', { name: 'Review' });
    await review.getByRole('combobox', { name: 'Review status' }).click();
    await page.getByRole('option', { name: 'Interested', exact: true }).click();
    await review.getByRole('textbox', { name: 'Note' }).fill('Wants to pay the rest in cash');
    await review.getByRole('button', { name: 'Save review' }).click();
    await expect(review.getByText('Changed by TIENDA_DEMO on')).toBeVisible();
    await expect(credits.rows().nth(1)).toContainText('Interested');
    await expect(credits.rows().nth(0)).not.toContainText('Interested');
    await credits.results.getByRole('combobox', { name: 'Review' }).click();
    await page.getByRole('option', { name: 'Interested', exact: true }).click();
    await expect(credits.rows()).toHaveCount(1);
    expect(await credits.rowIds()).toEqual([ids[1]]);
    expect(new URL(page.url()).searchParams.get('review')).toBe('interested');
  });

  test('the sandbox switch changes the data and shows the test-data banner', async ({ page }) => {
    const credits = new CreditLeadsPage(page);
    await credits.open();
    const liveIds = await credits.rowIds();
    await expect(page.getByText('Test data', { exact: true })).toHaveCount(0);

    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('switch', { name: 'Credit sandbox' }).check();
    const sandboxRequest = page.waitForRequest((request) => request.url().includes('/api/vis/loans/search'));
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Credit leads' }).click();
    expect((await sandboxRequest).headers()['x-sandbox']).toBe('true');
    await expect(page.getByText('Test data', { exact: true })).toBeVisible();
    await expect(page.getByText('these leads are test data')).toBeVisible();
    await expect(credits.rows().first()).toBeVisible();
    const sandboxIds = await credits.rowIds();
    expect(sandboxIds.every((id) => /^000000\d\d$/.test(id))).toBe(true);
    expect(sandboxIds).not.toEqual(liveIds);
    await expectNoA11yViolations(page);
  });

  test('the CSV export holds the results without email or phone', async ({ page }) => {
    const credits = new CreditLeadsPage(page);
    await credits.open();
    const count = (await credits.drawnRows()).length;
    const download = page.waitForEvent('download');
    await credits.results.getByRole('button', { name: 'Export CSV' }).click();
    const csv = await readFile((await (await download).path())!, 'utf8');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe(
      'lead_id,item_id,item_title,down_payment_amount,installments_number,installments_amount,currency,financial_entity_id,proposal_id,date_created,status,expired,review_status',
    );
    expect(lines).toHaveLength(count + 1);
    const buyers = await page.evaluate(() => window.__demo!.db.creditLeads.live.map((lead) => lead.buyer));
    expect(csv).not.toContain('@');
    for (const buyer of buyers) {
      expect(csv).not.toContain(buyer.phone);
      expect(csv).not.toContain(buyer.full_name);
    }
  });

  test('item titles that would start a spreadsheet formula are exported as text', async ({ page }) => {
    const credits = new CreditLeadsPage(page);
    // The titles change before the list reads its items: the app starts on a page that reads none.
    await openApp(page, urls.settings.index());
    const titles = ['=HYPERLINK("https://evil.example/")', '+1+1', '-1+1', '@SUM(A1:A9)', '\t=1+1'];
    await page.evaluate((titles) => {
      const { db } = window.__demo!;
      // The demo seller's leads (OTRO_VENDEDOR's few are of a listing the simulator knows by its id only).
      const ids = [...new Set(db.creditLeads.live.filter((lead) => lead.seller_id === db.seller.id).map((lead) => lead.item_id))];
      ids.forEach((id, index) => Object.assign(db.items.get(id)!, { title: titles[index % titles.length] }));
    }, titles);
    await page
      .getByRole('navigation')
      .getByRole('link', { name: /^Credit leads/ })
      .click();
    // The list, then each row's item, are read after the click: on a busy machine that is more than the default wait.
    await expect(credits.table.getByText('=HYPERLINK("https://evil.example/")').first()).toBeVisible({ timeout: 30_000 });
    const download = page.waitForEvent('download');
    await credits.results.getByRole('button', { name: 'Export CSV' }).click();
    const lines = (await readFile((await (await download).path())!, 'utf8')).split('\r\n').slice(1, -1);
    const exported = lines.map((line) => line.split(',')[2]!);
    expect(exported.length).toBeGreaterThan(0);
    // Unquoted as a spreadsheet reads the cell: every title opens as text, behind an apostrophe.
    for (const cell of exported) expect(titles.map((title) => `'${title}`)).toContain(cell.replace(/^"(.*)"$/, '$1').replace(/""/g, '"'));
  });
});

test.describe('credit leads in dark mode', () => {
  test.use({ locale: 'en-US', viewport: { width: 1366, height: 900 }, colorScheme: 'dark' });

  test('no axe violations on the list with a revealed lead beside it', async ({ page }) => {
    const credits = new CreditLeadsPage(page);
    await credits.open();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await credits.rows().filter({ hasNotText: 'Expired' }).first().getByRole('link').click();
    await credits.panel.getByRole('button', { name: 'Reveal contact' }).click();
    await expect(credits.panel.getByRole('button', { name: 'Copy phone' })).toBeVisible();
    await expectNoA11yViolations(page);
  });
});

test.describe('credit leads on a phone', () => {
  test.use({ locale: 'en-US', viewport: { width: 360, height: 740 } });

  test('the lead replaces the list and nothing scrolls sideways', async ({ page }) => {
    const credits = new CreditLeadsPage(page);
    await credits.open();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await credits.openRow(0);
    await expect(credits.table).toBeHidden();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await credits.panel.getByRole('link', { name: 'Back to the list' }).click();
    await expect(credits.table).toBeVisible();
  });
});
