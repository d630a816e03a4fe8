#!/usr/bin/env node
// `npm run styles`: the CSS MUI's components generate (Emotion) on the app's pages, prebuilt into
// src/app/muiStyles.css with their class names in src/app/muiStyles.json. The app loads them with MUI's theme
// (src/app/MuiTheme.tsx) and marks those names as inserted in Emotion's cache, so that a page no longer compiles
// (stylis) and inserts them one rule at a time while it renders: the largest part of a page's start on a phone.
// Run it after changing how pages look; a rule missing from the files is still inserted at run time, and the
// navigation e2e test fails when a page's rules are mostly missing.
//
// It builds the app without the prebuilt styles, serves it in demo mode with the production server, opens every
// page in Chromium on a phone and on a desktop screen, in demo mode and in live mode (over the simulator served in
// Node), and keeps every rule Emotion inserted, in order.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { build } from 'vite';
import { startLive } from './bench-notifications.mjs';
import { appPages } from './pages.ts';

const outDir = 'dist-styles';
const port = Number(process.env.STYLES_PORT ?? 4480);
const origin = `http://127.0.0.1:${port}`;
const cssFile = 'src/app/muiStyles.css';
const namesFile = 'src/app/muiStyles.json';

await build({
  logLevel: 'warn',
  build: { outDir },
  plugins: [
    {
      name: 'without-prebuilt-mui-styles',
      enforce: 'pre',
      load: (id) => (id.endsWith(`/${namesFile}`) ? '[]' : id.endsWith(`/${cssFile}`) ? '' : undefined),
    },
  ],
});
execFileSync('node_modules/.bin/tsc', ['-p', 'server']);

const server = spawn('node', ['server/dist/main.js'], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', OUT_DIR: outDir, SELLER_API_URL: '', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
process.on('exit', () => server.kill());
for (
  let i = 0;
  i < 100 &&
  !(await fetch(`${origin}/healthz`).then(
    (r) => r.ok,
    () => false,
  ));
  i++
) {
  await new Promise((resolve) => setTimeout(resolve, 100));
}

const browser = await chromium.launch({
  executablePath: existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const rules = new Set();
// Demo mode, and live mode (its account menu), on a phone and on a desktop screen.
const live = await startLive({ port: port + 10, outDir });
process.on('exit', live.stop);
const phone = { width: 412, height: 823 };
const desktop = { width: 1280, height: 800 };
const passes = [
  { mode: 'demo', origin, viewport: phone },
  { mode: 'demo', origin, viewport: desktop },
  { mode: 'live', origin: live.origin, viewport: phone, headers: { cookie: live.cookie } },
  { mode: 'live', origin: live.origin, viewport: desktop, headers: { cookie: live.cookie } },
];
for (const { mode, origin, viewport, headers } of passes) {
  const context = await browser.newContext({ viewport, locale: 'en-US', extraHTTPHeaders: headers });
  const firstLink = async (path, prefix) => {
    const page = await context.newPage();
    await page.goto(origin + path);
    const link = page.getByRole('main').locator(`a[href^="${prefix}"]`).first();
    await link.waitFor({ timeout: 60_000 });
    const href = await link.getAttribute('href');
    await page.close();
    return href.split('?')[0];
  };
  for (const { name, path } of await appPages(firstLink)) {
    const page = await context.newPage();
    await page.goto(origin + path, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // Charts and late rows: what the page shows once it has settled.
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    // Emotion keeps every rule it inserted, also those of states the page has left.
    const inserted = await page.evaluate(() =>
      [...document.querySelectorAll('style[data-emotion]')].flatMap((style) => [...style.sheet.cssRules].map((rule) => rule.cssText)),
    );
    const before = rules.size;
    for (const rule of inserted) rules.add(rule.replace(/\s*\n\s*/g, ' '));
    console.log(`${mode} ${viewport.width} px  ${name.padEnd(20)} ${inserted.length} rules, ${rules.size - before} new`);
    await page.close();
  }
  await context.close();
}
await browser.close();

const css = [...rules];
const names = [...new Set(css.flatMap((rule) => [...rule.matchAll(/\.css-([a-z0-9]+)\b/g)].map((match) => match[1])))];
writeFileSync(cssFile, `${css.join('\n')}\n`);
writeFileSync(namesFile, `${JSON.stringify(names)}\n`);
console.log(`${cssFile}: ${css.length} rules of ${names.length} classes`);
process.exit(0);
