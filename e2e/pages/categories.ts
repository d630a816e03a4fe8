import { expect, type Locator, type Page } from '@playwright/test';
import { openApp } from '../fixtures';
import { urls } from '../../src/lib/urls';

/** What a seller does on the categories pages, by role and label. */
export class CategoriesPage {
  constructor(readonly page: Page) {}

  async open(url = urls.categories.index()): Promise<void> {
    await openApp(this.page, url);
    await expect(this.heading()).toBeVisible();
  }

  heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }

  breadcrumbs(): Locator {
    return this.page.getByRole('navigation', { name: 'Category path' });
  }

  /** A category link in the main area (children carry their item count after the name). */
  categoryLink(name: string): Locator {
    return this.page.getByRole('main').getByRole('link', { name: new RegExp(`^${name}( [\\d,]+ items?)?$`) });
  }

  async openCategory(name: string): Promise<void> {
    await this.categoryLink(name).click();
    await expect(this.heading()).toHaveText(name);
  }

  async openTab(name: string): Promise<void> {
    await this.page.getByRole('tab', { name }).click();
    await expect(this.page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
  }

  settingRow(label: string): Locator {
    return this.page.getByRole('row', { name: new RegExp(`^${label}`) });
  }

  predictor(): Locator {
    return this.page.getByRole('region', { name: 'Find a category for a title' });
  }

  async predict(title: string): Promise<void> {
    await this.predictor().getByRole('textbox', { name: 'Product title' }).fill(title);
    await this.predictor().getByRole('button', { name: 'Suggest categories' }).click();
  }

  /** Counts requests whose path (after /api) is exactly `apiPath`, from now on. */
  countRequests(apiPath: string): () => number {
    let count = 0;
    this.page.on('request', (request) => {
      if (new URL(request.url()).pathname === `/api${apiPath}`) count += 1;
    });
    return () => count;
  }
}
