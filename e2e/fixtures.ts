import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Locator, type Page } from '@playwright/test';
import { urls } from '../src/lib/urls';

/**
 * Shared e2e helpers: the app is ready when the demo backend answers (the seller's nickname shows);
 * `expectNoA11yViolations` runs axe on the current page.
 */
export async function openApp(page: Page, path = urls.home()): Promise<void> {
  await page.goto(path);
  // The demo backend's start (worker registration, seeding) takes seconds on a shared 2-core CI machine.
  await expect(page.getByRole('banner')).toContainText('TIENDA_DEMO', { timeout: 30_000 });
}

export async function expectNoA11yViolations(page: Page, { disableRules = [] as string[] } = {}): Promise<void> {
  const results = await new AxeBuilder({ page }).disableRules(disableRules).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary).toEqual([]);
}

/** Sets the demo backend to fail the next matching request(s); see src/demo/browser.ts. */
export async function failNext(
  page: Page,
  failure: { method: string; path: string; status: number | 'network'; times?: number; error?: string; message?: string },
): Promise<void> {
  await page.evaluate((f) => window.__demo?.failNext({ times: 1, ...f }), failure);
}

/** Opens a date range (a button that says the range until the seller opens it), unless it is open already. */
export async function openDateRange(scope: Page | Locator): Promise<void> {
  const summary = scope.getByRole('button', { name: /^From: .* · To: / });
  if (await summary.isVisible()) await summary.click();
}

export const test = base;
export { expect };
