import { useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { CreditLead, CreditLeadSearch, CreditLeadStatusFilter, LeadReview } from '../../api/credits';
import { useMe } from '../../lib/identity';
import type { Item } from '../../api/items';
import { isUnreadable, type Unreadable } from '../../api/unreadable';
import { itemQuery } from '../../lib/items';
import { useSession } from '../../lib/session';
import { leadReviewsQuery } from './queries';
import type { ReviewFilter } from './searchState';

/** A search result with what the list shows beside it: status, item title, currency, the team's review. */
export interface CreditLeadView {
  lead: CreditLead;
  /** The lead's status when the response carries it (possibly one this app does not know), else the status the search filtered on. */
  status: string | undefined;
  itemTitle: string | undefined;
  currency: string | undefined;
  /** The team's review; none is a new lead. */
  review: LeadReview | undefined;
}

/** A row of the results: a lead, or one the search answered in a shape the page cannot read. */
export type CreditLeadRow = CreditLeadView | Unreadable;

/** The rows that are leads (for what needs a lead: the export, the walk from one lead to the next). */
export const leadsOf = (rows: CreditLeadRow[]) => rows.filter((row): row is CreditLeadView => !isUnreadable(row));

/** Amounts are in the currency of the seller's site; an item's own currency covers other sites. */
export const siteCurrencies: Record<string, string> = { MLA: 'ARS', MLB: 'BRL', MLM: 'MXN' };

export function useSiteCurrency(itemCurrency?: string): string | undefined {
  const me = useMe();
  return siteCurrencies[me.data?.site_id ?? ''] ?? itemCurrency;
}

/**
 * The items read so far, by id. A function of the module: react-query then keeps its answer while the reads
 * are unchanged, and so do the rows made from it (the page draws them deferred, CreditLeadsPage).
 */
function itemsById(reads: UseQueryResult<Item>[]): Map<string, Item> {
  return new Map(reads.flatMap((read) => (read.data ? [[read.data.id, read.data] as const] : [])));
}

export function matchesReview(review: LeadReview | undefined, filter: ReviewFilter): boolean {
  const status = review?.status ?? 'new';
  if (filter === 'any') return true;
  return filter === 'reviewed' ? status !== 'new' : status === filter;
}

/** The reviews by lead id; a function of the module, so react-query keeps its answer while the reviews are unchanged. */
function reviewsById(reviews: LeadReview[]): Map<string, LeadReview> {
  return new Map(reviews.map((review) => [review.leadId, review]));
}

/**
 * The rows of one result page, after the review filter. `withItems`: whether the rows are shown, with
 * their items' titles; a lead opened on a phone walks the rows without showing them, and reads no item but its own.
 * A lead that could not be read keeps its row whatever the filter (it cannot be opened to review).
 */
export function useCreditLeadViews(
  page: CreditLeadSearch | undefined,
  statusFilter: CreditLeadStatusFilter,
  reviewFilter: ReviewFilter,
  withItems: boolean,
): CreditLeadRow[] {
  const { sandbox } = useSession();
  const reviews = useQuery({ ...leadReviewsQuery(sandbox), select: reviewsById }).data;
  const results = page?.results ?? [];
  const itemIds = withItems ? [...new Set(results.flatMap((lead) => (isUnreadable(lead) ? [] : [lead.item_id])))] : [];
  const itemById = useQueries({ queries: itemIds.map((id) => itemQuery(id)), combine: itemsById });
  const siteCurrency = useSiteCurrency();
  return results
    .map((lead): CreditLeadRow =>
      isUnreadable(lead)
        ? lead
        : {
            lead,
            status: lead.status ?? (statusFilter === 'all' ? undefined : statusFilter),
            itemTitle: itemById.get(lead.item_id)?.title,
            currency: siteCurrency ?? itemById.get(lead.item_id)?.currency_id,
            review: reviews?.get(lead.id),
          },
    )
    .filter((row) => isUnreadable(row) || matchesReview(row.review, reviewFilter));
}
