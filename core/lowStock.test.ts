import { describe, expect, it } from 'vitest';
import { effectiveThreshold, lowStockStep, parseThreshold, readThreshold, totalAfterWrite, totalAvailable } from './lowStock.ts';

describe('low-stock alerts', () => {
  it('adds every location into the total available', () => {
    expect(totalAvailable([{ quantity: 3 }, { quantity: 4 }, { quantity: 0 }])).toBe(7);
    expect(totalAvailable([])).toBe(0);
  });

  it('counts the total a write leaves from the read before it', () => {
    const selling = [
      { type: 'selling_address', quantity: 10 },
      { type: 'meli_facility', quantity: 4 },
    ];
    expect(totalAfterWrite(selling, 'selling_address', { quantity: 2 })).toBe(6);
    expect(totalAfterWrite([{ type: 'meli_facility', quantity: 4 }], 'selling_address', { quantity: 1 })).toBe(5);
    const warehouses = [
      { type: 'seller_warehouse', quantity: 5, store_id: 'S1' },
      { type: 'seller_warehouse', quantity: 7, store_id: 'S2' },
      { type: 'meli_facility', quantity: 1 },
    ];
    // S1 set to 0, S3 added with 2, S2 untouched.
    expect(
      totalAfterWrite(warehouses, 'seller_warehouse', {
        locations: [
          { store_id: 'S1', quantity: 0 },
          { store_id: 'S3', quantity: 2 },
        ],
      }),
    ).toBe(10);
  });

  it("takes the user product's own threshold, else the account's default, else none", () => {
    expect(effectiveThreshold(2, 10)).toBe(2);
    expect(effectiveThreshold(0, 10)).toBe(0);
    expect(effectiveThreshold(null, 10)).toBe(10);
    expect(effectiveThreshold(undefined, null)).toBeNull();
  });

  it('alerts once per crossing, and again only after the total rose above', () => {
    let low = false;
    const alerts: number[] = [];
    for (const total of [8, 5, 3, 0, 5, 6, 4, 9]) {
      const step = lowStockStep(low, total, 5);
      if (step.alert) alerts.push(total);
      low = step.low;
    }
    // 5 reaches the threshold; 3 and 0 stay under; 5 is still at it; 6 re-arms; 4 crosses again.
    expect(alerts).toEqual([5, 4]);
  });

  it('never alerts without a threshold, and re-arms when it is removed', () => {
    expect(lowStockStep(false, 0, null)).toEqual({ low: false, alert: false });
    expect(lowStockStep(true, 0, null)).toEqual({ low: false, alert: false });
  });

  it('reads a threshold typed or sent', () => {
    expect(parseThreshold(' 12 ')).toEqual({ threshold: 12 });
    expect(parseThreshold('')).toEqual({ threshold: null });
    for (const bad of ['-1', '1.5', '1,5', 'ten']) expect(parseThreshold(bad)).toEqual({ problem: 'notWholeNumber' });
    expect(parseThreshold('9007199254740993')).toEqual({ problem: 'tooLarge' });
    expect(readThreshold({ threshold: 0 })).toEqual({ threshold: 0 });
    expect(readThreshold({ threshold: null })).toEqual({ threshold: null });
    for (const bad of [{ threshold: -1 }, { threshold: 1.5 }, { threshold: '3' }, {}, null])
      expect(readThreshold(bad)).toHaveProperty('problem');
  });
});
