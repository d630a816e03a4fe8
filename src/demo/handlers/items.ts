import { HttpResponse } from 'msw';
import { z } from 'zod/mini';
import { catalogLimits, listingStatusSchema } from '../../api/catalog';
import type { Item } from '../db/core';
import { caller, fail, type Route, type RouteContext } from '../route';

/** Lower case without accents, so "cafetera" finds "Cafetera" and "lampara" finds "Lámpara". */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

function words(text: string): string[] {
  return fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Title search: every word of `q` begins a word of the title. */
function titleMatches(title: string, q: string): boolean {
  const titleWords = words(title);
  return words(q).every((word) => titleWords.some((titleWord) => titleWord.startsWith(word)));
}

/**
 * The public item resource. `vehicle` stays internal. The thumbnail is a picture this simulator serves
 * (below) at the address the request came to: in demo mode that is the app's own origin, which the CSP's
 * img-src 'self' admits and safeImage lets through (http in demo), and which needs no network. An
 * https URL on http2.mlstatic.com (the IMAGE_HOSTS default) would pass too but show nothing offline.
 */
export function fullItemResource(item: Item, context: RouteContext) {
  const { vehicle: _vehicle, omitted: _omitted, ...resource } = item;
  const { href } = context.url;
  const apiBase = href.slice(0, href.indexOf('/api/') + '/api'.length);
  const slug = words(item.title).join('-');
  return {
    ...resource,
    thumbnail: `${apiBase}/__demo/pictures/${item.id}.svg`,
    permalink: `https://articulo.mercadolibre.com.ar/${item.site_id}-${item.id.slice(item.site_id.length)}-${slug}-_JM`,
  };
}

/** The item resource as answered: without the fields the item is set to leave out (POST /__demo/omit-fields). */
function itemResource(item: Item, context: RouteContext) {
  const omitted = new Set(item.omitted);
  return Object.fromEntries(Object.entries(fullItemResource(item, context)).filter(([field]) => !omitted.has(field)));
}

const notFound = (id: string) => ({ message: `Item with id ${id} not found`, error: 'not_found', status: 404, cause: [] });

const searchQuery = z.object({
  offset: z._default(z.coerce.number().check(z.int(), z.minimum(0)), 0),
  limit: z._default(
    z.coerce.number().check(z.int(), z.minimum(1), z.maximum(catalogLimits.maxSearchLimit)),
    catalogLimits.defaultSearchLimit,
  ),
  status: z.optional(listingStatusSchema),
  q: z.optional(z.string()),
  seller_sku: z.optional(z.string()),
  user_product_id: z.optional(z.string()),
});

/** A picture for a listing: its title's initials on a colour of its own (SVG cannot run script in an img). */
function picture(item: Item): string {
  const hue = (Number(item.id.replace(/\D/g, '')) * 47) % 360;
  const initials = words(item.title)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="90" height="90" viewBox="0 0 90 90">` +
    `<rect width="90" height="90" fill="hsl(${hue} 55% 42%)"/>` +
    `<text x="45" y="55" font-family="sans-serif" font-size="30" fill="#fff" text-anchor="middle">${initials}</text></svg>`
  );
}

/**
 * Items: GET /items/{id} and the batch GET /items?ids= (public), the seller's item search, and the
 * simulator's listing pictures.
 */
export function itemsHandlers(route: Route) {
  return [
    route(
      'get',
      '/items/:id',
      (context) => {
        const item = context.db.items.get(context.params.id ?? '');
        if (!item) fail(404, 'not_found', `Item with id ${context.params.id} not found`);
        return itemResource(item, context);
      },
      { public: true },
    ),

    // Spec: at most 20 ids; the answers in the order asked, each {code, body} as the single read answers.
    route(
      'get',
      '/items',
      (context) => {
        const ids = (context.url.searchParams.get('ids') ?? '')
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean);
        if (ids.length === 0) fail(400, 'validation_error', 'ids is required', ['ids']);
        if (ids.length > catalogLimits.batchSize) fail(400, 'validation_error', `at most ${catalogLimits.batchSize} ids`, ['ids']);
        return ids.map((id) => {
          const item = context.db.items.get(id);
          return item ? { code: 200, body: itemResource(item, context) } : { code: 404, body: notFound(id) };
        });
      },
      { public: true },
    ),

    // Spec: only the token owner may list; limit at most 100; status, q (title), seller_sku, user_product_id.
    route('get', '/users/:sellerId/items/search', (context) => {
      const seller = caller(context);
      if (context.params.sellerId !== String(seller.id)) fail(403, 'forbidden', 'caller may not search the items of another seller');
      const query = searchQuery.safeParse(Object.fromEntries(context.url.searchParams));
      if (!query.success) {
        const fields = [...new Set(query.error.issues.map((issue) => String(issue.path[0])))];
        fail(400, 'validation_error', `invalid ${fields.join(', ')}`, fields);
      }
      const { offset, limit, status, q, seller_sku: sku, user_product_id: userProductId } = query.data;
      const results = [...context.db.items.values()]
        .filter(
          (item) =>
            item.seller_id === seller.id &&
            (status === undefined || item.status === status) &&
            (userProductId === undefined || item.user_product_id === userProductId) &&
            (sku === undefined || item.seller_custom_field === sku) &&
            (q === undefined || titleMatches(item.title, q)),
        )
        .map((item) => item.id);
      return {
        seller_id: String(seller.id),
        results: results.slice(offset, offset + limit),
        paging: { total: results.length, offset, limit },
      };
    }),

    route(
      'get',
      '/__demo/pictures/:file',
      ({ db, params }) => {
        const id = (params.file ?? '').replace(/\.svg$/, '');
        const item = db.items.get(id) ?? fail(404, 'not_found', `Item with id ${id} not found`);
        return new HttpResponse(picture(item), {
          headers: { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'public, max-age=86400' },
        });
      },
      { public: true },
    ),
  ];
}
