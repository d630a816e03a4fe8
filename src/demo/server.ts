import { createServer, type Server } from 'node:http';
import { createDb, type Db, type DbConfig, type SeedName } from './db';
import { createHandlers } from './handlers';
import { createRequestListener } from './http';

export interface DemoServer {
  server: Server;
  db: Db;
}

/**
 * The simulator over real HTTP, answering at the spec's paths (root): what a live-mode run points
 * SELLER_API_URL at. The handlers are the ones the browser worker and vitest use, mounted under /api.
 */
export function createDemoServer(options: { seed?: SeedName; config?: Partial<DbConfig> } = {}): DemoServer {
  const db = createDb(options.seed ?? 'default', options.config);
  const server = createServer(createRequestListener(createHandlers(db), { mount: '/api' }));
  return { server, db };
}
