import type { DemoUserProduct } from '../../api/demo';
import { stockScenarios } from '../db/stock';
import { caller, fail, type Route } from '../route';
import { ask, readBody } from './questions';

/** Which rule of the spec each seeded user product shows (the stock page labels them). */
const scenarioOf: Record<string, DemoUserProduct['scenario']> = {
  [stockScenarios.meliFacilityOnlyFulfillmentOnly]: 'fulfillment_only',
  [stockScenarios.noItems]: 'no_items',
  [stockScenarios.itemsWithoutInventoryId]: 'no_inventory_id',
  [stockScenarios.fullInboundNeeded]: 'full_inbound_needed',
  [stockScenarios.meliFacilityOnlyOwnDelivery]: 'facility_only_own_delivery',
};

/**
 * Endpoints of the simulator itself, under /__demo (not in the spec): what the app shows about the demo
 * data, asked over HTTP like everything else so the app never reaches into the simulator.
 */
export function demoOnlyHandlers(route: Route) {
  return [
    route('get', '/__demo/scenarios', (context): { user_products: DemoUserProduct[] } => {
      const seller = caller(context);
      const { db } = context;
      const titles = new Map<string, string>();
      for (const item of db.items.values())
        if (item.user_product_id && !titles.has(item.user_product_id)) titles.set(item.user_product_id, item.title);
      return {
        user_products: [...db.stock.userProducts.values()]
          .filter((product) => product.user_id === seller.id)
          .map((product) => ({
            id: product.id,
            title: titles.get(product.id) ?? null,
            types: [...new Set(product.locations.map((l) => l.type))],
            scenario: scenarioOf[product.id] ?? null,
          })),
      };
    }),
    // A buyer (another demo seller) asks about one of the caller's items: the one given, or their first.
    route('post', '/__demo/questions', async (context) => {
      const seller = caller(context);
      const buyer = context.db.sellers.find((s) => s.id !== seller.id) ?? fail(500, 'internal_error', 'No buyer is seeded');
      const body = await readBody(context.request);
      const first = [...context.db.items.values()].find((item) => item.seller_id === seller.id);
      return ask(context, buyer, { ...body, item_id: body.item_id ?? first?.id });
    }),
  ];
}
