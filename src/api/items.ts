import { z } from 'zod/mini';
import './zodLocale';
import { requestData } from './client';
import { sellerAccountHeaders } from './sellerAccount';

const attributeSchema = z.object({
  id: z.string(),
  name: z.string(),
  value_id: z.nullable(z.string()),
  value_name: z.nullable(z.string()),
});

/** Item: the fields the spec lists as relevant (the real resource has many more, let through unread). */
export const itemSchema = z.object({
  id: z.string(),
  site_id: z.string(),
  title: z.string(),
  subtitle: z.nullable(z.string()),
  seller_id: z.int(),
  category_id: z.string(),
  official_store_id: z.nullable(z.int()),
  price: z.number(),
  base_price: z.number(),
  original_price: z.nullable(z.number()),
  inventory_id: z.nullable(z.string()),
  currency_id: z.string(),
  initial_quantity: z.int(),
  available_quantity: z.int(),
  sold_quantity: z.int(),
  sale_terms: z.array(z.object({ id: z.string(), name: z.string(), value_name: z.nullable(z.string()) })),
  // Read for the answer queue's item facts; an item without them shows the rest (absent reads as null, or none).
  status: z._default(z.nullable(z.string()), null),
  listing_type_id: z._default(z.nullable(z.string()), null),
  thumbnail: z._default(z.nullable(z.string()), null),
  user_product_id: z._default(z.nullable(z.string()), null),
  /** As the public API gives them: id, name, value_id, value_name. */
  attributes: z._default(z.array(attributeSchema), () => []),
});
export type Item = z.infer<typeof itemSchema>;

/** Item ids are the site id followed by digits (e.g. MLA1400000001). */
export const itemIdPattern = /^M[A-Z]{2}\d+$/;

/** GET /items/{id}. Public: no token needed. Unknown ids → 404 not_found. */
export function getItem(id: string, signal?: AbortSignal, account?: string): Promise<Item> {
  return requestData(`/items/${encodeURIComponent(id)}`, { headers: sellerAccountHeaders(account), schema: itemSchema, signal });
}
