import { HttpResponse } from 'msw';
import { stockQuantitySchema, warehouseLocationInputSchema } from '../../api/stock';
import { z } from 'zod/mini';
import { notify } from '../db/notifications';
import { caller, fail, type RouteContext, type Route } from '../route';
import { headLocations, headVersion, itemsOfUserProduct, settleStock, type StockLocationRow, type UserProductRecord } from '../db/stock';

// Spec, user product stock: "Response header x-version: integer (long), the current version of the stock
// resource"; "the PUT without x-version returns 400; with a stale version returns 409".
const versionHeader = 'x-version';

/**
 * The spec lists the conditions of its 400/404/409 rows but not their codes ("not shown"): these are the
 * simulator's choice, and the client's tests check that the app recognizes each one.
 */
const codes = {
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

/** The caller's user product with every write that is due made visible; others' and unknown ids → 404. */
function userProduct(context: RouteContext): UserProductRecord {
  const seller = caller(context);
  const id = context.params.id ?? '';
  const record = context.db.stock.userProducts.get(id);
  if (!record || record.user_id !== seller.id) fail(404, codes.notFound, `User product with id ${id} not found`);
  settleStock(record, context.db.items, context.now);
  return record;
}

/** The version a write carries; missing → 400 (checked before the body and the business rules). */
function sentVersion(context: RouteContext): number {
  const header = context.request.headers.get(versionHeader)?.trim() ?? '';
  if (header === '') fail(400, codes.missingVersion, 'The x-version header is required');
  if (!/^\d+$/.test(header)) fail(400, codes.invalidVersion, 'The x-version header must be an integer');
  return Number(header);
}

/** Not the latest version (counting writes accepted but not yet visible) → 409. */
function checkLatest(record: UserProductRecord, version: number): void {
  if (version !== headVersion(record)) {
    fail(409, codes.staleVersion, 'The x-version is not the latest; read the stock again to get the current version');
  }
}

async function readJson(request: Request): Promise<unknown> {
  try {
    return (await request.json()) as unknown;
  } catch {
    return undefined;
  }
}

function accept(context: RouteContext, record: UserProductRecord, locations: StockLocationRow[]): void {
  const { db } = context;
  record.pending.push({ visibleAt: context.now + db.stock.propagationMs, locations });
  // Announced once reads show the write (it is asynchronous), so whoever reads on the notification sees it.
  const change = { topic: 'stock-location', resource: `/user-products/${record.id}/stock`, userId: record.user_id } as const;
  setTimeout(() => notify(db.notifications, change), db.stock.propagationMs);
}

const sellingAddressBody = z.object({ quantity: stockQuantitySchema });
const sellerWarehouseBody = z.object({ locations: z.array(warehouseLocationInputSchema).check(z.minLength(1)) });

export function stockHandlers(route: Route) {
  return [
    route('get', '/user-products/:id/stock', (context) => {
      const record = userProduct(context);
      const { id, user_id, locations } = record;
      return HttpResponse.json({ id, user_id, locations }, { headers: { [versionHeader]: String(record.version) } });
    }),

    route('put', '/user-products/:id/stock/type/selling_address', async (context) => {
      const record = userProduct(context);
      const { db } = context;
      const version = sentVersion(context);
      const body = sellingAddressBody.safeParse(await readJson(context.request));
      if (!body.success) fail(400, codes.invalidQuantity, 'quantity must be a non-negative integer');
      const items = itemsOfUserProduct(db.items, record.id);
      if (items.length === 0) fail(400, codes.noItems, 'The user product has no associated items');
      if (items.every((item) => db.stock.fulfillmentOnlyItems.has(item.id))) {
        fail(400, codes.fulfillmentOnly, 'The associated items are fulfillment only');
      }
      const withoutInventory = items.filter((item) => !item.inventory_id).map((item) => item.id);
      if (withoutInventory.length > 0) {
        fail(400, codes.noInventoryId, `Items without inventory id: ${withoutInventory.join(', ')}`, withoutInventory);
      }
      if (record.fullInboundNeeded) fail(400, codes.fullInboundNeeded, 'A full inbound is needed before modifying the stock');
      const current = headLocations(record);
      if (current.some((location) => location.type === 'seller_warehouse')) {
        fail(400, codes.wrongLocationType, 'The user product keeps its stock in seller warehouses; use type seller_warehouse');
      }
      checkLatest(record, version);
      // Writing the selling address sets (or creates) that location; the operator's stock stays.
      const others = current.filter((location) => location.type !== 'selling_address');
      accept(context, record, [{ type: 'selling_address', quantity: body.data.quantity }, ...others]);
      return new HttpResponse(null, { status: 204 });
    }),

    route('put', '/user-products/:id/stock/type/seller_warehouse', async (context) => {
      const record = userProduct(context);
      const seller = caller(context);
      const version = sentVersion(context);
      const body = sellerWarehouseBody.safeParse(await readJson(context.request));
      if (!body.success) {
        fail(400, codes.invalidQuantity, 'locations must list store_id and a non-negative integer quantity');
      }
      const current = headLocations(record);
      if (current.some((location) => location.type === 'selling_address')) {
        fail(400, codes.wrongLocationType, 'The user product keeps its stock at the selling address; use type selling_address');
      }
      const next = current.map((location) => ({ ...location }));
      for (const input of body.data.locations) {
        const store = context.db.stock.stores.find((s) => s.id === input.store_id);
        if (!store || store.seller_id !== seller.id) fail(400, codes.storeNotOwned, 'store does not belong to seller');
        if (input.network_node_id !== undefined && input.network_node_id !== store.network_node_id) {
          fail(400, codes.networkNodeMismatch, `network_node_id ${input.network_node_id} is not the node of store ${store.id}`);
        }
        const row = next.find((location) => location.type === 'seller_warehouse' && location.store_id === store.id);
        if (row) row.quantity = input.quantity;
        else
          next.unshift({ type: 'seller_warehouse', quantity: input.quantity, store_id: store.id, network_node_id: store.network_node_id });
      }
      checkLatest(record, version);
      accept(context, record, next);
      return { user_id: record.user_id, id: record.id, locations: next };
    }),
  ];
}
