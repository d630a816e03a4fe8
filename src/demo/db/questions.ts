import type { SeedContext } from './context';
import type { Item } from './core';

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
 * The minutes a seller takes to answer, by the time of day the question came in (offset -04:00, the
 * spec's search form): quick in weekday working hours, slower in the evening, slowest at the weekend, so
 * the response-time slots differ and some exceed 60 minutes.
 */
function answerDelay(context: SeedContext, createdAt: number): number {
  const local = new Date(createdAt - 4 * 60 * minute);
  const weekend = local.getUTCDay() === 0 || local.getUTCDay() === 6;
  const hour = local.getUTCHours();
  const { random } = context;
  if (weekend) return random.int(40, 900);
  if (hour >= 9 && hour < 18) return random.int(3, 70);
  if (hour >= 18) return random.int(30, 240);
  return random.int(120, 600);
}

function recentStatus(context: SeedContext): QuestionStatus {
  const roll = context.random.next();
  if (roll < 0.3) return 'UNANSWERED';
  if (roll < 0.88) return 'ANSWERED';
  if (roll < 0.93) return 'BANNED';
  if (roll < 0.97) return 'UNDER_REVIEW';
  return 'DISABLED';
}

function olderStatus(context: SeedContext): QuestionStatus {
  const roll = context.random.next();
  if (roll < 0.06) return 'UNANSWERED';
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
  const { random } = context;
  const { item, buyer, createdAt, status } = draft;
  const texts = itemTexts[item.id] ?? questionTexts[item.category_id] ?? genericTexts;
  const text = random.chance(0.2) ? random.pick(genericTexts) : random.pick(texts);
  const answered = status === 'ANSWERED' || status === 'BANNED' || status === 'DISABLED';
  // A BANNED question may or may not have had an answer; a DISABLED one keeps its (disabled) answer.
  const hasAnswer = answered && (status !== 'BANNED' || random.chance(0.5));
  const answerAt = Math.min(createdAt + answerDelay(context, createdAt) * minute, context.now - minute);
  const answer: QuestionRecord['answer'] = hasAnswer
    ? {
        text: random.pick(answerTexts),
        status: status === 'BANNED' ? 'BANNED' : status === 'DISABLED' ? 'DISABLED' : 'ACTIVE',
        date_created: answerAt,
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
 * Deterministic seed: questions over the seller's items across the last 7.5 months, every status,
 * vehicle askers with contact, BANNED ones, repeat questions by one buyer on one item, and enough in the
 * last 14 days (with answer delays that vary by time slot) for the response-time resource. Unanswered
 * questions older than 7 months are gone, as the spec's rule says; a few are close to that date.
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

  for (let i = 0; i < recentCount; i += 1) {
    const createdAt = now - random.int(5, 14 * 24 * 60 - 5) * minute;
    const item = random.pick(items);
    drafts.push({ item, buyer: pickBuyer(), createdAt, status: recentStatus(context) });
  }
  // Repeat questions: the same buyer asks again about the same item (only the first counts for response time).
  const repeats = Math.round(recentCount * 0.12);
  for (let i = 0; i < repeats; i += 1) {
    const first = drafts[random.int(0, drafts.length - 1)]!;
    const createdAt = Math.min(now - minute, first.createdAt + random.int(30, 3 * 24 * 60) * minute);
    drafts.push({ item: first.item, buyer: first.buyer, createdAt, status: recentStatus(context) });
  }
  for (let i = 0; i < olderCount; i += 1) {
    const createdAt = now - random.int(14 * 24 * 60 + 5, 230 * 24 * 60) * minute;
    drafts.push({ item: random.pick(items), buyer: pickBuyer(), createdAt, status: olderStatus(context) });
  }
  // Unanswered questions a few days from their deletion, so the inbox has some to warn about.
  for (let i = 0; i < (large ? 40 : 4); i += 1) {
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
