import { expect, test } from '@playwright/test';
import { signIn, startLiveServers, type LiveServers } from './live';
import { StockPage } from './pages/stock';
import { BulkStockPage } from './pages/stockBulk';
import { urls } from '../src/lib/urls';

/**
 * Stock in bulk in live mode (docs/stock-bulk.md): the server runs the jobs, within its rate budget, against the
 * simulator served by Node; the same steps as the demo spec (e2e/pages/stockBulk.ts).
 */
const port = Number(process.env.STOCK_BULK_PORT ?? 4331);
let servers: LiveServers | undefined;
const live = (path: string) => `http://127.0.0.1:${port}${path}`;
// A job reads each user product once (export) or each named one (dry run) through the rate budget.
const jobTimeout = 90_000;

test.describe.configure({ mode: 'serial' });
test.use({ locale: 'en-US' });

test.beforeAll(async () => {
  // The embedded store's first start (a Postgres initdb in WASM) took 30-40 s on a busy 2-core machine.
  test.setTimeout(120_000);
  servers = await startLiveServers({ port, portSetting: 'STOCK_BULK_PORT', host: '127.0.0.1' });
});

test.afterAll(async () => {
  await servers?.stop();
});

test('export, edit three quantities, import: the dry run shows the three, apply, the stock pages show the new figures', async ({
  page,
}) => {
  test.setTimeout(4 * jobTimeout);
  await signIn(page, live(urls.stock.bulk()), 'TIENDA_DEMO');
  const { edited, at } = await new BulkStockPage(page, jobTimeout).editThreeAndApply();

  const stock = new StockPage(page);
  for (const row of edited) {
    const id = row[at('User product ID')]!;
    await page.goto(live(urls.stock.detail(id)));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Stock · ${id}`);
    await expect(stock.quantityOf('Selling address')).toHaveText(String(Number(row[at('Quantity at export')]) + 5), { timeout: 15_000 });
  }
});

test('an invalid file shows its reasons per line, and a file without the columns is refused whole', async ({ page }) => {
  test.setTimeout(3 * jobTimeout);
  await signIn(page, live(urls.stock.bulk()), 'TIENDA_DEMO');
  await new BulkStockPage(page, jobTimeout).importInvalidFiles();
});
