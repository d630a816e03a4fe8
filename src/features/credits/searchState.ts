import { z } from 'zod/mini';
import {
  creditLeadMaxPageSize,
  creditLeadSearchProblems,
  creditLeadStatusFilters,
  defaultCreditLeadStatus,
  type CreditLeadSearchParams,
  type CreditLeadSearchProblem,
} from '../../api/credits';
import { daysBefore, localDay } from '../../lib/localTime';

export const reviewFilters = ['any', 'reviewed', 'unreviewed'] as const;
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
  reviewed: z.catch(z.enum(reviewFilters), 'any'),
});
export type SearchUrlState = z.infer<typeof searchUrlSchema>;

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
