import { z } from 'zod/mini';
import './zodLocale';
import { requestData } from './client';
import { eachElement } from './unreadable';

/**
 * Categories and domains (spec: "Category", "Category attribute", "Categories and domains"). Every read is
 * public: the spec's examples send no token (the client still sends one when it has it).
 * Error bodies of these endpoints are "not shown"; the simulator answers the public API's
 * `404 not_found "Category not found"` (and the like for sites, domains) in the spec's error shape.
 */

/** A site is identified by three uppercase letters (spec). */
export const siteIdPattern = /^[A-Z]{3}$/;
/** Category ids are the site id followed by digits (e.g. MLA1055). */
export const categoryIdPattern = /^[A-Z]{3}\d+$/;

/** The site a category or domain id belongs to (its first three letters). */
export function siteOf(id: string): string {
  return id.slice(0, 3);
}

// ---------------------------------------------------------------------------------------------- sites

const siteSchema = z.object({ id: z.string(), name: z.string(), default_currency_id: z.string() });
export type Site = z.infer<typeof siteSchema>;

/** GET /sites. "Not shown" in the spec; the public API's shape: `[{id, name, default_currency_id}]`. */
export function getSites(signal?: AbortSignal): Promise<Site[]> {
  return requestData('/sites', { schema: z.array(siteSchema), signal });
}

/** Site category list entry: id and name (spec). */
const siteCategorySchema = z.object({ id: z.string(), name: z.string() });
export type SiteCategory = z.infer<typeof siteCategorySchema>;

/** GET /sites/{site}/categories: the top-level categories. Unknown site → 404 not_found. */
export function getSiteCategories(site: string, signal?: AbortSignal): Promise<SiteCategory[]> {
  return requestData(`/sites/${encodeURIComponent(site)}/categories`, { schema: z.array(siteCategorySchema), signal });
}

// ------------------------------------------------------------------------------------------- category

/**
 * `restrictions` and `shipping_options` are "array" without an element type in the spec; the public API
 * sends strings or small objects, so elements stay unknown and the UI words them.
 */
const looseList = z.array(z.unknown());

export const categorySettingsSchema = z.object({
  adult_content: z.boolean(),
  buying_allowed: z.boolean(),
  buying_modes: z.array(z.string()),
  coverage_areas: z.string(),
  currencies: z.array(z.string()),
  fragile: z.boolean(),
  immediate_payment: z.string(),
  item_conditions: z.array(z.string()),
  items_reviews_allowed: z.boolean(),
  max_description_length: z.int(),
  max_pictures_per_item: z.int(),
  max_sub_title_length: z.int(),
  max_title_length: z.int(),
  price: z.string(),
  restrictions: looseList,
  rounded_address: z.boolean(),
  seller_contact: z.string(),
  shipping_modes: z.array(z.string()),
  shipping_options: looseList,
  shipping_profile: z.string(),
  show_contact_information: z.boolean(),
  simple_shipping: z.string(),
  stock: z.string(),
  tags: z.array(z.string()),
  vip_subdomain: z.string(),
  mirror_category: z.nullable(z.string()),
  listing_allowed: z.boolean(),
  maximum_price: z.nullable(z.number()),
  minimum_price: z.nullable(z.number()),
  /**
   * Not in the spec's list: the public API names the category's domain here (e.g. MLA-CELLPHONES); it
   * leads to GET /domains/{id}/technical_specs. Optional: present in some responses.
   */
  catalog_domain: z.optional(z.string()),
});
export type CategorySettings = z.infer<typeof categorySettingsSchema>;

const categoryRefSchema = z.object({ id: z.string(), name: z.string() });

const categorySchema = z.object({
  id: z.string(),
  name: z.string(),
  picture: z.nullable(z.string()),
  permalink: z.nullable(z.string()),
  total_items_in_this_category: z.int(),
  path_from_root: z.array(categoryRefSchema),
  children_categories: z.array(z.extend(categoryRefSchema, { total_items_in_this_category: z.int() })),
  attribute_types: z.string(),
  settings: categorySettingsSchema,
  meta_categ_id: z.nullable(z.string()),
  attributable: z.boolean(),
});
export type Category = z.infer<typeof categorySchema>;

/** Only leaf categories (no children) accept item publication (spec). */
export function isLeaf(category: Pick<Category, 'children_categories'>): boolean {
  return category.children_categories.length === 0;
}

/** GET /categories/{id}. Unknown id → 404 not_found "Category not found". */
export function getCategory(id: string, signal?: AbortSignal): Promise<Category> {
  return requestData(`/categories/${encodeURIComponent(id)}`, { schema: categorySchema, signal });
}

// ----------------------------------------------------------------------------------------- attributes

export const attributeValueTypes = ['list', 'number', 'boolean', 'string'] as const;

const categoryAttributeSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The spec shows list, number, boolean and string; other types the live API may add pass as text. */
  value_type: z.string(),
  /** On number and string attributes. */
  value_max_length: z.optional(z.int()),
  /** Booleans such as fixed, required; may be empty. */
  tags: z.record(z.string(), z.boolean()),
  /** For list and boolean attributes. */
  values: z.optional(z.array(z.object({ id: z.string(), name: z.string() }))),
  attribute_group_id: z.string(),
  attribute_group_name: z.string(),
});
export type CategoryAttribute = z.infer<typeof categoryAttributeSchema>;

/** GET /categories/{id}/attributes. Unknown id → 404 not_found. */
export function getCategoryAttributes(id: string, signal?: AbortSignal): Promise<CategoryAttribute[]> {
  return requestData(`/categories/${encodeURIComponent(id)}/attributes`, { schema: z.array(categoryAttributeSchema), signal });
}

// -------------------------------------------------------------------------------------- item search

/** The public API pages search with offset/limit: at most 50 per page and offset + limit ≤ 1000. */
export const searchLimits = { maxLimit: 50, defaultLimit: 50, maxWindow: 1000 } as const;

const searchResultSchema = z.object({
  id: z.string(),
  site_id: z.string(),
  title: z.string(),
  category_id: z.string(),
  price: z.number(),
  currency_id: z.string(),
  available_quantity: z.int(),
  sold_quantity: z.int(),
  seller: z.object({ id: z.int() }),
});

const itemSearchSchema = z.object({
  site_id: z.string(),
  paging: z.object({ total: z.int(), offset: z.int(), limit: z.int() }),
  /** Read item by item: one the panel cannot read is a row that says so, not a failed page. */
  results: eachElement(searchResultSchema, 'GET /sites/{site_id}/search'),
});
export type ItemSearch = z.infer<typeof itemSearchSchema>;

export interface ItemSearchParams {
  category: string;
  offset?: number;
  limit?: number;
}

/**
 * GET /sites/{site}/search?category=. Response "not shown" in the spec; the public API's envelope reduced
 * to what a seller reads: `{site_id, paging:{total, offset, limit}, results:[{id, site_id, title, category_id,
 * price, currency_id, available_quantity, sold_quantity, seller:{id}}]}`. Results are the category's items
 * and those of its subcategories. The public API now answers 403 here even with a token: callers must say so.
 * Errors: 400 bad_request for a missing category or a page beyond the limits, 404 for an unknown site or category.
 */
export function searchCategoryItems(site: string, params: ItemSearchParams, signal?: AbortSignal): Promise<ItemSearch> {
  return requestData(`/sites/${encodeURIComponent(site)}/search`, {
    query: { category: params.category, offset: params.offset, limit: params.limit },
    schema: itemSearchSchema,
    signal,
  });
}

// ---------------------------------------------------------------------------------------- listing types

const listingTypeSchema = z.object({ site_id: z.string(), id: z.string(), name: z.string() });
export type ListingType = z.infer<typeof listingTypeSchema>;

/** GET /sites/{site}/listing_types. "Not shown"; the public API's shape: `[{site_id, id, name}]`. */
export function getListingTypes(site: string, signal?: AbortSignal): Promise<ListingType[]> {
  return requestData(`/sites/${encodeURIComponent(site)}/listing_types`, { schema: z.array(listingTypeSchema), signal });
}

/** A listing price: a positive amount with at most two decimals, below a sane ceiling. */
export const listingPriceLimits = { min: 0.01, max: 999_999_999 } as const;

export function validateListingPrice(
  raw: string,
): { ok: true; price: number } | { ok: false; reason: 'required' | 'number' | 'range' | 'decimals' } {
  const text = raw.trim().replace(',', '.');
  if (text === '') return { ok: false, reason: 'required' };
  if (!/^\d+(\.\d+)?$/.test(text)) return { ok: false, reason: 'number' };
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return { ok: false, reason: 'decimals' };
  const price = Number(text);
  if (price < listingPriceLimits.min || price > listingPriceLimits.max) return { ok: false, reason: 'range' };
  return { ok: true, price };
}

const listingPriceSchema = z.object({
  listing_type_id: z.string(),
  listing_type_name: z.string(),
  listing_exposure: z.string(),
  currency_id: z.string(),
  listing_fee_amount: z.number(),
  sale_fee_amount: z.number(),
  /** Not in the list; the public API details the sale fee like this (present in some responses). */
  sale_fee_details: z.optional(z.object({ percentage_fee: z.number(), fixed_fee: z.number(), gross_amount: z.number() })),
});
export type ListingPrice = z.infer<typeof listingPriceSchema>;

/**
 * GET /sites/{site}/listing_prices?price=. "Not shown"; the public API's shape:
 * `[{listing_type_id, listing_type_name, listing_exposure, currency_id, listing_fee_amount, sale_fee_amount,
 * sale_fee_details:{percentage_fee, fixed_fee, gross_amount}}]`, one entry per listing type of the site.
 * 400 bad_request when price is missing or not a positive number (check with `validateListingPrice` first).
 */
export function getListingPrices(site: string, price: number, signal?: AbortSignal): Promise<ListingPrice[]> {
  return requestData(`/sites/${encodeURIComponent(site)}/listing_prices`, {
    query: { price },
    schema: z.array(listingPriceSchema),
    signal,
  });
}

// ------------------------------------------------------------------------------------- domain discovery

/** The predictor needs some words: at most 200 characters, as a title is short; at most 8 suggestions. */
export const discoveryLimits = { maxQueryLength: 200, maxLimit: 8, defaultLimit: 4 } as const;

const domainDiscoverySchema = z.object({
  domain_id: z.string(),
  domain_name: z.string(),
  category_id: z.string(),
  category_name: z.string(),
  attributes: z.array(z.object({ id: z.string(), name: z.optional(z.string()), value_id: z.nullable(z.string()), value_name: z.string() })),
});
export type DomainDiscovery = z.infer<typeof domainDiscoverySchema>;

/**
 * GET /sites/{site}/domain_discovery/search?q=&limit=. "Not shown"; the public API's shape:
 * `[{domain_id, domain_name, category_id, category_name, attributes:[{id, name?, value_id, value_name}]}]`,
 * best first. 400 bad_request for an empty q (or longer than 200 characters) or a limit outside 1..8.
 */
export function discoverDomains(site: string, q: string, limit?: number, signal?: AbortSignal): Promise<DomainDiscovery[]> {
  return requestData(`/sites/${encodeURIComponent(site)}/domain_discovery/search`, {
    query: { q, limit },
    schema: z.array(domainDiscoverySchema),
    signal,
  });
}

// -------------------------------------------------------------------------------------- promotion packs

const promotionPackSchema = z.object({
  id: z.string(),
  description: z.string(),
  status: z.enum(['active', 'inactive']),
  listing_type_id: z.string(),
  listing_quantity: z.int(),
  duration_days: z.int(),
  price: z.number(),
  currency_id: z.string(),
});
export type PromotionPack = z.infer<typeof promotionPackSchema>;

/**
 * GET /categories/{id}/classifieds_promotion_packs. "Not shown" anywhere; our choice: an array of packs
 * `{id, description, status: active|inactive, listing_type_id, listing_quantity, duration_days, price,
 * currency_id}` (a pack buys `listing_quantity` listings of one type for `duration_days`). Categories that
 * are not classifieds answer an empty array; an unknown category 404 not_found.
 */
export function getPromotionPacks(categoryId: string, signal?: AbortSignal): Promise<PromotionPack[]> {
  return requestData(`/categories/${encodeURIComponent(categoryId)}/classifieds_promotion_packs`, {
    schema: z.array(promotionPackSchema),
    signal,
  });
}

// ------------------------------------------------------------------------------------- technical specs

const technicalSpecsSchema = z.object({
  domain_id: z.string(),
  domain_name: z.string(),
  groups: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      attributes: z.array(z.object({ id: z.string(), name: z.string(), value_type: z.string(), required: z.boolean() })),
    }),
  ),
});
export type TechnicalSpecs = z.infer<typeof technicalSpecsSchema>;

/**
 * GET /domains/{id}/technical_specs. "Not shown"; our choice, a flattened form of the public API's
 * input groups: `{domain_id, domain_name, groups:[{id, label, attributes:[{id, name, value_type, required}]}]}`.
 * Unknown domain → 404 not_found.
 */
export function getTechnicalSpecs(domainId: string, signal?: AbortSignal): Promise<TechnicalSpecs> {
  return requestData(`/domains/${encodeURIComponent(domainId)}/technical_specs`, { schema: technicalSpecsSchema, signal });
}
