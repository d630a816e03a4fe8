import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';

/**
 * Live mode end to end: a throwaway HTTP server on loopback stands in for the seller API, and a second
 * preview server of the same production build proxies /api to it through SELLER_API_URL.
 */
const token = 'live-token-3f9a';
const livePort = Number(process.env.LIVE_PREVIEW_PORT ?? 4310);
const outDir = process.env.OUT_DIR ?? 'dist';
const seen: { path: string; authorization: string | undefined }[] = [];
let api: Server;
let preview: ChildProcess;

test.beforeAll(async () => {
  api = createServer((req, res) => {
    seen.push({ path: req.url ?? '', authorization: req.headers.authorization });
    res.setHeader('Content-Type', 'application/json');
    if (req.headers.authorization !== `Bearer ${token}`) {
      res.statusCode = 401;
      res.end(JSON.stringify({ message: 'invalid access token', error: 'unauthorized', status: 401, cause: [] }));
      return;
    }
    if (req.url === '/users/me') {
      res.end(JSON.stringify({ id: 777, nickname: 'LIVE_SELLER', site_id: 'MLB', country_id: 'BR', email: 'x@example.com' }));
      return;
    }
    res.statusCode = 404;
    res.end(JSON.stringify({ message: 'not here', error: 'not_found', status: 404, cause: [] }));
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  const apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  preview = spawn(
    'node_modules/.bin/vite',
    ['preview', '--host', '127.0.0.1', '--strictPort', '--port', String(livePort), '--outDir', outDir],
    {
      env: { ...process.env, SELLER_API_URL: apiUrl },
      stdio: 'pipe',
    },
  );
  await expect
    .poll(
      async () =>
        fetch(`http://127.0.0.1:${livePort}/__seller-desk/mode`)
          .then((r) => r.json())
          .catch(() => null),
      { timeout: 30_000 },
    )
    .toEqual({ mode: 'live' });
});

test.afterAll(async () => {
  preview?.kill();
  await new Promise((resolve) => api?.close(resolve));
});

test('a token entered in Settings reaches the API as a bearer token, through the proxy, with no worker', async ({ page }) => {
  const consoleText: string[] = [];
  page.on('console', (message) => consoleText.push(message.text()));
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await page.goto(`http://127.0.0.1:${livePort}/questions`);
  await expect(page.getByTestId('mode-badge')).toHaveText('LIVE');

  // Without a token the API answers 401: the app leads to Settings and says why.
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByText(/refused the last request \(401\): invalid access token/)).toBeVisible();

  await page.getByLabel('Access token', { exact: true }).fill(token);
  await page.getByRole('button', { name: 'Save token' }).click();
  await expect(page.getByRole('banner')).toContainText('LIVE_SELLER');

  expect(seen.some((r) => r.path === '/users/me' && r.authorization === `Bearer ${token}`)).toBe(true);
  expect(seen.every((r) => !r.path.startsWith('/api'))).toBe(true);
  expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length))).toBe(0);
  expect(page.url()).not.toContain(token);
  // The demo backend's chunks are preloaded only in demo mode.
  expect(requested.some((path) => path.startsWith('/assets/'))).toBe(true);
  expect(requested.filter((path) => /\/assets\/browser-/.test(path))).toEqual([]);
  expect(consoleText.join('\n')).not.toContain(token);
});
