import type { SeedContext } from './context';
import type { Item } from './core';
import { responseTimeAsOf, siteMinuteOfDay, slotOf } from './response-time';

// Spec "Limits": "| Unanswered questions | deleted when older than 7 months |".
const unansweredLifetimeMonths = 7;

/** The moment an unanswered question created at `dateCreated` is gone: 7 calendar months later. */
export function deletionTime(dateCreated: number): number {
  const date = new Date(dateCreated);
  date.setUTCMonth(date.getUTCMonth() + unansweredLifetimeMonths);
  return date.getTime();
}

/**
 * Questions area of the demo database (seeded by the questions issue). Times are epoch milliseconds;
 * handlers format them as the spec shows (offset form in search, UTC with fractions by id).
 * The response-time resource is computed from these records, never stored.
 */
export type QuestionStatus = 'UNANSWERED' | 'ANSWERED' | 'CLOSED_UNANSWERED' | 'UNDER_REVIEW' | 'BANNED' | 'DELETED' | 'DISABLED';

interface AskerRecord {
  id: number;
  /** Vehicle items only: the asker's contact (personal data). */
  contact?: {
    first_name: string;
    last_name: string;
    phone: { area_code: string; number: string };
    email: string;
    answered_questions: number;
  };
}

export interface QuestionRecord {
  id: number;
  seller_id: number;
  item_id: string;
  status: QuestionStatus;
  text: string;
  date_created: number;
  last_updated: number;
  app_id: number;
  deleted_from_listing: boolean;
  hold: boolean;
  suspected_spam?: boolean;
  answer: { text: string; status: 'ACTIVE' | 'DISABLED' | 'BANNED'; date_created: number } | null;
  from: AskerRecord;
}

export interface QuestionsState {
  byId: Map<number, QuestionRecord>;
  nextId: number;
  /** Question ids the seller hid (POST /my/questions/hidden). */
  hidden: Set<number>;
}

const minute = 60_000;
const day = 24 * 60 * minute;

/** Apps questions come from (the by-id resource's app_id). */
const appIds = [5_287_611_409_281_742, 1_505, 7_092, 6_813_219_902_112_358];

const firstNames = [
  'Lucía',
  'Martín',
  'Sofía',
  'Juan',
  'Valentina',
  'Mateo',
  'Camila',
  'Santiago',
  'Julieta',
  'Tomás',
  'Agustina',
  'Nicolás',
];
const lastNames = [
  'González',
  'Rodríguez',
  'Fernández',
  'López',
  'Martínez',
  'Pérez',
  'Gómez',
  'Díaz',
  'Romero',
  'Sosa',
  'Álvarez',
  'Ruiz',
];
const areaCodes = ['11', '221', '261', '341', '351', '381'];

const questionTexts: Record<string, string[]> = {
  MLA1055: [
    '¿Es liberado para cualquier compañía?',
    '¿Trae cargador en la caja?',
    '¿Tiene garantía oficial?',
    '¿Viene en color verde?',
    '¿Es dual SIM?',
    '¿Cuánto dura la batería con uso normal?',
  ],
  MLA1652: [
    '¿Se le puede ampliar la memoria RAM?',
    '¿Trae Windows instalado?',
    '¿El teclado es en español con ñ?',
    '¿Sirve para editar video?',
    '¿Tiene lector de huellas?',
  ],
  MLA1744: [
    '¿Acepta permuta por un auto más chico?',
    '¿Tiene los services al día?',
    '¿Cuántos kilómetros tiene?',
    '¿Se puede financiar una parte?',
    '¿Puedo verlo este sábado?',
    '¿Tiene algún detalle de chapa o pintura?',
  ],
  MLA109027: ['¿Hay talle 41?', '¿Calzan grande o chico?', '¿Sirven para correr en asfalto?', '¿Son originales?'],
};
/** Items whose category texts would not fit (a bag among notebooks, accessories among phones). */
const itemTexts: Record<string, string[]> = {
  MLA1400000003: ['¿Se pueden usar para llamadas?', '¿Cuánto dura la batería?', '¿Son compatibles con iPhone?'],
  MLA1400000011: ['¿Sirve para un Galaxy A55?', '¿Trae el cable?', '¿Carga rápido una notebook?'],
  MLA1400000012: ['¿Entra una notebook de 16"?', '¿Es realmente impermeable?', '¿Tiene bolsillo para el cargador?'],
};
const genericTexts = [
  '¿Hacen envíos al interior?',
  '¿Tienen stock para entrega inmediata?',
  '¿Puedo retirar en persona?',
  '¿Hacen factura A?',
  'Hola, ¿cuál es el precio por mayor?',
];
const answerTexts = [
  '¡Hola! Sí, tenemos stock para entrega inmediata. Saludos.',
  'Hola, sí. Cualquier otra consulta estamos a disposición.',
  '¡Hola! No, lamentablemente no. Gracias por tu consulta.',
  'Hola, hacemos envíos a todo el país. Saludos.',
  '¡Hola! Te esperamos, coordinamos por mensaje después de la compra.',
];

/** Buyers who ask (ids well away from the sellers'). */
const buyerBase = 400_000_000;

function contactOf(buyerId: number, answered: number): NonNullable<AskerRecord['contact']> {
  const first = firstNames[buyerId % firstNames.length]!;
  const last = lastNames[Math.floor(buyerId / 7) % lastNames.length]!;
  return {
    first_name: first,
    last_name: last,
    phone: { area_code: areaCodes[buyerId % areaCodes.length]!, number: String(40_000_000 + ((buyerId * 7919) % 9_999_999)) },
    email: `${first
      .normalize('NFD')
      .replace(/[^a-zA-Z]/g, '')
      .toLowerCase()}.${buyerId % 1000}@example.com`,
    answered_questions: answered,
  };
}

/**
 * How many buyers ask in each hour of the day (site time), relative to the busiest hours: hardly anyone at
 * night, most from mid-morning to the evening.
 */
const askersByHour = [1, 1, 0, 0, 0, 0, 1, 2, 4, 8, 9, 10, 10, 9, 9, 9, 10, 10, 10, 9, 9, 8, 6, 4];
const busiestHour = Math.max(...askersByHour);

/** A moment from `minAge` to `maxAge` minutes ago (a range of days) at which a buyer asks, likelier in busy hours. */
function askedAt(context: SeedContext, minAge: number, maxAge: number): number {
  const { random, now } = context;
  for (;;) {
    const at = now - random.int(minAge, maxAge) * minute;
    if (random.int(1, busiestHour) <= askersByHour[Math.floor(siteMinuteOfDay(at) / 60)]!) return at;
  }
}

/** When the seller starts answering the questions of the night (site time, minutes after 00:00). */
const morningStart = 7 * 60;

/**
 * The minutes the seller takes to answer, by the response-time slot the question was asked in: minutes in
 * working hours, a little more in the evening, an hour or two at the weekend (the slot the response-time
 * page shows could improve); the night's questions are answered from 07:00 on.
 */
function answerDelay(context: SeedContext, createdAt: number): number {
  const { random } = context;
  switch (slotOf(createdAt)) {
    case 'weekdays_working_hours':
      return random.int(2, 40);
    case 'weekdays_extra_hours':
      return random.int(5, 55);
    case 'weekend':
      return random.int(25, 160);
    case null:
      return Math.max(0, morningStart - siteMinuteOfDay(createdAt)) + random.int(5, 40);
  }
}

/** Questions of these last days are answered as a shop at work answers (the older ones: see `olderStatus`). */
const recentDays = 15;

/** A recent question: answered, unless moderated (those still waiting are seeded apart). */
function recentStatus(context: SeedContext): QuestionStatus {
  const roll = context.random.next();
  if (roll < 0.92) return 'ANSWERED';
  if (roll < 0.97) return 'BANNED';
  return 'DISABLED';
}

/** An older question; with a `backlog` (the large seed) some are still unanswered, else those were closed. */
function olderStatus(context: SeedContext, backlog: boolean): QuestionStatus {
  const roll = context.random.next();
  if (roll < 0.06) return backlog ? 'UNANSWERED' : 'CLOSED_UNANSWERED';
  if (roll < 0.7) return 'ANSWERED';
  if (roll < 0.8) return 'CLOSED_UNANSWERED';
  if (roll < 0.86) return 'BANNED';
  if (roll < 0.91) return 'DELETED';
  if (roll < 0.96) return 'DISABLED';
  return 'UNDER_REVIEW';
}

interface Draft {
  item: Item;
  buyer: number;
  createdAt: number;
  status: QuestionStatus;
}

function buildRecord(context: SeedContext, id: number, draft: Draft, answeredByBuyer: Map<number, number>): QuestionRecord {
  const { random, now } = context;
  const { item, buyer, createdAt } = draft;
  const texts = itemTexts[item.id] ?? questionTexts[item.category_id] ?? genericTexts;
  const text = random.chance(0.2) ? random.pick(genericTexts) : random.pick(texts);
  const answerAt = createdAt + answerDelay(context, createdAt) * minute;
  // Asked too recently for the answer to have come: still waiting.
  const status = draft.status === 'ANSWERED' && answerAt >= now ? 'UNANSWERED' : draft.status;
  const answered = status === 'ANSWERED' || status === 'BANNED' || status === 'DISABLED';
  // A BANNED question may or may not have had an answer; a DISABLED one keeps its (disabled) answer.
  const hasAnswer = answered && (status !== 'BANNED' || random.chance(0.5));
  const answer: QuestionRecord['answer'] = hasAnswer
    ? {
        text: random.pick(answerTexts),
        status: status === 'BANNED' ? 'BANNED' : status === 'DISABLED' ? 'DISABLED' : 'ACTIVE',
        date_created: Math.min(answerAt, now - minute),
      }
    : null;
  if (answer) answeredByBuyer.set(buyer, (answeredByBuyer.get(buyer) ?? 0) + 1);
  const record: QuestionRecord = {
    id,
    seller_id: item.seller_id,
    item_id: item.id,
    status,
    text,
    date_created: createdAt,
    last_updated: answer ? answer.date_created : createdAt,
    app_id: random.pick(appIds),
    deleted_from_listing: status === 'DELETED',
    hold: status === 'UNDER_REVIEW',
    answer,
    from: { id: buyer },
  };
  // suspected_spam is "present in some responses": only some records carry it.
  if (random.chance(0.25)) record.suspected_spam = status === 'BANNED' || random.chance(0.03);
  return record;
}

/**
 * Deterministic seed (for a given seed and `now`): a shop at work. Questions over the seller's items across the
 * last 7.5 months, every status, vehicle askers with contact, BANNED ones, repeat questions by one buyer on one
 * item. Those of the last 14 days (the response-time window) are answered within the hour on weekdays and in an
 * hour or two at the weekend, so the average stays under an hour with one slot to improve; waiting are only a
 * handful asked today, the latest ones, and two from yesterday evening. The large seed adds a backlog: older
 * questions never answered, some a few days from the spec's 7-month deletion.
 */
export function seedQuestions(context: SeedContext): QuestionsState {
  const { random, now } = context;
  const large = context.seed === 'large';
  const items = [...context.items.values()].filter((item) => item.seller_id === context.seller.id);
  const recentCount = large ? 1_600 : 140;
  const olderCount = large ? 9_000 : 300;
  const buyers = large ? 4_000 : 260;
  const drafts: Draft[] = [];
  const pickBuyer = () => buyerBase + random.int(1, buyers);

  // A day more than the response-time window, which ends at 00:00 today: its oldest hours are covered too.
  for (let i = 0; i < recentCount; i += 1) {
    const createdAt = askedAt(context, 5, recentDays * 24 * 60);
    const item = random.pick(items);
    drafts.push({ item, buyer: pickBuyer(), createdAt, status: recentStatus(context) });
  }
  // Repeat questions: the same buyer asks again about the same item (only the first counts for response time).
  const repeats = Math.round(recentCount * 0.12);
  for (let i = 0; i < repeats; i += 1) {
    const first = drafts[random.int(0, drafts.length - 1)]!;
    const createdAt = first.createdAt + random.int(30, 3 * 24 * 60) * minute;
    if (createdAt < now) drafts.push({ item: first.item, buyer: first.buyer, createdAt, status: recentStatus(context) });
  }
  for (let i = 0; i < olderCount; i += 1) {
    const createdAt = askedAt(context, recentDays * 24 * 60 + 5, 230 * 24 * 60);
    drafts.push({ item: random.pick(items), buyer: pickBuyer(), createdAt, status: olderStatus(context, large) });
  }
  // Waiting for an answer: a handful asked today (site time) about everyday items, and two from yesterday
  // evening, one of them about the first car (a visit to arrange; the e2e inbox filters by that item).
  const midnight = responseTimeAsOf(now);
  const sinceMidnight = Math.max(1, Math.floor((now - midnight) / minute));
  const everyday = items.filter((item) => !item.vehicle);
  for (let i = 0; i < 5 && everyday.length > 0; i += 1) {
    const createdAt = now - random.int(1, Math.min(6 * 60, sinceMidnight)) * minute;
    drafts.push({ item: random.pick(everyday), buyer: pickBuyer(), createdAt, status: 'UNANSWERED' });
  }
  for (const item of [items.find((candidate) => candidate.vehicle), random.pick(everyday)]) {
    const createdAt = midnight - random.int(40, 150) * minute;
    if (item) drafts.push({ item, buyer: pickBuyer(), createdAt, status: 'UNANSWERED' });
  }
  // The backlog's oldest: unanswered questions a few days from their deletion, so the inbox has some to warn about.
  for (let i = 0; i < (large ? 40 : 0); i += 1) {
    const createdAt = now - (7 * 30 + random.int(-5, 0)) * day;
    drafts.push({ item: random.pick(items), buyer: pickBuyer(), createdAt, status: 'UNANSWERED' });
  }

  drafts.sort((a, b) => a.createdAt - b.createdAt);
  const answeredByBuyer = new Map<number, number>();
  const byId = new Map<number, QuestionRecord>();
  let id = 12_000_000_000;
  for (const draft of drafts) {
    id += random.int(1, 40);
    if (draft.status === 'UNANSWERED' && deletionTime(draft.createdAt) <= now) continue;
    byId.set(id, buildRecord(context, id, draft, answeredByBuyer));
  }
  // Vehicle listings expose the asker's contact; answered_questions counts the buyer's answered questions.
  for (const record of byId.values()) {
    if (context.items.get(record.item_id)?.vehicle)
      record.from.contact = contactOf(record.from.id, answeredByBuyer.get(record.from.id) ?? 0);
  }
  return { byId, nextId: id + 1_000, hidden: new Set() };
}
