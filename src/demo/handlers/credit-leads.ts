import { financialEntities } from '../../api/credits';
import type { CreditLeadRecord } from '../db/credit-leads';
import { caller, fail, type Route, type RouteContext } from '../route';

// Spec "Limits": "| Credit search | at most 100 items per page; date range at most 3 months |"; the search's
// query: "date_from and date_to (YYYY-MM-DDTHH:MM:SS), item_id (optional, pattern M, two uppercase letters,
// digits), status (approved, rejected, in_analysis, all; default approved)"; detail: "credit_id is a UUID".
const maxPageSize = 100;
const maxRangeMonths = 3;
const statusFilters = ['approved', 'rejected', 'in_analysis', 'all'];
const defaultStatus = 'approved';
const itemIdPattern = /^M[A-Z]{2}\d+$/;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const entities: readonly string[] = financialEntities;

/** A YYYY-MM-DDTHH:MM:SS string naming a real moment (no Feb 30, no 25:00), as a time; null otherwise. */
function parseTimestamp(value: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(value)) return null;
  const time = Date.parse(`${value}Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 19) === value ? time : null;
}

/** `time` plus `months` calendar months, clamped to the month's end (Nov 30 + 3 months → Feb 28). */
function addMonths(time: number, months: number): number {
  const date = new Date(time);
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return target.getTime();
}

interface SearchParams {
  date_from: string;
  date_to: string;
  status: string;
  financial_entity_id: string | undefined;
  item_id: string | undefined;
  offset: number;
  limit: number;
}

/** The first rule of the search that `params` breaks, as the 400's message; null when none. */
function searchProblem(params: SearchParams): string | null {
  const from = parseTimestamp(params.date_from);
  const to = parseTimestamp(params.date_to);
  if (from === null || to === null) return 'date_from and date_to are required in the format YYYY-MM-DDTHH:MM:SS';
  if (from > to) return 'date_from must not be after date_to';
  // Judged by calendar day: any time on the day 3 months after date_from's day is still in range.
  if (new Date(to).toISOString().slice(0, 10) > new Date(addMonths(from, maxRangeMonths)).toISOString().slice(0, 10))
    return `the date range must not exceed ${maxRangeMonths} months`;
  if (!statusFilters.includes(params.status)) return `status must be one of ${statusFilters.join(', ')}`;
  if (params.financial_entity_id && !entities.includes(params.financial_entity_id))
    return `financial_entity_id must be one of ${entities.join(', ')}`;
  if (params.item_id && !itemIdPattern.test(params.item_id))
    return 'item_id must match the pattern M, two uppercase letters, digits (e.g. MLA1400000001)';
  if (!Number.isInteger(params.offset) || params.offset < 0) return 'offset must be a non-negative integer';
  if (!Number.isInteger(params.limit) || params.limit < 1 || params.limit > maxPageSize)
    return `limit must be an integer between 1 and ${maxPageSize}`;
  return null;
}

/** The seller of the token, checked against seller_id (400 on both credit endpoints), and its dataset. */
function leadsOf(context: RouteContext): CreditLeadRecord[] {
  const seller = caller(context);
  if (context.url.searchParams.get('seller_id') !== String(seller.id)) {
    fail(400, 'invalid_seller', 'seller_id must be the seller of the access token');
  }
  const { creditLeads } = context.db;
  const dataset = context.request.headers.get('x-sandbox') === 'true' ? creditLeads.sandbox : creditLeads.live;
  return dataset.filter((lead) => lead.seller_id === seller.id);
}

const optionalNumber = (value: string | null) => (value === null || value === '' ? undefined : Number(value));

/** GET /vis/loans/search and GET /vis/loans/{id} over the live or the sandbox dataset. */
export function creditLeadHandlers(route: Route) {
  return [
    route('get', '/vis/loans/search', (context) => {
      const leads = leadsOf(context);
      const query = context.url.searchParams;
      const params = {
        date_from: query.get('date_from') ?? '',
        date_to: query.get('date_to') ?? '',
        status: query.get('status') ?? defaultStatus,
        financial_entity_id: query.get('financial_entity_id') ?? undefined,
        item_id: query.get('item_id') ?? undefined,
        offset: optionalNumber(query.get('offset')) ?? 0,
        limit: optionalNumber(query.get('limit')) ?? maxPageSize,
      };
      const problem = searchProblem(params);
      if (problem) fail(400, 'bad_request', problem);
      const matching = leads.filter(
        (lead) =>
          lead.date_created >= params.date_from &&
          lead.date_created <= params.date_to &&
          (params.status === 'all' || lead.status === params.status) &&
          (!params.financial_entity_id || lead.financial_entity_id === params.financial_entity_id) &&
          (!params.item_id || lead.item_id === params.item_id),
      );
      return {
        results: matching.slice(params.offset, params.offset + params.limit).map(({ buyer, ...lead }) => ({ ...lead, buyer_id: buyer.id })),
        paging: { offset: params.offset, limit: params.limit, total: matching.length },
        date_from: params.date_from,
        date_to: params.date_to,
      };
    }),
    route('get', '/vis/loans/:id', (context) => {
      const leads = leadsOf(context);
      const id = context.params.id ?? '';
      if (!uuidPattern.test(id)) fail(400, 'invalid_credit_id', `credit id ${id} is not a UUID`);
      const lead = leads.find((candidate) => candidate.id === id);
      if (!lead) fail(404, 'not_found', `credit ${id} not found`);
      if (lead.expired) fail(410, 'credit_expired', `credit ${id} has expired`);
      const { expired: _expired, ...detail } = lead;
      return detail;
    }),
  ];
}
