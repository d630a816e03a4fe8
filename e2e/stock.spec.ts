import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, failNext, openApp, test } from './fixtures';
import { openSharingContext, StockPage } from './pages/stock';
import { urls } from '../src/lib/urls';

test.use({ locale: 'en-US' });

/** Stock PUTs the page sends, counted at the network layer. */
function countStockWrites(page: Page): { count: number } {
  const counter = { count: 0 };
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().includes('/api/user-products/')) counter.count += 1;
  });
  return counter;
}

async function serverQuantity(backend: Page, userProductId: string, type: string): Promise<number | undefined> {
  return backend.evaluate(
    ([id, locationType]) => {
      const record = window.__demo!.db.stock.userProducts.get(id!)!;
      return (record.pending.at(-1)?.locations ?? record.locations).find((l) => l.type === locationType)?.quantity;
    },
    [userProductId, type],
  );
}

test.describe('stock: opening a user product', () => {
  test('a malformed id is refused before any request; an unknown id says not found; the catalog list and recent ones', async ({ page }) => {
    const reads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/user-products/')) reads.push(request.url());
    });
    await openApp(page, urls.stock.index());
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stock');
    const field = page.getByLabel('User product id');
    await field.fill('not an id');
    await page.getByRole('button', { name: 'Open' }).click();
    await expect(page.getByText('That is not a user product id')).toBeVisible();
    // The list's rows read their own stock; nothing else may leave.
    expect(reads.filter((url) => !/\/user-products\/MLAU\d+\/stock$/.test(new URL(url).pathname))).toEqual([]);

    await field.fill('mlau999999');
    await page.getByRole('button', { name: 'Open' }).click();
    await expect(page).toHaveURL(/\/stock\/MLAU999999$/);
    await expect(page.getByRole('alert')).toContainText('User product MLAU999999 was not found (404)');

    await page.getByRole('link', { name: 'All user products' }).click();
    const list = page.getByRole('list', { name: 'Your user products' });
    const row = list.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'User product MLAU3000001' }) });
    // The title opens the user product's stock; the listing on the marketplace is a link of its own.
    await expect(row.getByRole('link', { name: 'Smartphone Moto G84 256 GB Azul' })).toHaveAttribute('href', '/stock/MLAU3000001');
    await expect(row.getByRole('link', { name: 'On the marketplace' }).first()).toHaveAttribute('href', /^https:\/\//);
    await expect(row.getByRole('img')).toHaveCount(0); // the photo is decorative (alt ""), beside its linked title
    await expect(row.getByRole('link', { name: 'Inventory INV00001X' })).toBeVisible();
    await expect(row).toContainText(/Fulfillment warehouses: \d+/);
    await row.getByRole('link', { name: 'User product MLAU3000001' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stock · MLAU3000001');
    await expect(page.getByRole('table', { name: 'Items of this user product' })).toContainText('Smartphone Moto G84');
    await page.getByRole('link', { name: 'All user products' }).click();
    await expect(
      page.getByRole('region', { name: 'Recently opened on this device' }).getByRole('link', { name: 'MLAU3000001' }),
    ).toBeVisible();
  });

  test('the list searches by title through the URL', async ({ page }) => {
    await openApp(page, urls.stock.index());
    await page.getByRole('searchbox', { name: 'Search by title' }).fill('termo');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/[?&]q=termo/);
    const list = page.getByRole('list', { name: 'Your user products' });
    await expect(list.getByRole('link', { name: 'User product MLAU3420003' })).toBeVisible();
    await expect(list.getByRole('link', { name: /^User product / })).toHaveCount(1);
    await expect(page.getByRole('status').filter({ hasText: '1 user product from 2 listings.' })).toBeVisible();
  });

  test('each location type is explained, items link to their fulfillment stock', async ({ page }) => {
    const stock = new StockPage(page);
    await stock.open('MLAU3420005');
    await expect(stock.locations.getByRole('row').filter({ hasText: 'Fulfillment warehouses' })).toContainText('Not editable here');
    await expect(stock.locations.getByRole('row').filter({ hasText: 'Seller warehouse' })).toHaveCount(2);
    await expect(stock.locations.getByRole('row').filter({ hasText: 'STORE-101' })).toContainText('NODE-AR-CABA-01');
    await expect(page.getByRole('button', { name: 'Edit the quantity of warehouse STORE-101' })).toBeEnabled();
    const link = page.getByRole('link', { name: /^Fulfillment stock of INV42/ });
    await expect(link).toHaveAttribute('href', /\/fulfillment\?inventory=INV42\d+X$/);
  });
});

test.describe('stock: editing', () => {
  test('an edit is pending after 204 and confirmed when a read shows the new version and quantity', async ({ page }) => {
    const stock = new StockPage(page);
    await stock.open('MLAU3000001');
    const before = await stock.versionNumber();
    await stock.startEdit();
    await stock.save('37');
    await expect(stock.status).toHaveAttribute('data-phase', 'pending');
    await expect(stock.status).toContainText('Pending: the server accepted the selling address = 37');
    await expect(stock.status).toHaveAttribute('data-phase', 'confirmed');
    await expect(stock.status).toContainText(`Confirmed: the selling address is 37 at version ${before + 1}.`);
    await expect(stock.version).toHaveText(`Read at version ${before + 1}`);
    await expect(stock.quantityOf('Selling address')).toHaveText('37');
  });

  test('a seller warehouse is edited through the seller_warehouse call', async ({ page }) => {
    const stock = new StockPage(page);
    await stock.open('MLAU3420005');
    const put = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith('/stock/type/seller_warehouse'));
    await stock.startEdit('warehouse STORE-102');
    await stock.save('8');
    expect((await put).postDataJSON()).toEqual({ locations: [{ store_id: 'STORE-102', network_node_id: 'NODE-AR-CBA-01', quantity: 8 }] });
    await expect(stock.status).toHaveAttribute('data-phase', 'confirmed');
    await expect(stock.quantityOf('Seller warehouse', 1)).toHaveText('8');
  });

  test('invalid quantities are refused with a message and no request leaves the browser', async ({ page }) => {
    const stock = new StockPage(page);
    const writes = countStockWrites(page);
    await stock.open('MLAU3000001');
    await stock.startEdit();
    for (const [input, message] of [
      ['-3', 'The quantity cannot be negative.'],
      ['2.5', 'Use a whole number: stock has no fractions.'],
      ['abc', 'Use digits only (0, 1, 2 …).'],
      ['', 'Enter a quantity.'],
    ] as const) {
      await stock.save(input);
      await expect(stock.editDialog.getByText(message)).toBeVisible();
    }
    await expect(stock.editDialog).toBeVisible();
    expect(writes.count).toBe(0);
  });

  test('each 400 condition of the spec is explained on a seeded user product that triggers it', async ({ page }) => {
    // Five user products opened and edited in turn: over 20 s even on a quiet machine.
    test.slow();
    const stock = new StockPage(page);
    const cases = [
      { id: 'MLAU3420001', explanation: 'sold through fulfillment only', add: true },
      { id: 'MLAU3420002', explanation: 'No items are associated with this user product' },
      { id: 'MLAU3420003', explanation: 'Some items have no inventory id (they are not in fulfillment): MLA1420000004' },
      { id: 'MLAU3420004', explanation: 'The operator needs a full inbound before this stock can be modified' },
    ];
    for (const { id, explanation, add } of cases) {
      await stock.open(id);
      if (add) {
        await page.getByRole('button', { name: 'Add stock at your selling address' }).click();
        await expect(stock.editDialog).toBeVisible();
      } else {
        await stock.startEdit();
      }
      await stock.save('3');
      const alert = page.getByRole('alert').filter({ hasText: 'Your change of the selling address to 3 was not applied' });
      await expect(alert).toContainText(explanation);
    }
    // A missing x-version cannot leave this client (it refuses first); the server's answer is still explained.
    await stock.open('MLAU3000002');
    await failNext(page, {
      method: 'PUT',
      path: '/stock/type/selling_address$',
      status: 400,
      error: 'missing_x_version',
      message: 'The x-version header is required',
    });
    await stock.startEdit();
    await stock.save('4');
    await expect(page.getByRole('alert')).toContainText('The change had no version to start from (x-version)');
  });

  test('a user product with stock only in the operator’s warehouses can gain selling-address stock', async ({ page }) => {
    const stock = new StockPage(page);
    await stock.open('MLAU3420006');
    await page.getByRole('button', { name: 'Add stock at your selling address' }).click();
    await stock.save('6');
    await expect(stock.status).toHaveAttribute('data-phase', 'confirmed');
    await expect(stock.quantityOf('Selling address')).toHaveText('6');
  });
});

test.describe('stock: two sellers editing the same user product', () => {
  for (const choice of ['apply mine', 'keep theirs'] as const) {
    test(`the second editor sees the conflict with all three values and can ${choice}`, async ({ page, browser }) => {
      test.slow(); // two sellers' pages, each reading the catalog list, on a shared CI machine
      const id = choice === 'apply mine' ? 'MLAU3000002' : 'MLAU3000003';
      const first = new StockPage(page);
      await first.open(id);
      const { context, page: otherPage } = await openSharingContext(browser, page);
      const second = new StockPage(otherPage);
      await second.open(id);
      const version = await first.versionNumber();
      expect(await second.versionNumber()).toBe(version);
      const startQuantity = (await second.quantityOf('Selling address').textContent())!;

      // The second seller starts editing from version `version` …
      await second.startEdit();
      // … while the first one saves and sees it confirmed.
      await first.startEdit();
      await first.save('11');
      await expect(first.status).toHaveAttribute('data-phase', 'confirmed');

      await second.save('22');
      await expect(second.conflictDialog).toBeVisible();
      const values = second.conflictDialog.getByTestId('conflict-value');
      await expect(values.nth(0)).toContainText(`You started from${startQuantity}version ${version}`);
      await expect(values.nth(1)).toContainText('Your value22');
      await expect(values.nth(2)).toContainText(`Latest on the server11version ${version + 1}`);
      await expectNoA11yViolations(otherPage);

      if (choice === 'apply mine') {
        await second.conflictDialog.getByRole('button', { name: 'Apply mine on the latest version' }).click();
        await expect(second.status).toHaveAttribute('data-phase', 'confirmed');
        await expect(second.status).toContainText(`is 22 at version ${version + 2}`);
        expect(await serverQuantity(page, id, 'selling_address')).toBe(22);
        await page.getByRole('button', { name: 'Reload' }).click();
        await expect(first.quantityOf('Selling address')).toHaveText('22');
      } else {
        const writes = countStockWrites(otherPage);
        await second.conflictDialog.getByRole('button', { name: 'Keep theirs' }).click();
        await expect(second.status).toHaveAttribute('data-phase', 'kept');
        await expect(second.quantityOf('Selling address')).toHaveText('11');
        expect(writes.count).toBe(0);
        expect(await serverQuantity(page, id, 'selling_address')).toBe(11);
      }
      await context.close();
    });
  }
});

test.describe('stock: accessibility and layout', () => {
  test('no axe violations on the list and the detail page, light and dark', async ({ page }) => {
    test.slow(); // four axe runs over the virtualized list and the detail page
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await openApp(page, urls.stock.index());
      await expect(page.getByRole('list', { name: 'Your user products' }).getByRole('link').first()).toBeVisible();
      await expectNoA11yViolations(page);
      const stock = new StockPage(page);
      await stock.open('MLAU3420005');
      await expect(page.getByRole('table', { name: 'Items of this user product' })).toBeVisible();
      await expectNoA11yViolations(page);
    }
  });

  test.describe('phone', () => {
    test.use({ viewport: { width: 360, height: 740 } });
    test('nothing scrolls sideways at 360 px; the tables scroll in their own box', async ({ page }) => {
      await openApp(page, urls.stock.index());
      await expect(page.getByRole('list', { name: 'Your user products' }).getByRole('link').first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      const stock = new StockPage(page);
      await stock.open('MLAU3420005');
      await expect(page.getByRole('table', { name: 'Items of this user product' })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      await stock.startEdit('warehouse STORE-101');
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    });
  });
});
