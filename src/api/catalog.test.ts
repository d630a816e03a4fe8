import { describe, expect, it } from 'vitest';
import { catalogLimits, getListings, searchListingIds, type CatalogEntry, type ListingSearch } from './catalog';
import { driftRecords } from './drift';
import { isUnreadable } from './unreadable';
import { demoSeller, otherSeller, server, testDb } from '../test/demo';
import { peakInFlight } from '../test/inFlight';

const sellerId = demoSeller.id;

function ownItems() {
  return [...testDb().items.values()].filter((item) => item.seller_id === sellerId);
}

/** Every id the search lists, page by page. */
async function allIds(search: ListingSearch, limit: number): Promise<string[]> {
  const ids: string[] = [];
  for (let offset = 0; ; offset += limit) {
    const page = await searchListingIds(sellerId, { ...search, offset, limit });
    ids.push(...page.ids);
    if (offset + limit >= page.total) return ids;
  }
}

/**
 * `ids` cut into the batch reads getListings sends, each batch as one string, sorted: the reads sent at once reach
 * the simulator in any order, so tests compare them as a set.
 */
function sortedBatches(ids: readonly string[]): string[] {
  const { batchSize } = catalogLimits;
  return Array.from({ length: Math.ceil(ids.length / batchSize) }, (_, index) =>
    String(ids.slice(index * batchSize, (index + 1) * batchSize)),
  ).toSorted();
}

/** The item reads the app sends while `run` runs: the batch reads' ids and the single reads' ids. */
async function itemReads(run: () => Promise<unknown>) {
  const batches: string[][] = [];
  const singles: string[] = [];
  const listener = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    if (url.pathname.endsWith('/api/items')) batches.push(url.searchParams.get('ids')!.split(','));
    else if (/\/api\/items\/[^/]+$/.test(url.pathname)) singles.push(decodeURIComponent(url.pathname.split('/').at(-1)!));
  };
  server.events.on('request:start', listener);
  try {
    await run();
  } finally {
    server.events.removeListener('request:start', listener);
  }
  return { batches, singles };
}

describe('GET /users/{seller_id}/items/search (listing ids)', () => {
  it('pages through every listing of the seller exactly once, with the total', async () => {
    const ids = await allIds({}, 7);
    expect(ids).toHaveLength(ownItems().length);
    expect(new Set(ids)).toEqual(new Set(ownItems().map((item) => item.id)));
    const page = await searchListingIds(sellerId, { offset: 7, limit: 7 });
    expect(page).toMatchObject({ offset: 7, limit: 7, total: ownItems().length, ids: ids.slice(7, 14) });
  });

  it('filters by status, seller SKU and title words (any case, any accents, word starts)', async () => {
    for (const status of ['active', 'paused', 'closed'] as const) {
      const expected = ownItems().filter((item) => item.status === status);
      expect(expected.length).toBeGreaterThan(0);
      expect(new Set(await allIds({ status }, 100))).toEqual(new Set(expected.map((item) => item.id)));
    }
    const withSku = ownItems().find((item) => item.seller_custom_field !== null)!;
    expect(await allIds({ sellerSku: withSku.seller_custom_field! }, 100)).toEqual([withSku.id]);
    const smartphones = ownItems().filter((item) => /smartphone/i.test(item.title) && /negro/i.test(item.title));
    expect(smartphones.length).toBeGreaterThan(0);
    expect(await allIds({ q: 'NEGRO smart' }, 100)).toEqual(smartphones.map((item) => item.id));
    const lamp = ownItems().filter((item) => item.title.includes('Lámpara'));
    expect(lamp.length).toBeGreaterThan(0);
    expect(await allIds({ q: 'lampara' }, 100)).toEqual(lamp.map((item) => item.id));
    expect(await allIds({ q: 'ampara' }, 100)).toEqual([]);
  });

  it('refuses a limit over 100 with the spec error body (400 validation_error)', async () => {
    await expect(searchListingIds(sellerId, { limit: catalogLimits.maxSearchLimit + 1 })).rejects.toMatchObject({
      status: 400,
      error: 'validation_error',
    });
    await expect(searchListingIds(sellerId, { limit: catalogLimits.maxSearchLimit })).resolves.toMatchObject({ limit: 100 });
  });

  it("answers 403 for another seller's listings", async () => {
    await expect(searchListingIds(otherSeller.id, {})).rejects.toMatchObject({ status: 403, error: 'forbidden' });
  });
});

describe('getListings (GET /items?ids=, GET /items/{id})', () => {
  it('reads the listings in batches of at most 20, in the order asked, with the catalog fields', async () => {
    const ids = ownItems()
      .map((item) => item.id)
      .reverse();
    expect(ids.length).toBeGreaterThan(20);
    let listings: Awaited<ReturnType<typeof getListings>> = [];
    const reads = await itemReads(async () => {
      listings = await getListings(ids);
    });
    expect(listings.map((listing) => listing.id)).toEqual(ids);
    expect(reads.batches.map(String).toSorted()).toEqual(sortedBatches(ids));
    expect(reads.singles).toEqual([]);
    const item = testDb().items.get(ids[0]!)!;
    expect(listings[0]).toMatchObject({
      user_product_id: item.user_product_id,
      status: item.status,
      seller_custom_field: item.seller_custom_field,
      listing_type_id: item.listing_type_id,
    });
    expect(listings[0]).toMatchObject({
      permalink: expect.stringMatching(/^https:\/\//),
      thumbnail: expect.stringMatching(/^https?:\/\//),
    });
  });

  it('reads at most 5 batches at a time', async () => {
    testDb().config.latencyMs = 20;
    // Each id five times over: 8 batches, more than are read at once.
    const ids = Array.from({ length: 5 }, () => ownItems().map((item) => item.id)).flat();
    expect(ids.length).toBeGreaterThan(6 * 20);
    const isBatch = (request: Request) => new URL(request.url).pathname.endsWith('/api/items');
    const peak = await peakInFlight(isBatch, () => getListings(ids));
    expect(peak).toBe(5);
  });

  it('leaves out ids that answer 404', async () => {
    const [a, b] = ownItems();
    const listings = await getListings([a!.id, 'MLA999', b!.id]);
    expect(listings.map((listing) => listing.id)).toEqual([a!.id, b!.id]);
  });

  it('falls back to one read per id for a batch call that is refused, and for the batches not yet sent', async () => {
    // 141 ids asked (the seller's listings repeated, and one unknown): 8 batches, so three wait for the first five.
    const own = ownItems().map((item) => item.id);
    const ids = Array.from({ length: 5 }, () => own)
      .flat()
      .slice(0, 140);
    testDb().config.failures.push({ method: 'GET', path: '^/items$', status: 403, times: 1 });
    const asked = [...ids.slice(0, 25), 'MLA999', ...ids.slice(25)];
    let listings: Awaited<ReturnType<typeof getListings>> = [];
    const reads = await itemReads(async () => {
      listings = await getListings(asked);
    });
    expect(listings.map((listing) => listing.id)).toEqual(ids);
    // The first five calls went at once: whichever the simulator answered first was refused, the other four
    // answered, and the refused one's ids and the three batches not yet sent were read singly.
    const [firstFive, notSent] = [asked.slice(0, 100), asked.slice(100)];
    expect(reads.batches.map(String).toSorted()).toEqual(sortedBatches(firstFive));
    const refused = sortedBatches(firstFive).filter(
      (batch) => String([...batch.split(','), ...notSent].toSorted()) === String(reads.singles.toSorted()),
    );
    expect(refused).toHaveLength(1);
  });

  it('does not fall back when the batch call fails otherwise (a 500 or a 429 would fail the single reads too)', async () => {
    const ids = ownItems()
      .slice(0, 3)
      .map((item) => item.id);
    testDb().config.failures.push({ method: 'GET', path: '^/items$', status: 500, times: 1 });
    const reads = await itemReads(() => expect(getListings(ids)).rejects.toMatchObject({ status: 500 }));
    expect(reads.singles).toEqual([]);
  });

  it('the simulator refuses more than 20 ids in one call', async () => {
    const ids = ownItems()
      .slice(0, 21)
      .map((item) => item.id)
      .join(',');
    const response = await fetch(`http://localhost/api/items?ids=${ids}`);
    expect(response.status).toBe(400);
    await expect(response.json()).resolves.toMatchObject({ error: 'validation_error', status: 400 });
  });
});

describe('getListings: one odd listing never fails the list', () => {
  /** The seller's first 25 listings: a batch of 20 and one of 5. */
  const firstIds = () =>
    ownItems()
      .slice(0, 25)
      .map((item) => item.id);
  const readable = (entries: CatalogEntry[]) => entries.filter((entry) => !isUnreadable(entry));

  it.each([
    ['seller_custom_field', null],
    ['thumbnail', null],
    ['permalink', null],
    ['attributes', []],
    ['listing_type_id', null],
    ['user_product_id', null],
  ])('reads a listing without %s as one without it, and every other listing as usual', async (field, absent) => {
    const ids = firstIds();
    const odd = testDb().items.get(ids[3]!)!;
    odd.omitted = [field];
    const listings = await getListings(ids);
    expect(readable(listings).map((listing) => listing.id)).toEqual(ids);
    expect(listings[3]).toMatchObject({ id: odd.id, title: odd.title, price: odd.price, [field]: absent });
    // An optional field left out is no surprise: nothing is recorded.
    expect(driftRecords()).toEqual([]);
  });

  it('keeps a listing without its title in its place as an unreadable entry named by its id, recorded as drift', async () => {
    const ids = firstIds();
    testDb().items.get(ids[21]!)!.omitted = ['title'];
    const listings = await getListings(ids);
    expect(listings.map((listing) => listing.id)).toEqual(ids);
    expect(listings[21]).toEqual({ unreadable: 'missing', id: ids[21] });
    expect(readable(listings)).toHaveLength(ids.length - 1);
    expect(driftRecords()).toEqual([{ where: 'GET /items', detail: expect.stringMatching(new RegExp(`^${ids[21]}: title: `)), count: 1 }]);
  });

  it('names a listing without an id by the id asked for, and tells a field of another kind from a missing one', async () => {
    const ids = firstIds();
    testDb().items.get(ids[0]!)!.omitted = ['id'];
    Object.assign(testDb().items.get(ids[1]!)!, { price: 'free' });
    const listings = await getListings(ids);
    expect(listings.slice(0, 2)).toEqual([
      { unreadable: 'missing', id: ids[0] },
      { unreadable: 'invalid', id: ids[1] },
    ]);
    expect(readable(listings).map((listing) => listing.id)).toEqual(ids.slice(2));
    expect(driftRecords().map((drift) => drift.detail)).toEqual([
      expect.stringMatching(new RegExp(`^${ids[0]}: id: `)),
      expect.stringMatching(new RegExp(`^${ids[1]}: price: `)),
    ]);
  });

  it('reads the listings singly as leniently when the batch read is refused', async () => {
    const ids = firstIds().slice(0, 5);
    testDb().items.get(ids[2]!)!.omitted = ['title', 'thumbnail'];
    testDb().items.get(ids[4]!)!.omitted = ['seller_custom_field'];
    testDb().config.failures.push({ method: 'GET', path: '^/items$', status: 403, times: 1 });
    const reads = await itemReads(async () => {
      const listings = await getListings(ids);
      expect(listings[2]).toEqual({ unreadable: 'missing', id: ids[2] });
      expect(listings[4]).toMatchObject({ id: ids[4], seller_custom_field: null });
      expect(readable(listings).map((listing) => listing.id)).toEqual([ids[0], ids[1], ids[3], ids[4]]);
    });
    // The single reads run concurrently, so they may arrive in any order: each listing is read once.
    expect(reads.singles.toSorted()).toEqual(ids.toSorted());
    expect(driftRecords()).toEqual([
      { where: 'GET /items/{id}', detail: expect.stringMatching(new RegExp(`^${ids[2]}: title: `)), count: 1 },
    ]);
  });
});
