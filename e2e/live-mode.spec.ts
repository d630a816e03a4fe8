import { expect, test, type Locator, type Page } from '@playwright/test';
import { catalogLocales, expectNoA11yViolations, layoutShifts, openApp, recordLayoutShifts } from './fixtures';
import { accountButton, consent, signIn as signInAt, startLiveServers, type LiveServers } from './live';

/**
 * Live mode end to end, as it is deployed: the production server (`npm run serve`, built into server/dist)
 * serves the production build in live mode, signs sellers in with OAuth and proxies /api; the simulator served
 * by Node (`npm run demo-api`) stands in for the marketplace, its authorization page and its token endpoint.
 * Nothing of the demo runs in the browser.
 */
const livePort = Number(process.env.LIVE_PREVIEW_PORT ?? 4310);
let servers: LiveServers | undefined;
let token = '';
let marketplace = '';
const live = (path: string) => `http://127.0.0.1:${livePort}${path}`;

// One simulator and one live server for the file: its tests run one after the other.
test.describe.configure({ mode: 'serial' });
test.use({ locale: 'en-US' });

test.beforeAll(async () => {
  // The embedded store's first start (a Postgres initdb in WASM) took 30-40 s on a busy 2-core machine.
  test.setTimeout(120_000);
  servers = await startLiveServers({ port: livePort, portSetting: 'LIVE_PREVIEW_PORT', host: '127.0.0.1' });
  ({ token, marketplace } = servers);
});

test.afterAll(async () => {
  await servers?.stop();
});

const signIn = (page: Page, path: string, nickname: string) => signInAt(page, live(path), nickname);

/** What a page shows once its data is in, read the same way in both modes. */
// Lazy page chunks (the credit page's date pickers) and a full seed take long on a loaded machine.
const dataTimeout = { timeout: 30_000 };
const pages: { name: string; path: string; read: (page: Page) => Promise<string[]> }[] = [
  {
    name: 'inbox',
    path: '/questions',
    read: async (page) => {
      const rows = page.getByRole('list', { name: 'Questions' }).getByRole('listitem');
      await expect(rows.nth(9)).toBeVisible(dataTimeout);
      const chips = page.getByRole('group', { name: 'Status' }).getByRole('button');
      await expect(chips.first()).toContainText(/\d/);
      // Links name the questions; relative times ("5 minutes ago") may differ between the two seeds' clocks.
      const links = await rows.getByRole('link').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href') ?? ''));
      // The list draws the rows near the screen, and how many depends on when their heights were measured (one
      // more in one mode than the other now and then): the first ten are drawn in both.
      return [...(await chips.allInnerTexts()), ...links.slice(0, 10)];
    },
  },
  {
    name: 'stock detail',
    path: '/stock/MLAU3420005',
    read: async (page) => {
      await expect(page.getByTestId('stock-version')).toBeVisible(dataTimeout);
      return [
        await page.getByTestId('stock-version').innerText(),
        ...(await page.getByRole('table', { name: 'Locations' }).getByRole('row').allInnerTexts()),
      ];
    },
  },
  {
    name: 'credit leads',
    path: '/credits',
    read: async (page) => {
      const results = page.getByRole('region', { name: 'Credit leads found' });
      const rows = page.getByRole('table', { name: 'Credit leads found' }).getByRole('row');
      await expect(rows.nth(1)).toBeVisible(dataTimeout);
      // The table draws a screenful of rows first and is busy until the rest are there.
      await expect(page.getByRole('table', { name: 'Credit leads found' })).toHaveAttribute('aria-busy', 'false', dataTimeout);
      // Each row's item title arrives after the row (its own item read): read once every lead row has one.
      const leads = rows.filter({ has: page.getByRole('link') });
      await expect(leads.filter({ hasNot: page.getByTitle(/./) })).toHaveCount(0, dataTimeout);
      // Lead dates are seeded relative to each simulator's start, which can fall minutes apart (the live server
      // starts with the run): a lead near midnight then shows another day. Compare everything but the moment.
      const texts = (await rows.allInnerTexts()).map((text) =>
        text.replace(/[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s?[AP]M/g, '(date)'),
      );
      return [await results.getByRole('status').innerText(), ...texts];
    },
  },
];

test('the simulator served by Node shows the same inbox, stock detail and credit leads as demo mode', async ({
  page: demoPage,
  browser,
}) => {
  // Six page loads with two full seeds (one in the browser): more than the default 30 s on a busy machine.
  test.slow();
  const livePage = await browser.newPage({ locale: 'en-US' });
  // The other way in: a personal access token, posted to the server from the sign-in screen.
  await livePage.goto(live('/settings'));
  await livePage.getByRole('button', { name: 'Use a personal access token instead' }).click();
  await livePage.getByLabel('Access token', { exact: true }).fill(token);
  await livePage.getByRole('button', { name: 'Connect with this token' }).click();
  await expect(accountButton(livePage)).toHaveAccessibleName(/^Account: TIENDA_DEMO\b/);
  for (const { name, path, read } of pages) {
    await openApp(demoPage, path);
    const shown = await read(demoPage);
    await livePage.goto(live(path));
    await expect(livePage.getByTestId('mode-badge')).toHaveText('LIVE');
    expect(await read(livePage), name).toEqual(shown);
  }
  await livePage.close();
});

test('a question asked on the marketplace is announced in the open inbox at once and shows on request, without a reload', async ({
  page,
}) => {
  test.slow();
  const streamOpen = page.waitForResponse((response) => new URL(response.url()).pathname === '/events' && response.ok());
  await signIn(page, '/questions?status=UNANSWERED', 'TIENDA_DEMO');
  await expect(page.getByRole('list', { name: 'Questions' }).getByRole('listitem').first()).toBeVisible({ timeout: 30_000 });
  // What happens before the stream is open reaches the page by polling, not at once: wait for it.
  await streamOpen;
  // A mark on the document: a reload would lose it.
  await page.evaluate(() => document.documentElement.setAttribute('data-not-reloaded', 'yes'));

  // A buyer asks: the marketplace (the simulator) notifies the server, which reads the question and streams it.
  const text = `¿Tiene garantía oficial? ${Date.now()}`;
  const asked = await fetch(`${marketplace}/__demo/questions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ text }),
  });
  expect(asked.status).toBe(201);
  // The list does not shift under the seller: the view announces the question, and Show brings it in.
  await page.getByRole('button', { name: /1 new question · Show/ }).click({ timeout: 20_000 });
  await expect(page.getByRole('list', { name: 'Questions' }).getByRole('listitem').filter({ hasText: text })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-not-reloaded', 'yes');
});

test('with browser storage refused (private mode, cookies disabled), a seller signs in and reads the inbox', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript((origin) => {
    if (location.origin !== origin) return;
    for (const name of ['localStorage', 'sessionStorage']) {
      Object.defineProperty(window, name, {
        configurable: true,
        get: () => {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        },
      });
    }
  }, live(''));
  await signIn(page, '/questions', 'TIENDA_DEMO');
  await expect(page.getByRole('list', { name: 'Questions' }).getByRole('listitem').first()).toBeVisible(dataTimeout);
  await expect(page.getByRole('alert').filter({ hasText: 'will be forgotten when you leave' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('on a phone, live updates paused show a dot in the bar that moves nothing on the page', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await recordLayoutShifts(page);
  // The stream cannot connect: the shell says live updates are paused.
  await page.route('**/events*', (route) => route.abort());
  await signIn(page, '/settings', 'TIENDA_DEMO');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible(dataTimeout);
  await expect(page.locator('[title="Live updates paused — reconnecting"]')).toBeVisible();
  expect(await page.getByRole('banner').evaluate((bar) => bar.getBoundingClientRect().height)).toBe(56);
  expect(await layoutShifts(page)).toEqual([]);
});

test("the demo's ?latency= and ?fail= do nothing in live mode, and a scenario a demo left in the tab is dropped", async ({ page }) => {
  // A demo visit in this tab saved a slow, failing scenario (set once: the sign-in goes through other pages).
  await page.addInitScript(() => {
    if (sessionStorage.getItem('e2e-demo-visited')) return;
    sessionStorage.setItem('e2e-demo-visited', 'yes');
    sessionStorage.setItem('seller-desk.scenario', 'fail=1&latency=60000');
  });
  await signIn(page, '/questions?fail=1&latency=60000', 'TIENDA_DEMO');
  // Every request failing, or each taking a minute, would leave no row within the default wait.
  await expect(page.getByRole('list', { name: 'Questions' }).getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(await page.evaluate(() => sessionStorage.getItem('seller-desk.scenario'))).toBeNull();
});

interface CatalogListing {
  id: string;
  title: string;
  seller_custom_field: string | null;
  user_product_id: string | null;
  inventory_id: string | null;
}

/** The seller's first listings as the marketplace gives them (the test's answer key; the seller knows no id). */
async function firstListings(): Promise<CatalogListing[]> {
  const get = async <T>(path: string) => {
    const response = await fetch(`${marketplace}${path}`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status, path).toBe(200);
    return (await response.json()) as T;
  };
  const me = await get<{ id: number }>('/users/me');
  const { results } = await get<{ results: string[] }>(`/users/${me.id}/items/search?limit=100`);
  const batches = [];
  for (let start = 0; start < results.length; start += 20)
    batches.push(get<{ code: number; body: CatalogListing }[]>(`/items?ids=${results.slice(start, start + 20).join(',')}`));
  return (await Promise.all(batches)).flat().flatMap(({ code, body }) => (code === 200 ? [body] : []));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A link named by one of the listings' titles. */
const titleLink = (page: Page, listings: CatalogListing[]) =>
  page
    .getByRole('main')
    .getByRole('link', { name: new RegExp(`^(${[...new Set(listings.map((listing) => escapeRegExp(listing.title)))].join('|')})$`) })
    .first();

for (const [device, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 360, height: 740 }],
] as const) {
  test(`${device}: from home, a seller who knows no id reaches a user product's stock and an inventory's stock in two clicks each`, async ({
    browser,
  }) => {
    test.slow();
    const listings = await firstListings();
    const userProducts = listings.filter((listing) => listing.user_product_id !== null);
    const fulfilled = listings.filter((listing) => listing.inventory_id !== null);
    expect(userProducts.length).toBeGreaterThan(0);
    expect(fulfilled.length).toBeGreaterThan(0);
    const page = await browser.newPage({ locale: 'en-US', viewport });
    await signIn(page, '/', 'TIENDA_DEMO');
    // The bar names the account on a wide screen; a phone's has room for an icon only (the button's label names it).
    const nickname = page.getByRole('banner').getByText('TIENDA_DEMO', { exact: true });
    await (device === 'phone' ? expect(nickname).toBeHidden() : expect(nickname).toBeVisible());
    const stockCard = page.getByRole('region', { name: 'Stock' });

    // Home → the stock list → a user product's stock page.
    await stockCard.getByRole('heading', { level: 2 }).getByRole('link').click();
    await expect(page).toHaveURL(live('/stock'));
    const product = titleLink(page, userProducts);
    const productTitle = await product.innerText({ timeout: 30_000 });
    await product.click();
    const userProductIds = userProducts.filter((listing) => listing.title === productTitle).map((listing) => listing.user_product_id!);
    await expect(page).toHaveURL(new RegExp(`/stock/(${userProductIds.map(escapeRegExp).join('|')})$`));
    await expect(page.getByTestId('stock-version')).toBeVisible(dataTimeout);

    // Home → the fulfillment list → an inventory's stock.
    await page.goto(live('/'));
    await stockCard.getByRole('link', { name: 'Fulfillment' }).click();
    await expect(page).toHaveURL(live('/fulfillment'));
    const listing = titleLink(page, fulfilled);
    const listingTitle = await listing.innerText({ timeout: 30_000 });
    await listing.click();
    const inventoryIds = fulfilled.filter((row) => row.title === listingTitle).map((row) => row.inventory_id!);
    await expect(page).toHaveURL(new RegExp(`[?&]inventory=(${inventoryIds.map(escapeRegExp).join('|')})(&|$)`));
    await expect(page.getByRole('region', { name: /^Inventory / })).toBeVisible(dataTimeout);
    await page.close();
  });
}

/** The marketplace answers the item without `fields` from now on (the simulator's trigger); none: whole again. */
async function omitFields(itemId: string, fields: string[]) {
  const response = await fetch(`${marketplace}/__demo/omit-fields`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ item_id: itemId, fields }),
  });
  expect(response.status).toBe(200);
}

test('a listing answered without SKU and picture is listed as one without them, and one without its title is a row naming it; every other listing is listed', async ({
  page,
}) => {
  test.slow();
  const listings = await firstListings();
  // Fulfilled listings with a user product and a SKU, near the top of every list.
  const [plain, titleless, other] = listings.filter(
    (listing) => listing.inventory_id && listing.user_product_id && listing.seller_custom_field,
  );
  await omitFields(plain!.id, ['seller_custom_field', 'thumbnail']);
  await omitFields(titleless!.id, ['title']);
  try {
    const row = (list: Locator, has: Locator) => list.getByRole('listitem').filter({ has }).last();
    const titled = (title: string) => page.getByRole('link', { name: title, exact: true });
    // The simulator's pictures are http addresses, which live mode never shows: the picture is the unit tests' to check.
    const expectRows = async (list: Locator) => {
      // The plain one as usual, without its SKU; another listing with its own.
      await expect(row(list, titled(plain!.title))).toContainText('No SKU', dataTimeout);
      await expect(row(list, titled(other!.title))).toContainText(`SKU ${other!.seller_custom_field}`);
      // The titleless one names itself by its id and says what is wrong, with nothing to open.
      const unreadable = list.getByRole('listitem').filter({ hasText: new RegExp(`Listing ${titleless!.id}(?!\\d)`) });
      await expect(unreadable).toHaveText(`Listing ${titleless!.id}Could not be read: a field is missing.`);
      await expect(unreadable.getByRole('link')).toHaveCount(0);
    };

    await signIn(page, '/stock', 'TIENDA_DEMO');
    await expectRows(page.getByRole('list', { name: 'Your user products' }));
    await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);

    await page.goto(live('/fulfillment'));
    await expectRows(page.getByRole('list', { name: 'Fulfilled listings' }));
    await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);

    await page.goto(live('/'));
    const stockCard = page.getByRole('region', { name: 'Stock' });
    await expect(stockCard.getByText(/with no available quantity/)).toBeVisible(dataTimeout);
    await expect(stockCard.getByRole('list', { name: 'Listings that could not be read' })).toHaveText(
      `Listing ${titleless!.id} · Could not be read: a field is missing.`,
    );
    await expect(stockCard.getByText(/units? not available/)).toBeVisible(dataTimeout);
  } finally {
    await omitFields(plain!.id, []);
    await omitFields(titleless!.id, []);
  }
});

// Last: it answers a question, which the comparison above must not see.
test('sign in with the marketplace, answer a question, add and switch accounts, sign out: Back shows nothing', async ({ page }) => {
  test.slow();
  const apiCalls: { path: string; authorization: string | null; fromWorker: boolean }[] = [];
  page.on('response', async (response) => {
    const path = new URL(response.url()).pathname;
    if (!path.startsWith('/api/')) return;
    apiCalls.push({ path, authorization: await response.request().headerValue('authorization'), fromWorker: response.fromServiceWorker() });
  });

  // A refusal first: the server's page says so, in the browser's language, and offers to try again.
  await page.goto(live('/questions'));
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: 'Sign in with the marketplace' }).click();
  await consent(page, 'TIENDA_DEMO', 'Deny');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign-in did not finish' })).toBeVisible();
  await expect(page.getByText('You did not allow Seller Desk')).toBeVisible();

  await signIn(page, '/questions?status=UNANSWERED', 'TIENDA_DEMO');
  await expect(page.getByTestId('mode-badge')).toHaveText('LIVE');

  // Answer the first unanswered question.
  const first = page.getByRole('list', { name: 'Questions' }).getByRole('listitem').first();
  await expect(first).toContainText('Unanswered', { timeout: 30_000 });
  await first.getByRole('link').first().click();
  const detail = page.getByRole('region', { name: /^Question \d+$/ });
  await expect(detail.getByText('Unanswered', { exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'Your answer' }).fill('Sí, lo enviamos hoy.');
  await page.getByRole('button', { name: 'Send answer' }).click();
  await expect(detail.getByText('Answered', { exact: true })).toBeVisible();
  await expect(detail.getByText('Sí, lo enviamos hoy.')).toBeVisible();

  // Add the second seller: it becomes the active account; the first stays connected.
  await accountButton(page).click();
  await page.getByRole('menuitem', { name: 'Add account' }).click();
  await consent(page, 'OTRO_VENDEDOR');
  await expect(accountButton(page)).toHaveAccessibleName(/^Account: OTRO_VENDEDOR\b/);
  await expect(page.getByRole('heading', { level: 1, name: 'Questions' })).toBeVisible();

  // Switch back from the menu: the first seller's home screen, nothing of the second.
  await accountButton(page).click();
  await expect(page.getByRole('menuitemradio', { name: /OTRO_VENDEDOR/ })).toHaveAttribute('aria-checked', 'true');
  // An open popup menu sits outside the landmarks by design (it is portalled to the body, over the page).
  await expectNoA11yViolations(page, { disableRules: ['region'] });
  await page.getByRole('menuitemradio', { name: /TIENDA_DEMO/ }).click();
  await expect(accountButton(page)).toHaveAccessibleName(/^Account: TIENDA_DEMO\b/);
  await expect(page).toHaveURL(live('/'));
  await expect(page.getByRole('region', { name: 'Questions' }).getByText(/^Read at /)).toBeVisible({ timeout: 30_000 });

  // Settings lists the same accounts, each to switch to or disconnect.
  await accountButton(page).click();
  await page.getByRole('menuitem', { name: 'Manage accounts' }).click();
  const accounts = page.getByRole('table', { name: 'Connected accounts' });
  await expect(accounts.getByRole('row')).toHaveText([/Account/, /TIENDA_DEMO \(active\)/, /OTRO_VENDEDOR/]);
  await expect(accounts.getByRole('button', { name: 'Switch to OTRO_VENDEDOR' })).toBeVisible();
  await expectNoA11yViolations(page);

  // The browser never held a token: no Authorization header left it, no storage or readable cookie has one.
  expect(apiCalls.length).toBeGreaterThan(0);
  expect(apiCalls.filter((call) => call.authorization !== null || call.fromWorker)).toEqual([]);
  const stored = await page.evaluate(() => JSON.stringify([{ ...localStorage }, { ...sessionStorage }, document.cookie]));
  expect(stored).not.toMatch(/APP_USR|TG-|seller-desk-session/);
  expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length))).toBe(0);

  // Sign out: the sign-in screen, and Back brings back nothing of the seller.
  await accountButton(page).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Questions' })).toHaveCount(0);
  await expect(page.locator('body')).not.toContainText(/TIENDA_DEMO|OTRO_VENDEDOR|Sí, lo enviamos hoy/);
  expect((await page.context().cookies()).filter((cookie) => cookie.name.includes('session'))).toEqual([]);
});

test("Spanish follows the active account's site: tú signed out in Mexico, vos on the Argentine account, tú on the Brazilian one, switching without a reload", async ({
  browser,
}) => {
  test.slow();
  const page = await browser.newPage({ locale: 'es-MX' });
  const account = page.getByRole('banner').getByRole('button', { name: /^Cuenta: / });
  const subtitle = (register: 'vos' | 'tú') =>
    page.getByText(
      `${register === 'vos' ? 'Recorré' : 'Recorre'} el árbol de categorías para ver dónde va una publicación y qué necesita.`,
    );
  const locales = catalogLocales(page);
  await page.goto(live('/categories'));
  await expect(
    page.getByText('Inicia sesión con tu cuenta de vendedor, o con la llave de acceso que creaste al unirte a un equipo.'),
  ).toBeVisible();
  expect([...locales]).toEqual(['es-419']);

  // Signed in as TIENDA_DEMO, who sells on MLA: the page comes back in vos, with only vos's catalogs.
  locales.clear();
  await page.getByRole('link', { name: 'Iniciar sesión con el marketplace' }).click();
  await consent(page, 'TIENDA_DEMO');
  await expect(subtitle('vos')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-AR');
  expect([...locales]).toEqual(['es-AR']);

  // OTRO_VENDEDOR sells on MLB, not a vos site: tú once the sign-in brings the page back.
  await account.click();
  await page.getByRole('menuitem', { name: 'Agregar cuenta' }).click();
  await consent(page, 'OTRO_VENDEDOR');
  await expect(account).toHaveAccessibleName(/^Cuenta: OTRO_VENDEDOR\b/);
  await expect(subtitle('tú')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-419');

  // Switching from the menu changes the register in place: the page is not reloaded.
  await page.evaluate(() => document.documentElement.setAttribute('data-not-reloaded', 'yes'));
  await account.click();
  await page.getByRole('menuitemradio', { name: /TIENDA_DEMO/ }).click();
  await expect(account).toHaveAccessibleName(/^Cuenta: TIENDA_DEMO\b/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-AR');
  await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Categorías' }).click();
  await expect(subtitle('vos')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-not-reloaded', 'yes');
  await page.close();
});
