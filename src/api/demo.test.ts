import { describe, expect, it } from 'vitest';
import { simulateBuyerQuestion } from './demo';
import { demoSeller, testDb } from '../test/demo';

describe('demo-only endpoints', () => {
  it("has a buyer ask about the given item, or the seller's first", async () => {
    const items = [...testDb().items.values()].filter((item) => item.seller_id === demoSeller.id);
    const given = await simulateBuyerQuestion({ item_id: items[2]!.id, text: 'Hola' });
    expect(given).toMatchObject({ item_id: items[2]!.id, seller_id: demoSeller.id, status: 'UNANSWERED', text: 'Hola' });
    expect(given.from.id).not.toBe(demoSeller.id);
    expect(await simulateBuyerQuestion({ text: 'Hola' })).toMatchObject({ item_id: items[0]!.id });
  });
});
