import { describe, expect, it } from 'vitest';
import { getDemoUserProducts, simulateBuyerQuestion } from './demo';
import { demoSeller, stockScenarios, testDb } from '../test/demo';

describe('demo-only endpoints', () => {
  it("lists the caller's seeded user products, each refusal scenario labelled once", async () => {
    const products = await getDemoUserProducts();
    expect(products.filter((p) => p.scenario !== null).map((p) => [p.id, p.scenario])).toEqual([
      [stockScenarios.meliFacilityOnlyFulfillmentOnly, 'fulfillment_only'],
      [stockScenarios.noItems, 'no_items'],
      [stockScenarios.itemsWithoutInventoryId, 'no_inventory_id'],
      [stockScenarios.fullInboundNeeded, 'full_inbound_needed'],
      [stockScenarios.meliFacilityOnlyOwnDelivery, 'facility_only_own_delivery'],
    ]);
    expect(products.map((p) => p.id)).not.toContain(stockScenarios.otherSellers);
  });

  it("has a buyer ask about the given item, or the seller's first", async () => {
    const items = [...testDb().items.values()].filter((item) => item.seller_id === demoSeller.id);
    const given = await simulateBuyerQuestion({ item_id: items[2]!.id, text: 'Hola' });
    expect(given).toMatchObject({ item_id: items[2]!.id, seller_id: demoSeller.id, status: 'UNANSWERED', text: 'Hola' });
    expect(given.from.id).not.toBe(demoSeller.id);
    expect(await simulateBuyerQuestion({ text: 'Hola' })).toMatchObject({ item_id: items[0]!.id });
  });
});
