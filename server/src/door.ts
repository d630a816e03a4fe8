import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, isPermission, refusal, requirementOf, serverRoutes } from '../../core/permissions.ts';
import { can } from '../../core/roles.ts';
import type { SessionCookies } from './session.ts';
import type { AccountOfPerson, Session } from './store/store.ts';

/** The header that names the seller account a request is for, when it is not the active one (docs/roles.md). */
const accountHeader = 'x-seller-account';

const signedOut = { error: 'signed_out', message: 'Sign in to continue' };
const notMember = { error: 'not_member', message: 'You are not a member of this account' };

/** The person and the seller account a request is for. */
export interface Served {
  session: Session;
  account: AccountOfPerson;
}

type Refusal = { status: 401 | 403; body: object };

/** A page opened by its address (a bookmark, a reload) rather than the app's fetch: it gets the page, not JSON. */
export const isNavigation = (request: FastifyRequest) =>
  request.method === 'GET' && (request.headers['sec-fetch-mode'] === 'navigate' || /\btext\/html\b/.test(request.headers.accept ?? ''));

const pathOnly = (url: string) => url.split('?')[0] ?? url;

/**
 * Who asks, and for which account: the one `x-seller-account` names when the person is its member (refused
 * otherwise), else the session's active account.
 */
export function accountOf(session: Session | undefined, request: FastifyRequest): Served | Refusal {
  if (!session) return { status: 401, body: signedOut };
  const named = request.headers[accountHeader];
  const id = typeof named === 'string' && named !== '' ? named : session.activeAccountId;
  const account = session.accounts.find((a) => a.id === id);
  if (account) return { session, account };
  return id === session.activeAccountId ? { status: 401, body: signedOut } : { status: 403, body: notMember };
}

/** `method path` of the marketplace (after `/api`) for `served`: undefined when it may pass, else the refusal. */
export function refuseApi(served: Served, method: string, path: string): Refusal | undefined {
  const refused = refusal(served.account.role, 'api', method, pathOnly(path));
  return refused && { status: 403, body: refused };
}

/**
 * The door of the server's own paths: a path whose entry in `serverRoutes` names a permission is answered only
 * for a person holding it on the account the request is for, checked before its route runs (a `preHandler`
 * for the whole app). The route then reads who and which account with `served(request)`. Paths that need
 * membership, a person or nothing check that themselves (they act on the active account or none).
 */
export function createDoor(cookies: SessionCookies) {
  const checked = new WeakMap<FastifyRequest, Served>();

  async function check(request: FastifyRequest, reply: FastifyReply) {
    const needs = requirementOf(serverRoutes, request.method, pathOnly(request.url));
    if (needs === undefined || !isPermission(needs) || isNavigation(request)) return;
    const resolved = accountOf(await cookies.read(request), request);
    if ('status' in resolved) return reply.code(resolved.status).send(resolved.body);
    if (!can(resolved.account.role, needs)) return reply.code(403).send(forbidden(resolved.account.role, needs));
    checked.set(request, resolved);
  }

  /** Who asks and for which account, as the door checked it; a route reached unchecked is a mistake. */
  function served(request: FastifyRequest): Served {
    const found = checked.get(request);
    if (!found) throw new Error(`${request.method} ${pathOnly(request.url)} has no permission in core/permissions.ts`);
    return found;
  }

  return { check, served };
}

export type Door = ReturnType<typeof createDoor>;
