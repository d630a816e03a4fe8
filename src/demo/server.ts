import { createServer, type Server } from 'node:http';
import { createDb, type Db, type DbConfig, type SeedName } from './db';
import { createHandlers } from './handlers';
import { createRequestListener } from './http';
import { createOAuth, type DemoOAuth, type OAuthOptions } from './oauth';

export interface DemoServer {
  server: Server;
  db: Db;
}

interface DemoServerOptions {
  seed?: SeedName;
  config?: Partial<DbConfig>;
  /** The marketplace's sign-in (consent page and token endpoint) for this client. */
  oauth?: OAuthOptions;
}

/**
 * The simulator over real HTTP, answering at the spec's paths (root): what a live-mode run points
 * SELLER_API_URL at. The handlers are the ones the browser worker and vitest use, mounted under /api;
 * with `oauth` the sign-in endpoints are added, and the answer carries their test hooks.
 */
export function createDemoServer(options: DemoServerOptions & { oauth: OAuthOptions }): DemoServer & { oauth: DemoOAuth };
export function createDemoServer(options?: DemoServerOptions): DemoServer;
export function createDemoServer(options: DemoServerOptions = {}): DemoServer & { oauth?: DemoOAuth } {
  const db = createDb(options.seed ?? 'default', options.config);
  const signIn = options.oauth && createOAuth(db, options.oauth);
  const handlers = [...(signIn?.handlers ?? []), ...createHandlers(db)];
  const server = createServer(createRequestListener(handlers, { mount: '/api' }));
  return { server, db, ...(signIn && { oauth: signIn.oauth }) };
}
