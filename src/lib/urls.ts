/**
 * Every address of the app, one section per area (as saleor-dashboard's per-domain urls.ts): the
 * navigation, links, redirects and the e2e page objects build their paths here, and the routers take
 * their patterns from here, so each path is spelled once. Kept free of imports: the shell loads it.
 */

/** A page's query: typed parameters (empty ones are left out), or a search carried as it is (`location.search`). */
export type Query<K extends string> = string | Partial<Record<K, string | number | undefined>>;

function withQuery<K extends string>(path: string, query: Query<K> = ''): string {
  // URLSearchParams reads a carried search (its leading "?" included) as well as typed pairs.
  const search = new URLSearchParams(
    typeof query === 'string'
      ? query
      : Object.entries(query).flatMap(([key, value]) => (value === undefined || value === '' ? [] : [[key, `${value}`]])),
  ).toString();
  return search ? `${path}?${search}` : path;
}

const segment = encodeURIComponent;

/** The routers' patterns: each area's root (mounted as `root/*`) and its pages' paths below that root. */
export const patterns = {
  questions: { root: '/questions', detail: ':id?', queue: 'queue' },
  responseTime: { root: '/response-time' },
  stock: { root: '/stock', detail: ':userProductId' },
  categories: { root: '/categories', detail: ':site/:categoryId' },
  fulfillment: { root: '/fulfillment', operations: 'operations' },
  credits: { root: '/credits', detail: ':id' },
  settings: { root: '/settings' },
  activity: { root: '/activity' },
  audit: { root: '/audit' },
  /** An invitation: `/join#<secret>`, outside the shell, open signed in or not (live mode). */
  join: { root: '/join' },
} as const;

type InboxQuery = Query<'status' | 'item' | 'from' | 'sort' | 'order'>;

export const urls = {
  home: () => '/',
  questions: {
    index: (query?: InboxQuery) => withQuery('/questions', query),
    detail: (id: number, query?: InboxQuery) => withQuery(`/questions/${id}`, query),
    queue: () => '/questions/queue',
  },
  responseTime: {
    index: (query?: Query<'seller'>) => withQuery('/response-time', query),
  },
  stock: {
    index: () => '/stock',
    bulk: () => '/stock/bulk',
    detail: (userProductId: string) => `/stock/${segment(userProductId)}`,
  },
  categories: {
    index: (query?: Query<'site' | 'q'>) => withQuery('/categories', query),
    detail: (site: string, categoryId: string, query?: Query<'tab' | 'attr' | 'page' | 'price'>) =>
      withQuery(`/categories/${segment(site)}/${segment(categoryId)}`, query),
  },
  fulfillment: {
    index: (query?: Query<'inventory' | 'item'>) => withQuery('/fulfillment', query),
    operations: (query?: Query<'inventories' | 'from' | 'to' | 'type' | 'shipment' | 'sort' | 'size' | 'chart'>) =>
      withQuery('/fulfillment/operations', query),
  },
  credits: {
    index: (query?: string) => withQuery('/credits', query),
    detail: (creditLeadId: string, query?: string) => withQuery(`/credits/${segment(creditLeadId)}`, query),
  },
  settings: {
    index: () => '/settings',
  },
  activity: {
    index: (query?: Query<'kind'>) => withQuery('/activity', query),
  },
  audit: {
    index: (query?: Query<'person' | 'action' | 'from' | 'to'>) => withQuery('/audit', query),
  },
};
