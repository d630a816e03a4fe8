import { describe, expect, it } from 'vitest';
import { createStockMarketplace, jobPorts, memoryStorage, type StockMarketplace } from './fixtures/stockMarketplace.ts';
import { runStockJob, type JobRow, type StockJobOptions } from './stockJob.ts';
import { quantityAt, type LocationRef, type RetryPolicy } from './stockLocations.ts';

const stores = ['STORE-1', 'STORE-2', 'STORE-3'];
/** Fast retries on the simulated clock: shorter than the marketplace's lag, so re-reads also meet writes not yet visible. */
const retry: RetryPolicy = { maxAttempts: 6, backoffMs: () => 100 };
const options: StockJobOptions = { applyChangedSinceExport: false, retry };

/**
 * A catalogue of `sellingAddress` user products with one selling-address row each and `warehouses` with a row per
 * store (three), every row asking for its quantity plus 5.
 */
function catalogue(market: StockMarketplace, sellingAddress: number, warehouses: number): JobRow[] {
  const rows: JobRow[] = [];
  const row = (userProductId: string, location: LocationRef, quantity: number) =>
    rows.push({
      line: rows.length + 2,
      userProductId,
      location,
      quantityAtExport: quantity,
      newQuantity: quantity + 5,
      state: { status: 'pending' },
    });
  for (let n = 0; n < sellingAddress; n += 1) {
    const id = `MLAU${1000 + n}`;
    market.add(id, [
      { type: 'selling_address', quantity: n % 50 },
      { type: 'meli_facility', quantity: 7 },
    ]);
    row(id, { type: 'selling_address' }, n % 50);
  }
  for (let n = 0; n < warehouses; n += 1) {
    const id = `MLAU${9000 + n}`;
    market.add(
      id,
      stores.map((store, i) => ({ type: 'seller_warehouse', quantity: n + i, store_id: store, network_node_id: `NODE-${i}` })),
      123456789012345678n,
    );
    stores.forEach((store, i) => row(id, { type: 'seller_warehouse', storeId: store, networkNodeId: `NODE-${i}` }, n + i));
  }
  return rows;
}

/** Every row's user product got exactly one accepted write, and the marketplace shows every new figure. */
function expectAppliedOnce(market: StockMarketplace, rows: readonly JobRow[]) {
  const products = new Set(rows.map((row) => row.userProductId));
  const counts = [...products].map((id) => market.accepted.get(id) ?? 0);
  expect(counts.filter((count) => count !== 1)).toEqual([]);
  const shown = rows.filter(
    (row) => quantityAt({ locations: market.final(row.userProductId), version: '0' }, row.location) !== row.newQuantity,
  );
  expect(shown.map((row) => row.line)).toEqual([]);
}

function statuses(rows: readonly JobRow[]) {
  return rows.reduce<Record<string, number>>((counts, row) => ({ ...counts, [row.state.status]: (counts[row.state.status] ?? 0) + 1 }), {});
}

describe('runStockJob', () => {
  it('applies 1,000 rows exactly once through 429s, 500s and timeouts, at most 4 writes in flight', async () => {
    const market = createStockMarketplace({
      chaos: { tooMany: 0.05, serverError: 0.02, serverErrorApplied: 0.01, timeoutApplied: 0.01, timeoutLost: 0.01, readTooMany: 0.02 },
    });
    const rows = catalogue(market, 700, 100);
    expect(rows).toHaveLength(1000);
    const storage = memoryStorage(rows);
    const progress: number[] = [];
    const result = await runStockJob(jobPorts(market, storage, { onProgress: (p) => progress.push(p.done) }), options);

    expect(result.status).toBe('finished');
    expect(statuses(result.rows)).toEqual({ applied: 1000 });
    expectAppliedOnce(market, rows);
    // One write per user product and location type: a warehouse's three stores go in one call.
    const warehouseBodies = market.calls.bodies.filter((call) => call.userProductId === 'MLAU9000');
    expect(warehouseBodies.every((call) => 'locations' in call.body && call.body.locations.length === 3)).toBe(true);
    expect(market.calls.maxInFlight).toBe(4);
    expect(progress.at(-1)).toBe(1000);
    expect([...storage.saved.values()].every((row) => row.state.status === 'applied')).toBe(true);
    console.info(
      `stock job, 1,000 rows / 800 user products: ${market.calls.writes} writes (${market.calls.writes - 800} retried), ${market.calls.reads} reads, ${storage.saves} saves`,
    );
  });

  it('reports a sale made since the export and writes nothing there; applies it only when the seller chose so', async () => {
    for (const applyChangedSinceExport of [false, true]) {
      const market = createStockMarketplace();
      const rows = catalogue(market, 3, 0);
      market.othersWrite('MLAU1001', (l) => (l.type === 'selling_address' ? { ...l, quantity: l.quantity - 1 } : l));
      const result = await runStockJob(jobPorts(market, memoryStorage(rows)), { ...options, applyChangedSinceExport });

      const sold = result.rows.find((row) => row.userProductId === 'MLAU1001')!;
      if (applyChangedSinceExport) {
        expect(sold.state).toEqual({ status: 'applied' });
        expect(market.accepted.get('MLAU1001')).toBe(1);
      } else {
        expect(sold.state).toEqual({ status: 'skippedChanged', current: 0 });
        expect(market.accepted.get('MLAU1001')).toBeUndefined();
        expect(market.final('MLAU1001')[0]!.quantity).toBe(0);
      }
      expect(result.rows.filter((row) => row !== sold).map((row) => row.state.status)).toEqual(['applied', 'applied']);
    }
  });

  it('a sale between its read and its write (409) is reported as changed, never overwritten', async () => {
    const market = createStockMarketplace();
    const rows = catalogue(market, 1, 1);
    market.beforeWrite.set('MLAU9000', () =>
      market.othersWrite('MLAU9000', (l) => (l.store_id === 'STORE-2' ? { ...l, quantity: 40 } : l)),
    );
    const result = await runStockJob(jobPorts(market, memoryStorage(rows)), options);

    expect(result.rows.filter((row) => row.userProductId === 'MLAU9000').map((row) => row.state)).toEqual([
      { status: 'conflict', current: 0 },
      { status: 'conflict', current: 40 },
      { status: 'conflict', current: 2 },
    ]);
    expect(market.accepted.get('MLAU9000')).toBeUndefined();
    expect(market.final('MLAU9000').map((l) => l.quantity)).toEqual([0, 40, 2]);
    expect(result.rows[0]!.state).toEqual({ status: 'applied' });
  });

  it('a crash at any save, then a new engine on the saved state, finishes with no row written twice', async () => {
    for (const crashAt of [1, 2, 3, 40, 117, 250]) {
      const market = createStockMarketplace({ seed: crashAt, chaos: { tooMany: 0.05, serverError: 0.02, timeoutApplied: 0.02 } });
      const rows = catalogue(market, 150, 20);
      const storage = memoryStorage(rows);
      // The process dies at its `crashAt`-th save: that save and every later one fail (nothing more is kept).
      let saves = 0;
      const dying = {
        load: storage.load,
        save: (changed: readonly JobRow[]) => {
          saves += 1;
          return saves >= crashAt ? Promise.reject(new Error('killed')) : storage.save(changed);
        },
      };
      await expect(runStockJob(jobPorts(market, dying), options)).rejects.toThrow('killed');
      const writesBefore = market.calls.writes;

      const result = await runStockJob(jobPorts(market, storage), options);
      expect(result.status).toBe('finished');
      expect(statuses(result.rows)).toEqual({ applied: rows.length });
      expectAppliedOnce(market, rows);
      expect(market.calls.writes).toBeGreaterThan(writesBefore);
    }
  });

  it('a crash after the marketplace accepted a write but before the outcome was saved: the resumed job counts it, never resends it', async () => {
    const market = createStockMarketplace({ lagMs: 5000 });
    const rows = catalogue(market, 10, 2);
    const storage = memoryStorage(rows);
    // Dies when saving the first "applied": that write went through, its rows stay "attempting" in the store.
    let dead = false;
    const dying = {
      load: storage.load,
      save: (changed: readonly JobRow[]) => {
        dead ||= changed.some((row) => row.state.status === 'applied');
        return dead ? Promise.reject(new Error('killed')) : storage.save(changed);
      },
    };
    await expect(runStockJob(jobPorts(market, dying), options)).rejects.toThrow('killed');
    const attempting = [...storage.saved.values()].filter((row) => row.state.status === 'attempting');
    expect(attempting.length).toBeGreaterThan(0);
    expect(attempting.every((row) => market.accepted.get(row.userProductId) === 1)).toBe(true);

    // Reads do not show those writes yet (5 s lag): the engine resends from the same version, gets 409, waits for the newer read.
    const result = await runStockJob(jobPorts(market, storage), options);
    expect(statuses(result.rows)).toEqual({ applied: rows.length });
    expectAppliedOnce(market, rows);
  });

  it('stopping mid-way (cancel) keeps what was written, lists it, and a resumed run finishes the rest once', async () => {
    const market = createStockMarketplace();
    const rows = catalogue(market, 60, 0);
    const storage = memoryStorage(rows);
    const cancelled = () => Promise.resolve(market.calls.writes >= 20);
    const result = await runStockJob(jobPorts(market, storage, { cancelled }), options);

    expect(result.status).toBe('cancelled');
    const applied = result.rows.filter((row) => row.state.status === 'applied');
    // Writes in flight when the cancel came still land (at most 4), nothing after.
    expect(market.calls.writes).toBeLessThanOrEqual(24);
    expect(applied.length).toBe(market.calls.writes);
    expect(result.progress).toMatchObject({ done: applied.length, remaining: 60 - applied.length });
    expect(result.rows.filter((row) => row.state.status !== 'applied').every((row) => row.state.status === 'pending')).toBe(true);

    const resumed = await runStockJob(jobPorts(market, storage), options);
    expect(statuses(resumed.rows)).toEqual({ applied: 60 });
    expectAppliedOnce(market, rows);
  });

  it('stops when its starter loses the permission to write stock, listing what it did', async () => {
    const market = createStockMarketplace();
    const rows = catalogue(market, 30, 0);
    const stillAllowed = () => Promise.resolve(market.calls.writes < 10);
    const result = await runStockJob(jobPorts(market, memoryStorage(rows), { stillAllowed }), options);

    expect(result.status).toBe('permissionLost');
    const applied = result.rows.filter((row) => row.state.status === 'applied').map((row) => row.userProductId);
    expect(applied.length).toBe(market.calls.writes);
    expect(market.calls.writes).toBeLessThanOrEqual(14);
    expect(applied.every((id) => market.accepted.get(id) === 1)).toBe(true);
    expect(result.progress.byStatus.pending).toBe(30 - applied.length);
  });

  it('does nothing when its starter may not write stock at the start', async () => {
    const market = createStockMarketplace();
    const rows = catalogue(market, 3, 0);
    const result = await runStockJob(jobPorts(market, memoryStorage(rows), { stillAllowed: () => Promise.resolve(false) }), options);
    expect(result.status).toBe('permissionLost');
    expect(market.calls).toMatchObject({ reads: 0, writes: 0 });
  });

  it('a refused write (4xx) and a write that keeps failing (5xx) end their rows without affecting the others', async () => {
    const market = createStockMarketplace();
    const rows = catalogue(market, 3, 0);
    market.refusing.set('MLAU1000', 'items_fulfillment_only');
    market.alwaysFailing.add('MLAU1001');
    const result = await runStockJob(jobPorts(market, memoryStorage(rows)), options);

    expect(result.rows.map((row) => row.state)).toEqual([
      { status: 'refused', reason: 'items_fulfillment_only' },
      { status: 'failed', reason: 'retriesExhausted' },
      { status: 'applied' },
    ]);
    expect(market.calls.bodies.filter((call) => call.userProductId === 'MLAU1001')).toHaveLength(retry.maxAttempts);
  });

  it('a row already at its new figure is not written', async () => {
    const market = createStockMarketplace();
    const rows = catalogue(market, 2, 0);
    market.othersWrite('MLAU1000', (l) => (l.type === 'selling_address' ? { ...l, quantity: 5 } : l));
    const result = await runStockJob(jobPorts(market, memoryStorage(rows)), options);
    expect(result.rows.map((row) => row.state.status)).toEqual(['unchanged', 'applied']);
    expect(market.accepted.get('MLAU1000')).toBeUndefined();
  });
});
