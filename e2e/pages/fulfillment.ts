import { expect, type Locator, type Page } from '@playwright/test';
import { openApp, openDateRange } from '../fixtures';
import { urls } from '../../src/lib/urls';

/** What a seller does on the fulfillment pages: open an inventory, filter and scroll the operations log. */
export class FulfillmentPages {
  constructor(readonly page: Page) {}

  async openStock(query?: Parameters<typeof urls.fulfillment.index>[0]): Promise<void> {
    await openApp(this.page, urls.fulfillment.index(query));
    await expect(this.page.getByRole('heading', { level: 1, name: 'Fulfillment stock' })).toBeVisible();
  }

  /** The fulfilled listings shown when no inventory is open. */
  get fulfilledList(): Locator {
    return this.page.getByRole('list', { name: 'Fulfilled listings' });
  }

  async openInventory(id: string): Promise<void> {
    await this.page.getByLabel('Inventory id').fill(id);
    await this.page.getByRole('button', { name: 'Open', exact: true }).click();
  }

  /** The figure shown under a label of the stock summary (a dt/dd pair). */
  figure(label: string): Locator {
    return this.page
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${label}$`) })
      .locator('xpath=following-sibling::dd[1]');
  }

  async openOperations(query?: Parameters<typeof urls.fulfillment.operations>[0]): Promise<void> {
    await openApp(this.page, urls.fulfillment.operations(query));
    await expect(this.page.getByRole('heading', { level: 1, name: 'Fulfillment operations' })).toBeVisible();
  }

  get table(): Locator {
    return this.page.getByRole('region', { name: 'Operations' });
  }

  /** Data rows rendered in the DOM (the header row and the spacer rows are not counted). */
  get rows(): Locator {
    return this.table.locator('tbody tr[data-operation-id]');
  }

  get status(): Locator {
    return this.page.getByRole('status').filter({ hasText: /operations/ });
  }

  /** Types a date (YYYY-MM-DD) into one of the range's pickers, section by section (en-US: MM/DD/YYYY). */
  async typeDate(label: 'From' | 'To', value: string): Promise<void> {
    const [year, month, day] = value.split('-');
    await openDateRange(this.page);
    const group = this.page.getByRole('group', { name: label });
    await group.getByRole('spinbutton').first().click();
    await this.page.keyboard.type(`${month}${day}${year}`);
  }

  async search(): Promise<void> {
    await this.page.getByRole('button', { name: 'Search', exact: true }).click();
  }

  async scrollToEnd(): Promise<void> {
    await this.table.evaluate((element) => element.scrollTo(0, element.scrollHeight));
  }
}
