#!/usr/bin/env node
// `npm run styles`: the CSS MUI's components generate (Emotion) on the app's pages, prebuilt into stylesheets with
// their class names beside them: the classes two or more areas use in src/app/muiStyles.css (and .json), loaded
// with MUI's theme (src/app/MuiTheme.tsx), and each area's own in src/features/<area>/muiStyles.css (and .json),
// loaded with the area's routes. Emotion's cache marks a stylesheet's classes as inserted once it is loaded
// (src/lib/prebuiltStyles.ts), so that a page no longer compiles (stylis) and inserts them one rule at a time
// while it renders: the largest part of a page's start on a phone. A page parses only the rules of its area and
// the common ones (parsing all of them was one long task of 13-80 ms at 1x on a phone-class machine).
// Run it after changing how pages look; a rule missing from the files is still inserted at run time, and the
// navigation e2e test fails when a page's rules are mostly missing.
//
// It builds the app without the prebuilt styles, serves it in demo mode with the production server, opens every
// page in Chromium on a phone and on a desktop screen, in demo mode and in live mode (over the simulator served in
// Node), and keeps every rule Emotion inserted, in order, with the areas that inserted it.
import { execFileSync, spawn } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './chromium.ts';
import { build } from 'vite';
import { startLive } from './bench-notifications.mjs';
import { appPages } from './pages.ts';

const outDir = 'dist-styles';
const port = Number(process.env.STYLES_PORT ?? 4480);
const origin = `http://127.0.0.1:${port}`;
/** The stylesheet and class names of the classes two or more areas use, and those of one area's own. */
const commonFiles = { css: 'src/app/muiStyles.css', names: 'src/app/muiStyles.json' };
const areaFiles = (area) => ({ css: `src/features/${area}/muiStyles.css`, names: `src/features/${area}/muiStyles.json` });
const areas = readdirSync('src/features');
const prebuiltFile = /\/muiStyles\.(css|json)$/;

await build({
  logLevel: 'warn',
  build: { outDir },
  plugins: [
    {
      name: 'without-prebuilt-mui-styles',
      enforce: 'pre',
      load: (id) => (id.endsWith('/muiStyles.json') ? '[]' : prebuiltFile.test(id) ? '' : undefined),
    },
  ],
});
execFileSync('node_modules/.bin/tsc', ['-p', 'server']);

const server = spawn('node', ['server/dist/server/src/main.js'], {
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

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
/** Every rule, in the order first inserted, with the areas whose pages inserted it. */
const rules = new Map();
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
  const firstLink = async (path, selector) => {
    const page = await context.newPage();
    await page.goto(origin + path);
    const link = page.getByRole('main').locator(selector).first();
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
    // The activity page shows what happened so far, which varies from run to run: in demo mode, every kind of
    // entry is made to happen, so that the classes of each are prebuilt whatever a seller's page holds.
    if (name === 'activity' && mode === 'demo') {
      const entries = 'ul[aria-label="Activity, newest first"] > li';
      for (const button of [
        'A buyer asks a question',
        'A new credit lead',
        'A fulfillment operation',
        'The marketplace recategorizes an item',
      ]) {
        // The list holds a page of entries, full from the seeded history on: a new entry shows as a new first one
        // (the one seen first is marked), not as one more.
        await page
          .locator(entries)
          .first()
          .evaluate((entry) => entry.setAttribute('data-styles-seen', ''));
        await page.getByRole('button', { name: button }).click();
        await page.waitForFunction((selector) => !document.querySelector(selector)?.hasAttribute('data-styles-seen'), entries);
      }
      // And read, as entries are once the seller has seen them.
      await page.getByRole('button', { name: 'Mark all as read' }).click();
      await page.getByRole('button', { name: 'Mark all as read' }).and(page.locator(':disabled')).waitFor();
    }
    // Emotion keeps every rule it inserted, also those of states the page has left.
    const inserted = await page.evaluate(() =>
      [...document.querySelectorAll('style[data-emotion]')].flatMap((style) => [...style.sheet.cssRules].map((rule) => rule.cssText)),
    );
    const before = rules.size;
    const area = path.split(/[/?]/)[1] || 'home';
    for (const rule of inserted) {
      const text = rule.replace(/\s*\n\s*/g, ' ');
      rules.set(text, (rules.get(text) ?? new Set()).add(area));
    }
    console.log(`${mode} ${viewport.width} px  ${name.padEnd(20)} ${inserted.length} rules, ${rules.size - before} new`);
    await page.close();
  }
  await context.close();
}
await browser.close();

// A class (with all its rules) is an area's own when only that area's pages used it; a rule of no class (keyframes)
// is common. Each file keeps the order the rules were first inserted in.
const classOf = (rule) => rule.match(/\.css-([a-z0-9]+)\b/)?.[1];
const classAreas = new Map();
for (const [rule, ruleAreas] of rules) {
  const name = classOf(rule);
  if (name) classAreas.set(name, new Set([...(classAreas.get(name) ?? []), ...ruleAreas]));
}
// A class no file would hold (an area named wrong) would be inserted at run time, unnoticed: it stops the run.
for (const [name, owners] of classAreas)
  if (owners.size === 1 && ![...owners].every((area) => areas.includes(area)))
    throw new Error(`class ${name} of unknown area ${[...owners]}`);
const ownerOf = (rule) => {
  const owners = classAreas.get(classOf(rule));
  return owners?.size === 1 ? [...owners][0] : undefined;
};
const write = (files, css) => {
  const names = [...new Set(css.map(classOf).filter(Boolean))];
  writeFileSync(files.css, `${css.join('\n')}\n`);
  writeFileSync(files.names, `${JSON.stringify(names)}\n`);
  console.log(`${files.css}: ${css.length} rules of ${names.length} classes`);
};
write(
  commonFiles,
  [...rules.keys()].filter((rule) => !ownerOf(rule)),
);
// Every area has both files, empty or not: its routes import them.
for (const area of areas)
  write(
    areaFiles(area),
    [...rules.keys()].filter((rule) => ownerOf(rule) === area),
  );
process.exit(0);
