import type { Page } from '@playwright/test';
import { catalogLocales, expect, expectNoA11yViolations, openApp, test } from './fixtures';
import { urls } from '../src/lib/urls';

const pages = [
  { nav: 'Home', h1: /Home/ },
  { nav: 'Questions', h1: /Questions/ },
  { nav: 'Response time', h1: /Response time/ },
  { nav: 'Stock', h1: /Stock/ },
  { nav: 'Categories', h1: /Categories/ },
  { nav: 'Fulfillment', h1: /Fulfillment/ },
  { nav: 'Credit leads', h1: /Credit leads/ },
  { nav: 'Activity', h1: /Activity/ },
  { nav: 'Audit', h1: /Audit/ },
  { nav: 'Settings', h1: /Settings/ },
];

/** The classes Emotion gave the page's elements (`css-<name>`), by name. */
function emotionClasses(page: Page): Promise<string[]> {
  return page.evaluate(() => [
    ...new Set(
      [...document.querySelectorAll('[class*="css-"]')].flatMap((element) =>
        [...element.classList].filter((c) => /^css-[a-z0-9]+$/.test(c)),
      ),
    ),
  ]);
}

/** The classes whose rules Emotion compiled and inserted in the page itself, by name. */
function insertedAtRunTime(page: Page): Promise<string[]> {
  return page.evaluate(() => [
    ...new Set(
      [...document.querySelectorAll<HTMLStyleElement>('style[data-emotion]')].flatMap((style) =>
        [...(style.sheet?.cssRules ?? [])].flatMap((rule) => [...rule.cssText.matchAll(/\.(css-[a-z0-9]+)\b/g)].map((match) => match[1]!)),
      ),
    ),
  ]);
}

test.describe('shell', () => {
  test.use({ locale: 'en-US' });

  test('every navigation entry opens its page with its own heading and title', async ({ page }) => {
    // Ten lazily loaded areas, each with its catalog: more than the default 30 s on a busy machine.
    test.slow();
    await openApp(page);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const used = new Set<string>();
    for (const entry of pages) {
      await nav.getByRole('link', { name: new RegExp(`^${entry.nav}\\b`) }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(entry.h1);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(page).toHaveTitle(new RegExp(`${entry.nav}.* · Seller Desk`));
      for (const name of await emotionClasses(page)) used.add(name);
    }
    // MUI's styles come prebuilt (npm run styles, src/app/MuiTheme.tsx): Emotion inserted few of them itself.
    const inserted = await insertedAtRunTime(page);
    expect(
      inserted.length,
      `${inserted.length} classes compiled at run time (${used.size} on the pages): run npm run styles`,
    ).toBeLessThanOrEqual(used.size / 5);
  });

  test('pages reached by their address, not the navigation, come with their MUI styles prebuilt too', async ({ page }) => {
    test.slow();
    const addresses = [
      urls.stock.detail('MLAU3000001'),
      urls.categories.detail('MLA', 'MLA1055'),
      urls.fulfillment.index({ inventory: 'INV00001X' }),
      urls.fulfillment.operations(),
    ];
    for (const address of addresses) {
      await openApp(page, address);
      await expect(page.getByRole('main').getByRole('table').first()).toBeVisible();
      const used = await emotionClasses(page);
      const inserted = await insertedAtRunTime(page);
      expect(
        inserted.length,
        `${address}: ${inserted.length} classes compiled at run time (${used.length} on the page): run npm run styles`,
      ).toBeLessThanOrEqual(used.length / 5);
    }
  });

  test('with browser storage refused (private mode, cookies disabled), the shell boots, says it will not remember, and settings work from memory', async ({
    page,
  }) => {
    test.slow();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.addInitScript(() => {
      for (const name of ['localStorage', 'sessionStorage']) {
        Object.defineProperty(window, name, {
          configurable: true,
          get: () => {
            throw new DOMException('The operation is insecure.', 'SecurityError');
          },
        });
      }
    });
    // Only the shell: MSW's cookie jar reads localStorage unguarded, so the in-browser demo API cannot start
    // here (nor can it where cookies are disabled, which also disables service workers); live-mode.spec.ts
    // proves the data pages with storage refused.
    await page.goto(urls.settings.index());
    const notice = page.getByRole('alert').filter({ hasText: 'will be forgotten when you leave' });
    // The settings area's chunks and catalog come first; on a loaded machine that takes more than 10 s.
    await expect(notice).toBeVisible({ timeout: 30_000 });
    await notice.getByRole('button', { name: 'Close' }).click();
    await expect(notice).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: 'Español (según el sitio de la cuenta)' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Configuración');
    await page.getByRole('button', { name: 'Cambiar a modo oscuro' }).click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    expect(errors).toEqual([]);
  });

  test('served in demo mode with no settings, the page carries the security headers and the demo works under them', async ({ page }) => {
    // Chromium reports every blocked script, worker, image, font or connection as a console error.
    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) refused.push(message.text());
    });
    const me = page.waitForResponse((r) => r.url().endsWith('/api/users/me'));
    const response = await page.goto(urls.questions.index());
    const headers = response!.headers();
    const policy = headers['content-security-policy'] ?? '';
    const scriptSrc = policy.split(';').find((directive) => directive.trim().startsWith('script-src'));
    expect(scriptSrc).toMatch(/^\s*script-src 'self'( 'sha256-[\w+/=]+')*$/);
    expect(policy).not.toContain('unsafe-eval');
    expect(policy).toContain("connect-src 'self'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['cross-origin-opener-policy']).toBe('same-origin');
    await expect(page.locator('meta[name="seller-desk-mode"]')).toHaveAttribute('content', 'demo');

    await expect(page.getByRole('banner')).toContainText('TIENDA_DEMO');
    await expect(page.getByTestId('mode-badge')).toHaveText('DEMO');
    expect((await me).fromServiceWorker()).toBe(true);
    await expect(page.getByRole('list', { name: 'Questions' }).getByRole('listitem').first()).toBeVisible();
    expect(refused).toEqual([]);
  });

  test('the navigation counts unanswered questions as the API reports them', async ({ page }) => {
    await openApp(page, urls.settings.index());
    const total = await page.evaluate(() =>
      fetch('/api/questions/search?seller_id=202593498&status=UNANSWERED&api_version=4&limit=1', {
        headers: { Authorization: 'Bearer demo-seller-token' },
      })
        .then((r) => r.json())
        .then((body: { total: number }) => body.total),
    );
    expect(total).toBeGreaterThan(0);
    await expect(page.getByRole('link', { name: new RegExp(`^Questions ${total} \\(${total} unanswered questions\\)`) })).toBeVisible();
  });

  test('an unknown path shows the not-found page', async ({ page }) => {
    await openApp(page, '/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to questions' }).click();
    await expect(page).toHaveURL(/\/questions$/);
  });

  test('switching to Spanish changes the navigation and is remembered', async ({ page }) => {
    await openApp(page, urls.settings.index());
    await page.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: 'Español (según el sitio de la cuenta)' }).click();
    const nav = page.getByRole('navigation', { name: 'Navegación principal' });
    await expect(nav.getByRole('link', { name: 'Preguntas' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Configuración');
    await page.reload();
    await expect(nav.getByRole('link', { name: 'Configuración' })).toBeVisible();
    // The demo seller sells on MLA: Rioplatense Spanish.
    await expect(page.locator('html')).toHaveAttribute('lang', 'es-AR');
  });

  test('the dark mode toggle switches the scheme and is remembered', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await openApp(page);
    const html = page.locator('html');
    await expect(html).toHaveClass(/light/);
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await expect(html).toHaveClass(/dark/);
    await page.reload();
    await expect(html).toHaveClass(/dark/);
    await expect(page.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();
  });

  test('the theme follows the OS until the seller picks one', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await openApp(page);
    await expect(page.locator('html')).toHaveClass(/dark/);
  });

  test('a token an older version left in browser storage is deleted on load', async ({ page }) => {
    await openApp(page, urls.settings.index());
    await page.evaluate(() => {
      localStorage.setItem('seller-desk.token', 'old-remembered-token');
      sessionStorage.setItem('seller-desk.token', 'old-tab-token');
    });
    await page.reload();
    await expect(page.getByRole('banner')).toContainText('TIENDA_DEMO');
    expect(await page.evaluate(() => [localStorage.getItem('seller-desk.token'), sessionStorage.getItem('seller-desk.token')])).toEqual([
      null,
      null,
    ]);
    // Demo mode needs no sign-in: Settings offers no token field.
    await expect(page.getByText(/No sign-in is needed/)).toBeVisible();
    await expect(page.getByLabel('Access token')).toHaveCount(0);
  });

  test('the sandbox switch shows the SANDBOX badge', async ({ page }) => {
    await openApp(page, urls.settings.index());
    await page.getByRole('switch', { name: 'Credit sandbox' }).check();
    await expect(page.getByRole('banner').getByText('SANDBOX')).toBeVisible();
  });

  test('no axe violations on the shell and settings, light and dark', async ({ page }) => {
    test.slow(); // two app starts and two axe runs
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await openApp(page, urls.settings.index());
      await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
      await expectNoA11yViolations(page);
    }
  });
});

test.describe('Spanish in demo mode', () => {
  test.use({ locale: 'es-MX' });
  const vos = 'Recorré el árbol de categorías para ver dónde va una publicación y qué necesita.';
  const tu = 'Recorre el árbol de categorías para ver dónde va una publicación y qué necesita.';

  test("a browser in Mexican Spanish reads vos, the demo seller's site being Argentina's, and only that Spanish downloads; picking tú switches without a reload", async ({
    page,
  }) => {
    const locales = catalogLocales(page);
    await openApp(page, urls.categories.index());
    await expect(page.getByText(vos)).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es-AR');
    expect([...locales]).toEqual(['es-AR']);

    // A mark on the document: a reload would lose it.
    await page.evaluate(() => document.documentElement.setAttribute('data-not-reloaded', 'yes'));
    const nav = page.getByRole('navigation', { name: 'Navegación principal' });
    await nav.getByRole('link', { name: 'Configuración' }).click();
    await page.getByRole('combobox', { name: 'Idioma' }).click();
    await page.getByRole('option', { name: 'Español latinoamericano (tú)' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es-419');
    await nav.getByRole('link', { name: 'Categorías' }).click();
    await expect(page.getByText(tu)).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-not-reloaded', 'yes');

    // The pick is kept on this device.
    await page.reload();
    await expect(page.getByText(tu)).toBeVisible();
  });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, locale: 'en-US' });

  test('navigation collapses to a menu and nothing scrolls sideways at 360 px', async ({ page }) => {
    test.slow(); // every area's first load, home's card reads included
    await openApp(page, urls.settings.index());
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    // Its widest parts, the team's tables, drawn (they once made the whole page scroll sideways by 394 px).
    await expect(page.getByRole('table', { name: 'People' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Pending invitations' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Credit leads' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Credit leads' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Credit leads' })).toBeHidden();
    for (const path of [
      { index: urls.home },
      urls.questions,
      urls.responseTime,
      urls.stock,
      urls.categories,
      urls.fulfillment,
      urls.credits,
    ].map((area) => area.index())) {
      // Each page as a seller opens it, its demo backend started: a full load while msw's worker still starts
      // would race msw's own reload of a page its worker does not yet control.
      await openApp(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    }
  });
});
