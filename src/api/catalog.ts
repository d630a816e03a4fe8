import pLimit from 'p-limit';
import { z } from 'zod/mini';
import './zodLocale';
import { requestData } from './client';
import { ApiError, ContractError, isApiError, parseErrorBody } from './errors';
import { itemSchema } from './items';
import { readElement, type Unreadable } from './unreadable';

/**
 * The seller's catalog (spec: "Catalog reads"): the ids of their listings, searched and paged, then the
 * listings themselves read in batches. Demo mode reads the simulator through the same calls.
 */

/** A display field a listing may lack (real answers omit them more often than documented): absent reads as null. */
const absent = <S extends z.ZodMiniType>(schema: S) => z._default(z.nullable(schema), null);

/**
 * An item with the fields the catalog shows besides the seed's (thumbnail and permalink are untrusted URLs). The
 * display fields below may be missing: no picture, no link, no SKU. The item's own fields (id, title, price…) may
 * not: a listing without them is an unreadable entry of the list (getListings).
 * @public The contract other areas build on (the home screen), exported for their schemas.
 */
export const listingSchema = z.extend(itemSchema, {
  permalink: absent(z.string()),
  status: z.string(),
  /** The seller's SKU. */
  seller_custom_field: absent(z.string()),
});
export type Listing = z.infer<typeof listingSchema>;

/** A listing of the catalog's lists, or one that could not be read (a row that names it and says why). */
export type CatalogEntry = Listing | Unreadable;

export const listingStatusSchema = z.enum(['active', 'paused', 'closed']);
export type ListingStatus = z.infer<typeof listingStatusSchema>;

export interface ListingSearch {
  status?: ListingStatus;
  /** Title search. */
  q?: string;
  sellerSku?: string;
  offset?: number;
  /** At most 100 (the API refuses more). */
  limit?: number;
}

/** The API's limits: ids per search page, ids per batch read. */
export const catalogLimits = { maxSearchLimit: 100, batchSize: 20, defaultSearchLimit: 50 } as const;

const listingIdsSchema = z.object({
  seller_id: z.union([z.string(), z.number()]),
  results: z.array(z.string()),
  paging: z.object({ total: z.int(), offset: z.int(), limit: z.int() }),
});

/**
 * GET /users/{seller_id}/items/search?offset&limit&status&q&seller_sku → {seller_id, results: [item ids],
 * paging: {total, offset, limit}}. Only the token owner may list (403 otherwise); limit above 100 → 400.
 */
export async function searchListingIds(sellerId: number, search: ListingSearch, signal?: AbortSignal) {
  const { results, paging } = await requestData(`/users/${sellerId}/items/search`, {
    query: { offset: search.offset, limit: search.limit, status: search.status, q: search.q?.trim(), seller_sku: search.sellerSku?.trim() },
    schema: listingIdsSchema,
    signal,
  });
  return { ids: results, total: paging.total, offset: paging.offset, limit: paging.limit };
}

/**
 * A batch answer: each id's status and the body its single read would have answered, in the order asked. The
 * bodies are read one by one (getListingBatch): one odd listing must not fail the other nineteen.
 */
const batchSchema = z.array(z.object({ code: z.int(), body: z.unknown() }));

/** How many single reads run at once when the batch read is refused. */
const singleReadConcurrency = 4;

/** How many batch reads run at once: a search page of 100 ids is read in one round. */
const batchConcurrency = 5;

/** A listing, or null when the id is unknown (404): a listing removed meanwhile is left out. */
async function getListing(id: string, signal?: AbortSignal): Promise<CatalogEntry | null> {
  try {
    const body = await requestData(`/items/${encodeURIComponent(id)}`, { schema: z.unknown(), signal });
    return readElement(listingSchema, body, 'GET /items/{id}', id);
  } catch (error) {
    if (isApiError(error, 404)) return null;
    throw error;
  }
}

/** GET /items?ids=… (at most 20): 404 entries become null, any other failed entry is thrown as its error. */
async function getListingBatch(ids: readonly string[], signal?: AbortSignal): Promise<(CatalogEntry | null)[]> {
  const answers = await requestData('/items', { query: { ids }, schema: batchSchema, signal });
  if (answers.length !== ids.length) {
    throw new ContractError('GET /items', [{ path: '', message: `${answers.length} answers for ${ids.length} ids` }]);
  }
  return answers.map(({ code, body }, index) => {
    // Named by the id asked for: the body may lack its own.
    if (code === 200) return readElement(listingSchema, body, 'GET /items', ids[index]!);
    if (code === 404) return null;
    const error = parseErrorBody(body);
    throw new ApiError(code, error?.error ?? `http_${code}`, error?.message ?? `HTTP ${code}`, error?.cause);
  });
}

/**
 * A batch read refused as a whole (a 4xx other than 401 and 429, e.g. a gateway that does not offer
 * `/items?ids=`): the ids are read one by one instead. A 401 or 429 would refuse those as well.
 */
function isRefusal(error: unknown): boolean {
  return isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 401 && error.status !== 429;
}

/**
 * The listings of `ids`, in that order, read 20 per call, 5 calls at once; unknown ids (404) are left out, and a
 * listing that does not match its schema is an unreadable entry in its place (recorded as contract drift).
 * A batch call that is refused is read with GET /items/{id} instead, as is every batch not yet sent by
 * then; those single reads go 4 at a time.
 */
export async function getListings(ids: readonly string[], signal?: AbortSignal): Promise<CatalogEntry[]> {
  const batches = Array.from({ length: Math.ceil(ids.length / catalogLimits.batchSize) }, (_, index) =>
    ids.slice(index * catalogLimits.batchSize, (index + 1) * catalogLimits.batchSize),
  );
  const singles = pLimit(singleReadConcurrency);
  const readSingly = (batch: readonly string[]) => Promise.all(batch.map((id) => singles(() => getListing(id, signal))));
  let batchRefused = false;
  const read = await pLimit(batchConcurrency).map(batches, async (batch) => {
    if (batchRefused) return readSingly(batch);
    try {
      return await getListingBatch(batch, signal);
    } catch (error) {
      if (!isRefusal(error)) throw error;
      batchRefused = true;
      return readSingly(batch);
    }
  });
  return read.flat().filter((listing) => listing !== null);
}
