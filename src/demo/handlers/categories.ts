import type { DomainDiscovery, ItemSearch, ListingPrice, TechnicalSpecs } from '../../api/categories';
import type { Db } from '../db';
import { colorWords, listingTypes, titleWords, type CategoryRecord, type SiteRecord } from '../db/categories';
import { fail, type Route } from '../route';

// Not shown in the spec; the simulator's choices, as the public API behaves: item search pages of at most
// 50 with offset + limit ≤ 1000; the category predictor takes at most 200 characters and 8 suggestions;
// a listing price is a positive amount with at most two decimals, below a sane ceiling.
const searchLimits = { maxLimit: 50, defaultLimit: 50, maxWindow: 1000 } as const;
const discoveryLimits = { maxQueryLength: 200, maxLimit: 8, defaultLimit: 4 } as const;
const maxListingPrice = 999_999_999;

/** The price asked for, or null when it is missing or not a positive amount with at most two decimals. */
function listingPrice(raw: string): number | null {
  const text = raw.trim().replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const price = Number(text);
  return price > 0 && price <= maxListingPrice ? price : null;
}

/**
 * Categories and domains: every read is public (`{ public: true }`). Errors of these endpoints are "not
 * shown" in the spec; we answer the public API's 404 not_found ("Category not found", "Site not found",
 * "Domain not found") and 400 bad_request for a missing or malformed query parameter.
 */

function findSite(db: Db, id: string | undefined): SiteRecord {
  const site = db.categories.sites.find((s) => s.id === id);
  if (!site) fail(404, 'not_found', 'Site not found');
  return site;
}

function findCategory(db: Db, id: string | undefined): CategoryRecord {
  const category = db.categories.categories.get(id ?? '');
  if (!category) fail(404, 'not_found', 'Category not found');
  return category;
}

/** A non-negative integer query parameter within [min, max], or its default when absent. */
function intParam(url: URL, name: string, fallback: number, min: number, max: number): number {
  const raw = url.searchParams.get(name);
  if (raw === null || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    fail(400, 'bad_request', `Invalid ${name}: ${raw}. Valid values are ${min} to ${max}`);
  }
  return value;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * Listing prices follow from the price: sale fee = price × the listing type's percentage (per site), plus the
 * site's fixed fee when the price is below its threshold (ARS 1,000 under ARS 15,000; BRL 6.25 under BRL 79;
 * MXN 25 under MXN 299). Free listings pay nothing. Publishing itself is free (listing_fee_amount 0).
 * With a category_id, the category's domain adds its saleFeePoints to the percentage (so a recategorized
 * item can pay another fee); with a listing_type_id, only that type is listed.
 */
export function listingPrices(site: SiteRecord, price: number, category: CategoryRecord | null, typeId: string | null): ListingPrice[] {
  const types = typeId === null ? listingTypes : listingTypes.filter((type) => type.id === typeId);
  return types.map((type) => {
    const base = site.fees.percent[type.id];
    const percent = base > 0 && category ? round2(base + category.saleFeePoints) : base;
    const fixed = percent > 0 && price < site.fees.fixedFeeBelow ? site.fees.fixedFee : 0;
    const gross = round2((price * percent) / 100 + fixed);
    return {
      listing_type_id: type.id,
      listing_type_name: type.name[site.language],
      listing_exposure: type.exposure,
      currency_id: site.default_currency_id,
      listing_fee_amount: 0,
      sale_fee_amount: gross,
      sale_fee_details: { percentage_fee: percent, fixed_fee: fixed, gross_amount: gross },
    };
  });
}

/**
 * The predictor: each title word adds its weight to the domains whose keyword table lists it; domains with
 * a score come back best first (ties by domain id), with the brand and colour the title names, when the
 * domain has those attributes.
 */
function discover(db: Db, site: SiteRecord, q: string, limit: number): DomainDiscovery[] {
  const words = new Set(titleWords(q));
  const scored = [...db.categories.domains.values()]
    .filter((domain) => domain.site === site.id)
    .map((domain) => ({ domain, score: [...words].reduce((sum, word) => sum + (domain.keywords[word] ?? 0), 0) }))
    .filter(({ score }) => score > 0)
    .sort((a, b) => b.score - a.score || a.domain.id.localeCompare(b.domain.id))
    .slice(0, limit);
  return scored.map(({ domain }) => {
    const category = db.categories.categories.get(domain.categoryId)!;
    const attributeName = (id: string) => category.attributes.find((a) => a.id === id)?.name;
    const brand = domain.brands.find((b) => b.words.some((w) => words.has(w)));
    const color = domain.hasColor ? colorWords.find((c) => c.words.some((w) => words.has(w))) : undefined;
    return {
      domain_id: domain.id,
      domain_name: domain.name,
      category_id: category.resource.id,
      category_name: category.resource.name,
      attributes: [
        ...(brand ? [{ id: 'BRAND', name: attributeName('BRAND'), value_id: brand.id, value_name: brand.name }] : []),
        ...(color ? [{ id: 'COLOR', name: attributeName('COLOR'), value_id: color.id, value_name: color.name[site.language] }] : []),
      ],
    };
  });
}

export function categoriesHandlers(route: Route) {
  const open = { public: true };
  return [
    route(
      'get',
      '/sites',
      ({ db }) => db.categories.sites.map(({ id, name, default_currency_id }) => ({ id, name, default_currency_id })),
      open,
    ),

    route(
      'get',
      '/sites/:site/categories',
      ({ db, params }) => {
        const site = findSite(db, params.site);
        return db.categories.topLevel.get(site.id)!.map((id) => {
          const { resource } = findCategory(db, id);
          return { id: resource.id, name: resource.name };
        });
      },
      open,
    ),

    route('get', '/categories/:id', ({ db, params }) => findCategory(db, params.id).resource, open),

    route('get', '/categories/:id/attributes', ({ db, params }) => findCategory(db, params.id).attributes, open),

    route('get', '/categories/:id/classifieds_promotion_packs', ({ db, params }) => findCategory(db, params.id).packs, open),

    route(
      'get',
      '/sites/:site/search',
      ({ db, params, url }): ItemSearch => {
        const site = findSite(db, params.site);
        const categoryId = url.searchParams.get('category');
        if (!categoryId) fail(400, 'bad_request', 'The query param category is required');
        const category = db.categories.categories.get(categoryId);
        if (!category || category.site.id !== site.id) fail(404, 'not_found', 'Category not found');
        const limit = intParam(url, 'limit', searchLimits.defaultLimit, 1, searchLimits.maxLimit);
        const offset = intParam(url, 'offset', 0, 0, searchLimits.maxWindow);
        if (offset + limit > searchLimits.maxWindow) {
          fail(
            400,
            'bad_request',
            `The requested offset is higher than the allowed: offset + limit must be at most ${searchLimits.maxWindow}`,
          );
        }
        const inTree = new Set(category.subtree);
        // Most sold first, then by id, so pages are stable.
        const matches = [...db.items.values()]
          .filter((item) => item.site_id === site.id && inTree.has(item.category_id))
          .sort((a, b) => b.sold_quantity - a.sold_quantity || a.id.localeCompare(b.id));
        return {
          site_id: site.id,
          paging: { total: matches.length, offset, limit },
          results: matches.slice(offset, offset + limit).map((item) => ({
            id: item.id,
            site_id: item.site_id,
            title: item.title,
            category_id: item.category_id,
            price: item.price,
            currency_id: item.currency_id,
            available_quantity: item.available_quantity,
            sold_quantity: item.sold_quantity,
            seller: { id: item.seller_id },
          })),
        };
      },
      open,
    ),

    route(
      'get',
      '/sites/:site/listing_types',
      ({ db, params }) => {
        const site = findSite(db, params.site);
        return listingTypes.map((type) => ({ site_id: site.id, id: type.id, name: type.name[site.language] }));
      },
      open,
    ),

    route(
      'get',
      '/sites/:site/listing_prices',
      ({ db, params, url }) => {
        const site = findSite(db, params.site);
        const raw = url.searchParams.get('price')?.trim() ?? '';
        if (raw === '') fail(400, 'bad_request', 'The query param price is required');
        const price = listingPrice(raw);
        if (price === null) fail(400, 'bad_request', 'The query param price must be a positive amount with at most two decimals');
        const categoryId = url.searchParams.get('category_id');
        const category = categoryId ? findCategory(db, categoryId) : null;
        if (category && category.site.id !== site.id) fail(404, 'not_found', 'Category not found');
        const typeId = url.searchParams.get('listing_type_id');
        if (typeId !== null && !listingTypes.some((type) => type.id === typeId))
          fail(400, 'bad_request', `Invalid listing_type_id: ${typeId}`);
        return listingPrices(site, price, category, typeId);
      },
      open,
    ),

    route(
      'get',
      '/sites/:site/domain_discovery/search',
      ({ db, params, url }) => {
        const site = findSite(db, params.site);
        const q = (url.searchParams.get('q') ?? '').trim();
        if (!q) fail(400, 'bad_request', 'The query param q is required');
        if (q.length > discoveryLimits.maxQueryLength)
          fail(400, 'bad_request', `The query param q must be at most ${discoveryLimits.maxQueryLength} characters`);
        const limit = intParam(url, 'limit', discoveryLimits.defaultLimit, 1, discoveryLimits.maxLimit);
        return discover(db, site, q, limit);
      },
      open,
    ),

    route(
      'get',
      '/domains/:id/technical_specs',
      ({ db, params }): TechnicalSpecs => {
        const domain = db.categories.domains.get(params.id ?? '');
        if (!domain) fail(404, 'not_found', 'Domain not found');
        const { attributes } = findCategory(db, domain.categoryId);
        const groupIds = [...new Set(attributes.map((a) => a.attribute_group_id))];
        return {
          domain_id: domain.id,
          domain_name: domain.name,
          groups: groupIds.map((id) => {
            const members = attributes.filter((a) => a.attribute_group_id === id);
            return {
              id,
              label: members[0]!.attribute_group_name,
              attributes: members.map((a) => ({ id: a.id, name: a.name, value_type: a.value_type, required: a.tags.required === true })),
            };
          }),
        };
      },
      open,
    ),
  ];
}
