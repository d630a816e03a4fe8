// The catalogs check of `npm run i18n:check`, read-only, one line per problem naming the message and locale:
// - every message in the code is in each catalog of its area, and no catalog keeps a message the code
//   no longer has (fix: `npm run i18n:extract`);
// - every message is translated in every locale;
// - each translation has the arguments of its source: the same placeholders, and the same plural/select
//   arguments with the same select choices, so no value is lost or shown raw.
// `lingui check sync` then confirms the files are byte for byte what extraction would write.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import { parsePoFile } from '@lingui/format-po';
import { parse, type Token } from '@messageformat/parser';

/** "name" for a placeholder, "name, plural" or "name, select: a|b|other" for the others. */
function argumentsOf(message: string): Set<string> {
  const found = new Set<string>();
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'argument') found.add(token.arg);
      else if (token.type === 'select')
        found.add(
          `${token.arg}, select: ${token.cases
            .map((c) => c.key)
            .sort()
            .join('|')}`,
        );
      else if (token.type === 'plural' || token.type === 'selectordinal') found.add(`${token.arg}, ${token.type}`);
      else if (token.type === 'function') found.add(`${token.arg}, ${token.key}`);
      if ('cases' in token) for (const choice of token.cases) walk(choice.tokens);
    }
  };
  walk(parse(message));
  return found;
}

/** One line per translation whose arguments differ from its source's, naming the message and locale. */
export function checkArguments(poText: string, file: string): string[] {
  const po = parsePoFile(poText);
  const locale = po.headers.Language ?? file;
  const problems: string[] = [];
  for (const item of po.items) {
    const translation = item.msgstr[0] ?? '';
    if (!item.msgid || !translation) continue;
    const where = `${file}: ${locale}: "${item.msgid}"${item.msgctxt ? ` (context "${item.msgctxt}")` : ''}`;
    let source: Set<string>, translated: Set<string>;
    try {
      source = argumentsOf(item.msgid);
      translated = argumentsOf(translation);
    } catch (error) {
      problems.push(`${where}: not valid ICU MessageFormat (${(error as Error).message})`);
      continue;
    }
    const missing = [...source].filter((a) => !translated.has(a));
    const extra = [...translated].filter((a) => !source.has(a));
    if (missing.length) problems.push(`${where}: translation lacks {${missing.join('}, {')}}`);
    if (extra.length) problems.push(`${where}: translation has {${extra.join('}, {')}}, which the source does not`);
  }
  return problems;
}

const quote = (message: string | undefined, context: string | undefined) => `"${message}"${context ? ` (context "${context}")` : ''}`;

/** Extraction up to date and every message translated, per catalog file. */
async function checkCatalogs(): Promise<{ files: string[]; problems: string[] }> {
  const config = getConfig();
  const files: string[] = [];
  const problems: string[] = [];
  for (const catalog of await getCatalogs(config)) {
    const inCode = (await catalog.collect()) ?? {};
    for (const locale of catalog.locales) {
      const file = relative(process.cwd(), catalog.getFilename(locale));
      files.push(file);
      const inFile = (await catalog.read(locale)) ?? {};
      for (const [id, { message, context }] of Object.entries(inCode))
        if (!inFile[id]) problems.push(`${file}: ${locale}: ${quote(message, context)} is in the code but not in the catalog`);
      for (const [id, entry] of Object.entries(inFile)) {
        if (!inCode[id]) problems.push(`${file}: ${locale}: ${quote(entry.message, entry.context)} is no longer in the code (stale)`);
        else if (locale !== config.sourceLocale && !entry.translation)
          problems.push(`${file}: ${locale}: ${quote(entry.message, entry.context)} is not translated`);
      }
    }
  }
  return { files, problems };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { files, problems } = await checkCatalogs();
  problems.push(...files.flatMap((file) => checkArguments(readFileSync(file, 'utf8'), file)));
  for (const line of problems) console.error(line);
  console.log(`${files.length} catalogs checked, ${problems.length} problem(s).`);
  if (problems.length) {
    console.error('Run `npm run i18n:extract` after changing texts in the code, then translate the new messages.');
    process.exit(1);
  }
}
