import { readFile } from 'node:fs/promises';
import { expect, expectNoA11yViolations, failNext, test } from './fixtures';
import { FulfillmentPages } from './pages/fulfillment';

const dayMs = 24 * 3600_000;
const isoDaysAgo = (days: number) => new Date(Date.now() - days * dayMs).toISOString().slice(0, 10);
/** A 60-day window: the widest the spec allows, several pages of operations in the default seed. */
const wideRange = { from: isoDaysAgo(60), to: isoDaysAgo(0) };

test.use({ locale: 'en-US', timezoneId: 'UTC' });

test.describe('fulfillment stock', () => {
  test('lists the fulfilled listings; sorted by not available; a title opens its inventory; accessible', async ({ page }) => {
    test.slow(); // dozens of stock reads for the list, then axe
    const app = new FulfillmentPages(page);
    await app.openStock();
    const first = app.fulfilledList.getByRole('listitem').first();
    await expect(first).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole('combobox', { name: 'Sort' }).click();
    await page.getByRole('option', { name: 'Not available, most first' }).click();
    await expect(page).toHaveURL(/sort=not_available/);
    const title = await first.getByRole('link').innerText();
    const inventory = await page.evaluate(
      (name) => [...window.__demo!.db.items.values()].find((item) => item.title === name)!.inventory_id!,
      title,
    );
    // The live e2e finds rows by the link's accessible name: exactly the listing title.
    await app.fulfilledList.getByRole('link', { name: title, exact: true }).first().click();
    await expect(page).toHaveURL(new RegExp(`inventory=${inventory}`));
    await expect(page.getByRole('heading', { name: `Inventory ${inventory}` })).toBeVisible();
    await expect(app.figure('Total')).toBeVisible();
  });

  test("shows the simulator's numbers for an inventory, and they add up", async ({ page }) => {
    test.slow(); // the fulfilled list's reads, an inventory, an item dialog and axe
    const app = new FulfillmentPages(page);
    await app.openStock();
    await page
      .getByRole('navigation', { name: /Your inventories/ })
      .getByRole('link', { name: 'INV00001X' })
      .click();
    await expect(page).toHaveURL(/inventory=INV00001X/);
    const expected = await page.evaluate(() => window.__demo!.db.fulfillment.inventories.get('INV00001X')!.operations.at(-1)!.result);
    await expect(app.figure('Total')).toHaveText(expected.total.toLocaleString('en-US'));
    await expect(app.figure('Available for sale')).toHaveText(expected.available_quantity.toLocaleString('en-US'));
    await expect(app.figure('Not available')).toHaveText(expected.not_available_quantity.toLocaleString('en-US'));
    expect(expected.total).toBe(expected.available_quantity + expected.not_available_quantity);
    const breakdown = page.getByRole('table', { name: 'Why units are not available' });
    for (const detail of expected.not_available_detail) {
      await expect(
        breakdown
          .getByRole('row')
          .filter({ hasText: String(detail.quantity) })
          .first(),
      ).toBeVisible();
    }
    await expect(breakdown.getByRole('row', { name: /Damaged by the seller, the operator or the carrier/ })).toBeVisible();
    await page
      .getByRole('link', { name: /^Item MLA/ })
      .first()
      .click();
    await expect(page.getByRole('dialog', { name: /^Item MLA/ })).toContainText('Price');
    await page.getByRole('button', { name: 'Close' }).click();
    await expectNoA11yViolations(page);
  });

  test('explains 404, 403 and an invalid id in words, sending nothing for the invalid id', async ({ page }) => {
    const app = new FulfillmentPages(page);
    await app.openStock();
    await app.openInventory('NOPE0000');
    await expect(page.getByRole('alert')).toContainText(
      'There is no fulfillment inventory with id NOPE0000 (404 seller_product_not_found)',
    );
    await app.openInventory('INV90001X');
    await expect(page.getByRole('alert')).toContainText('belongs to another seller');
    let sent = 0;
    page.on('request', (r) => void (r.url().includes('/stock/fulfillment') && sent++));
    await app.openInventory('bad id!');
    await expect(page.getByText('An inventory id has 4 to 20 upper-case letters or digits.')).toBeVisible();
    expect(sent).toBe(0);
  });

  test('opens the inventory the stock page links with ?inventory=, and links to its operations', async ({ page }) => {
    const app = new FulfillmentPages(page);
    await app.openStock({ inventory: 'INV00002X' });
    await expect(page.getByRole('heading', { name: 'Inventory INV00002X' })).toBeVisible();
    await page.getByRole('link', { name: 'See the operations of this inventory' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Fulfillment operations' })).toBeVisible();
    await expect(app.rows.first()).toBeVisible();
    const inventories = await app.rows.locator('td:nth-of-type(3)').allTextContents();
    expect(new Set(inventories)).toEqual(new Set(['INV00002X']));
  });
});

test.describe('fulfillment operations log', () => {
  test('refuses a 70-day range before sending anything, with the reason', async ({ page }) => {
    const app = new FulfillmentPages(page);
    await app.openOperations();
    await expect(app.rows.first()).toBeVisible();
    let sent = 0;
    page.on('request', (r) => void (r.url().includes('/operations/search') && sent++));
    await app.typeDate('From', isoDaysAgo(70));
    await app.typeDate('To', isoDaysAgo(0));
    await app.search();
    await expect(page.getByRole('alert')).toContainText('The range covers 70 days; the search allows at most 60.');
    await expect(page).not.toHaveURL(/from=/);
    expect(sent).toBe(0);
  });

  test('filtering by a type shows only that type; the URL and the table agree', async ({ page }) => {
    test.slow(); // the log reads pages of 20,000 operations twice
    const app = new FulfillmentPages(page);
    await app.openOperations();
    await page.getByRole('combobox', { name: 'Operation type' }).click();
    await page.getByRole('option', { name: /^SALE_RETURN/ }).click();
    await app.search();
    await expect(page).toHaveURL(/type=sale_return/);
    await expect(app.rows.first().locator('td').nth(1)).toContainText('SALE_RETURN');
    const types = await app.rows.locator('td:nth-of-type(2) > div:first-child').allTextContents();
    expect(types.length).toBeGreaterThan(0);
    expect(types.every((text) => text.startsWith('SALE_RETURN · Outbound'))).toBe(true);
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Operation type' })).toHaveText('SALE_RETURN');
  });

  test('scrolling loads the next page until the end', async ({ page }) => {
    test.slow(); // several pages (or two axe runs) on a shared CI machine
    const app = new FulfillmentPages(page);
    await app.openOperations({ ...wideRange, size: 250 });
    await expect(app.status).toHaveText(/^Loaded 250 of [\d,]+ operations\.$/);
    const total = Number((await app.status.textContent())!.match(/of ([\d,]+)/)![1]!.replace(/,/g, ''));
    expect(total).toBeGreaterThan(750);
    await expect
      .poll(
        async () => {
          await app.scrollToEnd();
          return app.status.textContent();
        },
        { timeout: 20_000 },
      )
      .toBe(`All ${total.toLocaleString('en-US')} operations are loaded.`);
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  });

  test('an expired scroll restarts from the top without duplicates or gaps', async ({ page }) => {
    test.slow(); // several pages (or two axe runs) on a shared CI machine
    const app = new FulfillmentPages(page);
    await app.openOperations({ ...wideRange, size: 250 });
    await expect(app.status).toHaveText(/^Loaded 250 of/);
    const total = Number((await app.status.textContent())!.match(/of ([\d,]+)/)![1]!.replace(/,/g, ''));
    const refused = page.waitForResponse((r) => r.url().includes('scroll=') && r.status() === 400);
    await page.evaluate(() => window.__demo!.advanceClock(6 * 60_000));
    await page.getByRole('button', { name: 'Load more' }).click();
    expect((await (await refused).json()) as { message: string }).toMatchObject({
      error: 'validation_error',
      message: expect.stringMatching(/expired/),
    });
    await expect(app.status).toHaveText(/^Loaded 500 of/);
    await expect
      .poll(
        async () => {
          await app.scrollToEnd();
          return app.status.textContent();
        },
        { timeout: 20_000 },
      )
      .toMatch(/^All/);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const lines = (await readFile((await (await download).path())!, 'utf8')).trim().split('\r\n');
    const ids = lines.slice(1).map((line) => line.split(',')[0]);
    expect(ids).toHaveLength(total);
    expect(new Set(ids).size).toBe(total);
    const expected = await page.evaluate(
      ({ from }) =>
        window
          .__demo!.db.fulfillment.operations.filter((op) => op.seller_id === 202593498 && op.date_created >= from)
          .map((op) => String(op.id)),
      { from: isoDaysAgo(60) },
    );
    expect(new Set(ids)).toEqual(new Set(expected));
  });

  test('the CSV download has a header and one line per loaded operation', async ({ page }) => {
    const app = new FulfillmentPages(page);
    await app.openOperations({ size: 100 });
    await expect(app.status).toHaveText(/^Loaded 100 of/);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^fulfillment-operations-.*\.csv$/);
    const lines = (await readFile((await file.path())!, 'utf8')).trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,date_created,type,group,inventory_id,available_change,not_available_change,available_after,not_available_after,total_after,external_references',
    );
    expect(lines).toHaveLength(101);
  });

  test('waits and retries after 429 too_many_request', async ({ page }) => {
    const app = new FulfillmentPages(page);
    await app.openOperations();
    await expect(app.rows.first()).toBeVisible();
    await failNext(page, {
      method: 'GET',
      path: '^/stock/fulfillment/operations/search$',
      status: 429,
      error: 'too_many_request',
      message: 'Too many requests',
    });
    await page.getByRole('combobox', { name: 'Sort' }).click();
    await page.getByRole('option', { name: 'Oldest first' }).click();
    await app.search();
    await expect(page.getByText(/Too many requests: waiting/)).toBeVisible();
    await expect(page.getByText(/Too many requests: waiting/)).toBeHidden();
    await expect(app.rows.first()).toBeVisible();
  });

  test('draws the available units of one inventory over time', async ({ page }) => {
    const app = new FulfillmentPages(page);
    await app.openOperations({ inventories: 'INV00004X' });
    const chart = page.getByRole('region', { name: 'Available units over time' });
    // Below the table: the chart is drawn once the seller scrolls near it.
    await chart.scrollIntoViewIfNeeded();
    await expect(chart.locator('.recharts-line')).toBeVisible();
    await expect(chart).toContainText(/the available units of INV00004X went from \d+ to \d+/);
  });

  test('no axe violations on the log, light and dark', async ({ page }) => {
    test.slow(); // several pages (or two axe runs) on a shared CI machine
    const app = new FulfillmentPages(page);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await app.openOperations({ inventories: 'INV00001X' });
      await expect(app.rows.first()).toBeVisible();
      await expectNoA11yViolations(page);
    }
  });
});

test.describe('large seed', () => {
  test('scrolling several pages of 20,000 operations keeps at most 150 rows in the DOM', async ({ page }) => {
    test.slow(); // several pages (or two axe runs) on a shared CI machine
    const app = new FulfillmentPages(page);
    await app.openOperations('seed=large&size=500');
    expect(await page.evaluate(() => window.__demo!.db.fulfillment.operations.length)).toBeGreaterThanOrEqual(20_000);
    await expect(app.status).toHaveText(/^Loaded 500 of/);
    let mostRows = 0;
    await expect
      .poll(
        async () => {
          await app.scrollToEnd();
          mostRows = Math.max(mostRows, await app.table.locator('tbody tr').count());
          return app.status.textContent();
        },
        { timeout: 30_000 },
      )
      .toMatch(/^All [\d,]+ operations are loaded\.$/);
    const loaded = Number((await app.status.textContent())!.replace(/\D/g, ''));
    expect(loaded).toBeGreaterThanOrEqual(2500);
    expect(mostRows).toBeGreaterThan(10);
    expect(mostRows).toBeLessThanOrEqual(150);
    await app.table.evaluate((element) => element.scrollTo(0, element.scrollHeight / 2));
    await expect(app.rows.first()).toBeVisible();
    expect(await app.table.locator('tbody tr').count()).toBeLessThanOrEqual(150);
  });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the fulfilled listings fit 360 px and are accessible in dark mode', async ({ page }) => {
    const app = new FulfillmentPages(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await app.openStock();
    await expect(app.fulfilledList.getByRole('listitem').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await expectNoA11yViolations(page);
  });

  test('nothing scrolls sideways at 360 px on either page; the stock view is accessible in dark mode', async ({ page }) => {
    const app = new FulfillmentPages(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await app.openStock({ inventory: 'INV00001X' });
    await expect(page.getByRole('term').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await expectNoA11yViolations(page);
    await app.openOperations();
    await expect(app.rows.first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  });
});
