import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { constants } from 'node:zlib';
import { z } from 'zod';
import { errors } from 'undici';
import { RateBudgetExceeded } from './budget.ts';
import type { Config } from './config.ts';
import { keepQuestion, questionRead } from './answerCopy.ts';
import { guardOverrideHeader, refuseContactData } from '../../core/contactGuard.ts';
import { mayCarryPersonalData, mayHoldContactFields, stripPersonalData } from '../../core/personalData.ts';
import { auditedWrite } from './audit.ts';
import { checkLowStock } from './lowStock.ts';
import { totalAfterWrite } from '../../core/lowStock.ts';
import { accountOf, refuseApi } from './door.ts';
import { sameOriginWrite, type SessionCookies } from './session.ts';
import type { Store } from './store/store.ts';
import { SignedOut, type Tokens } from './tokens.ts';
import type { Upstream } from './upstream.ts';

/** What passes the door each way; everything else (Cookie, Origin, Referer, hop-by-hop …) stays behind. */
const forwardedRequestHeaders = ['x-version', 'x-sandbox', 'content-type', 'accept'];
/** What a read the server makes on a request's behalf takes of it (a stock write's "before", a reveal). */
const readHeaders = ['x-sandbox', 'accept'];
const returnedResponseHeaders = ['content-type', 'x-version', 'retry-after'];

const bodyLimitBytes = 1024 * 1024;
export interface ProxyTimeouts {
  connectMs: number;
  totalMs: number;
}
export const defaultTimeouts: ProxyTimeouts = { connectMs: 5_000, totalMs: 30_000 };

const signedOut = { error: 'signed_out', message: 'Sign in to continue' };

const itemCategory = z.object({ id: z.string(), category_id: z.string(), seller_id: z.union([z.number(), z.string()]).transform(String) });
/** The trail could not take a write's attempt: the write is not sent (it would be a change nobody recorded). */
class AuditUnavailable extends Error {}

const stockLocations = z.object({
  locations: z.array(z.object({ type: z.string(), quantity: z.number(), store_id: z.string().optional() })),
});
/** A stock write's body, as far as its total goes (core/lowStock.ts): the selling address's, or the warehouses'. */
const stockWrite = z.union([
  z.object({ quantity: z.number() }),
  z.object({ locations: z.array(z.object({ store_id: z.string(), quantity: z.number() })) }),
]);

/** What a stock write's read before it found (`stockBefore`). */
interface StockBefore {
  location: string;
  locations: z.infer<typeof stockLocations>['locations'];
  quantity: number | null;
}

/** `GET /items/{id}` answers one item; `GET /items?ids=` an array of `{code, body}`. */
const itemsRead = z.union([itemCategory, z.array(z.object({ code: z.number(), body: z.unknown() }))]);

/**
 * The API door: `/api/*` → `SELLER_API_URL/*` with the active account's token. Bodies are buffered (JSON,
 * at most 1 MB) so a request refused with 401 can be sent once more after a refresh.
 */
export async function registerProxy(
  app: FastifyInstance,
  deps: { config: Config; cookies: SessionCookies; tokens: Tokens; timeouts: ProxyTimeouts; store: Store; upstream: Upstream },
) {
  const { config, cookies, tokens, timeouts, store, upstream: marketplace } = deps;
  const apiUrl = new URL(`${config.sellerApiUrl}/`);

  await app.register(async (api) => {
    // Answers go to the browser compressed: a fortnight of fulfillment operations is some 270 KB of JSON, over
    // a second on a phone's 4G, and about a tenth of that in brotli. Brotli at quality 4, not the library's 11,
    // which would cost the server tens of milliseconds per large answer. A compression side channel (BREACH)
    // finds nothing of ours here: no token or key is ever in these bodies, they stay in the store.
    await api.register(compress, {
      threshold: 1024,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    });
    // Bodies go upstream as they came: no parsing, only the size limit.
    api.removeAllContentTypeParsers();
    api.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: bodyLimitBytes }, (_request, body, done) => done(null, body));

    api.all('/api/*', { preHandler: sameOriginWrite(config), bodyLimit: bodyLimitBytes }, async (request, reply) => {
      const rest = request.url.slice('/api'.length);
      const target = targetUrl(apiUrl, rest);
      if (!target) return reply.code(400).send({ error: 'bad_request', message: 'Not an API path' });
      // The account the request is for (the active one, or one the person is a member of by x-seller-account)
      // and what the person's role on it allows: checked before anything goes upstream.
      const served = accountOf(await cookies.read(request), request);
      if ('status' in served) return reply.code(served.status).send(served.body);
      const refused = refuseApi(served, request.method, rest);
      if (refused) return reply.code(refused.status).send(refused.body);
      const accountId = served.account.id;
      const path = target.pathname.slice(apiUrl.pathname.length - 1);
      if (request.method === 'POST' && path === '/answers') {
        // The contact-data guard again, as the composer ran it: a flagged answer passes only by the seller's
        // "Send anyway" (the override header, which stays here), and its audit entry says so (guardOverride).
        const override = request.headers[guardOverrideHeader];
        const refusal = refuseContactData(jsonOf(request.body), served.account.siteId, typeof override === 'string' ? override : undefined);
        if (refusal) return reply.code(422).send(refusal);
      }
      const version = request.headers['x-version'];
      const write = auditedWrite(
        request.method,
        path,
        request.body,
        served.account.siteId,
        typeof version === 'string' ? version : undefined,
      );
      const entry = write && { ...write, accountId, personId: served.session.person.id, requestId: request.id };
      let status: number | 'unknown' = 'unknown';
      let attempted = false;
      // The attempt is in the trail before the write goes upstream (once its turn in the rate budget came, so a
      // write the budget refuses leaves none): if no answer ever comes, it says so.
      const recordAttempt = async () => {
        if (!entry || attempted) return;
        await store.audit.record({ ...entry, phase: 'attempt' }).catch((error: unknown) => {
          throw new AuditUnavailable('audit attempt not recorded', { cause: error });
        });
        attempted = true;
      };
      // A stock write's read before it: the trail's "before", and the total the low-stock check counts from.
      let before: StockBefore | undefined;
      const upstream = async (token: string) => {
        if (entry?.action === 'stock.write' && !attempted) {
          before = await stockBefore(request, accountId, target, token);
          entry.details.before = before?.quantity ?? null;
        }
        const answer = await send(request, accountId, target, token, undefined, recordAttempt);
        status = answer.status;
        return answer;
      };
      // The outcome is stored before the browser hears it, so a page that reads the trail next finds it.
      const outcome = async () => {
        if (!entry || !attempted) return;
        await store.audit.record({ ...entry, details: {}, phase: 'outcome', status }).catch((error: unknown) => {
          request.log.error({ err: error }, 'audit outcome not recorded');
        });
      };
      let answer;
      try {
        answer = await withToken(accountId, upstream);
      } catch (error) {
        await outcome();
        if (error instanceof SignedOut) return reply.code(401).send(signedOut);
        if (error instanceof RateBudgetExceeded) return budgetSpent(reply, error);
        if (error instanceof AuditUnavailable) {
          request.log.error({ err: error.cause }, 'audit attempt not recorded; the write was not sent');
          return reply.code(503).send({ error: 'unavailable', message: 'The change could not be recorded, so it was not sent; try again' });
        }
        return upstreamFailure(request, reply, error);
      }
      await outcome();
      if (request.method === 'POST' && path === '/answers' && answer.status < 300) await keepAnswered(request, accountId, answer.payload);
      if (before && entry?.target && answer.status < 300) await afterStockWrite(request, accountId, entry.target.id, before);
      if (request.method === 'GET' && answer.status === 200) {
        await noteCategories(request, accountId, path, answer.payload);
        if (mayCarryPersonalData(path)) return relay(reply, { ...answer, payload: stripped(path, answer.payload) });
      }
      return relay(reply, answer);
    });
  });

  /**
   * `send` with the account's token: a token the API refuses is refreshed and the request repeated once; refused
   * again, fresh, the marketplace no longer accepts the account, whose sign-in ends (SignedOut).
   */
  async function withToken<T extends { status: number }>(accountId: string, send: (token: string) => Promise<T>): Promise<T> {
    let token = await tokens.recentAccessToken(accountId);
    let answer = await send(token);
    if (answer.status === 401) {
      token = await tokens.accessToken(accountId, token);
      answer = await send(token);
      if (answer.status === 401 && (await tokens.refused(accountId, token))) throw new SignedOut();
    }
    return answer;
  }

  /**
   * A stock write's read before it (`GET` of the user product's stock): its locations, and the quantity at the
   * written location (null when it has none). Undefined when unread.
   */
  async function stockBefore(request: FastifyRequest, accountId: string, target: URL, token: string): Promise<StockBefore | undefined> {
    const stockUrl = new URL(target.pathname.replace(/\/type\/[^/]+$/, ''), target);
    const location = target.pathname.split('/').at(-1) ?? '';
    try {
      const answer = await send(request, accountId, stockUrl, token, 'GET');
      if (answer.status !== 200) return undefined;
      const stock = stockLocations.safeParse(JSON.parse(answer.payload.toString('utf8')));
      if (!stock.success) return undefined;
      const { locations } = stock.data;
      return { location, locations, quantity: locations.find((l) => l.type === location)?.quantity ?? null };
    } catch {
      // The write matters more than its record's "before": it goes on.
      return undefined;
    }
  }

  /** A stock write accepted: the total it leaves (shown later: writes are asynchronous) against the low-stock threshold. */
  async function afterStockWrite(request: FastifyRequest, accountId: string, userProductId: string, before: StockBefore) {
    const written = stockWrite.safeParse(jsonOf(request.body));
    if (!written.success) return;
    const total = totalAfterWrite(before.locations, before.location, written.data);
    await checkLowStock(store, { accountId, userProductId, total }, (error) => request.log.error({ err: error }, 'low-stock check failed'));
  }

  /** What `GET path` answers for `accountId`, stripped of nothing: for the reveal routes. */
  async function read(request: FastifyRequest, accountId: string, path: string) {
    const target = targetUrl(apiUrl, path);
    if (!target) throw new Error(`not an API path: ${path}`);
    return withToken(accountId, (token) => send(request, accountId, target, token, 'GET'));
  }

  /** An answer that passed the door goes into the account's copy at once (the marketplace answers the question). */
  async function keepAnswered(request: FastifyRequest, accountId: string, payload: Buffer) {
    try {
      const parsed = questionRead.safeParse(JSON.parse(payload.toString('utf8')));
      if (parsed.success) await keepQuestion(store, accountId, parsed.data);
    } catch (error) {
      // The answer is sent; the copy catches up with the question's notification.
      request.log.warn({ err: error }, 'answered question not kept');
    }
  }

  /**
   * Item reads (`/items/{id}`, `/items?ids=`) tell each item's category: kept for recategorizations, of the
   * reading seller's own items only (items are public; another seller's is not this seller's baseline).
   */
  async function noteCategories(request: FastifyRequest, userId: string, path: string, payload: Buffer) {
    if (!/^\/items(\/[^/]+)?$/.test(path)) return;
    try {
      const parsed = itemsRead.safeParse(JSON.parse(payload.toString('utf8')));
      if (!parsed.success) return;
      const items = Array.isArray(parsed.data)
        ? parsed.data.flatMap((one) => (one.code === 200 ? (itemCategory.safeParse(one.body).data ?? []) : []))
        : [parsed.data];
      const own = items.filter((item) => item.seller_id === userId);
      await store.activity.firstSightings(own.map((item) => ({ accountId: userId, itemId: item.id, categoryId: item.category_id })));
    } catch (error) {
      // The seller's answer matters more than this record: logged, never failed.
      request.log.warn({ err: error }, 'item categories not recorded');
    }
  }

  /**
   * The request upstream as it came (headers filtered), or a read (`GET`, no body) on its behalf: a person is
   * waiting, so it goes first in the rate budget, in `accountId`'s turn.
   */
  async function send(
    request: FastifyRequest,
    accountId: string,
    target: URL,
    token: string,
    method: 'GET' | undefined = undefined,
    ready?: () => Promise<void>,
  ) {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    for (const name of method ? readHeaders : forwardedRequestHeaders) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const body = !method && Buffer.isBuffer(request.body) && request.body.length > 0 ? request.body : undefined;
    const started = Date.now();
    const answer = await marketplace.call(
      target,
      { method: (method ?? request.method) as 'GET', headers, body, timeoutMs: timeouts.totalMs },
      { priority: 'interactive', account: accountId, ...(ready && { ready }) },
    );
    request.log.info(
      { upstream: { method: method ?? request.method, path: target.pathname, status: answer.status, ms: Date.now() - started } },
      'api',
    );
    return answer;
  }

  /**
   * A call the server makes of its own accord for `accountId` (the bulk stock jobs; the backfill of answered
   * questions, at `background`): the account's token (refreshed as the door does), in the rate budget's `bulk`
   * turn unless said, after people waiting at a page. `path` is
   * after `/api`. The budget refuses a call that would wait too long (RateBudgetExceeded): it was not sent.
   */
  async function call(
    accountId: string,
    method: 'GET' | 'PUT',
    path: string,
    options: { body?: unknown; version?: string; priority?: 'bulk' | 'background' } = {},
  ) {
    const target = targetUrl(apiUrl, path);
    if (!target) throw new Error(`not an API path: ${path}`);
    const body = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
    return withToken(accountId, async (token) => {
      const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'application/json' };
      if (body) headers['content-type'] = 'application/json';
      if (options.version !== undefined) headers['x-version'] = options.version;
      const started = Date.now();
      const answer = await marketplace.call(
        target,
        { method, headers, body, timeoutMs: timeouts.totalMs },
        { priority: options.priority ?? 'bulk', account: accountId },
      );
      app.log.info({ upstream: { method, path: target.pathname, status: answer.status, ms: Date.now() - started } }, 'api');
      return answer;
    });
  }

  return { read, call };
}

export type UpstreamRead = Awaited<ReturnType<typeof registerProxy>>['read'];
export type UpstreamCall = Awaited<ReturnType<typeof registerProxy>>['call'];

/**
 * A marketplace answer without its personal data (core/personalData.ts); one that is not JSON stays as it is, and
 * one whose bytes hold no contact field's name nor an escape goes as it came, unparsed. A leading byte order mark
 * is dropped before parsing, as the browser's `response.json()` drops it: else such a body would not parse here,
 * yet would in the page.
 */
function stripped(path: string, payload: Buffer): Buffer {
  if (!mayHoldContactFields(payload.toString('latin1'))) return payload;
  try {
    return Buffer.from(JSON.stringify(stripPersonalData('GET', path, JSON.parse(payload.toString('utf8').replace(/^\uFEFF/, '')))));
  } catch {
    return payload;
  }
}

/** A buffered request body as JSON, undefined when it is not. */
function jsonOf(body: unknown): unknown {
  if (!Buffer.isBuffer(body)) return undefined;
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** The upstream URL for the part after `/api`, refused when it would leave the API's base path. */
export function targetUrl(apiUrl: URL, rest: string): URL | undefined {
  if (!rest.startsWith('/')) return undefined;
  const target = new URL(apiUrl.pathname.replace(/\/$/, '') + rest, apiUrl);
  return target.origin === apiUrl.origin && target.pathname.startsWith(apiUrl.pathname) ? target : undefined;
}

function relay(reply: FastifyReply, answer: { status: number; headers: Record<string, string | string[] | undefined>; payload: Buffer }) {
  for (const name of returnedResponseHeaders) {
    const value = answer.headers[name];
    if (value !== undefined) reply.header(name, value);
  }
  return reply.code(answer.status).send(answer.payload);
}

/**
 * The rate budget would have kept the call waiting over 5 s: it was not sent. The browser shows 429 with its
 * wait and Retry (src/components/describeError.ts) and retries a read by itself after Retry-After.
 */
export function budgetSpent(reply: FastifyReply, error: RateBudgetExceeded) {
  return reply
    .code(429)
    .header('retry-after', String(error.retryAfterSeconds))
    .send({
      error: 'rate_budget',
      message: `Seller Desk is spacing its calls to the marketplace to stay within its limit; nothing was sent. Try again in ${error.retryAfterSeconds} s`,
    });
}

function upstreamFailure(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  const timedOut =
    error instanceof errors.ConnectTimeoutError ||
    error instanceof errors.HeadersTimeoutError ||
    error instanceof errors.BodyTimeoutError ||
    (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError'));
  // The error's class and code only: messages of network errors can carry addresses, never our secrets,
  // but there is no need to find out.
  const code = error instanceof Error ? ((error as { code?: string }).code ?? error.name) : 'unknown';
  request.log.warn({ upstreamError: code }, 'api upstream failed');
  if (timedOut) return reply.code(504).send({ error: 'timeout', message: 'The marketplace did not answer in time' });
  return reply.code(502).send({ error: 'upstream_unavailable', message: 'The marketplace could not be reached' });
}
