import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import { createChaos } from './chaos';
import { currentTime, type Db } from './db';
import type { Seller } from './db/core';

/**
 * The one wrapper every demo handler goes through: latency, injected failures, auth (401 without a
 * known token), per-minute rate limits and the spec's error body. Handlers only express the rules of
 * their endpoint: they return a value (JSON 200), a Response, or throw `fail(...)`.
 */
class MockFailure extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
    readonly cause: unknown[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function fail(status: number, error: string, message: string, cause: unknown[] = []): never {
  throw new MockFailure(status, error, message, cause);
}

function errorResponse(failure: MockFailure): Response {
  const { status, error, message, cause } = failure;
  return HttpResponse.json({ message, error, status, cause }, { status, headers: failure.headers });
}

export interface RouteContext {
  db: Db;
  request: Request;
  url: URL;
  params: Record<string, string>;
  /** The caller identified by the token; null only on public routes called without one. */
  seller: Seller | null;
  /** Current simulator time (real clock plus the db's offset). */
  now: number;
}

/** The caller of an authenticated route: never null there. */
export function caller(context: RouteContext): Seller {
  if (!context.seller) fail(401, 'unauthorized', 'invalid access token');
  return context.seller;
}

export interface RouteOptions {
  /** Public routes (sites, categories, items) answer without a token. */
  public?: boolean;
  /** Subject to db.config.rateLimitPerMinute: 429 too_many_request beyond it. */
  rateLimited?: boolean;
  /** Reads the fulfillment area: seeded first, in slices where the db was made in slices (db.prepareFulfillment). */
  fulfillment?: boolean;
}

type Method = 'get' | 'post' | 'put' | 'delete';
type Resolver = (context: RouteContext) => unknown;

/** Path patterns are written as in the spec ("/questions/:id") and matched under any origin's /api. */
export function apiPath(path: string): string {
  return `*/api${path}`;
}

/** The seller a token opens: their own token, or one the OAuth endpoints issued that has not expired. */
function sellerOf(db: Db, token: string, now: number): Seller | null {
  if (token === '') return null;
  const issued = db.accessTokens.get(token);
  if (issued) return issued.expiresAt > now ? (db.sellers.find((s) => s.id === issued.sellerId) ?? null) : null;
  return db.sellers.find((s) => s.token === token) ?? null;
}

function matchFailure(db: Db, method: string, path: string) {
  const index = db.config.failures.findIndex((f) => f.method.toUpperCase() === method && new RegExp(f.path).test(path));
  if (index < 0) return null;
  const failure = db.config.failures[index]!;
  failure.times -= 1;
  if (failure.times <= 0) db.config.failures.splice(index, 1);
  return failure;
}

export function createRoute(db: Db) {
  const hits = new Map<string, number[]>();
  const withChaos = createChaos(db);

  function rateLimit(key: string, now: number) {
    const recent = (hits.get(key) ?? []).filter((t) => now - t < 60_000);
    recent.push(now);
    hits.set(key, recent);
    if (recent.length > db.config.rateLimitPerMinute) {
      const retry = Math.ceil((60_000 - (now - recent[0]!)) / 1000);
      throw new MockFailure(429, 'too_many_request', 'Too many requests, try again later', [], { 'Retry-After': String(retry) });
    }
  }

  return function route(method: Method, path: string, resolve: Resolver, options: RouteOptions = {}): HttpHandler {
    return http[method](apiPath(path), async ({ request, params }) => {
      if (db.config.latencyMs > 0) await delay(db.config.latencyMs);
      if (db.config.stockDelayMs > 0 && path === '/user-products/:id/stock') await delay(db.config.stockDelayMs);
      const url = new URL(request.url);
      const apiRelative = url.pathname.replace(/^.*?\/api(?=\/)/, '');
      return withChaos(request, apiRelative, async () => {
        const now = currentTime(db);
        try {
          const injected = matchFailure(db, request.method, apiRelative);
          if (injected?.status === 'network') return HttpResponse.error();
          if (injected) fail(injected.status, injected.error ?? 'internal_error', injected.message ?? 'Injected failure');

          const token = request.headers.get('authorization')?.replace(/^Bearer\s+/i, '') ?? '';
          const seller = sellerOf(db, token, now);
          if (!seller && !options.public) fail(401, 'unauthorized', token ? 'invalid access token' : 'authorization value not present');
          if (options.rateLimited) rateLimit(`${method} ${path} ${seller?.id ?? ''}`, now);

          if (options.fulfillment) await db.prepareFulfillment();
          const stringParams = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]));
          const result = await resolve({ db, request, url, params: stringParams, seller, now });
          return result instanceof Response ? result : HttpResponse.json(result as Parameters<typeof HttpResponse.json>[0]);
        } catch (error) {
          if (error instanceof MockFailure) return errorResponse(error);
          throw error;
        }
      });
    });
  };
}

export type Route = ReturnType<typeof createRoute>;
