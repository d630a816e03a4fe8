import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { expect, test, type Page } from '@playwright/test';

/**
 * Live mode end to end: the simulator served over HTTP by Node (`npm run demo-api`) stands in for the
 * seller API, and a second preview server of the same production build proxies /api to it through
 * SELLER_API_URL. The seller then sees what demo mode shows, with nothing of the demo in the browser.
 */
const livePort = Number(process.env.LIVE_PREVIEW_PORT ?? 4310);
const outDir = process.env.OUT_DIR ?? 'dist';
const live = (path: string) => `http://127.0.0.1:${livePort}${path}`;
let api: ChildProcess;
let preview: ChildProcess;
let token = '';

/** Starts `command` and resolves with the first match of `pattern` in what it prints. */
async function startAndRead(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  pattern: RegExp,
): Promise<[ChildProcess, RegExpMatchArray]> {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  let printed = '';
  const match = await new Promise<RegExpMatchArray>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
      const found = printed.match(pattern);
      if (found) resolve(found);
    });
    child.once('exit', (code) => reject(new Error(`${command} exited (${code}) before printing ${pattern}: ${printed}`)));
  });
  return [child, match];
}

async function stop(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

// One simulator and one live server for the file: its tests run one after the other.
test.describe.configure({ mode: 'serial' });
test.use({ locale: 'en-US' });

test.beforeAll(async () => {
  const [apiProcess, started] = await startAndRead(
    'node_modules/.bin/tsx',
    ['src/demo/serve.ts'],
    { PORT: '0', HOST: '127.0.0.1' },
    /Demo seller API on (\S+)\nToken of the demo seller: (\S+)\n/,
  );
  api = apiProcess;
  token = started[2]!;
  preview = spawn(
    'node_modules/.bin/vite',
    ['preview', '--host', '127.0.0.1', '--strictPort', '--port', String(livePort), '--outDir', outDir],
    {
      env: { ...process.env, SELLER_API_URL: started[1] },
      stdio: 'pipe',
    },
  );
  await expect
    .poll(
      async () =>
        fetch(live('/__seller-desk/mode'))
          .then((r) => r.json())
          .catch(() => null),
      { timeout: 30_000 },
    )
    .toEqual({ mode: 'live' });
});

test.afterAll(async () => {
  await stop(preview);
  await stop(api);
});

async function pasteToken(page: Page) {
  await page.goto(live('/settings'));
  await page.getByLabel('Access token', { exact: true }).fill(token);
  await page.getByRole('button', { name: 'Save token' }).click();
  await expect(page.getByRole('banner')).toContainText('TIENDA_DEMO');
}

test('a token entered in Settings reaches the API as a bearer token, through the proxy, with no worker', async ({ page }) => {
  const consoleText: string[] = [];
  page.on('console', (message) => consoleText.push(message.text()));
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  const meCalls: { authorization: string | undefined; status: number; fromWorker: boolean }[] = [];
  page.on('response', async (response) => {
    if (new URL(response.url()).pathname !== '/api/users/me') return;
    const authorization = await response.request().headerValue('authorization');
    meCalls.push({ authorization: authorization ?? undefined, status: response.status(), fromWorker: response.fromServiceWorker() });
  });
  await page.goto(live('/questions'));
  await expect(page.getByTestId('mode-badge')).toHaveText('LIVE');

  // Without a token the simulator answers 401: the app leads to Settings and says why.
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByText(/refused the last request \(401\): authorization value not present/)).toBeVisible();

  await page.getByLabel('Access token', { exact: true }).fill(token);
  await page.getByRole('button', { name: 'Save token' }).click();
  await expect(page.getByRole('banner')).toContainText('TIENDA_DEMO');
  await expect
    .poll(() => meCalls.filter((call) => call.status === 200))
    .toEqual([{ authorization: `Bearer ${token}`, status: 200, fromWorker: false }]);

  expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length))).toBe(0);
  expect(page.url()).not.toContain(token);
  // The demo backend's chunks are preloaded only in demo mode, and its own endpoints are never called.
  expect(requested.some((path) => path.startsWith('/assets/'))).toBe(true);
  expect(requested.filter((path) => /\/assets\/browser-/.test(path) || path.includes('/__demo/'))).toEqual([]);
  expect(consoleText.join('\n')).not.toContain(token);
});

/** What a page shows once its data is in, read the same way in both modes. */
// Lazy page chunks (the credit page's date pickers) and a full seed take long on a loaded machine.
const dataTimeout = { timeout: 30_000 };
const pages: { name: string; path: string; read: (page: Page) => Promise<string[]> }[] = [
  {
    name: 'inbox',
    path: '/questions',
    read: async (page) => {
      const rows = page.getByRole('list', { name: 'Questions' }).getByRole('listitem');
      await expect(rows.first()).toBeVisible(dataTimeout);
      const chips = page.getByRole('group', { name: 'Status' }).getByRole('button');
      await expect(chips.first()).toContainText(/\d/);
      // Links name the questions; relative times ("5 minutes ago") may differ between the two seeds' clocks.
      const links = await rows.getByRole('link').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href') ?? ''));
      return [...(await chips.allInnerTexts()), ...links];
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
      // Lead dates are seeded relative to each simulator's start, which can fall a minute apart: compare the day.
      const texts = (await rows.allInnerTexts()).map((text) => text.replace(/\d{1,2}:\d{2}\s?[AP]M/g, '(time)'));
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
  await pasteToken(livePage);
  for (const { name, path, read } of pages) {
    await demoPage.goto(path);
    await expect(demoPage.getByRole('banner')).toContainText('TIENDA_DEMO', { timeout: 30_000 });
    const shown = await read(demoPage);
    await livePage.goto(live(path));
    await expect(livePage.getByTestId('mode-badge')).toHaveText('LIVE');
    expect(await read(livePage), name).toEqual(shown);
  }
  await livePage.close();
});
