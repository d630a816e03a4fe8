import { describe, expect, it } from 'vitest';
import { demoSeller, notify, testDb } from '../test/demo';
import { ApiError } from './errors';
import { getThresholds, putThreshold } from './lowStock';

/** Demo mode's low-stock alerts over the msw/node server of the test setup, as the browser's worker has them. */
const origin = 'http://localhost';

interface Entry {
  kind: string;
  subject: { userProductId?: string };
  facts: Record<string, unknown>;
}

const lowStockEntries = async () =>
  ((await (await fetch(`${origin}/activity?kind=stock`)).json()) as { entries: Entry[] }).entries.filter((entry) => entry.facts.lowStock);

describe('low-stock alerts in demo mode', () => {
  it('keeps the thresholds as the server does, and refuses one that is not a whole number from 0', async () => {
    await putThreshold(demoSeller.id, 4, 'MLAU3000001');
    await putThreshold(demoSeller.id, 2);
    await expect(putThreshold(demoSeller.id, -1)).rejects.toBeInstanceOf(ApiError);
    expect(await getThresholds(demoSeller.id)).toEqual({
      accountDefault: 2,
      userProducts: [{ userProductId: 'MLAU3000001', threshold: 4 }],
    });
  });

  it('adds one entry per crossing of the total across locations, after the stock change that made it', async () => {
    const record = testDb().stock.userProducts.get('MLAU3000001')!;
    const facility = record.locations.find((location) => location.type === 'meli_facility')!.quantity;
    const threshold = facility + 5;
    await putThreshold(demoSeller.id, threshold, 'MLAU3000001');
    const sell = (quantity: number) => {
      record.locations = record.locations.map((location) => (location.type === 'selling_address' ? { ...location, quantity } : location));
      notify(testDb().notifications, { topic: 'stock-location', resource: `/user-products/${record.id}/stock`, userId: demoSeller.id });
    };
    sell(5);
    sell(2);
    expect(await lowStockEntries()).toEqual([
      expect.objectContaining({
        kind: 'stock',
        subject: { userProductId: record.id },
        facts: { lowStock: true, total: threshold, threshold },
      }),
    ]);
    sell(9);
    sell(4);
    expect((await lowStockEntries()).map((entry) => entry.facts.total)).toEqual([threshold - 1, threshold]);
  });
});
