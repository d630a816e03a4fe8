import { describe, expect, it } from 'vitest';
import { isoDate } from '../../api/fulfillment';
import { demoSeller, testDb } from '../../test/demo';
import type { OperationFilters } from './keys';
import { fetchOperationsPage, operationsQuery, type PageParam } from './queries';

const dayMs = 24 * 3600_000;
const filters: OperationFilters = {
  sellerId: demoSeller.id,
  inventoryIds: [],
  dateFrom: isoDate(Date.now() - 60 * dayMs),
  dateTo: isoDate(Date.now()),
  sort: 'date_created:desc',
  limit: 200,
};
const nextParam = operationsQuery(filters).getNextPageParam;

describe('operations paging (scroll)', () => {
  it('follows the scroll page after page and stops when it is null', async () => {
    const pages = [await fetchOperationsPage(filters, { scroll: null, offset: 0 })];
    let param: PageParam | undefined | null = nextParam(pages[0]!, pages, { scroll: null, offset: 0 }, [{ scroll: null, offset: 0 }]);
    while (param) {
      pages.push(await fetchOperationsPage(filters, param));
      param = nextParam(pages.at(-1)!, pages, param, []);
    }
    const ids = pages.flatMap((page) => page.results.map((op) => op.id));
    expect(ids).toHaveLength(pages[0]!.paging.total);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('restarts an expired scroll (older than 5 minutes) from the top, skipping what is loaded: no duplicates, no gaps', async () => {
    const first = await fetchOperationsPage(filters, { scroll: null, offset: 0 });
    const second = await fetchOperationsPage(filters, { scroll: first.paging.scroll!, offset: 200 });
    const expected = await fetchOperationsPage(filters, { scroll: second.paging.scroll!, offset: 400 });
    testDb().clockOffset += 5 * 60_000 + 1;
    const recovered = await fetchOperationsPage(filters, { scroll: second.paging.scroll!, offset: 400 });
    expect(recovered.results.map((op) => op.id)).toEqual(expected.results.map((op) => op.id));
    expect(recovered.paging.scroll).toBeTruthy();
  });

  it('does not hide other errors of a scroll request (429 is left to the retry policy)', async () => {
    const first = await fetchOperationsPage(filters, { scroll: null, offset: 0 });
    testDb().config.rateLimitPerMinute = 1;
    await expect(fetchOperationsPage(filters, { scroll: first.paging.scroll!, offset: 200 })).rejects.toMatchObject({ status: 429 });
  });
});
