import { createSecureServer } from 'node:http2';
import type { DestinationStream } from 'pino';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import Fastify, { type FastifyRequest, type FastifyServerFactory } from 'fastify';
import { registerActivity } from './activity.ts';
import { createAnswerBackfill } from './answerCopy.ts';
import { createDueSoonWatch } from './dueSoon.ts';
import { registerAccountSettings } from './accountSettings.ts';
import { registerLowStock } from './lowStock.ts';
import { registerAnswerTemplates } from './answerTemplates.ts';
import { registerAudit } from './audit.ts';
import { registerSuggestions } from './suggestions.ts';
import { createRateBudget } from './budget.ts';
import { registerAuth } from './auth.ts';
import type { Config } from './config.ts';
import { createDoor } from './door.ts';
import { registerLeadReviews } from './leadReviews.ts';
import { createMarketplace } from './marketplace.ts';
import { registerNotifications, type IntakeLimits } from './notifications.ts';
import { registerPasskeys } from './passkeys.ts';
import { defaultTimeouts, registerProxy, type ProxyTimeouts } from './proxy.ts';
import { registerReveal } from './reveal.ts';
import { deriveKey } from './secrets.ts';
import { createSessionCookies, describeSession } from './session.ts';
import { registerSessionRoutes } from './session-routes.ts';
import type { Store } from './store/store.ts';
import { createStockJobRunner, registerStockJobs } from './stockJobs.ts';
import { registerTeam } from './team.ts';
import { createTokens } from './tokens.ts';
import { createUpstream } from './upstream.ts';
import { demoSite, loadIndex, registerWeb, requestIdOf, securityHeaders, type AccountSite } from './web.ts';
import { createWorker } from './worker.ts';

const pathOnly = (url: string) => url.split('?')[0];

/**
 * Log lines carry a request id and what was asked, never a secret: the request serializer keeps the method
 * and the path (queries carry OAuth codes and states), no header is logged, and redaction covers the
 * usual places in case someone logs a request or response object by hand.
 */
function loggerOptions(level: string, stream: DestinationStream | undefined) {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', 'headers.authorization', 'headers.cookie'],
      censor: '[redacted]',
    },
    serializers: {
      req: (request: FastifyRequest) => ({ method: request.method, path: pathOnly(request.url), ip: request.ip }),
    },
  };
}

/** A route of the server's own ahead of Fastify's: true when it took the request. */
export type RawRoute = (request: IncomingMessage, response: ServerResponse) => boolean;

/**
 * The server, with `raw.route` (set once the routes are registered) asked before Fastify. With a certificate, it
 * speaks HTTP/2 over TLS, and HTTP/1.1 to clients that do not offer HTTP/2: over HTTP/2 a page's many small chunks
 * share one connection instead of queueing on six, which is most of a phone's wait on a slow network. Fastify runs
 * on Node's HTTP/2 compatibility objects, which behave as HTTP/1's request and response; its http2 option would
 * type every route for them instead.
 */
function serverFactory(tls: Config['tls'], raw: { route?: RawRoute }): FastifyServerFactory {
  return (handler) => {
    const listener = (request: IncomingMessage, response: ServerResponse) => {
      if (!raw.route?.(request, response)) handler(request, response);
    };
    if (tls) {
      const { cert, key } = tls;
      return createSecureServer(
        { cert, key, allowHTTP1: true },
        listener as unknown as Parameters<typeof createSecureServer>[1],
      ) as unknown as Server;
    }
    const server = createServer(listener);
    // What Fastify sets on a server it makes itself (its defaults: none of them is configured here).
    server.keepAliveTimeout = 72_000;
    server.requestTimeout = 0;
    return server;
  };
}

/** proxy-addr's test: the socket's peer is hop 0, then X-Forwarded-For from its right end leftwards. */
const trustNearest = (hops: number) => (_address: string, hop: number) => hop < hops;
/** Which hops' addresses are believed: none, or by position, or the proxies' own addresses (config.ts's TRUST_PROXY). */
const proxyTrust = (setting: Config['trustProxy']) => (typeof setting === 'number' ? trustNearest(setting) : setting);

export interface AppOptions {
  config: Config;
  /** Live mode only: demo mode keeps nothing on the server. */
  store?: Store | undefined;
  logStream?: DestinationStream;
  timeouts?: ProxyTimeouts;
  /** The tests' overrides of the notification intake's limits and the worker's reads per notification. */
  notifications?: { limits?: IntakeLimits; readsPerNotification?: number };
}

export async function buildApp({ config, store, logStream, timeouts = defaultTimeouts, notifications = {} }: AppOptions) {
  const index = loadIndex(config.staticDir, config.mode);
  const raw: { route?: RawRoute } = {};
  const app = Fastify({
    logger: loggerOptions(config.logLevel, logStream),
    // A hop count as Fastify 5 takes it trusts no hop at all: the nearest `n` are trusted here by position.
    trustProxy: proxyTrust(config.trustProxy),
    bodyLimit: 64 * 1024,
    genReqId: (request) => requestIdOf(request.headers),
    serverFactory: serverFactory(config.tls, raw),
  });

  app.addHook('onSend', securityHeaders(config, index.scriptHashes));
  await app.register(fastifyRateLimit, { global: false });

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (request, reply) => {
    if (!store) return { status: 'ready' };
    try {
      await store.ping();
    } catch (error) {
      request.log.error({ err: error }, 'store unreachable');
      return reply.code(503).send({ error: 'not_ready', message: 'The store does not answer' });
    }
    // Without the bus, this instance's activity streams would hear nothing: a balancer should send them elsewhere.
    const busDown = store.bus.down();
    if (busDown) return reply.code(503).send({ error: 'not_ready', message: `The activity bus is down (${busDown}); reconnecting` });
    return { status: 'ready' };
  });

  let accountSite: AccountSite = async () => demoSite;
  if (config.mode === 'live') {
    if (!store || !config.sellerApiUrl || !config.sessionSecret)
      throw new Error('Live mode needs the store, SELLER_API_URL and SESSION_SECRET');
    await app.register(fastifyCookie, { secret: deriveKey(config.sessionSecret, 'cookie-signing') });
    const marketplace = createMarketplace({
      apiUrl: config.sellerApiUrl,
      oauth: config.oauth,
      redirectUri: new URL('/auth/callback', config.publicUrl).href,
    });
    const cookies = createSessionCookies(config, store, marketplace.hasOAuth);
    accountSite = async (request) => {
      const session = await cookies.read(request);
      return session?.accounts.find((account) => account.id === session.activeAccountId)?.siteId;
    };
    // Every path of the server's own whose entry in core/permissions.ts names a permission is checked here,
    // before its route; the API door checks the marketplace's paths itself (proxy.ts).
    const door = createDoor(cookies);
    app.addHook('preHandler', door.check);
    const deps = { config, store, marketplace, cookies };
    const { startSignIn } = registerAuth(app, deps);
    registerSessionRoutes(app, deps);
    registerTeam(app, { ...deps, door, startSignIn });
    registerPasskeys(app, deps);
    const tokens = createTokens(store, marketplace, app.log);
    // Every call toward the marketplace's API, whatever asks, waits its turn in the app's one rate budget.
    const budget = createRateBudget({ source: store.permits(config.upstreamRate), rate: config.upstreamRate, log: app.log });
    const upstream = createUpstream({ budget, connectTimeoutMs: timeouts.connectMs });
    app.addHook('onClose', () => upstream.close());
    const { read, call } = await registerProxy(app, { config, cookies, tokens, timeouts, store, upstream });
    registerReveal(app, { config, store, door, read });
    registerAudit(app, { store, door, cookies });
    registerLeadReviews(app, { config, store, door });
    registerAccountSettings(app, { config, store, door, cookies });
    registerLowStock(app, { config, store, door });
    registerAnswerTemplates(app, { config, store, door });
    const stockJobs = createStockJobRunner({ store, call, instanceId: config.instanceId, log: app.log });
    app.addHook('onClose', () => stockJobs.stop());
    registerStockJobs(app, { config, store, door, runner: stockJobs });
    const backfill = createAnswerBackfill({ store, call, instanceId: config.instanceId, log: app.log });
    app.addHook('onClose', () => backfill.stop());
    registerSuggestions(app, { door, read, store, backfill });
    const dueSoon = createDueSoonWatch({ store, log: app.log });
    app.addHook('onClose', async () => dueSoon.stop());
    const worker = createWorker({
      store,
      tokens,
      upstream,
      apiUrl: config.sellerApiUrl,
      log: app.log,
      instanceId: config.instanceId,
      readsPerNotification: notifications.readsPerNotification,
    });
    app.addHook('onClose', () => worker.stop());
    raw.route = registerNotifications(
      app,
      { store, tokens, worker, upstream, apiUrl: config.sellerApiUrl, clientId: config.oauth?.clientId },
      { limits: notifications.limits, trust: proxyTrust(config.trustProxy) },
    );
    registerActivity(app, { config, store, cookies });
  } else {
    // The demo keeps nothing on the server: never signed in, the browser's simulator answers the API.
    app.get('/session', async () => describeSession(config, false, undefined));
  }

  await registerWeb(app, config, index, accountSite);
  return app;
}
