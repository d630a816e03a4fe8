import type { Browser, Page } from '@playwright/test';
import { expect, layoutShifts, openApp, recordLayoutShifts, test } from './fixtures';
import { urls } from '../src/lib/urls';

// Lighthouse's phone.
test.use({ viewport: { width: 412, height: 823 } });

/** Where the heading's and the intro's lines of text are drawn. */
const textRects = (page: Page) =>
  page.evaluate(() =>
    [document.querySelector('main h1'), document.querySelector('main h1')?.nextElementSibling].map((element) => {
      if (!element) return [];
      const range = document.createRange();
      range.selectNodeContents(element);
      return [...range.getClientRects()].map(({ x, y, width, height }) => [x, y, width, height].map(Math.round));
    }),
  );

/** The page as the server sends it, before any script runs. */
async function withoutScripts(browser: Browser, path: string, locale = 'en-US') {
  const context = await browser.newContext({ javaScriptEnabled: false, locale, viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  await page.goto(path);
  return { page, close: () => context.close() };
}

test('demo: the first paint has the page’s heading and intro, and the app takes them over where they are', async ({ page, browser }) => {
  const served = await withoutScripts(browser, urls.questions.index());
  await expect(served.page.getByRole('heading', { level: 1, name: 'Questions' })).toBeVisible();
  await expect(served.page.getByText('Buyer questions about your items, newest first.')).toBeVisible();
  const before = await textRects(served.page);
  await served.close();

  await recordLayoutShifts(page);
  await openApp(page, urls.questions.index());
  // The page's own header (MUI's), once its code has come.
  await expect(page.locator('main h1.MuiTypography-root')).toHaveText('Questions');
  expect(await textRects(page)).toEqual(before);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  expect(await layoutShifts(page)).toEqual([]);
});

test('demo: the first paint speaks the language picked on the device, else the browser’s', async ({ page, browser }) => {
  const spanish = await withoutScripts(browser, urls.credits.index(), 'es-MX');
  // The demo seller sells on MLA: vos.
  await expect(spanish.page.getByRole('heading', { level: 1, name: 'Leads de crédito' })).toBeVisible();
  await spanish.close();

  await openApp(page, urls.settings.index());
  await page.getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'Português (Brasil)' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Configurações' })).toBeVisible();
  // The next page the server serves this browser is in Portuguese, whatever the browser says.
  const html = await (await page.request.get(urls.credits.index(), { headers: { 'accept-language': 'en' } })).text();
  expect(html).toContain('<h1 class="page-frame-title">Leads de crédito</h1>');
  expect(html).toContain('Propostas de financiamento pré-aprovadas');
});

test('demo: the settings page comes in without moving what is already in view', async ({ page }) => {
  await recordLayoutShifts(page);
  await openApp(page, urls.settings.index());
  await expect(page.getByRole('spinbutton', { name: 'Answer within (minutes)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Low-stock alerts' })).toBeVisible();
  expect(await layoutShifts(page)).toEqual([]);
});
