import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  discoverDomains,
  getCategory,
  getCategoryAttributes,
  getListingPrices,
  getListingTypes,
  getPromotionPacks,
  getSiteCategories,
  getSites,
  getTechnicalSpecs,
  searchCategoryItems,
  type ItemSearchParams,
} from '../../api/categories';

/** Category data changes rarely: kept fresh and in memory for an hour, so moving through the tree is instant. */
const hour = 60 * 60_000;
const longLived = { staleTime: hour, gcTime: hour } as const;

/** Query keys of the categories area, general → specific. */
const categoryKeys = {
  all: ['categories'] as const,
  sites: () => [...categoryKeys.all, 'sites'] as const,
  topLevel: (site: string) => [...categoryKeys.all, 'top-level', site] as const,
  detail: (id: string) => [...categoryKeys.all, 'detail', id] as const,
  attributes: (id: string) => [...categoryKeys.all, 'attributes', id] as const,
  packs: (id: string) => [...categoryKeys.all, 'packs', id] as const,
  items: (site: string, params: ItemSearchParams) => [...categoryKeys.all, 'items', site, params] as const,
  listingTypes: (site: string) => [...categoryKeys.all, 'listing-types', site] as const,
  listingPrices: (site: string, price: number) => [...categoryKeys.all, 'listing-prices', site, price] as const,
  discovery: (site: string, q: string) => [...categoryKeys.all, 'discovery', site, q] as const,
  technicalSpecs: (domainId: string) => [...categoryKeys.all, 'technical-specs', domainId] as const,
};

export const sitesQuery = queryOptions({
  queryKey: categoryKeys.sites(),
  queryFn: ({ signal }) => getSites(signal),
  ...longLived,
});

export function topLevelQuery(site: string) {
  return queryOptions({ queryKey: categoryKeys.topLevel(site), queryFn: ({ signal }) => getSiteCategories(site, signal), ...longLived });
}

/** One category: the same options serve the page, hover prefetch and the breadcrumb trail. */
export function categoryQuery(id: string) {
  return queryOptions({ queryKey: categoryKeys.detail(id), queryFn: ({ signal }) => getCategory(id, signal), ...longLived });
}

export function attributesQuery(id: string) {
  return queryOptions({ queryKey: categoryKeys.attributes(id), queryFn: ({ signal }) => getCategoryAttributes(id, signal), ...longLived });
}

export function promotionPacksQuery(id: string) {
  return queryOptions({ queryKey: categoryKeys.packs(id), queryFn: ({ signal }) => getPromotionPacks(id, signal), ...longLived });
}

export function technicalSpecsQuery(domainId: string) {
  return queryOptions({
    queryKey: categoryKeys.technicalSpecs(domainId),
    queryFn: ({ signal }) => getTechnicalSpecs(domainId, signal),
    ...longLived,
  });
}

export function listingTypesQuery(site: string) {
  return queryOptions({ queryKey: categoryKeys.listingTypes(site), queryFn: ({ signal }) => getListingTypes(site, signal), ...longLived });
}

export function listingPricesQuery(site: string, price: number) {
  return queryOptions({
    queryKey: categoryKeys.listingPrices(site, price),
    queryFn: ({ signal }) => getListingPrices(site, price, signal),
    ...longLived,
  });
}

export function discoveryQuery(site: string, q: string) {
  return queryOptions({
    queryKey: categoryKeys.discovery(site, q),
    queryFn: ({ signal }) => discoverDomains(site, q, undefined, signal),
    ...longLived,
  });
}

/** Items change often: the default freshness; the previous page stays on screen while the next loads. */
export function categoryItemsQuery(site: string, params: ItemSearchParams) {
  return queryOptions({
    queryKey: categoryKeys.items(site, params),
    queryFn: ({ signal }) => searchCategoryItems(site, params, signal),
    placeholderData: keepPreviousData,
  });
}
