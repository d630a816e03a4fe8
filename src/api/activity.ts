import { z } from 'zod/mini';
import './zodLocale';
import { requestData, serverUrl } from './client';

/*
 * Seller Desk's own server (live mode) and the simulator (demo): the active account's activity, one entry per
 * marketplace notification, made by the server after re-reading the resource with the seller's token
 * (briefs/activity-contract.md). The browser never sees a raw notification. `GET /events` streams the same
 * entries (event `activity`, id = entry id); the stream is opened by the shell, not here, since EventSource
 * is not fetch.
 */

export const activityKinds = ['question', 'item', 'recategorization', 'stock', 'fulfillment-operation', 'credit-lead'] as const;
export type ActivityKind = (typeof activityKinds)[number];

const categorySideSchema = z.object({
  categoryId: z.string(),
  path: z.array(z.string()),
  /** The sale fee for the item's price and listing type in that category; null when it could not be read. */
  saleFee: z.nullable(z.number()),
});

/**
 * Also what the server's tests read its answers with, so both sides keep one shape.
 * @public
 */
export const activityEntrySchema = z.object({
  /** Decimal string, increasing per store: also the SSE event id. */
  id: z.string().check(z.regex(/^\d+$/)),
  accountId: z.string(),
  topic: z.enum(['questions', 'items', 'stock-location', 'fbm_stock_operations', 'leads-credits']),
  kind: z.enum(activityKinds),
  resource: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
  subject: z.object({
    questionId: z.optional(z.int()),
    itemId: z.optional(z.string()),
    userProductId: z.optional(z.string()),
    inventoryId: z.optional(z.string()),
    operationId: z.optional(z.int()),
    creditId: z.optional(z.string()),
  }),
  /** Short facts from the API read: `status` (null: the question was deleted), `deleted`, `itemTitle`, `type`… */
  facts: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  review: z.optional(
    z.object({
      itemTitle: z.string(),
      price: z.number(),
      currencyId: z.string(),
      listingTypeId: z.string(),
      from: categorySideSchema,
      to: categorySideSchema,
      missingAttributes: z.array(z.object({ id: z.string(), name: z.string() })),
      reviewedAt: z.nullable(z.string()),
    }),
  ),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

/** Also what the server's tests read its answers with, so both sides keep one shape. */
export const activityPageSchema = z.object({
  entries: z.array(activityEntrySchema),
  /** Unread entries of the active account (all kinds). */
  unread: z.int().check(z.nonnegative()),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;

export interface ActivitySearch {
  kind?: ActivityKind;
  /** Entries older than this id (the last one of the previous page). */
  before?: string;
  limit?: number;
}

/** GET /activity: newest first. */
export function getActivity({ kind, before, limit }: ActivitySearch, signal?: AbortSignal): Promise<ActivityPage> {
  return requestData('/activity', { server: true, query: { kind, before, limit }, schema: activityPageSchema, signal });
}

/** POST /activity/read: some entries, or all of the active account's. */
export async function markRead(which: { ids: string[] } | { all: true }): Promise<void> {
  await requestData('/activity/read', { server: true, method: 'POST', body: which, schema: z.undefined() });
}

/** POST /activity/:id/reviewed (recategorizations): the updated entry. */
export function markReviewed(id: string): Promise<ActivityEntry> {
  return requestData(`/activity/${encodeURIComponent(id)}/reviewed`, { server: true, method: 'POST', schema: activityEntrySchema });
}

/** GET /events, resuming after the last entry seen (a new EventSource does not send `Last-Event-ID` itself). */
export function eventsUrl(lastEventId?: string): string {
  return serverUrl('/events', { lastEventId });
}

/** An `activity` event's data: the entry, or null when it is not one (dropped, never half-applied). */
export function parseActivityEvent(data: string): ActivityEntry | null {
  try {
    const parsed = activityEntrySchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const stockJobEventSchema = z.object({ id: z.string() });

/** A `stock-job` event's data (a bulk stock job moved, docs/stock-bulk.md): the job's id, or null when it is not one. */
export function parseStockJobEvent(data: string): string | null {
  try {
    return stockJobEventSchema.safeParse(JSON.parse(data)).data?.id ?? null;
  } catch {
    return null;
  }
}
