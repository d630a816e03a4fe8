/**
 * What in a marketplace answer is personal data, and how it is removed (docs/roles.md "Personal data leaves the
 * server only on a recorded reveal"): the asker's contact on a vehicle question and a credit lead's buyer. The
 * server's API door strips every answer it relays with `stripPersonalData`, for every role; a reveal reads the
 * fields back with `questionContact` / `leadBuyer`. The simulator does the same in demo mode, so a page never
 * sees what the server would not send. Pure functions over parsed JSON: anything of another shape passes through.
 */

/** The asker's contact on a vehicle question; `from.id` and `from.answered_questions` stay. */
const askerFields = ['first_name', 'last_name', 'phone', 'email'] as const;
/** A credit lead's buyer; `buyer.id` stays. */
const buyerFields = ['full_name', 'email', 'phone'] as const;

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function without(record: Json, fields: readonly string[]): Json {
  return Object.fromEntries(Object.entries(record).filter(([key]) => !fields.includes(key)));
}

function only(record: Json, fields: readonly string[]): Json | undefined {
  const kept = Object.entries(record).filter(([key]) => fields.includes(key));
  return kept.length > 0 ? Object.fromEntries(kept) : undefined;
}

/** A question (search result or detail) without its asker's contact. */
function stripQuestion(question: unknown): unknown {
  if (!isObject(question) || !isObject(question.from)) return question;
  return { ...question, from: without(question.from, askerFields) };
}

/** A credit lead's detail without its buyer's contact. */
function stripLead(lead: unknown): unknown {
  if (!isObject(lead) || !isObject(lead.buyer)) return lead;
  return { ...lead, buyer: without(lead.buyer, buyerFields) };
}

/** The asker's contact fields a question carries, or undefined when it carries none (a non-vehicle question). */
export function questionContact(question: unknown): Json | undefined {
  return isObject(question) && isObject(question.from) ? only(question.from, askerFields) : undefined;
}

/** The buyer's contact fields a credit lead carries, or undefined when it carries none. */
export function leadBuyer(lead: unknown): Json | undefined {
  return isObject(lead) && isObject(lead.buyer) ? only(lead.buyer, buyerFields) : undefined;
}

/**
 * A marketplace answer as it may leave the server: `GET /questions/search` and `GET /questions/:id` without the
 * askers' contact, `GET /vis/loans/:id` without the buyer's (and the lead search too, should its results ever carry
 * one). `path` is the marketplace path without its query.
 */
export function stripPersonalData(method: string, path: string, body: unknown): unknown {
  if (method !== 'GET') return body;
  if (path === '/questions/search') return mapList(body, 'questions', stripQuestion);
  if (path === '/vis/loans/search') return mapList(body, 'results', stripLead);
  if (/^\/questions\/[^/]+$/.test(path)) return stripQuestion(body);
  if (/^\/vis\/loans\/[^/]+$/.test(path)) return stripLead(body);
  return body;
}

/**
 * What an answer's raw JSON text must contain for any of its keys to be a contact field that
 * `stripPersonalData` removes: the field's name in quotes, or a `\u` escape, since a key may spell "email"
 * as "\u0065mail" (no other JSON escape stands for a letter or `_`). A false alarm costs only a parse.
 */
const contactMarker = new RegExp(`\\\\u|"(?:${[...new Set([...askerFields, ...buyerFields])].join('|')})"`);

/**
 * Whether an answer's raw text may hold a contact field: when it does not, stripping would change nothing, so
 * the door relays the bytes as they came instead of parsing and writing them again (the cost of every question
 * list). Bytes of UTF-8 may be given as latin1, a character per byte: the markers are ASCII, which no byte of a
 * multi-byte character is, so they match there exactly where they match in the text (and several times faster
 * than searching the bytes).
 */
export function mayHoldContactFields(raw: string): boolean {
  return contactMarker.test(raw);
}

/** Whether a marketplace path's answers may carry personal data: the door parses only those to strip them. */
export function mayCarryPersonalData(path: string): boolean {
  return /^\/(questions|vis\/loans)\/[^/]+$/.test(path);
}

function mapList(body: unknown, key: string, strip: (record: unknown) => unknown): unknown {
  if (!isObject(body)) return body;
  const list = body[key];
  return Array.isArray(list) ? { ...body, [key]: list.map(strip) } : body;
}
