import { can, permissions, type Permission, type Role } from './roles.ts';

/**
 * The one table of what each path needs: every marketplace path the app calls through the API door (the
 * spec's, and the catalog and identity reads beyond it, README "Beyond the spec"), and the server's own paths.
 * The server checks it at its doors before anything goes upstream; the simulator checks it in demo mode; the
 * server's tests are generated from it (every path × every role). A marketplace path the table does not name
 * is refused for every role but owner.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * What a path needs: a permission on the account the request is for; `member`, only to belong to it (the
 * account's identity, its activity feed, which the server filters by the kinds the role may read); `person`,
 * a signed-in person, whatever their accounts; `public`, nothing (sign-in, invitations, the marketplace's
 * callback, health).
 */
export type Requirement = Permission | 'member' | 'person' | 'public';

interface Route {
  method: Method;
  /** A path pattern: `:name` matches one segment. */
  path: string;
  needs: Requirement;
}

const route = (method: Method, path: string, needs: Requirement): Route => ({ method, path, needs });

/** The marketplace's paths, as the door sees them (after `/api`). */
export const apiRoutes: readonly Route[] = [
  route('GET', '/users/me', 'member'),
  route('GET', '/questions/search', 'questions.read'),
  route('GET', '/questions/:id', 'questions.read'),
  route('POST', '/answers', 'questions.write'),
  route('DELETE', '/questions/:id', 'questions.write'),
  route('POST', '/my/questions/hidden', 'questions.write'),
  route('GET', '/users/:id/questions/response_time', 'responseTime.read'),
  route('GET', '/user-products/:id/stock', 'stock.read'),
  route('PUT', '/user-products/:id/stock/type/selling_address', 'stock.write'),
  route('PUT', '/user-products/:id/stock/type/seller_warehouse', 'stock.write'),
  route('GET', '/users/:id/items/search', 'catalog.read'),
  route('GET', '/items', 'catalog.read'),
  route('GET', '/items/:id', 'catalog.read'),
  route('GET', '/sites', 'catalog.read'),
  route('GET', '/sites/:site/categories', 'catalog.read'),
  route('GET', '/sites/:site/search', 'catalog.read'),
  route('GET', '/sites/:site/listing_types', 'catalog.read'),
  route('GET', '/sites/:site/listing_prices', 'catalog.read'),
  route('GET', '/sites/:site/domain_discovery/search', 'catalog.read'),
  route('GET', '/categories/:id', 'catalog.read'),
  route('GET', '/categories/:id/attributes', 'catalog.read'),
  route('GET', '/categories/:id/classifieds_promotion_packs', 'catalog.read'),
  route('GET', '/domains/:id/technical_specs', 'catalog.read'),
  route('GET', '/inventories/:id/stock/fulfillment', 'fulfillment.read'),
  route('GET', '/stock/fulfillment/operations/search', 'fulfillment.read'),
  route('GET', '/stock/fulfillment/operations/:id', 'fulfillment.read'),
  route('GET', '/vis/loans/search', 'credits.read'),
  route('GET', '/vis/loans/:id', 'credits.read'),
];

/** Seller Desk's own paths (docs/teams.md, server/README.md). */
export const serverRoutes: readonly Route[] = [
  route('GET', '/session', 'public'),
  route('POST', '/session/token', 'public'),
  route('POST', '/session/accounts/:id/activate', 'member'),
  // Leaving needs membership only; an owner's disconnect is `account.disconnect`, decided by the route.
  route('DELETE', '/session/accounts/:id', 'member'),
  route('GET', '/auth/login', 'public'),
  route('GET', '/auth/callback', 'public'),
  route('POST', '/auth/logout', 'public'),
  route('POST', '/auth/logout-everywhere', 'person'),
  route('POST', '/auth/passkey/options', 'public'),
  route('POST', '/auth/passkey/verify', 'public'),
  route('POST', '/invitations/lookup', 'public'),
  route('POST', '/invitations/accept', 'person'),
  route('POST', '/invitations/passkey/options', 'public'),
  route('POST', '/invitations/passkey/verify', 'public'),
  route('POST', '/invitations/marketplace', 'public'),
  route('GET', '/team', 'team.manage'),
  route('POST', '/team/invitations', 'team.manage'),
  route('POST', '/team/invitations/recovery', 'team.manage'),
  route('DELETE', '/team/invitations/:id', 'team.manage'),
  route('PATCH', '/team/people/:id', 'team.manage'),
  route('DELETE', '/team/people/:id', 'team.manage'),
  route('GET', '/me/passkeys', 'person'),
  route('POST', '/me/passkeys/options', 'person'),
  route('POST', '/me/passkeys/verify', 'person'),
  route('PATCH', '/me/passkeys/:id', 'person'),
  route('DELETE', '/me/passkeys/:id', 'person'),
  route('GET', '/me/sign-ins', 'person'),
  route('GET', '/events', 'member'),
  route('GET', '/activity', 'member'),
  route('POST', '/activity/read', 'member'),
  route('POST', '/activity/:id/reviewed', 'catalog.read'),
  route('POST', '/reveal/questions/:id', 'questions.reveal'),
  route('POST', '/reveal/credit-leads/:id', 'credits.reveal'),
  route('GET', '/lead-reviews', 'credits.read'),
  route('PUT', '/lead-reviews/:id', 'credits.review'),
  route('GET', '/audit', 'audit.read'),
  route('GET', '/account/settings', 'member'),
  route('PUT', '/account/settings', 'account.settings'),
  // The team's answer templates: read by whoever reads questions, changed by whoever answers (docs/roles.md).
  route('GET', '/account/templates', 'questions.read'),
  route('POST', '/account/templates', 'questions.write'),
  route('PUT', '/account/templates/:id', 'questions.write'),
  route('DELETE', '/account/templates/:id', 'questions.write'),
  route('GET', '/suggestions', 'questions.read'),
  // Low-stock alerts (core/lowStock.ts): a user product's threshold is a stock change's; the account's default a setting's.
  route('GET', '/low-stock', 'stock.read'),
  route('PUT', '/low-stock/default', 'account.settings'),
  route('PUT', '/low-stock/user-products/:id', 'stock.write'),
  // Bulk stock (docs/stock-bulk.md): an export reads; an import's dry run, apply and cancel are stock changes.
  route('GET', '/stock-jobs', 'stock.read'),
  route('POST', '/stock-jobs/export', 'stock.read'),
  route('POST', '/stock-jobs/import', 'stock.write'),
  route('GET', '/stock-jobs/:id', 'stock.read'),
  route('POST', '/stock-jobs/:id/apply', 'stock.write'),
  route('POST', '/stock-jobs/:id/cancel', 'stock.write'),
  route('GET', '/stock-jobs/:id/file', 'stock.read'),
  route('POST', '/notifications', 'public'),
  route('GET', '/healthz', 'public'),
  route('GET', '/readyz', 'public'),
];

function matches(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const got = path.split('/');
  return want.length === got.length && want.every((part, i) => (part.startsWith(':') ? got[i] !== '' : part === got[i]));
}

/** Whether a requirement is a permission on the account (the door checks it), rather than who asks. */
export const isPermission = (needs: Requirement): needs is Permission => (permissions as readonly string[]).includes(needs);

/** What `method path` needs (the path without its query), or undefined when the table does not name it. */
export function requirementOf(routes: readonly Route[], method: string, path: string): Requirement | undefined {
  const found = routes.find((r) => r.method === method && matches(r.path, path));
  return found?.needs;
}

/**
 * Whether `role` may call `method path` of the marketplace through the door: a path the table does not name
 * is the owner's only. Membership itself (`member`) is checked before, by whoever knows the account.
 */
export function mayCallApi(
  role: Role,
  method: string,
  path: string,
): { allowed: true } | { allowed: false; lacks: Permission | 'unlisted' } {
  const needs = requirementOf(apiRoutes, method, path);
  if (needs === undefined) return role === 'owner' ? { allowed: true } : { allowed: false, lacks: 'unlisted' };
  if (needs === 'member' || needs === 'person' || needs === 'public' || can(role, needs)) return { allowed: true };
  return { allowed: false, lacks: needs };
}

const roleNames: Record<Role, string> = {
  owner: 'Owner',
  manager: 'Manager',
  answerer: 'Answerer',
  stock_keeper: 'Stock keeper',
  credit_reviewer: 'Credit reviewer',
  viewer: 'Viewer',
};

/** What each permission lets a person do, as the refusal's message says it ("…does not include stock changes"). */
const lackNames: Record<Permission | 'unlisted', string> = {
  'questions.read': 'reading questions',
  'questions.write': 'answering, deleting or hiding questions',
  'questions.reveal': 'revealing an asker’s contact',
  'responseTime.read': 'reading the response time',
  'catalog.read': 'reading the catalog',
  'stock.read': 'reading stock',
  'stock.write': 'stock changes',
  'fulfillment.read': 'reading fulfillment stock',
  'credits.read': 'reading credit leads',
  'credits.review': 'reviewing credit leads',
  'credits.reveal': 'revealing a buyer’s contact',
  'team.manage': 'managing the team',
  'team.manageOwners': 'managing owners',
  'audit.read': 'reading the audit trail',
  'account.settings': 'changing the account’s settings',
  'account.disconnect': 'disconnecting the account',
  unlisted: 'requests Seller Desk does not list',
};

/** The door's refusal, the server's and demo mode's: `403 {"error":"forbidden","message","role","lacks"}`. */
export function forbidden(role: Role, lacks: Permission | 'unlisted') {
  return { error: 'forbidden', message: `Your role, ${roleNames[role]}, does not include ${lackNames[lacks]}`, role, lacks };
}

/**
 * The door's verdict on `role` calling `method path` (without its query): a marketplace path (`api`, after
 * `/api`) by `mayCallApi`, a path of the server's own by the permission its entry names. Undefined when it may
 * pass; membership, a signed-in person and the routes' own rules (core/team.ts) are checked after, by whoever
 * knows them.
 */
export function refusal(role: Role, side: 'api' | 'server', method: string, path: string): ReturnType<typeof forbidden> | undefined {
  if (side === 'api') {
    const verdict = mayCallApi(role, method, path);
    return verdict.allowed ? undefined : forbidden(role, verdict.lacks);
  }
  const needs = requirementOf(serverRoutes, method, path);
  return needs !== undefined && isPermission(needs) && !can(role, needs) ? forbidden(role, needs) : undefined;
}

/**
 * What reading an activity entry of each kind needs: a role sees only the entries, badges and home cards of
 * what it may read (an answerer gets no credit-lead entries). The server filters `/activity`, `/events` and the
 * unread counts by it (`readableKinds`); the pages may read it too. @public
 */
export const activityReads = {
  question: 'questions.read',
  item: 'catalog.read',
  recategorization: 'catalog.read',
  stock: 'stock.read',
  'fulfillment-operation': 'fulfillment.read',
  'credit-lead': 'credits.read',
} as const satisfies Record<string, Permission>;

export type ActivityKind = keyof typeof activityReads;

/** The kinds of activity entry `role` may read. */
export function readableKinds(role: Role): ActivityKind[] {
  return (Object.keys(activityReads) as ActivityKind[]).filter((kind) => can(role, activityReads[kind]));
}
