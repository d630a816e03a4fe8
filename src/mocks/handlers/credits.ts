import {
  creditLeadMaxPageSize as creditMaxPageSize,
  creditLeadMaxRangeMonths as creditMaxRangeMonths,
  creditLeadSearchProblems as creditSearchProblems,
  defaultCreditLeadStatus as defaultCreditStatus,
  isCreditLeadId as isCreditId,
  type CreditLeadSearchProblem as CreditSearchProblem,
} from '../../api/credits';
import type { CreditLeadRecord } from '../db/credits';
import { caller, fail, type Route, type RouteContext } from '../route';

const problemMessages: Record<CreditSearchProblem, string> = {
  date_format: 'date_from and date_to are required in the format YYYY-MM-DDTHH:MM:SS',
  date_order: 'date_from must not be after date_to',
  date_range: `the date range must not exceed ${creditMaxRangeMonths} months`,
  status: 'status must be one of approved, rejected, in_analysis, all',
  entity: 'financial_entity_id must be one of PLATFORM_CREDIT, BANK_1, BANK_2, BANK_3',
  item_id: 'item_id must match the pattern M, two uppercase letters, digits (e.g. MLA1400000001)',
  offset: 'offset must be a non-negative integer',
  limit: `limit must be an integer between 1 and ${creditMaxPageSize}`,
};

/** The seller of the token, checked against seller_id (400 on both credit endpoints), and its dataset. */
function leadsOf(context: RouteContext): CreditLeadRecord[] {
  const seller = caller(context);
  if (context.url.searchParams.get('seller_id') !== String(seller.id)) {
    fail(400, 'invalid_seller', 'seller_id must be the seller of the access token');
  }
  const { credits } = context.db;
  const dataset = context.request.headers.get('x-sandbox') === 'true' ? credits.sandbox : credits.leads;
  return dataset.filter((lead) => lead.seller_id === seller.id);
}

const optionalNumber = (value: string | null) => (value === null || value === '' ? undefined : Number(value));

/** GET /vis/loans/search and GET /vis/loans/{id} over the live or the sandbox dataset. */
export function creditsHandlers(route: Route) {
  return [
    route('get', '/vis/loans/search', (context) => {
      const leads = leadsOf(context);
      const query = context.url.searchParams;
      const params = {
        date_from: query.get('date_from') ?? '',
        date_to: query.get('date_to') ?? '',
        status: query.get('status') ?? defaultCreditStatus,
        financial_entity_id: query.get('financial_entity_id') ?? undefined,
        item_id: query.get('item_id') ?? undefined,
        offset: optionalNumber(query.get('offset')) ?? 0,
        limit: optionalNumber(query.get('limit')) ?? creditMaxPageSize,
      };
      const [problem] = creditSearchProblems(params);
      if (problem) fail(400, 'bad_request', problemMessages[problem]);
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
      if (!isCreditId(id)) fail(400, 'invalid_credit_id', `credit id ${id} is not a UUID`);
      const lead = leads.find((candidate) => candidate.id === id);
      if (!lead) fail(404, 'not_found', `credit ${id} not found`);
      if (lead.expired) fail(410, 'credit_expired', `credit ${id} has expired`);
      const { expired: _expired, ...detail } = lead;
      return detail;
    }),
  ];
}
