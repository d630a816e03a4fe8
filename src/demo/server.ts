import { createServer, type Server } from 'node:http';
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
  const server = createServer(createRequestListener(handlers, { mount: '/api' }));
  const notifications = options.notifications && createNotifications(db, options.notifications);
  if (notifications) server.on('close', () => notifications.stop());
  return { server, db, ...(signIn && { oauth: signIn.oauth }), ...(notifications && { notifications }) };
}
