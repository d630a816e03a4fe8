import { demoSeller } from './core';
import type { QuestionRecord, QuestionStatus } from './questions';

/** Hand-built question records for the response-time tests: exact figures without depending on the seed. */

/** A moment given in the seller's site time (UTC−03:00), e.g. `siteTime('2026-11-16T09:00')`. */
export function siteTime(local: string): number {
  return Date.parse(`${local}:00-03:00`);
}

export const minutes = (n: number) => n * 60_000;

interface QuestionOptions {
  /** Minutes from creation to the answer; no answer when omitted. */
  answeredAfter?: number;
  buyer?: number;
  item?: string;
  status?: QuestionStatus;
  seller?: number;
  id?: number;
}

let lastId = 0;

export function question(createdAt: number, options: QuestionOptions = {}): QuestionRecord {
  const { answeredAfter, item = 'MLA1400000001', seller = demoSeller.id } = options;
  const id = options.id ?? ++lastId;
  // A buyer of its own unless told: each record is then a first question.
  const buyer = options.buyer ?? 1000 + id;
  const answered = answeredAfter !== undefined;
  return {
    id,
    seller_id: seller,
    item_id: item,
    status: options.status ?? (answered ? 'ANSWERED' : 'UNANSWERED'),
    text: '¿Tenés stock?',
    date_created: createdAt,
    last_updated: createdAt,
    app_id: 1,
    deleted_from_listing: false,
    hold: false,
    answer: answered ? { text: 'Sí, hay stock.', status: 'ACTIVE', date_created: createdAt + minutes(answeredAfter) } : null,
    from: { id: buyer },
  };
}
