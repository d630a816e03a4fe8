import { z } from 'zod/mini';
import { leadReviewStatuses, type LeadReviewStatus } from '../../core/leadReviews.ts';
import './zodLocale';
import { requestData } from './client';
import { itemIdPattern } from './items';
import { openEnum } from './openEnum';
import { eachElement } from './unreadable';

/*
 * Credit leads (GET /vis/loans/search, GET /vis/loans/{id}). The limits and patterns of the spec live
 * here once: the search form and the demo simulator both check requests with `creditLeadSearchProblems`.
 *
 * Choices where the spec says "not shown" (or is silent):
 * - Error codes: 400 `invalid_seller` (seller_id ≠ token owner), 400 `bad_request` (every search
 *   parameter rule, message names the rule), 400 `invalid_credit_id` (detail id not a UUID),
 *   404 `not_found`, 410 `credit_expired`.
 * - date_from and date_to are both required; date_from must not be after date_to (400 bad_request).
 * - "At most 3 months" compares calendar days: date_to's day may be at most 3 calendar months after
 *   date_from's day (so "Aug 22 → Nov 22, whole days" is allowed).
 * - Timestamps carry no offset; the simulator reads them as UTC.
 * - `limit` (1..100, default 100) is accepted besides `offset`, so a client may ask for smaller pages.
 * - Search results may carry `status` (the spec lists it on the detail only); without it a row's
 *   status is known only when the search filtered on one status.
 */

const creditLeadStatuses = ['approved', 'rejected', 'in_analysis'] as const;
export type CreditLeadStatus = (typeof creditLeadStatuses)[number];
export const creditLeadStatusFilters = [...creditLeadStatuses, 'all'] as const;
export type CreditLeadStatusFilter = (typeof creditLeadStatusFilters)[number];
export const defaultCreditLeadStatus: CreditLeadStatusFilter = 'approved';

export const financialEntities = ['PLATFORM_CREDIT', 'BANK_1', 'BANK_2', 'BANK_3'] as const;
export type FinancialEntity = (typeof financialEntities)[number];

// Both lists may grow on the API's side: a new status or entity is shown as it came, not a broken page.
const creditLeadStatusField = openEnum('credit lead status', (value) => (creditLeadStatuses as readonly string[]).includes(value));
const financialEntityField = openEnum('financial entity', (value) => (financialEntities as readonly string[]).includes(value));

/** At most 100 leads per page (spec Limits). */
export const creditLeadMaxPageSize = 100;
/** The date range of a search spans at most 3 months (spec Limits). */
const creditLeadMaxRangeMonths = 3;
/** Search dates: YYYY-MM-DDTHH:MM:SS, no offset. */
const creditLeadTimestampPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;
/** Credit ids are UUIDs (any version). */
const creditLeadIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isCreditLeadId = (id: string) => creditLeadIdPattern.test(id);

/** Whether a YYYY-MM-DDTHH:MM:SS string names a real moment (no Feb 30, no 25:00). */
function isCreditLeadTimestamp(value: string): boolean {
  if (!creditLeadTimestampPattern.test(value)) return false;
  const date = new Date(`${value}Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 19) === value;
}

/** A moment as the API writes it: UTC, no offset, no fraction. */
export function toCreditLeadTimestamp(time: number | Date): string {
  return new Date(time).toISOString().slice(0, 19);
}

/** The day (YYYY-MM-DD) `months` calendar months after `day`, clamped to the month's end (Nov 30 + 3 → Feb 28). */
export function addMonthsToDay(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date, lastDay));
  return target.toISOString().slice(0, 10);
}

export interface CreditLeadSearchParams {
  seller_id: number;
  date_from: string;
  date_to: string;
  status?: CreditLeadStatusFilter;
  financial_entity_id?: string;
  item_id?: string;
  offset?: number;
  limit?: number;
}

/** A broken search rule; the form words each one, the simulator answers 400 with it. */
export type CreditLeadSearchProblem = 'date_format' | 'date_order' | 'date_range' | 'status' | 'entity' | 'item_id' | 'offset' | 'limit';

type SearchInput = Omit<CreditLeadSearchParams, 'seller_id' | 'status'> & { status?: string };

/** Every search rule of the spec that `input` breaks, in the order the simulator reports them. */
export function creditLeadSearchProblems(input: SearchInput): CreditLeadSearchProblem[] {
  const problems: CreditLeadSearchProblem[] = [];
  const { date_from: from, date_to: to } = input;
  if (!isCreditLeadTimestamp(from) || !isCreditLeadTimestamp(to)) problems.push('date_format');
  else if (from > to) problems.push('date_order');
  else if (to.slice(0, 10) > addMonthsToDay(from.slice(0, 10), creditLeadMaxRangeMonths)) problems.push('date_range');
  if (input.status !== undefined && !(creditLeadStatusFilters as readonly string[]).includes(input.status)) problems.push('status');
  if (input.financial_entity_id && !(financialEntities as readonly string[]).includes(input.financial_entity_id)) problems.push('entity');
  if (input.item_id && !itemIdPattern.test(input.item_id)) problems.push('item_id');
  if (input.offset !== undefined && !(Number.isInteger(input.offset) && input.offset >= 0)) problems.push('offset');
  if (input.limit !== undefined && !(Number.isInteger(input.limit) && input.limit >= 1 && input.limit <= creditLeadMaxPageSize))
    problems.push('limit');
  return problems;
}

const timestamp = z.string().check(z.regex(creditLeadTimestampPattern));

const leadFields = {
  id: z.string().check(z.regex(creditLeadIdPattern)),
  item_id: z.string(),
  down_payment_amount: z.number(),
  installments_number: z.int(),
  installments_amount: z.number(),
  seller_id: z.int(),
  /** Only when the financing entity provides one. */
  proposal_id: z.optional(z.string()),
  date_created: timestamp,
  financial_entity_id: financialEntityField,
};

const creditLeadSchema = z.object({
  ...leadFields,
  buyer_id: z.int(),
  expired: z.boolean(),
  /** Not in the spec's search fields; read when present (see the note at the top). */
  status: z.optional(creditLeadStatusField),
});
export type CreditLead = z.infer<typeof creditLeadSchema>;

const creditLeadSearchSchema = z.object({
  /** Read lead by lead: one the page cannot read is a row that says so, not a failed page. */
  results: eachElement(creditLeadSchema, 'GET /vis/loans/search'),
  paging: z.object({ offset: z.int(), limit: z.int(), total: z.int() }),
  date_from: timestamp,
  date_to: timestamp,
});
export type CreditLeadSearch = z.infer<typeof creditLeadSearchSchema>;

/** The buyer's contact is personal data: Seller Desk's server sends it only to a recorded reveal, never in a URL. */
const creditLeadBuyerSchema = z.object({
  full_name: z.string(),
  email: z.string(),
  phone: z.string(),
});
export type CreditLeadBuyer = z.infer<typeof creditLeadBuyerSchema>;

const creditLeadDetailSchema = z.object({
  ...leadFields,
  status: creditLeadStatusField,
  buyer: z.object({ id: z.int() }),
});
export type CreditLeadDetail = z.infer<typeof creditLeadDetailSchema>;

/**
 * `x-sandbox` for the test dataset, and `x-seller-account` for a request made for another account the person
 * belongs to than the active one (docs/roles.md, "Across accounts"): the server checks the membership and uses that
 * account's token.
 */
const sandboxHeaders = (sandbox: boolean, account?: string) => ({
  ...(sandbox && { 'x-sandbox': 'true' }),
  ...(account !== undefined && { 'x-seller-account': account }),
});

/** GET /vis/loans/search: one page of leads (newest first), up to 100. */
export function searchCreditLeads(
  params: CreditLeadSearchParams,
  sandbox: boolean,
  signal?: AbortSignal,
  account?: string,
): Promise<CreditLeadSearch> {
  return requestData('/vis/loans/search', {
    query: { ...params },
    headers: sandboxHeaders(sandbox, account),
    schema: creditLeadSearchSchema,
    signal,
  });
}

/** GET /vis/loans/{id}: the lead with its status and buyer. 400 non-UUID, 404 unknown, 410 expired. */
export function getCreditLead(id: string, sellerId: number, sandbox: boolean, signal?: AbortSignal): Promise<CreditLeadDetail> {
  return requestData(`/vis/loans/${encodeURIComponent(id)}`, {
    query: { seller_id: sellerId },
    headers: sandboxHeaders(sandbox),
    schema: creditLeadDetailSchema,
    signal,
  });
}

/**
 * POST /reveal/credit-leads/{id} (Seller Desk's server, docs/roles.md): the buyer's contact, recorded in the audit
 * trail; with x-sandbox as the lead's reads. Never cached: the caller holds it in memory while it is shown.
 */
export function revealCreditLeadBuyer(id: string, sandbox: boolean): Promise<CreditLeadBuyer> {
  return requestData(`/reveal/credit-leads/${encodeURIComponent(id)}`, {
    method: 'POST',
    server: true,
    headers: sandboxHeaders(sandbox),
    schema: creditLeadBuyerSchema,
  });
}

/** A lead's review as the team shares it (docs/roles.md); Seller Desk's server keeps it per account and sandbox. */
const leadReviewSchema = z.object({
  leadId: z.string(),
  status: z.enum(leadReviewStatuses),
  note: z.nullable(z.string()),
  changedBy: z.nullable(z.object({ id: z.string(), name: z.string() })),
  changedAt: z.string(),
});
export type LeadReview = z.infer<typeof leadReviewSchema>;
export type LeadReviewEvent = LeadReview & { accountId: string; sandbox: boolean };

/** GET /lead-reviews: every reviewed lead of the account, in the sandbox or production as the leads' reads. */
export async function getLeadReviews(sandbox: boolean, signal?: AbortSignal, account?: string): Promise<LeadReview[]> {
  const answer = await requestData('/lead-reviews', {
    server: true,
    headers: sandboxHeaders(sandbox, account),
    schema: z.object({ reviews: z.array(leadReviewSchema) }),
    signal,
  });
  return answer.reviews;
}

/** PUT /lead-reviews/{leadId}: the lead's review as it now stands (recorded in the audit trail, sent to the team). */
export function putLeadReview(
  leadId: string,
  review: { status: LeadReviewStatus; note: string | null },
  sandbox: boolean,
  account?: string,
): Promise<LeadReview> {
  return requestData(`/lead-reviews/${encodeURIComponent(leadId)}`, {
    method: 'PUT',
    server: true,
    body: review,
    headers: sandboxHeaders(sandbox, account),
    schema: leadReviewSchema,
  });
}

/** A `lead-review` event's data: the review, its account and which dataset it is of, or null when it is not one. */
export function parseLeadReviewEvent(data: string): LeadReviewEvent | null {
  try {
    const parsed = z.extend(leadReviewSchema, { accountId: z.string(), sandbox: z.boolean() }).safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
