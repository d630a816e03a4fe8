#!/usr/bin/env node
// Bundle budget: the gzipped JS a visitor downloads before first paint (index.html's entry and its
// static imports, without lazy routes or the demo backend, plus the English shell catalog the first render
// waits for), plus every lazy chunk. Fails over budget, or when a Spanish or Portuguese text is in the
// English first-paint JS, or a text of one locale in any chunk but that locale's catalogs.
import { globSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { parsePoFile } from '@lingui/format-po';

const outDir = process.env.OUT_DIR ?? 'dist';
// Issue #19's target: the shell paints without MUI and Emotion (src/app/Shell.tsx), 95 KB on 2026-11-25.
const budgetKb = Number(process.env.BUDGET_KB ?? 120);
const assets = join(outDir, 'assets');

const gz = (file) => gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;
const kb = (bytes) => (bytes / 1024).toFixed(1);

const html = readFileSync(join(outDir, 'index.html'), 'utf8');
const entries = [...html.matchAll(/<script[^>]+type="module"[^>]+src="\/([^"]+)"/g)].map((m) => m[1]);
const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]*>/g)].map((m) => m[0].match(/href="\/([^"]+)"/)[1]);

// Static imports of a chunk: `import … from "./x.js"` and bare `import "./x.js"`, not import().
function staticImports(file) {
  const code = readFileSync(join(outDir, file), 'utf8');
  const found = [...code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[\w$*{}\s,]+from\s*)?["']\.\/([^"']+\.js)["']/g)].map(
    (m) => `assets/${m[1]}`,
  );
  return found;
}

const allJs = readdirSync(assets)
  .filter((f) => f.endsWith('.js'))
  .map((f) => `assets/${f}`);
// The catalog chunks are named by vite.config.ts: messages-<area>-<locale>-<hash>.js.
const catalogChunk = (area, locale) => allJs.find((f) => f.startsWith(`assets/messages-${area}-${locale}-`));
const shellCatalog = catalogChunk('app', 'en');
if (!shellCatalog) {
  console.error('No English shell catalog chunk (assets/messages-app-en-*.js) in the build.');
  process.exit(1);
}

const initial = new Set();
const queue = [...entries, ...preloads, shellCatalog];
while (queue.length) {
  const file = queue.pop();
  if (initial.has(file)) continue;
  initial.add(file);
  queue.push(...staticImports(file));
}

const lazy = allJs.filter((f) => !initial.has(f));
const initialBytes = [...initial].reduce((sum, f) => sum + gz(f), 0);
const lazyRows = lazy.map((f) => [f, gz(f)]).sort((a, b) => b[1] - a[1]);
const total = initialBytes + lazyRows.reduce((s, [, b]) => s + b, 0);

console.log('Initial JS (before first paint), gzipped:');
for (const f of initial) console.log(`  ${kb(gz(f)).padStart(7)} KB  ${f}`);
console.log(`  ${kb(initialBytes).padStart(7)} KB  TOTAL (budget ${budgetKb} KB)`);
console.log('Lazy chunks, gzipped:');
for (const [f, b] of lazyRows) console.log(`  ${kb(b).padStart(7)} KB  ${f}`);
console.log(`All JS, gzipped: ${kb(total)} KB`);

if (process.env.BUDGET_JSON) {
  const { writeFileSync } = await import('node:fs');
  writeFileSync(
    process.env.BUDGET_JSON,
    JSON.stringify(
      { initialKb: +kb(initialBytes), totalKb: +kb(total), lazy: Object.fromEntries(lazyRows.map(([f, b]) => [f, +kb(b)])) },
      null,
      2,
    ),
  );
}
// Each catalog (one per area and locale) with its translations long enough not to be a shared word, and its chunk.
const catalogs = globSync('src/**/locales/*.po').map((file) => {
  const [, area, locale] = file.match(/src\/(?:features\/)?([\w-]+)\/locales\/([\w-]+)\.po$/);
  const texts = parsePoFile(readFileSync(file, 'utf8'))
    .items.map((item) => item.msgstr[0] ?? '')
    .filter((text) => text.length >= 12 && !text.includes('{'));
  return { locale, texts, chunk: catalogChunk(area, locale) };
});
const textsOf = (wanted) => [...new Set(catalogs.filter(({ locale }) => wanted(locale)).flatMap(({ texts }) => texts))];
const english = new Set(textsOf((locale) => locale === 'en'));
const foreign = textsOf((locale) => locale !== 'en').filter((text) => !english.has(text));
const firstPaintCode = [...initial].map((f) => readFileSync(join(outDir, f), 'utf8')).join('\n');
const problems = foreign.filter((text) => firstPaintCode.includes(text)).map((text) => `Not English, yet in first-paint JS: "${text}"`);
// A text only one locale has (a Spanish page's vos or tú) comes only in that locale's catalog chunks, so a page
// downloads its own variant and never the other. The check must see each where it belongs, or it proves nothing.
const code = new Map(allJs.map((file) => [file, readFileSync(join(outDir, file), 'utf8')]));
for (const locale of new Set(catalogs.map(({ locale }) => locale).filter((locale) => locale !== 'en'))) {
  const own = new Set(catalogs.filter((c) => c.locale === locale).map((c) => c.chunk));
  const others = new Set(textsOf((l) => l !== locale));
  // Quoted as in the compiled catalogs (`["text"]`), so that one language's text inside another's does not count.
  const only = textsOf((l) => l === locale)
    .filter((text) => !others.has(text))
    .map((text) => `"${text}"`);
  if (!only.some((text) => code.get(catalogChunk('app', locale))?.includes(text)))
    problems.push(`The locale check found no text of ${locale} even in its shell catalog chunk.`);
  for (const [file, text] of code) {
    if (own.has(file)) continue;
    const found = only.find((candidate) => text.includes(candidate));
    if (found) problems.push(`${file} is no ${locale} catalog, yet it has the ${locale} text ${found}`);
  }
}
if (problems.length) {
  for (const line of problems) console.error(line);
  process.exit(1);
}
console.log(
  `Locales: each locale's texts come only in its own catalog chunks; none of ${foreign.length} others is in the English first-paint JS.`,
);

// Every chunk is compiled off the main thread as it downloads (scripts/compile-hints.ts).
const unhinted = allJs.filter((file) => !readFileSync(join(outDir, file), 'utf8').startsWith('//# allFunctionsCalledOnLoad\n'));
if (unhinted.length) {
  console.error(`Without V8's compile hint on their first line: ${unhinted.join(', ')}`);
  process.exit(1);
}

if (initialBytes / 1024 > budgetKb) {
  console.error(`Bundle budget exceeded: ${kb(initialBytes)} KB > ${budgetKb} KB of JS before first paint.`);
  process.exit(1);
}
