import { HttpResponse } from 'msw';
import type { OperationType } from '../../api/fulfillment';
import { recategorize } from '../db/categories';
import type { Item, Seller } from '../db/core';
import { addLead } from '../db/credit-leads';
import { addOperation, operationTypes } from '../db/fulfillment';
import { notify } from '../db/notifications';
import { caller, fail, type Route, type RouteContext } from '../route';
import { fullItemResource } from './items';
import { ask, readBody } from './questions';

/** A JSON object body; an empty body reads as `{}` (every attribute of the triggers is optional). */
async function optionalBody(request: Request): Promise<Record<string, unknown>> {
  return (await request.clone().text()).trim() === '' ? {} : readBody(request);
}

function optionalString(body: Record<string, unknown>, name: string): string | undefined {
  const value = body[name];
  if (value !== undefined && typeof value !== 'string') fail(400, 'invalid_post_body', `${name} must be a string`, [name]);
  return value;
}

/** The caller's item named in the body, or (when `required` is false and none is named) their first. */
function ownItem(context: RouteContext, seller: Seller, id: string | undefined): Item {
  const item = id === undefined ? [...context.db.items.values()].find((i) => i.seller_id === seller.id) : context.db.items.get(id);
  if (!item || item.seller_id !== seller.id) fail(404, 'not_found', `Item ${id} not found among the caller's items`);
  return item;
}

/**
 * Endpoints of the simulator itself, under /__demo (not in the spec): what the app shows about the demo
 * data, asked over HTTP like everything else so the app never reaches into the simulator.
 */
export function demoOnlyHandlers(route: Route) {
  return [
    // What the chaos counted (src/demo/chaos.ts), for tests: public, and never failed itself.
    route('get', '/__demo/traffic', ({ db }) => db.traffic, { public: true }),
    // A buyer (another demo seller) asks about one of the caller's items: the one given, or their first.
    route('post', '/__demo/questions', async (context) => {
      const seller = caller(context);
      const buyer = context.db.sellers.find((s) => s.id !== seller.id) ?? fail(500, 'internal_error', 'No buyer is seeded');
      const body = await readBody(context.request);
      const first = [...context.db.items.values()].find((item) => item.seller_id === seller.id);
      return ask(context, buyer, { ...body, item_id: body.item_id ?? first?.id });
    }),
    // The caller gets a listing of their own (a copy of the seed's first, under a new id, without stock): a seller the
    // seed gives none (OTRO_VENDEDOR) can then be asked questions, as the answer queue's "All my accounts" test does.
    route('post', '/__demo/items', (context) => {
      const seller = caller(context);
      const { items } = context.db;
      const template = items.values().next().value ?? fail(500, 'internal_error', 'No item is seeded');
      const item: Item = {
        ...template,
        id: `${seller.site_id}${1500000000 + items.size}`,
        site_id: seller.site_id,
        seller_id: seller.id,
        inventory_id: null,
        user_product_id: null,
      };
      items.set(item.id, item);
      return HttpResponse.json(fullItemResource(item, context), { status: 201 });
    }),
    // A buyer asks for credit to buy one of the caller's items (the one given, or their first).
    route('post', '/__demo/credit-leads', async (context) => {
      const seller = caller(context);
      const { db, now } = context;
      const item = ownItem(context, seller, optionalString(await optionalBody(context.request), 'item_id'));
      const { expired: _expired, ...lead } = addLead(db.creditLeads, db.random, item, now);
      notify(db.notifications, { topic: 'leads-credits', resource: `/vis/loans/${lead.id}`, userId: seller.id });
      return HttpResponse.json(lead, { status: 201 });
    }),
    // The operator records an operation on one of the caller's inventories (the one given, or their first).
    route('post', '/__demo/fulfillment-operations', async (context) => {
      const seller = caller(context);
      const { db, now } = context;
      const body = await optionalBody(context.request);
      const inventoryId = optionalString(body, 'inventory_id');
      const type = optionalString(body, 'type')?.toLowerCase();
      if (type !== undefined && !(operationTypes as readonly string[]).includes(type))
        fail(400, 'invalid_post_body', `Unknown operation type: ${type}`, ['type']);
      const inventory =
        inventoryId === undefined
          ? [...db.fulfillment.inventories.values()].find((i) => i.seller_id === seller.id)
          : db.fulfillment.inventories.get(inventoryId);
      if (!inventory || inventory.seller_id !== seller.id) fail(404, 'not_found', `Inventory ${inventoryId} not found among the caller's`);
      const operation = addOperation(db.fulfillment, inventory, db.random, now, type as OperationType | undefined);
      notify(db.notifications, {
        topic: 'fbm_stock_operations',
        resource: `/stock/fulfillment/operations/${operation.id}`,
        userId: seller.id,
      });
      return HttpResponse.json(operation, { status: 201 });
    }),
    // Real answers leave fields out now and then: the caller's item (the one given, or their first) is answered
    // without `fields` from now on, by its single and batch reads; an empty list answers it whole again.
    route('post', '/__demo/omit-fields', async (context) => {
      const seller = caller(context);
      const body = await optionalBody(context.request);
      const item = ownItem(context, seller, optionalString(body, 'item_id'));
      const known = Object.keys(fullItemResource(item, context));
      const { fields } = body;
      if (!Array.isArray(fields) || !fields.every((field): field is string => typeof field === 'string' && known.includes(field)))
        fail(400, 'invalid_post_body', `fields must list fields of the item resource (${known.join(', ')})`, ['fields']);
      item.omitted = fields;
      return { item_id: item.id, omitted: fields };
    }),
    // Every stock read of a user product answers `ms` late from now on (0: at once again), for the simulator
    // served by Node; demo mode's tests set db.config.stockDelayMs through window.__demo.
    route('post', '/__demo/stock-delay', async (context) => {
      const { ms } = await optionalBody(context.request);
      if (typeof ms !== 'number' || !Number.isInteger(ms) || ms < 0 || ms > 60_000)
        fail(400, 'invalid_post_body', 'ms must be a whole number of milliseconds from 0 to 60000', ['ms']);
      caller(context);
      context.db.config.stockDelayMs = ms;
      return { stock_delay_ms: ms };
    }),
    // The marketplace moves one of the caller's items to another category (spec, "Recategorization").
    route('post', '/__demo/recategorize', async (context) => {
      const seller = caller(context);
      const { db } = context;
      // Without an item_id: the caller's first item (the demo's Activity page moves that one).
      const item = ownItem(context, seller, optionalString(await optionalBody(context.request), 'item_id'));
      const move = recategorize(db.categories, item) ?? fail(409, 'no_category', `No other category fits item ${item.id}`);
      notify(db.notifications, { topic: 'items', resource: `/items/${item.id}`, userId: seller.id });
      return { item_id: item.id, from_category_id: move.from, category_id: move.to };
    }),
  ];
}
