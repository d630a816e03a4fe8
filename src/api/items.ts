import { z } from 'zod';
import { requestData } from './client';

/** Item: the fields the spec lists as relevant (the real resource has many more, let through unread). */
export const itemSchema = z.object({
  id: z.string(),
  site_id: z.string(),
  title: z.string(),
  subtitle: z.string().nullable(),
  seller_id: z.number().int(),
  category_id: z.string(),
  official_store_id: z.number().int().nullable(),
  price: z.number(),
  base_price: z.number(),
  original_price: z.number().nullable(),
  inventory_id: z.string().nullable(),
  currency_id: z.string(),
  initial_quantity: z.number().int(),
  available_quantity: z.number().int(),
  sold_quantity: z.number().int(),
  sale_terms: z.array(z.object({ id: z.string(), name: z.string(), value_name: z.string().nullable() })),
});
export type Item = z.infer<typeof itemSchema>;

/** Item ids are the site id followed by digits (e.g. MLA1400000001). */
export const itemIdPattern = /^M[A-Z]{2}\d+$/;

/** GET /items/{id}. Public: no token needed. Unknown ids → 404 not_found. */
export function getItem(id: string, signal?: AbortSignal): Promise<Item> {
  return requestData(`/items/${encodeURIComponent(id)}`, { schema: itemSchema, signal });
}
