#!/usr/bin/env node
// `npm run bench`: a measurement, not a test. Builds, serves the build with the production server on
// loopback (over HTTP/2 unless BENCH_HTTP1=1) in demo mode and in live mode (signed in, over the simulator served in Node as the marketplace),
// and reports bundle sizes; Lighthouse (mobile preset, 3 runs per page and mode, median) with each median run's
// main-thread breakdown and five longest tasks; large-data scrolling (the `large` seed) and navigation-to-data
// times; then the notification figures (bench-notifications.mjs; also on PostgreSQL when DATABASE_URL is set),
// the webhook under load (bench-webhooks.mjs), every door with autocannon (bench-doors.mjs), stock in bulk
// (bench-stock-bulk.mjs) and suggestions with 10,000 answered questions in the account (bench-suggestions.ts).
// Writes bench-results/latest.json, prints tables and puts the Lighthouse, door, stock in bulk and suggestions
// tables into docs/benchmark.md.
import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './chromium.ts';
import { benchNotifications, loopbackTls, startLive } from './bench-notifications.mjs';
import { benchDoors, doorsTable } from './bench-doors.mjs';
import { benchWebhooks } from './bench-webhooks.mjs';
import { benchStockBulk, stockBulkTable } from './bench-stock-bulk.mjs';
import { appPages } from './pages.ts';

const port = Number(process.env.BENCH_PORT ?? 4400);
const outDir = process.env.OUT_DIR ?? 'dist-bench';
const runs = Number(process.env.BENCH_RUNS ?? 3);
const benchmarkDocs = 'docs/benchmark.md';
// Served over HTTP/2 as a deployment is (BENCH_HTTP1=1 for plain HTTP/1.1); Chromium accepts the throwaway certificate.
const tls = loopbackTls();
const protocol = tls ? 'HTTP/2 over TLS' : 'HTTP/1.1';
const origin = `${tls ? 'https' : 'http'}://127.0.0.1:${port}`;
const chromePath = chromiumPath ?? chromium.executablePath();
const chromeFlags = ['--headless', ...chromiumArgs, ...(tls ? ['--ignore-certificate-errors'] : [])];
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
mkdirSync('bench-results', { recursive: true });

// Machines of one class differ by 3× and more in speed, so each run says how fast its machine was: the time to
// touch 256 MB of fresh memory (0.11 s on the fastest seen, 0.8–1.0 s on slow ones) and Lighthouse's own CPU
// benchmark index (higher is faster). Compare tables made on machines of like figures.
const memoryTouchS = (() => {
  const started = performance.now();
  Buffer.alloc(256 * 1024 * 1024, 1);
  return Number(((performance.now() - started) / 1000).toFixed(2));
})();

/** Puts `text` between the `<!-- marker:start -->` and `<!-- marker:end -->` lines of docs/benchmark.md. */
function writeMarked(marker, text) {
  const docs = readFileSync(benchmarkDocs, 'utf8');
  const marked = new RegExp(`(<!-- ${marker}:start -->\n)[\\s\\S]*?(\n<!-- ${marker}:end -->)`);
  if (marked.test(docs)) writeFileSync(benchmarkDocs, docs.replace(marked, `$1${text}$2`));
}

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
const server = spawn('node', ['server/dist/server/src/main.js'], {
  env: { ...process.env, ...tls, PORT: String(port), HOST: '127.0.0.1', OUT_DIR: outDir, SELLER_API_URL: '' },
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
const live = await startLive({ port: port + 20, outDir, tls });
process.on('exit', live.stop);
const modes = { demo: { origin, headers: {} }, live: { origin: live.origin, headers: { cookie: live.cookie } } };

/** The first link of a list page, found as a seller finds it (the page's own reads, in either mode). */
async function firstLink(mode, path, selector) {
  const context = await browser.newContext({ extraHTTPHeaders: modes[mode].headers });
  const page = await context.newPage();
  await page.goto(`${modes[mode].origin}${path}`);
  const link = page.getByRole('main').locator(selector).first();
  await link.waitFor({ timeout: 60_000 });
  const href = await link.getAttribute('href');
  await context.close();
  return href.split('?')[0];
}

const pagesOf = (mode) => appPages((path, selector) => firstLink(mode, path, selector));
const pages = { demo: await pagesOf('demo'), live: await pagesOf('live') };

/** One Lighthouse run's figures, with where the main thread's time went and its five longest tasks. */
function figures(report) {
  const audit = (id) => report.audits[id];
  return {
    performance: Math.round(report.categories.performance.score * 100),
    benchmarkIndex: Math.round(report.environment.benchmarkIndex),
    cpuSlowdown: report.configSettings.throttling.cpuSlowdownMultiplier,
    accessibility: Math.round(report.categories.accessibility.score * 100),
    lcp: Math.round(audit('largest-contentful-paint').numericValue),
    tbt: Math.round(audit('total-blocking-time').numericValue),
    cls: Number(audit('cumulative-layout-shift').numericValue.toFixed(3)),
    fcp: Math.round(audit('first-contentful-paint').numericValue),
    mainThread: Object.fromEntries(
      (audit('mainthread-work-breakdown').details?.items ?? []).map((item) => [item.group, Math.round(item.duration)]),
    ),
    longestTasks: (audit('long-tasks').details?.items ?? [])
      .toSorted((a, b) => b.duration - a.duration)
      .slice(0, 5)
      .map((task) => ({ ms: Math.round(task.duration), source: task.url.replace(/^https?:\/\/[^/]+/, '') })),
  };
}

// 3. Lighthouse, mobile preset, the run of median performance out of `runs`, per page and mode.
// BENCH_PAGES=inbox,settings limits it to some pages, BENCH_MODES=demo to one mode (quicker while tuning).
const onlyPages = process.env.BENCH_PAGES?.split(',');
const onlyModes = process.env.BENCH_MODES?.split(',') ?? Object.keys(modes);
step(`lighthouse: ${runs} runs per page, modes ${onlyModes.join(', ')}`);
const lighthouseBin = 'node_modules/.bin/lighthouse';
const lighthouse = { demo: {}, live: {} };
/** One Lighthouse run of `url` into `file`, at the mobile preset's 4× CPU slowdown unless `cpuSlowdown` is given. */
function runLighthouse(url, headers, file, cpuSlowdown) {
  execFileSync(
    lighthouseBin,
    [
      url,
      '--quiet',
      '--output=json',
      `--output-path=${file}`,
      '--only-categories=performance,accessibility',
      `--chrome-flags=${chromeFlags.join(' ')}`,
      `--extra-headers=${JSON.stringify(headers)}`,
      ...(cpuSlowdown ? [`--throttling.cpuSlowdownMultiplier=${cpuSlowdown}`] : []),
    ],
    { env: { ...process.env, CHROME_PATH: chromePath }, stdio: ['ignore', 'ignore', 'pipe'] },
  );
}
// BENCH_SLOW_INDEX=1000: the figures of a phone whose Lighthouse benchmark index is 1,000, measured on a faster
// machine by raising Lighthouse's CPU slowdown from 4× by the ratio of the two indexes (as Lighthouse's own docs
// calibrate it). This machine's index is read once, from a run of the demo home at the standard setting; the
// index and the slowdown are recorded with every figure, and the table goes to its own place in the docs.
// This machine's index moves between runs (1,771-2,883 in one hour), so a before-and-after pair gives the second
// run the first one's slowdown: BENCH_CPU_SLOWDOWN=9.1 with BENCH_SLOW_INDEX, instead of calibrating again.
const slowIndex = Number(process.env.BENCH_SLOW_INDEX ?? 0);
const fixedSlowdown = Number(process.env.BENCH_CPU_SLOWDOWN ?? 0);
const cpuSlowdown = slowIndex
  ? fixedSlowdown ||
    (() => {
      const file = 'bench-results/lh.calibrate.json';
      runLighthouse(`${origin}/`, {}, file);
      const index = JSON.parse(readFileSync(file, 'utf8')).environment.benchmarkIndex;
      rmSync(file);
      // Never below the standard 4×: a machine slower than the target is measured as it is.
      return Math.max(4, Number(((4 * index) / slowIndex).toFixed(1)));
    })()
  : undefined;
if (cpuSlowdown)
  console.log(`  ${fixedSlowdown ? 'given' : 'calibrated'}: CPU slowdown ${cpuSlowdown}× stands for a benchmark index of ${slowIndex}`);
for (const mode of onlyModes) {
  for (const { name, path } of pages[mode].filter((p) => !onlyPages || onlyPages.includes(p.name))) {
    const samples = [];
    // Lighthouse now and then fails to record a load's trace (NO_NAVSTART, "Please run Lighthouse again"): such a
    // run is made again, up to two more runs per page, so the median stays one of `runs`.
    for (let attempt = 0; samples.length < runs && attempt < runs + 2; attempt++) {
      const file = 'bench-results/lh.tmp.json';
      try {
        runLighthouse(`${modes[mode].origin}${path}`, modes[mode].headers, file, cpuSlowdown);
        samples.push(figures(JSON.parse(readFileSync(file, 'utf8'))));
        rmSync(file);
      } catch (error) {
        // A page Lighthouse cannot measure is reported as such; the other pages still are.
        const reason = String(error.stderr ?? '').match(/Runtime error encountered: .*/)?.[0] ?? error.message.split('\n')[0];
        console.log(`  ${mode} ${name}: Lighthouse failed (${reason})`);
      }
    }
    if (samples.length === 0) continue;
    const middle = samples.toSorted((a, b) => a.performance - b.performance)[Math.floor(samples.length / 2)];
    lighthouse[mode][name] = {
      ...middle,
      ...Object.fromEntries(['performance', 'lcp', 'tbt', 'cls', 'fcp'].map((key) => [key, median(samples.map((s) => s[key]))])),
    };
    const { mainThread, longestTasks, ...headline } = lighthouse[mode][name];
    console.log(`  ${mode} ${name.padEnd(18)} ${JSON.stringify(headline)}`);
    console.log(`    main thread ms: ${JSON.stringify(mainThread)}`);
    console.log(`    longest tasks: ${longestTasks.map((t) => `${t.ms} ms ${t.source}`).join(' · ')}`);
  }
}
live.stop();

/** The median of the Lighthouse benchmark indexes of the runs reported (higher is faster). */
const medianIndex = () => median(Object.values(lighthouse).flatMap((byPage) => Object.values(byPage).map((l) => l.benchmarkIndex)));

/** The pages' table (and, for a full run or any slow-setting run, the docs' copy of it). */
function writePagesTable(navigation, date) {
  const setting = cpuSlowdown
    ? `at ${cpuSlowdown}× CPU slowdown, standing for a benchmark index of ${slowIndex}`
    : 'at the standard 4× CPU slowdown';
  const table = [
    `First-paint JS: ${bundle.initialKb} KB gz · all JS: ${bundle.totalKb} KB gz. Lighthouse mobile ${setting}, median of ${runs}, served over ${protocol}, ${date.slice(0, 10)}; this machine touched 256 MB in ${memoryTouchS} s, Lighthouse benchmark index ${medianIndex()}.`,
    '',
    '| page | demo perf | demo LCP ms | demo TBT ms | demo FCP ms | demo CLS | live perf | live LCP ms | live TBT ms | live FCP ms | live CLS | nav→data ms |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...pages.demo.map(({ name }) => {
      const cells = (l) => (l ? [l.performance, l.lcp, l.tbt, l.fcp, l.cls] : ['–', '–', '–', '–', '–']);
      return `| ${[name, ...cells(lighthouse.demo[name]), ...cells(lighthouse.live[name]), navigation[name] ?? '–'].join(' | ')} |`;
    }),
  ].join('\n');
  console.log(table);
  // The docs' figures at the standard setting are the latest full run's: a run limited to some pages or one mode
  // leaves them. The slow setting's take any run (a full one at medians of 5 does not fit a session on two cores:
  // its pages are named by the dashes of those not measured).
  if (cpuSlowdown || (!onlyPages && onlyModes.length === 2)) {
    writeMarked(cpuSlowdown ? 'bench-slow' : 'bench', table);
  }
}

// The slow setting and a run limited to some pages measure the pages alone: the other steps depend on neither.
if (cpuSlowdown || onlyPages) {
  writePagesTable({}, new Date().toISOString());
  await browser.close();
  server.kill();
  process.exit(0);
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
  for (const { name, nav } of pages.demo.filter((p) => p.nav)) {
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

// 7. The webhook under load: 200/s for 30 s, 400 at once, a question after 1000 in 5 s (bench-webhooks.mjs).
step('webhook under load (live mode over the simulator, a stream open)');
const webhooks = await benchWebhooks({ port: port + 30, outDir });

// 8. Every door under load with autocannon, beside bare baselines (bench-doors.mjs).
step('doors (live mode on HTTP/1.1: API door, 1,000 event streams, static pages)');
const doors = await benchDoors({ port: port + 50, outDir });

// 9. Stock in bulk: export, a 1,000-row dry run and its apply with the marketplace failing writes (bench-stock-bulk.mjs).
step('stock in bulk (live mode over the simulator, large seed, 5 % of writes 429 and 2 % 500)');
const stockBulk = await benchStockBulk({ port: port + 70, outDir });

// 10. Suggestions with 10,000 answered questions in the account (bench-suggestions.ts, over the server's copy).
step('suggestions (live mode, 10,000 answered questions, 100 openings)');
const suggestions = execFileSync('node_modules/.bin/tsx', ['scripts/bench-suggestions.ts'], {
  env: { ...process.env, OUT_DIR: outDir, BENCH_PORT: String(port + 90) },
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'inherit'],
})
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line));
for (const result of suggestions) console.log(`  ${JSON.stringify(result)}`);

const benchmarkIndex = medianIndex();
const host = { memoryTouchS, benchmarkIndex };
const results = {
  date: new Date().toISOString(),
  protocol,
  host,
  bundle,
  lighthouse,
  large,
  navigation,
  notifications,
  webhooks,
  doors,
  stockBulk,
  suggestions,
};
writeFileSync('bench-results/latest.json', `${JSON.stringify(results, null, 2)}\n`);

step('summary');
console.log(`JS before first paint: ${bundle.initialKb} KB gz · all JS: ${bundle.totalKb} KB gz`);
writePagesTable(navigation, results.date);
const doorFigures = `${doorsTable(doors)}\n\nMachine: ${host.memoryTouchS} s to touch 256 MB, Lighthouse benchmark index ${benchmarkIndex}, ${results.date.slice(0, 10)}.`;
console.log(doorFigures);
const stockBulkFigures = `${stockBulkTable(stockBulk)}\n\nMachine: ${host.memoryTouchS} s to touch 256 MB, ${results.date.slice(0, 10)}.${stockBulk.problems.length > 0 ? ` Not met: ${stockBulk.problems.join('; ')}.` : ''}`;
console.log(stockBulkFigures);
const suggestionFigures = [
  '| store | answered questions | openings | p50 ms | p95 ms | first (index built) ms | backfill s |',
  '|---|---|---|---|---|---|---|',
  ...suggestions.map((r) => `| ${r.store} | ${r.answered} | ${r.openings} | ${r.p50Ms} | ${r.p95Ms} | ${r.firstMs} | ${r.backfillS} |`),
  '',
  `Load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(', ')}; ${results.date.slice(0, 10)}.`,
].join('\n');
console.log(suggestionFigures);
writeMarked('doors', doorFigures);
writeMarked('stock-bulk', stockBulkFigures);
writeMarked('suggestions', suggestionFigures);
console.log('| large list | first rows ms | longest task ms | max rows in DOM | heap MB |');
console.log('|---|---|---|---|---|');
for (const [name, f] of Object.entries(large))
  console.log(`| ${name} | ${f.firstRowsMs} | ${f.longestTaskMs} | ${f.maxRowsInDom} | ${f.heapMb} |`);
console.log('| notifications | store | answer p50 ms | answer p99 ms | receipt → SSE p50 ms | receipt → SSE p99 ms |');
console.log('|---|---|---|---|---|---|');
for (const n of notifications)
  console.log(`| ${n.burst} | ${n.store} | ${n.answerP50Ms} | ${n.answerP99Ms} | ${n.receiptToEventP50Ms} | ${n.receiptToEventP99Ms} |`);
console.log('| webhook | store | answer p50 ms | answer p99 ms | new question in activity ms |');
console.log('|---|---|---|---|---|');
for (const w of webhooks) console.log(`| ${w.scenario} | ${w.store} | ${w.answerP50Ms} | ${w.answerP99Ms} | ${w.newQuestionMs ?? '–'} |`);
