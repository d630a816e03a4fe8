import { useQuery } from '@tanstack/react-query';
import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getStock } from '../../api/stock';
import { itemQuery } from '../../lib/items';
import { demoSeller, itemsOfUserProduct, testDb } from '../../test/demo';
import { renderHookWithProviders } from '../../test/render';
import { linkedItemsQuery, useStockWrite } from './queries';
import { quantityAt, type StockEdit } from './writes';

const userProductId = 'MLAU3000001';

describe('a stock write and the items it changes', () => {
  it('refreshes the item wherever it is shown (the fulfillment view of the same item included)', async () => {
    const db = testDb();
    db.stock.propagationMs = 0;
    const [linked] = itemsOfUserProduct(db.items, userProductId);
    // One view shows one of the user product's items; the stock page has listed them all.
    const { result, queryClient } = renderHookWithProviders(() => ({
      shown: useQuery(itemQuery(linked!.id)),
      write: useStockWrite(userProductId),
    }));
    await queryClient.fetchQuery(linkedItemsQuery(demoSeller.id, userProductId));
    await waitFor(() => expect(result.current.shown.data).toBeDefined());
    const before = result.current.shown.data!.available_quantity;

    const read = await getStock(userProductId);
    const target = { type: 'selling_address' } as const;
    const base = { version: read.version, quantity: quantityAt(read.stock, target) };
    const edit: StockEdit = { userProductId, target, base, value: base.quantity + 7 };
    act(() => result.current.write.submit(edit));

    await waitFor(() => expect(result.current.write.phase.kind).toBe('confirmed'));
    await waitFor(() => expect(result.current.shown.data!.available_quantity).toBe(before + 7));
  });
});
