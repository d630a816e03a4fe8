import type { SeedContext } from './context';

/**
 * Questions area of the demo database (seeded by the questions issue). Times are epoch milliseconds;
 * handlers format them as the spec shows (offset form in search, UTC with fractions by id).
 * The response-time resource is computed from these records, never stored.
 */
export type QuestionStatus = 'UNANSWERED' | 'ANSWERED' | 'CLOSED_UNANSWERED' | 'UNDER_REVIEW' | 'BANNED' | 'DELETED' | 'DISABLED';

export interface AskerRecord {
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

export function seedQuestions(_context: SeedContext): QuestionsState {
  return { byId: new Map(), nextId: 13000000000, hidden: new Set() };
}
