import type { SeedContext } from './context';
import type { Item } from './core';
import { createRandom, type Random } from './random';
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
const askers = askersByHour.reduce((sum, weight) => sum + weight, 0);

/** The minute of the day (site time) at which a buyer asks, likelier in the busy hours. */
function askedMinute(random: Random): number {
  let pick = random.int(1, askers);
  let hour = 0;
  while (pick > askersByHour[hour]!) pick -= askersByHour[hour++]!;
  return hour * 60 + random.int(0, 59);
}

/** When the seller starts answering the questions of the night (site time, minutes after 00:00). */
const morningStart = 7 * 60;

/**
 * The minutes the seller takes to answer, by the response-time slot the question was asked in: minutes in
 * working hours, a little more in the evening, an hour or two at the weekend (the slot the response-time
 * page shows could improve); the night's questions are answered from 07:00 on.
 */
function answerDelay(random: Random, createdAt: number): number {
  switch (slotOf(createdAt)) {
    case 'weekdays_working_hours':
      return random.int(2, 35);
    case 'weekdays_extra_hours':
      return random.int(5, 45);
    case 'weekend':
      return random.int(25, 150);
    case null:
      return Math.max(0, morningStart - siteMinuteOfDay(createdAt)) + random.int(5, 40);
  }
}

/** A question of the response-time window or today: answered, unless moderated (the waiting ones: see below). */
function recentStatus(random: Random): QuestionStatus {
  const roll = random.next();
  if (roll < 0.92) return 'ANSWERED';
  if (roll < 0.97) return 'BANNED';
  return 'DISABLED';
}

/** An older question; with a `backlog` (the large seed) some are still unanswered, else those were closed. */
function olderStatus(random: Random, backlog: boolean): QuestionStatus {
  const roll = random.next();
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
  /** The day's late question about a car (a visit to arrange): yesterday has one to wait for the morning. */
  visit?: boolean;
}

function buildRecord(random: Random, id: number, draft: Draft): QuestionRecord {
  const { item, buyer, createdAt, status } = draft;
  const texts = itemTexts[item.id] ?? questionTexts[item.category_id] ?? genericTexts;
  const text = draft.visit ? '¿Puedo verlo este sábado?' : random.chance(0.2) ? random.pick(genericTexts) : random.pick(texts);
  const answerAt = createdAt + answerDelay(random, createdAt) * minute;
  const answered = status === 'ANSWERED' || status === 'BANNED' || status === 'DISABLED';
  // A BANNED question may or may not have had an answer; a DISABLED one keeps its (disabled) answer.
  const hasAnswer = answered && (status !== 'BANNED' || random.chance(0.5));
  const answer: QuestionRecord['answer'] = hasAnswer
    ? {
        text: random.pick(answerTexts),
        status: status === 'BANNED' ? 'BANNED' : status === 'DISABLED' ? 'DISABLED' : 'ACTIVE',
        date_created: answerAt,
      }
    : null;
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

/** Days the seed covers, back from today: 7.5 months (unanswered questions are deleted at 7). */
const seedDays = 230;
/** The response-time window (the 14 days before today) and today: questions answered as a shop at work answers. */
const recentDays = 14;
/** Questions asked a day, on average. */
const perDay = { default: { recent: 10, older: 1.5 }, large: { recent: 114, older: 42 } };
/** Ids are per day (they grow with time, and a day's are the same whenever it is seeded): days since this date. */
const idEpoch = Date.UTC(2024, 0, 1);
const idsPerDay = 100_000;

/**
 * The questions asked on the site day that starts at `dayStart`, `back` days before today, with their answers:
 * drawn from the day's own stream, so that a day's questions are the same whenever the demo is opened.
 */
function seedDay(context: SeedContext, items: Item[], cars: Item[], dayStart: number, back: number): QuestionRecord[] {
  const large = context.seed === 'large';
  const dayIndex = Math.floor((dayStart - idEpoch) / day);
  const random = createRandom((large ? 4242 : 2026) * idsPerDay + dayIndex);
  const recent = back <= recentDays;
  const average = perDay[context.seed][recent ? 'recent' : 'older'];
  const buyers = large ? 4_000 : 260;
  const drafts: Draft[] = [];
  for (let count = random.int(Math.floor(average * 0.7), Math.ceil(average * 1.3)); count > 0; count -= 1) {
    // Some buyers ask again about the same item (only their first question counts for response time).
    const repeat = drafts.length > 0 && random.chance(0.12) ? random.pick(drafts) : undefined;
    drafts.push({
      item: repeat?.item ?? random.pick(items),
      buyer: repeat?.buyer ?? buyerBase + random.int(1, buyers),
      createdAt: dayStart + askedMinute(random) * minute,
      status: recent ? recentStatus(random) : olderStatus(random, large),
    });
  }
  if (recent && cars.length > 0)
    drafts.push({
      item: random.pick(cars),
      buyer: buyerBase + random.int(1, buyers),
      createdAt: dayStart + random.int(20 * 60, 23 * 60 + 30) * minute,
      status: 'ANSWERED',
      visit: true,
    });
  let id = 12_000_000_000 + dayIndex * idsPerDay;
  return drafts
    .sort((a, b) => a.createdAt - b.createdAt)
    .map((draft) => {
      id += random.int(1, 40);
      return buildRecord(random, id, draft);
    });
}

/** A question still waiting for its answer. */
function unanswer(record: QuestionRecord): void {
  Object.assign(record, { status: 'UNANSWERED', answer: null, last_updated: record.date_created });
}

/**
 * Deterministic seed, a shop at work: questions over the seller's items, asked over the last 7.5 months, every
 * status, vehicle askers with contact, BANNED ones, repeat questions by one buyer on one item. Each site day is
 * drawn on its own, relative to today (see `seedDay`); what depends on the moment the demo is opened is only which
 * of today's are asked yet and which still wait: the latest five of today, and yesterday's latest question about
 * a car and its latest other one. The others are answered within the hour on weekdays and in an hour or two at the
 * weekend, so the response time stays under an hour with one slot to improve. The large seed has a backlog besides:
 * older questions never answered, the oldest a few days from the spec's 7-month deletion.
 */
export function seedQuestions(context: SeedContext): QuestionsState {
  const { now } = context;
  const items = [...context.items.values()].filter((item) => item.seller_id === context.seller.id);
  const cars = items.filter((item) => item.vehicle);
  const today = responseTimeAsOf(now);
  const asked: QuestionRecord[] = [];
  for (let back = seedDays - 1; back >= 0 && items.length > 0; back -= 1) {
    for (const record of seedDay(context, items, cars, today - back * day, back)) {
      if (record.date_created > now - minute) break;
      if (record.status === 'UNANSWERED' && deletionTime(record.date_created) <= now) continue;
      // An answer due later was given by now (today's latest wait instead, below).
      if (record.answer) record.answer.date_created = Math.min(record.answer.date_created, now - minute);
      record.last_updated = record.answer?.date_created ?? record.date_created;
      asked.push(record);
    }
  }
  const isAnswered = (record: QuestionRecord) => record.status === 'ANSWERED';
  const isCar = (record: QuestionRecord) => cars.some((car) => car.id === record.item_id);
  const sinceYesterday = asked.filter((record) => record.date_created >= today - day && isAnswered(record)).reverse();
  const yesterday = sinceYesterday.filter((record) => record.date_created < today);
  const waiting = [
    ...sinceYesterday.filter((record) => record.date_created >= today).slice(0, 5),
    yesterday.find(isCar),
    yesterday.find((record) => !isCar(record)),
  ];
  for (const record of waiting) if (record) unanswer(record);
  // Vehicle listings expose the asker's contact; answered_questions counts the buyer's answered questions.
  const answeredByBuyer = new Map<number, number>();
  for (const record of asked) if (record.answer) answeredByBuyer.set(record.from.id, (answeredByBuyer.get(record.from.id) ?? 0) + 1);
  for (const record of asked) if (isCar(record)) record.from.contact = contactOf(record.from.id, answeredByBuyer.get(record.from.id) ?? 0);
  // Ids grow with time: the last is the greatest.
  return { byId: new Map(asked.map((record) => [record.id, record])), nextId: (asked.at(-1)?.id ?? 0) + 1_000, hidden: new Set() };
}
