import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { configureClient } from './client';
import {
  getStock,
  MissingVersionError,
  putSellerWarehouseStock,
  putSellingAddressStock,
  searchUserProductItems,
  stockErrorCodes as codes,
  userProductIdPattern,
} from './stock';
import { demoSeller, stockScenarios, server, testDb } from '../test/demo';
import { afterWrite } from '../test/http';
import { clearDrift, driftRecords } from './drift';

const editable = 'MLAU3000001';

/** Moves the simulator clock past the propagation delay of accepted writes. */
function propagate() {
  const db = testDb();
  db.clockOffset += db.stock.propagationMs + 1;
}

describe('GET /user-products/{id}/stock', () => {
  // getStock rejects a body its schema refuses (ContractError), so reading each one is the contract check.
  it('contract: every seeded user product of the default seed reads, with the x-version of the db', async () => {
    const own = [...testDb().stock.userProducts.values()].filter((p) => p.user_id === demoSeller.id);
    expect(own.length).toBeGreaterThanOrEqual(24);
    for (const product of own) {
      const read = await getStock(product.id);
      expect(read.version).toBe(String(product.version));
      expect(product.id).toMatch(userProductIdPattern);
    }
  });

  it('a user product holds at most two location types: selling_address+meli_facility or seller_warehouse+meli_facility', async () => {
    for (const product of testDb().stock.userProducts.values()) {
      const types = new Set(product.locations.map((l) => l.type));
      expect(types.size).toBeLessThanOrEqual(2);
      expect(types.has('selling_address') && types.has('seller_warehouse')).toBe(false);
      for (const location of product.locations) {
        expect(Number.isInteger(location.quantity) && location.quantity >= 0).toBe(true);
        if (location.type === 'seller_warehouse')
          expect(location).toMatchObject({ store_id: expect.any(String), network_node_id: expect.any(String) });
      }
    }
  });

  it('seeds every location combination the spec allows', () => {
    const combos = new Set(
      [...testDb().stock.userProducts.values()].map((p) => [...new Set(p.locations.map((l) => l.type))].sort().join('+')),
    );
    for (const combo of ['meli_facility+selling_address', 'meli_facility+seller_warehouse', 'meli_facility'])
      expect(combos.has(combo)).toBe(true);
  });

  it('unknown user product → 404 not_found with the chosen message', async () => {
    await expect(getStock('MLAU999')).rejects.toMatchObject({
      status: 404,
      error: 'not_found',
      message: 'User product with id MLAU999 not found',
    });
  });

  it("another seller's user product → 404 like an unknown one", async () => {
    await expect(getStock(stockScenarios.otherSellers)).rejects.toMatchObject({ status: 404, error: 'not_found' });
  });

  it('401 without a token', async () => {
    configureClient({ getToken: () => '' });
    await expect(getStock(editable)).rejects.toMatchObject({ status: 401 });
  });

  it('a read without x-version breaks the contract', async () => {
    server.use(http.get('*/api/user-products/:id/stock', () => HttpResponse.json({ id: editable, user_id: 1, locations: [] })));
    await expect(getStock(editable)).rejects.toMatchObject({ name: 'ContractError' });
  });
});

describe('PUT /user-products/{id}/stock/type/selling_address', () => {
  it('204 accepted; the quantity shows only after propagation, with a new version', async () => {
    const before = await getStock(editable);
    await expect(putSellingAddressStock(editable, { quantity: 17, version: before.version })).resolves.toBeUndefined();
    const soon = await getStock(editable);
    expect(soon.version).toBe(before.version);
    expect(soon.stock).toEqual(before.stock);
    propagate();
    const later = await getStock(editable);
    expect(later.version).toBe(String(Number(before.version) + 1));
    expect(later.stock.locations.find((l) => l.type === 'selling_address')?.quantity).toBe(17);
    expect(later.stock.locations.find((l) => l.type === 'meli_facility')).toEqual(
      before.stock.locations.find((l) => l.type === 'meli_facility'),
    );
  });

  it('the linked items follow: available quantity becomes the total of the locations', async () => {
    const before = await getStock(editable);
    await putSellingAddressStock(editable, { quantity: 5, version: before.version });
    propagate();
    const after = await getStock(editable);
    const total = after.stock.locations.reduce((sum, l) => sum + l.quantity, 0);
    const { results } = await searchUserProductItems(demoSeller.id, editable);
    expect(results.length).toBeGreaterThan(0);
    for (const id of results) expect(testDb().items.get(id)?.available_quantity).toBe(total);
  });

  it('the client refuses to send a PUT without x-version (throws before fetch)', async () => {
    const spy = vi.spyOn(globalThis, 'fetch');
    await expect(putSellingAddressStock(editable, { quantity: 1, version: undefined })).rejects.toBeInstanceOf(MissingVersionError);
    await expect(putSellingAddressStock(editable, { quantity: 1, version: null })).rejects.toBeInstanceOf(MissingVersionError);
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });

  it('400 missing_x_version when the header is missing (raw request past the client guard)', async () => {
    const response = await fetch(`http://localhost/api/user-products/${editable}/stock/type/selling_address`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${demoSeller.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ quantity: 3 }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: codes.missingVersion, status: 400, cause: [] });
  });

  it('409 on a stale version; reading again gives the version that is accepted', async () => {
    const read = await getStock(editable);
    await putSellingAddressStock(editable, { quantity: 9, version: read.version });
    await expect(putSellingAddressStock(editable, { quantity: 10, version: read.version })).rejects.toMatchObject({
      status: 409,
      error: codes.staleVersion,
    });
    propagate();
    const fresh = await getStock(editable);
    await expect(putSellingAddressStock(editable, { quantity: 10, version: fresh.version })).resolves.toBeUndefined();
  });

  it('a version from the future is stale too (409)', async () => {
    const read = await getStock(editable);
    await expect(putSellingAddressStock(editable, { quantity: 1, version: String(Number(read.version) + 5) })).rejects.toMatchObject({
      status: 409,
    });
  });

  it.each([-1, 2.5])('400 invalid_quantity: quantities are non-negative integers (%s)', async (quantity) => {
    const read = await getStock(editable);
    await expect(putSellingAddressStock(editable, { quantity, version: read.version })).rejects.toMatchObject({
      status: 400,
      error: codes.invalidQuantity,
    });
  });

  it('400: associated items are fulfillment only', async () => {
    const read = await getStock(stockScenarios.meliFacilityOnlyFulfillmentOnly);
    await expect(
      putSellingAddressStock(stockScenarios.meliFacilityOnlyFulfillmentOnly, { quantity: 1, version: read.version }),
    ).rejects.toMatchObject({
      status: 400,
      error: codes.fulfillmentOnly,
    });
  });

  it('400: no items are associated', async () => {
    const read = await getStock(stockScenarios.noItems);
    await expect(putSellingAddressStock(stockScenarios.noItems, { quantity: 1, version: read.version })).rejects.toMatchObject({
      status: 400,
      error: codes.noItems,
    });
  });

  it('400: items without inventory id (the ids come in cause)', async () => {
    const id = stockScenarios.itemsWithoutInventoryId;
    const read = await getStock(id);
    const error = await putSellingAddressStock(id, { quantity: 1, version: read.version }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, error: codes.noInventoryId });
    expect((error as { cause: unknown[] }).cause).toHaveLength(1);
  });

  it('400: a full inbound is needed before modification', async () => {
    const read = await getStock(stockScenarios.fullInboundNeeded);
    await expect(putSellingAddressStock(stockScenarios.fullInboundNeeded, { quantity: 1, version: read.version })).rejects.toMatchObject({
      status: 400,
      error: codes.fullInboundNeeded,
    });
  });

  it('a meli_facility-only user product with own-delivery items gains a selling_address location', async () => {
    const id = stockScenarios.meliFacilityOnlyOwnDelivery;
    const read = await getStock(id);
    expect(read.stock.locations.map((l) => l.type)).toEqual(['meli_facility']);
    await putSellingAddressStock(id, { quantity: 4, version: read.version });
    propagate();
    expect((await getStock(id)).stock.locations.map((l) => [l.type, l.quantity])).toEqual([
      ['selling_address', 4],
      ['meli_facility', read.stock.locations[0]!.quantity],
    ]);
  });

  it('400 invalid_location_type on a user product that uses seller warehouses', async () => {
    const id = stockScenarios.warehousesAndFacility;
    const read = await getStock(id);
    await expect(putSellingAddressStock(id, { quantity: 1, version: read.version })).rejects.toMatchObject({
      status: 400,
      error: codes.wrongLocationType,
    });
  });

  it('unknown user product → 404', async () => {
    await expect(putSellingAddressStock('MLAU999', { quantity: 1, version: '1' })).rejects.toMatchObject({
      status: 404,
      error: 'not_found',
    });
  });
});

describe('PUT /user-products/{id}/stock/type/seller_warehouse', () => {
  const id = stockScenarios.warehousesAndFacility;

  it('answers {user_id, id, locations} and changes only the listed store, after propagation', async () => {
    const read = await getStock(id);
    const [first, second] = read.stock.locations.filter((l) => l.type === 'seller_warehouse');
    const answer = await putSellerWarehouseStock(id, {
      locations: [{ store_id: first!.store_id!, network_node_id: first!.network_node_id, quantity: 33 }],
      version: read.version,
    });
    expect(answer).toMatchObject({ id, user_id: demoSeller.id });
    expect(answer?.locations.find((l) => l.store_id === first!.store_id)?.quantity).toBe(33);
    propagate();
    const after = await getStock(id);
    expect(after.version).toBe(String(Number(read.version) + 1));
    expect(after.stock.locations.find((l) => l.store_id === first!.store_id)?.quantity).toBe(33);
    expect(after.stock.locations.find((l) => l.store_id === second!.store_id)).toEqual(second);
  });

  it('400 "store does not belong to seller"', async () => {
    const read = await getStock(id);
    await expect(
      putSellerWarehouseStock(id, { locations: [{ store_id: 'STORE-901', quantity: 1 }], version: read.version }),
    ).rejects.toMatchObject({
      status: 400,
      error: codes.storeNotOwned,
      message: 'store does not belong to seller',
    });
  });

  it('400 when network_node_id is not the store’s node', async () => {
    const read = await getStock(id);
    await expect(
      putSellerWarehouseStock(id, {
        locations: [{ store_id: 'STORE-101', network_node_id: 'NODE-X', quantity: 1 }],
        version: read.version,
      }),
    ).rejects.toMatchObject({ status: 400, error: codes.networkNodeMismatch });
  });

  it('409 on a stale version', async () => {
    const read = await getStock(id);
    await expect(
      putSellerWarehouseStock(id, { locations: [{ store_id: 'STORE-101', quantity: 1 }], version: String(Number(read.version) - 1) }),
    ).rejects.toMatchObject({
      status: 409,
    });
  });

  it('the client refuses to send it without x-version', async () => {
    await expect(
      putSellerWarehouseStock(id, { locations: [{ store_id: 'STORE-101', quantity: 1 }], version: undefined }),
    ).rejects.toBeInstanceOf(MissingVersionError);
  });

  it('400 on a user product that keeps its stock at the selling address', async () => {
    const read = await getStock(editable);
    await expect(
      putSellerWarehouseStock(editable, { locations: [{ store_id: 'STORE-101', quantity: 1 }], version: read.version }),
    ).rejects.toMatchObject({
      status: 400,
      error: codes.wrongLocationType,
    });
  });
});

describe('GET /users/{id}/items/search?user_product_id= (linked items)', () => {
  it('lists the items of a user product, and none for a user product without items', async () => {
    const { results } = await searchUserProductItems(demoSeller.id, stockScenarios.itemsWithoutInventoryId);
    expect(results).toHaveLength(2);
    expect((await searchUserProductItems(demoSeller.id, stockScenarios.noItems)).results).toEqual([]);
  });

  it("403 for another seller's items", async () => {
    await expect(searchUserProductItems(310000002, editable)).rejects.toMatchObject({ status: 403 });
  });
});

describe('what a stock write carries and takes back', () => {
  it('a 2xx with a body where 204 was expected is an accepted write, recorded as contract drift', async () => {
    clearDrift();
    const put = afterWrite('put', '/user-products/:id/stock/type/selling_address', () => HttpResponse.json({ status: 'ok' }));
    const before = await getStock(editable);
    await expect(putSellingAddressStock(editable, { quantity: 23, version: before.version })).resolves.toBeUndefined();
    expect(put.requests).toBe(1);
    expect(driftRecords()).toEqual([expect.objectContaining({ where: `PUT /user-products/${editable}/stock/type/selling_address` })]);
    propagate();
    expect((await getStock(editable)).stock.locations.find((l) => l.type === 'selling_address')?.quantity).toBe(23);
  });

  it('an x-version past Number.MAX_SAFE_INTEGER is read and sent back as the exact digits it came as', async () => {
    const huge = '9007199254740993'; // 2^53 + 1: as a number it would become …992
    let sent: string | null = null;
    server.use(
      http.get('*/api/user-products/:id/stock', () =>
        HttpResponse.json({ id: editable, user_id: demoSeller.id, locations: [] }, { headers: { 'x-version': huge } }),
      ),
      http.put('*/api/user-products/:id/stock/type/selling_address', ({ request }) => {
        sent = request.headers.get('x-version');
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const read = await getStock(editable);
    expect(read.version).toBe(huge);
    await putSellingAddressStock(editable, { quantity: 1, version: read.version });
    expect(sent).toBe(huge);
  });
});
