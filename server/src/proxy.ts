import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { constants } from 'node:zlib';
import { z } from 'zod';
import { Agent, errors, request as upstreamRequest } from 'undici';
import type { Config } from './config.ts';
import { accountOf, refuseApi } from './door.ts';
import { sameOriginWrite, type SessionCookies } from './session.ts';
import type { Store } from './store/store.ts';
import { SignedOut, type Tokens } from './tokens.ts';

/** What passes the door each way; everything else (Cookie, Origin, Referer, hop-by-hop …) stays behind. */
const forwardedRequestHeaders = ['x-version', 'x-sandbox', 'content-type', 'accept'];
const returnedResponseHeaders = ['content-type', 'x-version', 'retry-after'];

const bodyLimitBytes = 1024 * 1024;
export interface ProxyTimeouts {
  connectMs: number;
  totalMs: number;
}
export const defaultTimeouts: ProxyTimeouts = { connectMs: 5_000, totalMs: 30_000 };

const signedOut = { error: 'signed_out', message: 'Sign in to continue' };

const itemCategory = z.object({ id: z.string(), category_id: z.string(), seller_id: z.union([z.number(), z.string()]).transform(String) });
/** `GET /items/{id}` answers one item; `GET /items?ids=` an array of `{code, body}`. */
const itemsRead = z.union([itemCategory, z.array(z.object({ code: z.number(), body: z.unknown() }))]);

/**
 * The API door: `/api/*` → `SELLER_API_URL/*` with the active account's token. Bodies are buffered (JSON,
 * at most 1 MB) so a request refused with 401 can be sent once more after a refresh.
 */
export async function registerProxy(
  app: FastifyInstance,
  deps: { config: Config; cookies: SessionCookies; tokens: Tokens; timeouts: ProxyTimeouts; store: Store },
) {
  const { config, cookies, tokens, timeouts, store } = deps;
  const apiUrl = new URL(`${config.sellerApiUrl}/`);
  const agent = new Agent({ connect: { timeout: timeouts.connectMs } });
  app.addHook('onClose', () => agent.close());

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
      const target = targetUrl(apiUrl, request.url.slice('/api'.length));
      if (!target) return reply.code(400).send({ error: 'bad_request', message: 'Not an API path' });
      // The account the request is for (the active one, or one the person is a member of by x-seller-account)
      // and what the person's role on it allows: checked before anything goes upstream.
      const served = accountOf(await cookies.read(request), request);
      if ('status' in served) return reply.code(served.status).send(served.body);
      const refused = refuseApi(served, request.method, request.url.slice('/api'.length));
      if (refused) return reply.code(refused.status).send(refused.body);
      const accountId = served.account.id;
      try {
        let token = await tokens.accessToken(accountId);
        let answer = await send(request, target, token);
        if (answer.status === 401) {
          // Once: a token the API refuses is refreshed and the request repeated a single time.
          token = await tokens.accessToken(accountId, token);
          answer = await send(request, target, token);
          // Refused again, fresh: the marketplace no longer accepts this account, whose sign-in ends.
          if (answer.status === 401 && (await tokens.refused(accountId, token))) return reply.code(401).send(signedOut);
        }
        if (request.method === 'GET' && answer.status === 200) await noteCategories(request, accountId, target, answer.payload);
        return relay(reply, answer);
      } catch (error) {
        if (error instanceof SignedOut) return reply.code(401).send(signedOut);
        return upstreamFailure(request, reply, error);
      }
    });
  });

  /**
   * Item reads (`/items/{id}`, `/items?ids=`) tell each item's category: kept for recategorizations, of the
   * reading seller's own items only (items are public; another seller's is not this seller's baseline).
   */
  async function noteCategories(request: FastifyRequest, userId: string, target: URL, payload: Buffer) {
    const path = target.pathname.slice(apiUrl.pathname.length - 1);
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

  async function send(request: FastifyRequest, target: URL, token: string) {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    for (const name of forwardedRequestHeaders) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const body = Buffer.isBuffer(request.body) && request.body.length > 0 ? request.body : undefined;
    const started = Date.now();
    const response = await upstreamRequest(target, {
      method: request.method as 'GET',
      headers,
      body,
      dispatcher: agent,
      signal: AbortSignal.timeout(timeouts.totalMs),
    });
    const payload = Buffer.from(await response.body.arrayBuffer());
    request.log.info(
      { upstream: { method: request.method, path: target.pathname, status: response.statusCode, ms: Date.now() - started } },
      'api',
    );
    return { status: response.statusCode, headers: response.headers, payload };
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
