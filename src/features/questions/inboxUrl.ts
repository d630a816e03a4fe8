import { z } from 'zod';
import { itemIdPattern } from '../../api/items';
import { questionStatuses, type SortField } from '../../api/questions';
import type { InboxFilters } from './keys';

/** The inbox's URL: every filter and the sort (the open question is the path, /questions/:id). */
export const inboxUrlSchema = z.object({
  status: z.enum(questionStatuses).optional().catch(undefined),
  item: z.string().regex(itemIdPattern).optional().catch(undefined),
  from: z.coerce.number().int().positive().optional().catch(undefined),
  sort: z.enum(['date', 'item', 'asker']).catch('date'),
  order: z.enum(['desc', 'asc']).catch('desc'),
});
export type InboxUrl = z.infer<typeof inboxUrlSchema>;

const sortFieldOf: Record<InboxUrl['sort'], SortField> = { date: 'date_created', item: 'item_id', asker: 'from_id' };

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
