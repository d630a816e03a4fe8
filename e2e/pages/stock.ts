import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { openApp } from '../fixtures';
import { urls } from '../../src/lib/urls';

/** What a seller does on /stock/:id, by role and label. */
export class StockPage {
  constructor(readonly page: Page) {}

  async open(userProductId: string): Promise<void> {
    await openApp(this.page, urls.stock.detail(userProductId));
    await expect(this.page.getByRole('heading', { level: 1 })).toHaveText(`Stock · ${userProductId}`);
    await expect(this.version).toBeVisible();
  }

  get version() {
    return this.page.getByTestId('stock-version');
  }

  async versionNumber(): Promise<number> {
    return Number((await this.version.textContent())?.replace(/\D/g, ''));
  }

  get locations() {
    return this.page.getByRole('table', { name: 'Locations' });
  }

  /** The quantity cell of the row whose location name is `name` ("Selling address", "Seller warehouse" …). */
  quantityOf(name: string, nth = 0) {
    return this.locations.getByRole('row').filter({ hasText: name }).nth(nth).getByRole('cell').nth(2);
  }

  get status() {
    return this.page.getByTestId('write-status');
  }

  get editDialog() {
    return this.page.getByRole('dialog', { name: /^Edit the quantity of/ });
  }

  get conflictDialog() {
    return this.page.getByRole('dialog', { name: 'Someone else changed this stock' });
  }

  async startEdit(location = 'the selling address'): Promise<void> {
    await this.page.getByRole('button', { name: `Edit the quantity of ${location}` }).click();
    await expect(this.editDialog).toBeVisible();
  }

  async save(quantity: string): Promise<void> {
    await this.editDialog.getByLabel('New quantity').fill(quantity);
    await this.editDialog.getByRole('button', { name: 'Save' }).click();
  }
}

/**
 * A second browser context that shares the first one's demo backend. Each context has its own service
 * worker and in-memory db, so two demo contexts would never see each other's writes. The second one is
 * served the page as the live server would serve it (mode live, signed in as the demo seller), and every
 * /api request it makes is executed inside the first page — through that page's service worker and
 * simulator, with the seller's token added as the server would add it — and answered back. Both contexts
 * thus talk to one backend, as two sellers' browsers would.
 */
export async function openSharingContext(browser: Browser, backend: Page): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ locale: 'en-US', serviceWorkers: 'block' });
  await context.route(
    (url) => !/^\/(api|session|assets)\b/.test(url.pathname),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.continue();
      const response = await route.fetch();
      const body = (await response.text()).replace('name="seller-desk-mode" content="demo"', 'name="seller-desk-mode" content="live"');
      await route.fulfill({ response, body });
    },
  );
  const seller = { id: '202593498', nickname: 'TIENDA_DEMO', site_id: 'MLA', active: true };
  await context.route('**/session', (route) =>
    route.fulfill({ json: { mode: 'live', signedIn: true, oauth: false, accounts: [seller], activeAccountId: seller.id } }),
  );
  await context.route('**/api/**', async (route) => {
    const request = route.request();
    const headers = { ...(await request.allHeaders()), authorization: 'Bearer demo-seller-token' };
    const answer = await backend.evaluate(
      async ({ url, method, headers, body }) => {
        const response = await fetch(new URL(url).pathname + new URL(url).search, { method, headers, body: body ?? undefined });
        return { status: response.status, headers: Object.fromEntries(response.headers), body: await response.text() };
      },
      { url: request.url(), method: request.method(), headers, body: request.postData() },
    );
    await route.fulfill({ status: answer.status, headers: answer.headers, body: answer.body });
  });
  const page = await context.newPage();
  return { context, page };
}
