import { expect, type Locator, type Page } from '@playwright/test';
import { openApp, openDateRange } from '../fixtures';
import { urls } from '../../src/lib/urls';

/** What a seller does on /credits, by role and label. */
export class CreditLeadsPage {
  /** URLs of every credit API request the page sent since `recordRequests`. */
  readonly requests: string[] = [];
  readonly form: Locator;
  readonly results: Locator;
  readonly table: Locator;
  readonly total: Locator;
  readonly panel: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByRole('form', { name: 'Search credit leads' });
    this.results = page.getByRole('region', { name: 'Credit leads found' });
    this.table = page.getByRole('table', { name: 'Credit leads found' });
    this.total = this.results.getByRole('status');
    this.panel = page.getByRole('region', { name: /^Lead / });
  }

  async open(url = urls.credits.index()) {
    await openApp(this.page, url);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Credit leads' })).toBeVisible();
  }

  recordRequests() {
    this.page.on('request', (request) => {
      if (request.url().includes('/api/vis/loans')) this.requests.push(request.url());
    });
  }

  /** Body rows of the result table. */
  rows(): Locator {
    return this.table.locator('tbody').getByRole('row');
  }

  /** The rows of the page of results once all are drawn (the table draws a screenful first, busy until the rest are). */
  async drawnRows(): Promise<Locator[]> {
    await expect(this.rows().first()).toBeVisible();
    await expect(this.table).toHaveAttribute('aria-busy', 'false');
    return this.rows().all();
  }

  /** The short ids (link texts) of the page's rows, once all are drawn. */
  async rowIds(): Promise<string[]> {
    await this.drawnRows();
    return this.table.locator('tbody').getByRole('link').allTextContents();
  }

  /** Types a date into the From or To picker (US format in the en-US locale). */
  async setDate(label: 'From' | 'To', date: Date) {
    const digits = [date.getMonth() + 1, date.getDate()].map((n) => String(n).padStart(2, '0')).join('') + date.getFullYear();
    await openDateRange(this.form);
    await this.form.getByRole('group', { name: label }).getByRole('spinbutton', { name: 'Month' }).click();
    await this.page.keyboard.type(digits);
  }

  async choose(label: string, option: string) {
    await this.form.getByRole('combobox', { name: label }).click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  async search() {
    await this.form.getByRole('button', { name: 'Search' }).click();
  }

  async openRow(index: number) {
    await this.rows().nth(index).getByRole('link').click();
    await expect(this.panel).toBeVisible();
  }

  heading(): Locator {
    return this.panel.getByRole('heading', { level: 2 });
  }
}

/** `date` moved by whole months/days, local time. */
export function shift(date: Date, { months = 0, days = 0 }: { months?: number; days?: number }): Date {
  return new Date(date.getFullYear(), date.getMonth() + months, date.getDate() + days);
}
