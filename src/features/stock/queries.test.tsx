import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { getStock } from '../../api/stock';
import { itemQuery } from '../../lib/items';
import { demoSeller, itemsOfUserProduct, testDb } from '../../test/demo';
import { linkedItemsQuery, useStockWrite } from './queries';
import { quantityAt, type StockEdit } from './writes';

const userProductId = 'MLAU3000001';

describe('a stock write and the items it changes', () => {
  it('refreshes the item wherever it is shown (the fulfillment view of the same item included)', async () => {
    const db = testDb();
    db.stock.propagationMs = 0;
    const [linked] = itemsOfUserProduct(db.items, userProductId);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    // The stock page has listed the user product's items; another view shows one of them.
    await client.fetchQuery(linkedItemsQuery(demoSeller.id, userProductId));
    const shown = renderHook(() => useQuery(itemQuery(linked!.id)), { wrapper });
    await waitFor(() => expect(shown.result.current.data).toBeDefined());
    const before = shown.result.current.data!.available_quantity;

    const read = await getStock(userProductId);
    const target = { type: 'selling_address' } as const;
    const base = { version: read.version, quantity: quantityAt(read.stock, target) };
    const edit: StockEdit = { userProductId, target, base, value: base.quantity + 7 };
    const write = renderHook(() => useStockWrite(userProductId), { wrapper });
    act(() => write.result.current.submit(edit));

    await waitFor(() => expect(write.result.current.phase.kind).toBe('confirmed'));
    await waitFor(() => expect(shown.result.current.data!.available_quantity).toBe(before + 7));
  });
});
