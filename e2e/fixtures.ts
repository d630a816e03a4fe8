import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Locator, type Page } from '@playwright/test';
import { urls } from '../src/lib/urls';

/**
 * Shared e2e helpers: the app is ready when the demo backend runs (it starts with the app's first request, after
 * the first screen; src/main.tsx), or in live mode when the signed-in seller shows; `expectNoA11yViolations` runs
 * axe on the current page.
 */
export async function openApp(page: Page, path = urls.home()): Promise<void> {
  await page.goto(path);
  if ((await page.locator('meta[name="seller-desk-mode"]').getAttribute('content')) === 'demo') await demoBackend(page);
  else await expect(page.getByRole('banner')).toContainText('TIENDA_DEMO', { timeout: 30_000 });
}

/**
 * Waits until the demo backend runs. Its start (worker registration, seeding) takes seconds on a shared 2-core CI
 * machine, more with the large seed.
 */
export async function demoBackend(page: Page, timeout = 30_000): Promise<void> {
  await page.waitForFunction(() => window.__demo !== undefined, undefined, { timeout });
}

/**
 * Records every layout shift not caused by input, as Lighthouse counts them for CLS, with the text of what moved:
 * call before the page opens; `layoutShifts(page)` reads them.
 */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: string[] = [];
    Object.assign(window, { layoutShifts: shifts });
    type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node }[] };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[])
        if (!entry.hadRecentInput)
          shifts.push(`${entry.value.toFixed(4)}: ${entry.sources.map((source) => source.node?.textContent?.slice(0, 40)).join(' | ')}`);
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

export const layoutShifts = (page: Page) => page.evaluate(() => (window as unknown as { layoutShifts: string[] }).layoutShifts);

export async function expectNoA11yViolations(page: Page, { disableRules = [] as string[] } = {}): Promise<void> {
  // Contrast is measured on the colours as they end: a scheme switched on an open page starts MUI's colour
  // transitions, and axe measuring mid-way failed twice in CI. Transitions end; animations (spinners) may not.
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'));
  const results = await new AxeBuilder({ page }).disableRules(disableRules).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary).toEqual([]);
}

/**
 * The locales of the catalog chunks the page asks for from now on, preloads included (vite.config.ts names them
 * messages-<area>-<locale>-<hash>.js).
 */
export function catalogLocales(page: Page): Set<string> {
  const locales = new Set<string>();
  page.on('request', (request) => {
    const locale = new URL(request.url()).pathname.match(/^\/assets\/messages-[a-z-]+?-(en|es-AR|es-419|pt-BR)-[\w-]+\.js$/)?.[1];
    if (locale) locales.add(locale);
  });
  return locales;
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

/**
 * Every answer the page receives from the API and Seller Desk's server, as text, from now on: for checking what
 * reached the browser at the network (personal data, docs/roles.md), not only what the page shows.
 */
export function receivedBodies(page: Page): { all: () => Promise<string> } {
  const bodies: Promise<string>[] = [];
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (type.includes('json')) bodies.push(response.text().catch(() => ''));
  });
  return { all: async () => (await Promise.all(bodies)).join('\n') };
}
