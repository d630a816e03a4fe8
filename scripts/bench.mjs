#!/usr/bin/env node
// `npm run bench`: a measurement, not a test. Builds, serves the build with the production server on
// loopback in demo mode, and reports bundle sizes, Lighthouse (mobile, 3 runs per page, median), large-data scrolling
// (the `large` seed) and navigation-to-data times; then, in live mode over the simulator, the notification figures
// (bench-notifications.mjs; also on PostgreSQL when DATABASE_URL is set). Writes bench-results/latest.json and prints a table.
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { benchNotifications } from './bench-notifications.mjs';

const port = Number(process.env.BENCH_PORT ?? 4400);
const outDir = process.env.OUT_DIR ?? 'dist-bench';
const runs = Number(process.env.BENCH_RUNS ?? 3);
const origin = `http://127.0.0.1:${port}`;
const chromePath = existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : chromium.executablePath();
const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const sellerToken = 'demo-seller-token';
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
mkdirSync('bench-results', { recursive: true });

function step(text) {
  console.log(`\n::: ${text}`);
}

// 1. Build and bundle sizes.
step('build');
execFileSync('npm', ['run', 'build:serve'], { env: { ...process.env, OUT_DIR: outDir }, stdio: 'ignore' });
execFileSync('node', ['scripts/budget.mjs'], {
  env: { ...process.env, OUT_DIR: outDir, BUDGET_JSON: 'bench-results/bundle.json', BUDGET_KB: '100000' },
  stdio: 'ignore',
});
const bundle = JSON.parse(readFileSync('bench-results/bundle.json', 'utf8'));
rmSync('bench-results/bundle.json');

// 2. Serve the build with the production server in demo mode (no SELLER_API_URL), stopped by PID.
step(`serve ${outDir} on ${origin}`);
const server = spawn('node', ['server/dist/main.js'], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', OUT_DIR: outDir, SELLER_API_URL: '' },
  // Its request log (stdout) would drown the report; a refused setting (stderr) must show.
  stdio: ['ignore', 'ignore', 'inherit'],
});
process.on('exit', () => server.kill());
for (let i = 0; i < 100; i++) {
  if (
    await fetch(`${origin}/healthz`).then(
      (r) => r.ok,
      () => false,
    )
  )
    break;
  await new Promise((resolve) => setTimeout(resolve, 100));
}

const browser = await chromium.launch({ executablePath: chromePath, args: chromeFlags.filter((f) => f !== '--headless') });

/** Calls the demo API from inside a page (the service worker answers) to find seeded ids. */
async function discover() {
  const page = await browser.newPage();
  await page.goto(`${origin}/settings`);
  await page.getByRole('banner').getByText('TIENDA_DEMO').waitFor();
  const result = await page.evaluate(async (token) => {
    const headers = { Authorization: `Bearer ${token}` };
    const me = await fetch('/api/users/me', { headers }).then((r) => r.json());
    const search = await fetch(`/api/questions/search?seller_id=${me.id}&api_version=4&limit=1`, { headers }).then((r) => r.json());
    return { questionId: search.questions?.[0]?.id ?? null };
  }, sellerToken);
  await page.close();
  return result;
}

const ids = await discover();
const pages = [
  { name: 'home', path: '/', nav: null },
  { name: 'inbox', path: '/questions', nav: null },
  { name: 'detail', path: `/questions/${ids.questionId}`, nav: null },
  { name: 'response time', path: '/response-time', nav: 'Response time' },
  { name: 'stock list', path: '/stock', nav: null },
  { name: 'stock', path: '/stock/MLAU3000001', nav: 'Stock' },
  { name: 'categories leaf', path: '/categories/MLA/MLA1055', nav: 'Categories' },
  { name: 'fulfilled listings', path: '/fulfillment', nav: null },
  { name: 'fulfillment stock', path: '/fulfillment?inventory=INV00001X', nav: 'Fulfillment' },
  { name: 'operations log', path: '/fulfillment/operations', nav: null },
  { name: 'credit leads', path: '/credits', nav: 'Credit leads' },
  { name: 'settings', path: '/settings', nav: 'Settings' },
];

// 3. Lighthouse, mobile preset, median of `runs`.
step(`lighthouse: ${pages.length} pages x ${runs} runs`);
const lighthouseBin = 'node_modules/.bin/lighthouse';
const lighthouse = {};
// BENCH_PAGES=inbox,settings limits Lighthouse to some pages (quicker while tuning).
const only = process.env.BENCH_PAGES?.split(',');
for (const { name, path } of pages.filter((p) => !only || only.includes(p.name))) {
  const samples = [];
  for (let run = 0; run < runs; run++) {
    const file = 'bench-results/lh.tmp.json';
    execFileSync(
      lighthouseBin,
      [
        `${origin}${path}`,
        '--quiet',
        '--output=json',
        `--output-path=${file}`,
        '--only-categories=performance,accessibility',
        `--chrome-flags=${chromeFlags.join(' ')}`,
      ],
      {
        env: { ...process.env, CHROME_PATH: chromePath },
        stdio: 'ignore',
      },
    );
    const report = JSON.parse(readFileSync(file, 'utf8'));
    rmSync(file);
    samples.push({
      performance: Math.round(report.categories.performance.score * 100),
      accessibility: Math.round(report.categories.accessibility.score * 100),
      lcp: Math.round(report.audits['largest-contentful-paint'].numericValue),
      tbt: Math.round(report.audits['total-blocking-time'].numericValue),
      cls: Number(report.audits['cumulative-layout-shift'].numericValue.toFixed(3)),
    });
  }
  lighthouse[name] = Object.fromEntries(Object.keys(samples[0]).map((key) => [key, median(samples.map((s) => s[key]))]));
  console.log(`  ${name.padEnd(18)} ${JSON.stringify(lighthouse[name])}`);
}

// 4. Large data: first rows, longest task while scrolling to the end, rows in the DOM, heap.
step('large seed scrolling');
async function scrollScenario(path, rowSelector) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    window.__longest = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longest = Math.max(window.__longest, entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(`${origin}${path}${path.includes('?') ? '&' : '?'}seed=large`);
  await page.locator(rowSelector).first().waitFor({ timeout: 60_000 });
  const firstRows = await page.evaluate(() => Math.round(performance.now()));
  await page.evaluate(() => {
    window.__longest = 0;
  });
  let maxRows = 0;
  let stable = 0;
  let lastTop = -1;
  for (let i = 0; i < 400 && stable < 8; i++) {
    const state = await page.evaluate((selector) => {
      const first = document.querySelector(selector);
      let box = first?.parentElement ?? null;
      while (box && !(box.scrollHeight > box.clientHeight + 1 && /(auto|scroll)/.test(getComputedStyle(box).overflowY)))
        box = box.parentElement;
      const scroller = box ?? document.scrollingElement;
      scroller.scrollTop += scroller.clientHeight * 2;
      return { top: scroller.scrollTop, rows: document.querySelectorAll(selector).length };
    }, rowSelector);
    maxRows = Math.max(maxRows, state.rows);
    stable = state.top === lastTop ? stable + 1 : 0;
    lastTop = state.top;
    await page.waitForFunction(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true)))));
  }
  const longestTask = await page.evaluate(() => Math.round(window.__longest));
  const heapMb = await page.evaluate(() => Math.round((performance.memory?.usedJSHeapSize ?? 0) / 1048576));
  await context.close();
  return { firstRowsMs: firstRows, longestTaskMs: longestTask, maxRowsInDom: maxRows, heapMb };
}
const large = {
  inbox: await scrollScenario('/questions', '[role="listitem"][data-index]'),
  'operations log': await scrollScenario('/fulfillment/operations', 'tr[data-operation-id]'),
};
for (const [name, figures] of Object.entries(large)) console.log(`  ${name.padEnd(18)} ${JSON.stringify(figures)}`);

// 5. Navigation to data: click a nav entry, wait for the page's h1 and no loading indicator in main.
step('navigation to data on screen');
const navigation = {};
{
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${origin}/questions`);
  await page.getByRole('banner').getByText('TIENDA_DEMO').waitFor();
  for (const { name, nav } of pages.filter((p) => p.nav)) {
    const samples = [];
    for (let run = 0; run < runs; run++) {
      await page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: /^Questions\b/ })
        .click();
      await page.getByRole('heading', { level: 1, name: /Questions/ }).waitFor();
      const started = await page.evaluate(() => performance.now());
      await page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: new RegExp(`^${nav}\\b`) })
        .click();
      await page.waitForFunction(
        (label) => {
          const main = document.querySelector('main');
          const h1 = main?.querySelector('h1');
          return Boolean(h1?.textContent?.includes(label)) && !main.querySelector('[role="progressbar"], .MuiSkeleton-root');
        },
        nav,
        { polling: 'raf' },
      );
      samples.push(Math.round((await page.evaluate(() => performance.now())) - started));
    }
    navigation[name] = median(samples);
    console.log(`  ${name.padEnd(18)} ${navigation[name]} ms`);
  }
  await page.close();
}

await browser.close();
server.kill();

// 6. Notifications in live mode: answer time under a burst, receipt to SSE event.
step('notifications (live mode over the simulator)');
const notifications = await benchNotifications({ port: port + 10, outDir });
for (const result of notifications) console.log(`  ${JSON.stringify(result)}`);

const results = { date: new Date().toISOString(), bundle, lighthouse, large, navigation, notifications };
writeFileSync('bench-results/latest.json', `${JSON.stringify(results, null, 2)}\n`);

step('summary');
console.log(`JS before first paint: ${bundle.initialKb} KB gz · all JS: ${bundle.totalKb} KB gz`);
console.log('| page | perf | LCP ms | TBT ms | CLS | a11y | nav→data ms |');
console.log('|---|---|---|---|---|---|---|');
for (const { name } of pages) {
  const l = lighthouse[name];
  if (!l) continue;
  console.log(`| ${name} | ${l.performance} | ${l.lcp} | ${l.tbt} | ${l.cls} | ${l.accessibility} | ${navigation[name] ?? '–'} |`);
}
console.log('| large list | first rows ms | longest task ms | max rows in DOM | heap MB |');
console.log('|---|---|---|---|---|');
for (const [name, f] of Object.entries(large))
  console.log(`| ${name} | ${f.firstRowsMs} | ${f.longestTaskMs} | ${f.maxRowsInDom} | ${f.heapMb} |`);
console.log('| notifications | store | answer p50 ms | answer p99 ms | receipt → SSE p50 ms | receipt → SSE p99 ms |');
console.log('|---|---|---|---|---|---|');
for (const n of notifications)
  console.log(`| ${n.burst} | ${n.store} | ${n.answerP50Ms} | ${n.answerP99Ms} | ${n.receiptToEventP50Ms} | ${n.receiptToEventP99Ms} |`);
