import { createServer, type RequestListener, type Server } from 'node:http';
import { createTokenBucket, type RateSettings } from '../../core/tokenBucket.ts';
import { createDb, type Db, type DbConfig, type SeedName } from './db';
import { createHandlers } from './handlers';
import { createRequestListener } from './http';
import { createNotifications, type DemoNotifications, type NotificationsOptions } from './notifications';
import { createOAuth, type DemoOAuth, type OAuthOptions } from './oauth';

export interface DemoServer {
  server: Server;
  db: Db;
  /** Present when notifications are sent. */
  notifications?: DemoNotifications;
}

interface DemoServerOptions {
  seed?: SeedName;
  config?: Partial<DbConfig>;
  /** The marketplace's sign-in (consent page and token endpoint) for this client. */
  oauth?: OAuthOptions;
  /** Where the marketplace sends notifications of the db's changes, and as which app. */
  notifications?: NotificationsOptions;
  /** The marketplace's rate limit for the app: calls over it are answered 429 with Retry-After. */
  rateLimit?: RateSettings;
}

/**
 * The simulator over real HTTP, answering at the spec's paths (root): what a live-mode run points
 * SELLER_API_URL at. The handlers are the ones the browser worker and vitest use, mounted under /api;
 * with `oauth` the sign-in endpoints are added, and the answer carries their test hooks; with
 * `notifications` every change of the db is POSTed to the callback until the server closes.
 */
export function createDemoServer(options: DemoServerOptions & { oauth: OAuthOptions }): DemoServer & { oauth: DemoOAuth };
export function createDemoServer(options?: DemoServerOptions): DemoServer;
export function createDemoServer(options: DemoServerOptions = {}): DemoServer & { oauth?: DemoOAuth } {
  const db = createDb(options.seed ?? 'default', options.config);
  const signIn = options.oauth && createOAuth(db, options.oauth);
  const handlers = [...(signIn?.handlers ?? []), ...createHandlers(db)];
  const listener = createRequestListener(handlers, { mount: '/api' });
  const server = createServer(options.rateLimit ? rateLimited(options.rateLimit, listener) : listener);
  const notifications = options.notifications && createNotifications(db, options.notifications);
  if (notifications) server.on('close', () => notifications.stop());
  return { server, db, ...(signIn && { oauth: signIn.oauth }), ...(notifications && { notifications }) };
}

/**
 * The marketplace's limit on the app's calls (its figure is not published; an excess answers 429), one bucket
 * for every caller as the marketplace counts per app. The consent page a person opens and the simulator's own
 * `/__demo/*` hooks are not counted.
 */
function rateLimited(rate: RateSettings, listener: RequestListener): RequestListener {
  const bucket = createTokenBucket(rate, () => performance.now());
  return (incoming, outgoing) => {
    const path = incoming.url ?? '/';
    if (path.startsWith('/__demo/') || path.startsWith('/authorization') || bucket.take() === 1) return listener(incoming, outgoing);
    outgoing.writeHead(429, { 'content-type': 'application/json', 'retry-after': String(Math.max(1, Math.ceil(bucket.msUntil() / 1000))) });
    outgoing.end(JSON.stringify({ message: 'Too many requests, try again later', error: 'too_many_request', status: 429, cause: [] }));
  };
}
