import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import type { CreditLead, CreditLeadSearch, CreditLeadStatusFilter } from '../../api/credits';
import { useMe } from '../../lib/identity';
import type { Item } from '../../api/items';
import { isUnreadable, type Unreadable } from '../../api/unreadable';
import { itemQuery } from '../../lib/items';
import { useReviewed } from './reviewed';
import type { ReviewFilter } from './searchState';

/** A search result with what the list shows beside it: status, item title, currency, review mark. */
export interface CreditLeadView {
  lead: CreditLead;
  /** The lead's status when the response carries it (possibly one this app does not know), else the status the search filtered on. */
  status: string | undefined;
  itemTitle: string | undefined;
  currency: string | undefined;
  reviewed: boolean;
}

/** A row of the results: a lead, or one the search answered in a shape the page cannot read. */
export type CreditLeadRow = CreditLeadView | Unreadable;

/** The rows that are leads (for what needs a lead: the export, the walk from one lead to the next). */
export const leadsOf = (rows: CreditLeadRow[]) => rows.filter((row): row is CreditLeadView => !isUnreadable(row));

/** Amounts are in the currency of the seller's site; an item's own currency covers other sites. */
const siteCurrencies: Record<string, string> = { MLA: 'ARS', MLB: 'BRL', MLM: 'MXN' };

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

/**
 * The rows of one result page, after the device-local review filter. `withItems`: whether the rows are shown, with
 * their items' titles; a lead opened on a phone walks the rows without showing them, and reads no item but its own.
 * A lead that could not be read keeps its row, as not reviewed (it cannot be opened to review).
 */
export function useCreditLeadViews(
  page: CreditLeadSearch | undefined,
  statusFilter: CreditLeadStatusFilter,
  reviewFilter: ReviewFilter,
  withItems: boolean,
): CreditLeadRow[] {
  const reviewed = useReviewed();
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
            reviewed: reviewed.has(lead.id),
          },
    )
    .filter((row) => reviewFilter === 'any' || (!isUnreadable(row) && row.reviewed) === (reviewFilter === 'reviewed'));
}
