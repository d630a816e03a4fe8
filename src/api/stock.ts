import { z } from 'zod/mini';
import './zodLocale';
import { request, requestData } from './client';
import { ContractError } from './errors';
import { openEnum } from './openEnum';
import { sellerAccountHeaders } from './sellerAccount';
import { requestWrite } from './write';
import { maxStockQuantity } from '../../core/stockQuantity.ts';

/**
 * Stock of a user product (spec: "User product stock", "Stock of a user product"). Every read carries the
 * stock version (x-version); every write must send the version it started from, and the client refuses
 * to send one without it.
 */

/** User product ids: site id, "U", digits (e.g. MLAU3000001). Checked before any request. */
export const userProductIdPattern = /^M[A-Z]{2}U\d+$/;

/** The location types the spec describes; other strings from a live API are shown read-only. */
const locationTypes = ['meli_facility', 'selling_address', 'seller_warehouse'] as const;
export type LocationType = (typeof locationTypes)[number];

export function isLocationType(type: string): type is LocationType {
  return (locationTypes as readonly string[]).includes(type);
}

/** Quantities are non-negative integers up to the form's maximum: the rule of both the edit form and the simulator. */
export const stockQuantitySchema = z.int().check(z.minimum(0), z.maximum(maxStockQuantity));

const stockLocationSchema = z.object({
  type: openEnum('stock location type', isLocationType),
  quantity: z.int(),
  network_node_id: z.optional(z.string()),
  store_id: z.optional(z.string()),
});
export type StockLocation = z.infer<typeof stockLocationSchema>;

const userProductStockSchema = z.object({
  id: z.string(),
  user_id: z.int(),
  locations: z.array(stockLocationSchema),
});
export type UserProductStock = z.infer<typeof userProductStockSchema>;

/**
 * A stock version exactly as x-version carried it: an integer (long) that may exceed
 * Number.MAX_SAFE_INTEGER, so it is kept as its digits and compared as a BigInt, never rounded.
 */
export type StockVersion = string;

const versionPattern = /^\d+$/;

/** Whether version `a` is newer than `b`. */
export function isNewerVersion(a: StockVersion, b: StockVersion): boolean {
  return BigInt(a) > BigInt(b);
}

/** A read of the stock together with the version it was read at. */
export interface StockRead {
  stock: UserProductStock;
  version: StockVersion;
}

const versionHeader = 'x-version';

/**
 * The error codes of the spec's 400/404/409 rows. The spec lists the conditions but not their codes
 * ("not shown"): these are the ones the demo simulator answers, and the page also explains an unknown
 * 400 from a live API in general words.
 */
export const stockErrorCodes = {
  notFound: 'not_found',
  missingVersion: 'missing_x_version',
  invalidVersion: 'invalid_x_version',
  staleVersion: 'version_conflict',
  invalidQuantity: 'invalid_quantity',
  fulfillmentOnly: 'items_fulfillment_only',
  noItems: 'no_items_associated',
  noInventoryId: 'items_without_inventory_id',
  fullInboundNeeded: 'full_inbound_required',
  wrongLocationType: 'invalid_location_type',
  storeNotOwned: 'store_not_belongs_to_seller',
  networkNodeMismatch: 'invalid_network_node',
} as const;

/** The client refused to send a write without the version its edit started from. */
export class MissingVersionError extends Error {
  readonly name = 'MissingVersionError';
  constructor(readonly userProductId: string) {
    super(`Refusing to update the stock of ${userProductId} without x-version`);
  }
}

function requireVersion(userProductId: string, version: StockVersion | null | undefined): StockVersion {
  if (typeof version !== 'string' || !versionPattern.test(version)) throw new MissingVersionError(userProductId);
  return version;
}

function stockPath(userProductId: string): string {
  return `/user-products/${encodeURIComponent(userProductId)}/stock`;
}

/** GET /user-products/{id}/stock: the stock and its x-version (a read without the header breaks the contract). */
export async function getStock(userProductId: string, signal?: AbortSignal, account?: string): Promise<StockRead> {
  const path = stockPath(userProductId);
  const response = await request(path, { headers: sellerAccountHeaders(account), schema: userProductStockSchema, signal });
  const version = response.headers.get(versionHeader)?.trim() ?? '';
  if (!versionPattern.test(version)) {
    throw new ContractError(`GET ${path}`, [{ path: `header ${versionHeader}`, message: 'missing or not an integer' }]);
  }
  return { stock: response.data, version };
}

/**
 * PUT /user-products/{id}/stock/type/selling_address: 204 means accepted (so does any 2xx: a body is
 * drift); the stock changes asynchronously. Throws MissingVersionError before any request when the
 * version is missing.
 */
export async function putSellingAddressStock(
  userProductId: string,
  input: { quantity: number; version: StockVersion | null | undefined },
  signal?: AbortSignal,
): Promise<void> {
  const version = requireVersion(userProductId, input.version);
  await requestWrite(`${stockPath(userProductId)}/type/selling_address`, {
    method: 'PUT',
    headers: { [versionHeader]: version },
    body: { quantity: input.quantity },
    schema: z.undefined(),
    signal,
  });
}

export const warehouseLocationInputSchema = z.object({
  store_id: z.string().check(z.minLength(1)),
  network_node_id: z.optional(z.string()),
  quantity: stockQuantitySchema,
});
export type WarehouseLocationInput = z.infer<typeof warehouseLocationInputSchema>;

const sellerWarehouseStockSchema = z.object({
  user_id: z.int(),
  id: z.string(),
  locations: z.array(stockLocationSchema),
});

/**
 * PUT /user-products/{id}/stock/type/seller_warehouse (not in the spec; the public API's shape): body
 * {"locations":[{store_id, network_node_id?, quantity}]}, answers {user_id, id, locations}. Only the
 * listed stores change. Like selling_address, any 2xx means "accepted": reads show it shortly after.
 */
export async function putSellerWarehouseStock(
  userProductId: string,
  input: { locations: WarehouseLocationInput[]; version: StockVersion | null | undefined },
  signal?: AbortSignal,
) {
  const version = requireVersion(userProductId, input.version);
  return requestWrite(`${stockPath(userProductId)}/type/seller_warehouse`, {
    method: 'PUT',
    headers: { [versionHeader]: version },
    body: { locations: input.locations },
    schema: sellerWarehouseStockSchema,
    signal,
  });
}

const userItemsSearchSchema = z.object({
  seller_id: z.string(),
  results: z.array(z.string()),
  paging: z.object({ total: z.int(), offset: z.int(), limit: z.int() }),
});
export type UserItemsSearch = z.infer<typeof userItemsSearchSchema>;

/**
 * GET /users/{seller_id}/items/search?user_product_id=… — the items grouped by a user product. Not in the
 * spec (which shows no way from a user product to its items); this is the public API's endpoint and
 * shape: {seller_id, results: [item ids], paging}.
 */
export function searchUserProductItems(sellerId: number, userProductId: string, signal?: AbortSignal) {
  return requestData(`/users/${sellerId}/items/search`, {
    query: { user_product_id: userProductId },
    schema: userItemsSearchSchema,
    signal,
  });
}
