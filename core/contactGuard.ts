import { LinkifyIt } from 'linkify-it';
import { findPhoneNumbersInText, isValidPhoneNumber, type CountryCode } from 'libphonenumber-js/min';

/**
 * The contact-data guard: what in an answer the marketplace would moderate (its rules forbid contact data and
 * off-platform deals in answers). The composer underlines what it finds and holds Send; the server's door runs
 * it again on `POST /answers`. Phone numbers are read by libphonenumber-js for the account's site's country,
 * links and emails by linkify-it, after the disguises sellers use are undone ("once 4567 8901",
 * "juan arroba gmail punto com", "89O1"); messaging apps, handles and off-platform deals by the rules below.
 * libphonenumber-js is large: the browser loads this module with the composer, never on first paint.
 */

type ContactKind = 'phone' | 'email' | 'link' | 'social' | 'offsite';

export interface ContactFinding {
  kind: ContactKind;
  /** The span in the text as written (UTF-16 offsets), for underlining. */
  start: number;
  end: number;
}

/** The country whose numbering plan a site's sellers and buyers use. */
const siteCountry: Record<string, CountryCode> = {
  MLA: 'AR',
  MLB: 'BR',
  MLM: 'MX',
  MCO: 'CO',
  MLC: 'CL',
  MPE: 'PE',
  MLU: 'UY',
  MPY: 'PY',
  MEC: 'EC',
  MLV: 'VE',
  MBO: 'BO',
  MCR: 'CR',
  MPA: 'PA',
  MRD: 'DO',
  MGT: 'GT',
  MHN: 'HN',
  MNI: 'NI',
  MSV: 'SV',
};

/**
 * A rewritten text that remembers, for each of its characters, the span of the original it came from, so a
 * finding in the rewritten text underlines what the seller wrote.
 */
interface Mapped {
  text: string;
  start: number[];
  end: number[];
}

function mapped(text: string): Mapped {
  const indexes = Array.from(text, (_, i) => i);
  return { text, start: indexes, end: indexes.map((i) => i + 1) };
}

/** Replaces every match of `pattern` (global) by `replace(match)`; the new characters map to the match's span. */
function rewrite(source: Mapped, pattern: RegExp, replace: (match: RegExpExecArray) => string): Mapped {
  let text = '';
  const start: number[] = [];
  const end: number[] = [];
  let last = 0;
  const keep = (from: number, to: number) => {
    text += source.text.slice(from, to);
    start.push(...source.start.slice(from, to));
    end.push(...source.end.slice(from, to));
  };
  for (const match of source.text.matchAll(pattern)) {
    const at = match.index;
    keep(last, at);
    const replacement = replace(match as RegExpExecArray);
    const spanStart = source.start[at] ?? 0;
    const spanEnd = source.end[at + match[0].length - 1] ?? spanStart;
    for (let i = 0; i < replacement.length; i++) {
      start.push(spanStart);
      end.push(spanEnd);
    }
    text += replacement;
    last = at + match[0].length;
  }
  keep(last, source.text.length);
  return { text, start, end };
}

function span(source: Mapped, from: number, to: number): { start: number; end: number } {
  return { start: source.start[from] ?? 0, end: source.end[to - 1] ?? source.start[from] ?? 0 };
}

// Numbers written as words, Spanish and Portuguese: digits a phone number can be spelled with.
const units: Record<string, string> = {
  cero: '0',
  uno: '1',
  dos: '2',
  tres: '3',
  cuatro: '4',
  cinco: '5',
  seis: '6',
  siete: '7',
  ocho: '8',
  nueve: '9',
  zero: '0',
  um: '1',
  dois: '2',
  duas: '2',
  três: '3',
  quatro: '4',
  sete: '7',
  oito: '8',
  nove: '9',
};
const teens: Record<string, string> = {
  diez: '10',
  once: '11',
  doce: '12',
  trece: '13',
  catorce: '14',
  quince: '15',
  dieciséis: '16',
  dieciseis: '16',
  diecisiete: '17',
  dieciocho: '18',
  diecinueve: '19',
  dez: '10',
  onze: '11',
  doze: '12',
  treze: '13',
  catorze: '14',
  quatorze: '14',
  quinze: '15',
  dezesseis: '16',
  dezessete: '17',
  dezoito: '18',
  dezenove: '19',
};
const tens: Record<string, string> = {
  veinte: '2',
  treinta: '3',
  cuarenta: '4',
  cincuenta: '5',
  sesenta: '6',
  setenta: '7',
  ochenta: '8',
  noventa: '9',
  vinte: '2',
  trinta: '3',
  quarenta: '4',
  cinquenta: '5',
  sessenta: '6',
};
const word = (names: Record<string, string>) => Object.keys(names).join('|');
const tensAndUnits = new RegExp(`\\b(${word(tens)})\\s+(?:y|e)\\s+(${word(units)})\\b`, 'giu');
const numberWord = new RegExp(`\\b(${word(teens)}|${word(tens)}|${word(units)})\\b`, 'giu');

/** "cuarenta y cinco" → 45, "once" → 11, "nueve" → 9; a space kept after, so words stay digit groups. */
function numbersAsDigits(source: Mapped): Mapped {
  const withTens = rewrite(source, tensAndUnits, (m) => `${tens[m[1]!.toLowerCase()]}${units[m[2]!.toLowerCase()]}`);
  return rewrite(withTens, numberWord, (m) => {
    const w = m[1]!.toLowerCase();
    return teens[w] ?? (tens[w] ? `${tens[w]}0` : (units[w] ?? w));
  });
}

/** Letters standing in for digits inside a number ("1l 4567 89O1"): l and I for 1, o and O for 0. */
const lookalikes = /\b(?=[\dlIoO]*\d)(?=[\dlIoO]*[lIoO])[\dlIoO]{2,}\b/g;

/**
 * The ends of addresses sellers spell out: "punto com", " . ar". Only these, or "el punto de retiro" would
 * read as the domain el.de.
 */
const spelledDomainEnd = '(?=(?:com|net|org|info|shop|store|online|site|ar|br|mx|co|cl|pe|uy|ve|ec|bo|py|io|me|ly)(?![\\p{L}\\d]))';

/** "arroba", "(at)", "[dot]", "punto com", " . " as written to slip an address past a filter. */
function addressesUndisguised(source: Mapped): Mapped {
  const at = rewrite(source, /\s*[([]\s*(?:at|arroba)\s*[)\]]\s*|\s+arroba\s+|\s+@\s+/giu, () => '@');
  const dot = rewrite(
    at,
    new RegExp(`\\s*[([]\\s*(?:dot|punto|ponto)\\s*[)\\]]\\s*|\\s+(?:dot|punto|ponto)\\s+${spelledDomainEnd}`, 'giu'),
    () => '.',
  );
  return rewrite(dot, new RegExp(`(?<=\\w)\\s+\\.\\s+${spelledDomainEnd}`, 'giu'), () => '.');
}

const linkify = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: true, fuzzyIP: false });

/** Words that say "this is how to reach me": a long digit run near one is a number even if not a valid one. */
const contactCue =
  /\b(?:cel(?:ular)?|tel(?:[eé]fono)?|fone|llam\w*|liga\w*|chama\w*|whats\w*|wpp|wsp|zap|n[uú]mero|contact\w*|contato)\b/iu;

/** Digit groups separated by spaces, dots, dashes or brackets: "11 4 5 6 7 8 9 0 1", "11-45-67-89-01". */
const digitRun = /(?:\+\s?)?\(?\d[\d\s.\-()/]{5,}\d/g;

/** Digits joined to letters by a dash ("98765-4321-B", "SM-4567890") are a product or part code. */
function partOfCode(text: string, start: number, end: number): boolean {
  return /\p{L}-?$/u.test(text.slice(Math.max(0, start - 2), start)) || /^-?\p{L}/u.test(text.slice(end, end + 2));
}

function phoneFindings(source: Mapped, country: CountryCode | undefined): ContactFinding[] {
  const found: ContactFinding[] = [];
  for (const number of findPhoneNumbersInText(source.text, country ? { defaultCountry: country } : undefined)) {
    if (partOfCode(source.text, number.startsAt, number.endsAt)) continue;
    found.push({ kind: 'phone', ...span(source, number.startsAt, number.endsAt) });
  }
  for (const run of source.text.matchAll(digitRun)) {
    const digits = run[0].replace(/\D/g, '');
    if (digits.length < 8 || digits.length > 13 || partOfCode(source.text, run.index, run.index + run[0].length)) continue;
    const before = source.text.slice(Math.max(0, run.index - 30), run.index);
    const valid = run[0].trim().startsWith('+')
      ? isValidPhoneNumber(`+${digits}`)
      : country !== undefined && isValidPhoneNumber(digits, country);
    if (valid || contactCue.test(before)) found.push({ kind: 'phone', ...span(source, run.index, run.index + run[0].length) });
  }
  return found;
}

const socialRules: RegExp[] = [
  // A handle: @name, not part of an email address.
  /(?<![\w@.])@[a-z0-9_](?:[a-z0-9_.]{1,29})\b/giu,
  /\b(?:whats\s?app|whats|wsp|wpp|zap(?:zap)?|telegram|t\.me\/\w+|insta(?:gram)?|facebook|face|fb|tik\s?tok|dm)\b/giu,
];

/** Invitations to pay, deal or meet outside the marketplace. */
const offsiteRules: RegExp[] = [
  /\bpor\s+(?:fuera|fora)\b/giu,
  /\b(?:fuera|fora)\s+d[ea]\s+(?:la\s+)?plataforma\b/giu,
  /\bsin\s+(?:pasar\s+por\s+ac[aá]|comisi[oó]n)(?!\p{L})/giu,
  /\bsem\s+(?:taxa|comiss[aã]o)(?!\p{L})/giu,
  /\b(?:por|no|pelo)\s+privado\b/giu,
  /\b(?:chave\s+)?pix\b/giu,
  /\b(?:alias|cbu|cvu)\b/giu,
  /\bdep[oó]sit\w*\s+(?:en|na|no)\s+mi/giu,
  /\b(?:en\s+efectivo|em\s+dinheiro)\b/giu,
  /\b(?:encontr(?:ar|emos)|juntarnos)\b/giu,
  /\bdireto\s+pra\s+mim\b|\bdirecto\s+a\s+mi\b/giu,
];

function ruleFindings(text: string, kind: ContactKind, rules: RegExp[]): ContactFinding[] {
  return rules.flatMap((rule) => Array.from(text.matchAll(rule), (m) => ({ kind, start: m.index, end: m.index + m[0].length })));
}

/** Findings sorted by position; where two overlap, the earlier (then the longer) one is kept. */
function withoutOverlaps(findings: ContactFinding[]): ContactFinding[] {
  const sorted = [...findings].sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: ContactFinding[] = [];
  for (const finding of sorted) {
    const previous = kept.at(-1);
    if (previous && finding.start < previous.end) continue;
    kept.push(finding);
  }
  return kept;
}

/** What in `text` looks like contact data or an off-platform deal, for a seller account of `siteId`. */
export function findContactData(text: string, siteId: string): ContactFinding[] {
  const country = siteCountry[siteId];
  const original = mapped(text);
  const digits = rewrite(numbersAsDigits(original), lookalikes, (m) => m[0].replace(/[lI]/g, '1').replace(/[oO]/g, '0'));
  const addresses = addressesUndisguised(original);
  const links = (linkify.match(addresses.text) ?? []).map((link) => ({
    kind: (link.schema === 'mailto:' ? 'email' : 'link') as ContactKind,
    ...span(addresses, link.index, link.lastIndex),
  }));
  return withoutOverlaps([
    ...links,
    ...phoneFindings(digits, country),
    ...ruleFindings(text, 'social', socialRules),
    ...ruleFindings(text, 'offsite', offsiteRules),
  ]);
}

/**
 * The header by which the browser says the seller chose "Send anyway" on an answer the guard flagged (a false
 * alarm: a model number, a size). A header, not a field of the body: the body goes upstream as it came, and the
 * marketplace must not receive Seller Desk's own fields.
 */
export const guardOverrideHeader = 'x-guard-override';

/** What the door answers (422) to a flagged answer sent without the override. */
export interface ContactDataRefusal {
  error: 'contact_data';
  message: string;
  findings: ContactFinding[];
}

/**
 * The door's rule for `POST /answers` (the server's and demo mode's): an answer whose text the guard flags goes
 * upstream only with the override (`x-guard-override: 1`); undefined when it may pass. A body that is not an
 * answer passes: the marketplace refuses it with its own error.
 */
export function refuseContactData(body: unknown, siteId: string, override: string | null | undefined): ContactDataRefusal | undefined {
  if (override === '1' || typeof body !== 'object' || body === null) return undefined;
  const text = (body as Record<string, unknown>).text;
  if (typeof text !== 'string') return undefined;
  const findings = findContactData(text, siteId);
  if (findings.length === 0) return undefined;
  return { error: 'contact_data', message: 'This looks like contact data, which the marketplace does not allow in answers', findings };
}
