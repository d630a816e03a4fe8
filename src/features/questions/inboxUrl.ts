import { z } from 'zod/mini';
import { itemIdPattern } from '../../api/items';
import { questionStatuses, type SortField } from '../../api/questions';
import type { InboxFilters } from './keys';

/** The inbox's URL: every filter and the sort (the open question is the path, /questions/:id). */
export const inboxUrlSchema = z.object({
  status: z.catch(z.optional(z.enum(questionStatuses)), undefined),
  item: z.catch(z.optional(z.string().check(z.regex(itemIdPattern))), undefined),
  from: z.catch(z.optional(z.coerce.number().check(z.int(), z.positive())), undefined),
  sort: z.catch(z.enum(['date', 'due', 'item', 'asker']), 'date'),
  order: z.catch(z.enum(['desc', 'asc']), 'desc'),
});
export type InboxUrl = z.infer<typeof inboxUrlSchema>;

/**
 * By due time is by date: a question's due time only grows with the time it was asked (the target is the
 * account's, and the clock stops outside working hours but never runs back), so the marketplace's date sort is
 * the due order, paged by the marketplace like any other. Answered questions have no due time and keep their dates.
 */
const sortFieldOf: Record<InboxUrl['sort'], SortField> = { date: 'date_created', due: 'date_created', item: 'item_id', asker: 'from_id' };

export function toFilters(url: InboxUrl, sellerId: number): InboxFilters {
  return {
    sellerId,
    status: url.status,
    item: url.item,
    // The API filters by asker only together with an item.
    from: url.item ? url.from : undefined,
    sortField: sortFieldOf[url.sort],
    sortType: url.order === 'asc' ? 'ASC' : 'DESC',
  };
}
