import { z } from 'zod/mini';
import {
  creditLeadMaxPageSize,
  creditLeadSearchProblems,
  creditLeadStatusFilters,
  defaultCreditLeadStatus,
  type CreditLeadSearchParams,
  type CreditLeadSearchProblem,
} from '../../api/credits';
import { leadReviewStatuses } from '../../../core/leadReviews.ts';
import { daysBefore, localDay } from '../../lib/localTime';

/** The list's review filter: every lead, the reviewed ones (any status but new), or one status. */
export const reviewFilters = ['any', 'reviewed', ...leadReviewStatuses] as const;
export type ReviewFilter = (typeof reviewFilters)[number];
export const pageSizes = [25, 50, creditLeadMaxPageSize] as const;

/**
 * The search as it lives in the URL. Dates are days (YYYY-MM-DD); absent dates mean the default window
 * (the last 30 days). Entity, item and page size are kept as typed so a bad link is refused with its
 * reason (by the shared rules) rather than silently changed.
 */
export const searchUrlSchema = z.object({
  from: z.catch(z.optional(z.string()), undefined),
  to: z.catch(z.optional(z.string()), undefined),
  status: z.catch(z.enum(creditLeadStatusFilters), defaultCreditLeadStatus),
  entity: z.catch(z.optional(z.string()), undefined),
  item: z.catch(z.optional(z.string()), undefined),
  offset: z.catch(z.coerce.number(), 0),
  limit: z.catch(z.coerce.number(), creditLeadMaxPageSize),
  review: z.catch(z.enum(reviewFilters), 'any'),
  /** "All my accounts" (`accounts=all`): the leads of every account the person reads leads on, in one list. */
  accounts: z.catch(z.optional(z.literal('all')), undefined),
  /** With "All my accounts": only this account's leads (its id). */
  account: z.catch(z.optional(z.string()), undefined),
  /** The filter of earlier versions, when marks lived on one device: read as `review` (links kept working). */
  reviewed: z.catch(z.optional(z.enum(['reviewed', 'unreviewed'])), undefined),
});
export type SearchUrlState = z.infer<typeof searchUrlSchema>;

/** The review filter the URL asks for, an earlier version's `reviewed=` mapped onto the statuses. */
export function reviewFilterOf(state: Pick<SearchUrlState, 'review' | 'reviewed'>): ReviewFilter {
  if (state.review !== 'any' || state.reviewed === undefined) return state.review;
  return state.reviewed === 'reviewed' ? 'reviewed' : 'new';
}

export function defaultRange(today: Date = new Date()) {
  return { from: localDay(daysBefore(today, 30)), to: localDay(today) };
}

/** The request the URL describes: whole local days, from 00:00:00 to 23:59:59. */
export function toSearchParams(state: SearchUrlState, sellerId: number): CreditLeadSearchParams {
  const range = defaultRange();
  const from = state.from ?? range.from;
  const to = state.to ?? range.to;
  return {
    seller_id: sellerId,
    date_from: from ? `${from}T00:00:00` : '',
    date_to: to ? `${to}T23:59:59` : '',
    status: state.status,
    financial_entity_id: state.entity || undefined,
    item_id: state.item || undefined,
    offset: state.offset,
    limit: state.limit,
  };
}

export type SearchField = 'dates' | 'status' | 'entity' | 'item' | 'page';

const problemField: Record<CreditLeadSearchProblem, SearchField> = {
  date_format: 'dates',
  date_order: 'dates',
  date_range: 'dates',
  status: 'status',
  entity: 'entity',
  item_id: 'item',
  offset: 'page',
  limit: 'page',
};

/** The broken rules of a search, by the form field that shows them. */
export function problemsByField(params: CreditLeadSearchParams): Partial<Record<SearchField, CreditLeadSearchProblem>> {
  const byField: Partial<Record<SearchField, CreditLeadSearchProblem>> = {};
  for (const problem of creditLeadSearchProblems(params)) byField[problemField[problem]] ??= problem;
  return byField;
}
