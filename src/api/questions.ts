import { z } from 'zod/mini';
import './zodLocale';
import { requestData, type QueryValue } from './client';
import { openEnum } from './openEnum';
import { eachElement } from './unreadable';
import { sellerAccountHeaders } from './sellerAccount';
import { requestWrite } from './write';

/**
 * Questions and answers (spec "Questions"). Limits and patterns are exported so the composer, the
 * filters and the simulator apply the same rule.
 */
export const questionStatuses = ['UNANSWERED', 'ANSWERED', 'CLOSED_UNANSWERED', 'UNDER_REVIEW', 'BANNED', 'DELETED', 'DISABLED'] as const;
export type QuestionStatus = (typeof questionStatuses)[number];
export const questionStatusSchema = z.enum(questionStatuses);

export function isQuestionStatus(status: string): status is QuestionStatus {
  return (questionStatuses as readonly string[]).includes(status);
}

export type SortField = 'item_id' | 'seller_id' | 'from_id' | 'date_created';
export type SortType = 'ASC' | 'DESC';

/** Question or answer text: at most 2,000 characters (spec "Limits"). */
export const textMaxLength = 2000;
/** Unanswered questions are deleted once older than 7 months (spec "Limits"). */
const unansweredLifetimeMonths = 7;

/** Why a text cannot be sent, or null when it can (the same check the simulator makes). */
export function textProblem(text: string): 'empty' | 'too_long' | null {
  if (text.trim().length === 0) return 'empty';
  return text.length > textMaxLength ? 'too_long' : null;
}

/** The moment an unanswered question created at `dateCreated` is deleted (7 calendar months later). */
export function deletionTime(dateCreated: number): number {
  const date = new Date(dateCreated);
  date.setUTCMonth(date.getUTCMonth() + unansweredLifetimeMonths);
  return date.getTime();
}

/** A timestamp with an offset (search) or UTC with fractional seconds (by id): both parse as dates. */
const timestamp = z.string().check(z.refine((value) => !Number.isNaN(Date.parse(value)), { message: 'not a timestamp' }));

/** A vehicle asker's contact: personal data, which Seller Desk's server sends only to a recorded reveal. */
const askerContactSchema = z.object({
  first_name: z.optional(z.string()),
  last_name: z.optional(z.string()),
  phone: z.optional(z.object({ number: z.string(), area_code: z.string() })),
  email: z.optional(z.string()),
});
export type AskerContact = z.infer<typeof askerContactSchema>;

const askerSchema = z.object({
  id: z.int(),
  // Vehicle items only; it stays when the server strips the contact, so it tells a vehicle question.
  answered_questions: z.optional(z.int()),
});

const answerSchema = z.object({
  text: z.string(),
  status: z.string(),
  date_created: timestamp,
});

/** A question as search returns it. The status is kept as a string: unknown future values must not break the inbox. */
const questionSchema = z.object({
  id: z.int(),
  seller_id: z.int(),
  item_id: z.string(),
  status: openEnum('question status', isQuestionStatus),
  text: z.string(),
  date_created: timestamp,
  deleted_from_listing: z.boolean(),
  hold: z.boolean(),
  suspected_spam: z.optional(z.boolean()),
  answer: z.nullable(answerSchema),
  from: askerSchema,
});
export type Question = z.infer<typeof questionSchema>;

/** The by-id resource adds buyer_id, last_updated and app_id. */
export const questionDetailSchema = z.extend(questionSchema, {
  buyer_id: z.int(),
  last_updated: timestamp,
  app_id: z.int(),
});
export type QuestionDetail = z.infer<typeof questionDetailSchema>;

const filterValueSchema = z.object({
  id: z.string(),
  name: z.string(),
  // Not in the spec: the simulator adds how many questions hold each status (for the inbox's chips).
  count: z.optional(z.int()),
});

const searchResultSchema = z.object({
  total: z.int(),
  limit: z.int(),
  /** Read question by question: one the inbox cannot read is a row that says so, not a failed page. */
  questions: eachElement(questionSchema, 'GET /questions/search'),
  filters: z.object({
    limit: z.int(),
    offset: z.int(),
    api_version: z.string(),
    is_admin: z.boolean(),
    sorts: z.array(z.string()),
    caller: z.int(),
    item: z.optional(z.string()),
    seller_id: z.optional(z.string()),
    status: z.optional(z.string()),
    from: z.optional(z.string()),
  }),
  available_filters: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      type: z.enum(['number', 'text']),
      values: z.optional(z.array(filterValueSchema)),
    }),
  ),
  available_sorts: z.array(z.string()),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export interface SearchParams {
  /** Either seller_id or item is required (400 otherwise). */
  sellerId?: number;
  item?: string;
  /** Asker user id; only together with `item`. */
  from?: number;
  status?: QuestionStatus;
  sortFields?: SortField[];
  sortType?: SortType;
  limit?: number;
  offset?: number;
}

/**
 * GET /questions/search (api_version=4). `limit`/`offset` are sent as query parameters: the spec does
 * not say they are accepted (they appear in the echo); the simulator accepts limit 1..100, default 50.
 * The status counts in `available_filters[status].values[].count` are a simulator addition the inbox
 * uses when present.
 */
export function searchQuestions(params: SearchParams, signal?: AbortSignal, account?: string): Promise<SearchResult> {
  const query: Record<string, QueryValue> = {
    api_version: 4,
    seller_id: params.sellerId,
    item: params.item,
    from: params.from,
    status: params.status,
    sort_fields: params.sortFields,
    sort_types: params.sortType,
    limit: params.limit,
    offset: params.offset,
  };
  return requestData('/questions/search', { query, headers: sellerAccountHeaders(account), schema: searchResultSchema, signal });
}

/** GET /questions/{id} (api_version=4): unknown or deleted ids → 404 not_found. */
export function getQuestion(id: number, signal?: AbortSignal, account?: string): Promise<QuestionDetail> {
  return requestData(`/questions/${id}`, {
    query: { api_version: 4 },
    headers: sellerAccountHeaders(account),
    schema: questionDetailSchema,
    signal,
  });
}

/**
 * POST /reveal/questions/{id} (Seller Desk's server, docs/roles.md): the asker's contact, recorded in the audit
 * trail; 404 when the question carries none. Never cached: the caller holds it in memory while it is shown.
 */
export function revealQuestionContact(id: number): Promise<AskerContact> {
  return requestData(`/reveal/questions/${id}`, { method: 'POST', server: true, schema: askerContactSchema });
}

/**
 * POST /answers {question_id, text}. Seller Desk's door refuses an answer the contact-data guard flags with
 * 422 `contact_data` unless `guardOverride`. Response body: not shown; we take the answered question (by-id shape),
 * or undefined when the body is another shape (recorded as drift: the answer was accepted all the same).
 */
export function answerQuestion(
  body: { question_id: number; text: string },
  options: { guardOverride?: boolean; signal?: AbortSignal; account?: string } = {},
): Promise<QuestionDetail | undefined> {
  // The seller chose "Send anyway" on what the contact-data guard flagged: the door (core/contactGuard.ts's
  // guardOverrideHeader; not imported, it would bring the phone library along) lets it pass and records it.
  const headers = { ...sellerAccountHeaders(options.account), ...(options.guardOverride && { 'x-guard-override': '1' }) };
  return requestWrite('/answers', { method: 'POST', body, headers, schema: questionDetailSchema, signal: options.signal });
}

/** DELETE /questions/{id}: an array holding one confirmation string (any 2xx body is a deletion). */
export function deleteQuestion(id: number, signal?: AbortSignal): Promise<[string] | undefined> {
  return requestWrite(`/questions/${id}`, { method: 'DELETE', schema: z.tuple([z.string()]), signal });
}

export const hideResultSchema = z.object({ question_ids: z.array(z.int()) });

/**
 * POST /my/questions/hidden. Bodies: not shown. We send `{"question_ids":[…]}` (the public API's
 * shape) and take back the ids now hidden, in the same shape (any 2xx means hidden).
 */
export function hideQuestions(questionIds: number[], signal?: AbortSignal): Promise<z.infer<typeof hideResultSchema> | undefined> {
  return requestWrite('/my/questions/hidden', { method: 'POST', body: { question_ids: questionIds }, schema: hideResultSchema, signal });
}
