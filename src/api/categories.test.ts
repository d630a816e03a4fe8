import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { configureClient } from './client';
import {
  attributeValueTypes,
  categorySettingsSchema,
  discoverDomains,
  getCategory,
  getCategoryAttributes,
  getListingPrices,
  getListingTypes,
  getPromotionPacks,
  getSiteCategories,
  getSites,
  getTechnicalSpecs,
  isLeaf,
  searchCategoryItems,
  validateListingPrice,
  type Category,
} from './categories';
import { itemCategories, server, testDb } from '../test/demo';
import { driftRecords } from './drift';
import { reshapeGet } from '../test/http';
import { allReadable, changeElement } from '../test/readable';

/** Every category of a site, walked through the API from the top level. */
async function walk(site: string): Promise<Category[]> {
  const seen: Category[] = [];
  const queue = (await getSiteCategories(site)).map((c) => c.id);
  while (queue.length) {
    const category = await getCategory(queue.shift()!);
    seen.push(category);
    queue.push(...category.children_categories.map((c) => c.id));
  }
  return seen;
}

describe('sites and the category tree', () => {
  it('GET /sites lists at least three sites, each with its currency', async () => {
    const sites = await getSites();
    expect(sites).toEqual(
      expect.arrayContaining([
        { id: 'MLA', name: 'Argentina', default_currency_id: 'ARS' },
        { id: 'MLB', name: 'Brasil', default_currency_id: 'BRL' },
        { id: 'MLM', name: 'México', default_currency_id: 'MXN' },
      ]),
    );
  });

  it('categories, sites and items are public: they answer without a token', async () => {
    configureClient({ getToken: () => '' });
    await expect(getSites()).resolves.not.toHaveLength(0);
    await expect(getCategory('MLA1055')).resolves.toMatchObject({ id: 'MLA1055' });
    await expect(searchCategoryItems('MLA', { category: 'MLA1055' })).resolves.toMatchObject({ site_id: 'MLA' });
  });

  it('path_from_root and children agree, leaves have no children, and a parent counts the sum of its children', async () => {
    for (const { id: site } of await getSites()) {
      const categories = await walk(site);
      const byId = new Map(categories.map((c) => [c.id, c]));
      for (const category of categories) {
        expect(category.path_from_root.at(-1)).toEqual({ id: category.id, name: category.name });
        expect(category.id.startsWith(site)).toBe(true);
        for (const child of category.children_categories) {
          const full = byId.get(child.id)!;
          expect(full.path_from_root).toEqual([...category.path_from_root, { id: child.id, name: child.name }]);
          expect(full.total_items_in_this_category).toBe(child.total_items_in_this_category);
        }
        if (!isLeaf(category)) {
          const sum = category.children_categories.reduce((s, c) => s + c.total_items_in_this_category, 0);
          expect(category.total_items_in_this_category).toBe(sum);
        }
        // Only leaf categories accept item publication.
        expect(category.settings.listing_allowed).toBe(isLeaf(category));
      }
    }
  });

  it("the seller's item categories are leaves under the parents the items expect", async () => {
    for (const { id, name, parent } of Object.values(itemCategories)) {
      const category = await getCategory(id);
      expect(category.name).toBe(name);
      expect(isLeaf(category)).toBe(true);
      expect(category.path_from_root.at(-2)).toEqual(parent);
    }
  });

  it('settings report every field of the spec, and limits vary per category', async () => {
    const phones = await getCategory('MLA1055');
    const notebooks = await getCategory('MLA1652');
    const cars = await getCategory('MLA1744');
    for (const field of Object.keys(categorySettingsSchema.shape).filter((f) => f !== 'catalog_domain')) {
      expect(phones.settings).toHaveProperty(field);
    }
    expect(phones.settings).toMatchObject({
      max_title_length: 60,
      max_sub_title_length: 70,
      max_description_length: 50000,
      max_pictures_per_item: 12,
    });
    expect(notebooks.settings.max_title_length).toBe(65);
    expect(cars.settings).toMatchObject({ max_title_length: 80, buying_modes: ['classified'], minimum_price: 500000 });
  });

  it('attributes cover every value type, with required and fixed tags and group names', async () => {
    const all = [...(await getCategoryAttributes('MLA1055')), ...(await getCategoryAttributes('MLA1744'))];
    expect(new Set(all.map((a) => a.value_type))).toEqual(new Set(attributeValueTypes));
    expect(all.some((a) => a.tags.required)).toBe(true);
    expect(all.some((a) => a.tags.fixed)).toBe(true);
    expect(all.some((a) => Object.keys(a.tags).length === 0)).toBe(true);
    for (const attribute of all) {
      expect(attribute.attribute_group_name).not.toBe('');
      if (attribute.value_type === 'list' || attribute.value_type === 'boolean') expect(attribute.values?.length).toBeGreaterThan(0);
      if (attribute.value_type === 'number' || attribute.value_type === 'string') expect(attribute.value_max_length).toBeGreaterThan(0);
    }
  });

  it('unknown ids answer 404 not_found in the spec error shape', async () => {
    await expect(getCategory('MLA999999')).rejects.toMatchObject({ status: 404, error: 'not_found', message: 'Category not found' });
    await expect(getCategoryAttributes('MLA999999')).rejects.toMatchObject({ status: 404, error: 'not_found' });
    await expect(getPromotionPacks('MLA999999')).rejects.toMatchObject({ status: 404, error: 'not_found' });
    await expect(getSiteCategories('XXX')).rejects.toMatchObject({ status: 404, error: 'not_found', message: 'Site not found' });
    await expect(getTechnicalSpecs('MLA-NOPE')).rejects.toMatchObject({ status: 404, error: 'not_found', message: 'Domain not found' });
  });
});

describe('GET /sites/{site}/search?category=', () => {
  it('reads the items one by one: one without its price keeps its place as unreadable, the others are listed', async () => {
    const whole = allReadable((await searchCategoryItems('MLA', { category: 'MLA1055', limit: 5 })).results);
    reshapeGet('/sites/:site/search', (body) => changeElement(body, 'results', 4, ({ price: _price, ...item }) => item));
    const page = await searchCategoryItems('MLA', { category: 'MLA1055', limit: 5 });
    expect(page.results).toEqual([...whole.slice(0, 4), { unreadable: 'missing', id: whole[4]!.id }]);
    expect(driftRecords()).toEqual([
      { where: 'GET /sites/{site_id}/search', detail: expect.stringMatching(new RegExp(`^${whole[4]!.id}: price: `)), count: 1 },
    ]);
  });

  it("answers the category's items and those of its subcategories, paged with offset and limit", async () => {
    const first = await searchCategoryItems('MLA', { category: 'MLA1055', limit: 10 });
    expect(first.paging).toMatchObject({ offset: 0, limit: 10 });
    expect(first.paging.total).toBeGreaterThan(20);
    expect(first.results).toHaveLength(10);
    expect(allReadable(first.results).every((r) => r.category_id === 'MLA1055' && r.currency_id === 'ARS')).toBe(true);
    const second = await searchCategoryItems('MLA', { category: 'MLA1055', offset: 10, limit: 10 });
    expect(second.results.map((r) => r.id)).not.toContain(first.results[0]!.id);
    const parent = await searchCategoryItems('MLA', { category: 'MLA1051' });
    expect(parent.paging.total).toBeGreaterThan(first.paging.total);
  });

  it('lists the seller items of the category next to the ones the simulator adds', async () => {
    const all = await searchCategoryItems('MLA', { category: 'MLA1744', limit: 50 });
    const ids = all.results.map((r) => r.id);
    for (const item of testDb().items.values()) if (item.category_id === 'MLA1744') expect(ids).toContain(item.id);
  });

  it('refuses a limit above 50 and a page beyond offset + limit 1000 (400)', async () => {
    await expect(searchCategoryItems('MLA', { category: 'MLA1055', limit: 51 })).rejects.toMatchObject({
      status: 400,
      error: 'bad_request',
    });
    await expect(searchCategoryItems('MLA', { category: 'MLA1055', offset: 990, limit: 20 })).rejects.toMatchObject({ status: 400 });
  });

  it("a category of another site is not found on this site's search", async () => {
    await expect(searchCategoryItems('MLB', { category: 'MLA1055' })).rejects.toMatchObject({ status: 404, error: 'not_found' });
  });

  it('the 403 the public API now answers reaches the caller as an ApiError', async () => {
    server.use(
      http.get('*/api/sites/:site/search', () =>
        HttpResponse.json({ message: 'forbidden', error: 'forbidden', status: 403, cause: [] }, { status: 403 }),
      ),
    );
    await expect(searchCategoryItems('MLA', { category: 'MLA1055' })).rejects.toMatchObject({ status: 403, error: 'forbidden' });
  });
});

describe('listing types and prices', () => {
  it('listing types are per site, in the site language', async () => {
    expect(await getListingTypes('MLA')).toEqual([
      { site_id: 'MLA', id: 'gold_pro', name: 'Premium' },
      { site_id: 'MLA', id: 'gold_special', name: 'Clásica' },
      { site_id: 'MLA', id: 'free', name: 'Gratuita' },
    ]);
    expect((await getListingTypes('MLB')).map((t) => t.name)).toContain('Clássico');
  });

  it('sale fee = price × the type percentage, plus the fixed fee below the threshold', async () => {
    const high = await getListingPrices('MLA', 100000);
    expect(high.find((p) => p.listing_type_id === 'gold_pro')).toMatchObject({
      sale_fee_amount: 16500,
      listing_fee_amount: 0,
      currency_id: 'ARS',
    });
    expect(high.find((p) => p.listing_type_id === 'gold_special')?.sale_fee_amount).toBe(12500);
    const low = await getListingPrices('MLA', 10000);
    expect(low.find((p) => p.listing_type_id === 'gold_special')).toMatchObject({
      sale_fee_amount: 2250,
      sale_fee_details: { fixed_fee: 1000 },
    });
    expect(low.find((p) => p.listing_type_id === 'free')?.sale_fee_amount).toBe(0);
    const brl = await getListingPrices('MLB', 50);
    expect(brl.find((p) => p.listing_type_id === 'gold_pro')).toMatchObject({ sale_fee_amount: 14.25, currency_id: 'BRL' });
  });

  it('a missing or non-positive price is a 400 (and the form check refuses it first)', async () => {
    for (const bad of ['', 'abc', '0', '-5', '1.234']) expect(validateListingPrice(bad).ok).toBe(false);
    expect(validateListingPrice('1500,5')).toEqual({ ok: true, price: 1500.5 });
    await expect(getListingPrices('MLA', 0)).rejects.toMatchObject({ status: 400, error: 'bad_request' });
  });
});

describe('GET /sites/{site}/domain_discovery/search', () => {
  it('matches title words to leaf categories, best first, with brand and colour', async () => {
    const [best, ...rest] = await discoverDomains('MLA', 'Smartphone Samsung Galaxy A15 128 GB negro');
    expect(best).toMatchObject({ domain_id: 'MLA-CELLPHONES', category_id: 'MLA1055', category_name: 'Celulares y Smartphones' });
    expect(best!.attributes).toEqual([
      { id: 'BRAND', name: 'Marca', value_id: expect.any(String), value_name: 'Samsung' },
      { id: 'COLOR', name: 'Color', value_id: '52049', value_name: 'Negro' },
    ]);
    expect(rest.every((r) => r.category_id !== 'MLA1055')).toBe(true);
    for (const suggestion of await discoverDomains('MLA', 'Toyota Corolla 2.0 XEI CVT 2021')) {
      expect((await getCategory(suggestion.category_id)).children_categories).toEqual([]);
    }
    expect((await discoverDomains('MLA', 'Toyota Corolla 2.0 XEI CVT 2021'))[0]?.category_id).toBe('MLA1744');
  });

  it('answers per site and in its language', async () => {
    const [best] = await discoverDomains('MLB', 'Tênis Nike corrida branco');
    expect(best).toMatchObject({ category_id: 'MLB23332', domain_name: 'Tênis' });
    expect(best!.attributes.find((a) => a.id === 'COLOR')?.value_name).toBe('Branco');
  });

  it('an empty q or a limit outside 1..8 is a 400; no match is an empty list', async () => {
    await expect(discoverDomains('MLA', '   ')).rejects.toMatchObject({ status: 400, error: 'bad_request' });
    await expect(discoverDomains('MLA', 'celular', 9)).rejects.toMatchObject({ status: 400 });
    await expect(discoverDomains('MLA', 'qwertyuiop')).resolves.toEqual([]);
  });
});

describe('promotion packs and technical specs', () => {
  it('classified categories sell promotion packs in the site currency; others have none', async () => {
    const packs = await getPromotionPacks('MLA1744');
    expect(packs.length).toBeGreaterThan(0);
    expect(packs.every((p) => p.currency_id === 'ARS')).toBe(true);
    expect(await getPromotionPacks('MLA1055')).toEqual([]);
  });

  it("a domain's technical specs group the attributes of its category", async () => {
    const phones = await getCategory('MLA1055');
    const specs = await getTechnicalSpecs(phones.settings.catalog_domain!);
    expect(specs.domain_id).toBe('MLA-CELLPHONES');
    const ids = specs.groups.flatMap((g) => g.attributes.map((a) => a.id));
    expect(ids.sort()).toEqual((await getCategoryAttributes('MLA1055')).map((a) => a.id).sort());
  });
});

describe('contract: every simulator response of the default seed parses', () => {
  it('walks every site, category, attribute list, search page, price, prediction, pack and spec', async () => {
    for (const { id: site } of await getSites()) {
      await getListingTypes(site);
      for (const price of [1, 50, 10000, 250000.5]) await getListingPrices(site, price);
      for (const category of await walk(site)) {
        await getCategoryAttributes(category.id);
        await getPromotionPacks(category.id);
        const first = await searchCategoryItems(site, { category: category.id, limit: 50 });
        allReadable(first.results);
        for (let offset = 50; offset < first.paging.total; offset += 50)
          allReadable((await searchCategoryItems(site, { category: category.id, offset, limit: 50 })).results);
        if (category.settings.catalog_domain) await getTechnicalSpecs(category.settings.catalog_domain);
      }
      for (const domain of testDb().categories.domains.values()) {
        if (domain.site === site) await discoverDomains(site, Object.keys(domain.keywords).join(' '), 8);
      }
    }
  });
});
