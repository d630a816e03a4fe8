import { setupServer } from 'msw/node';
import { createDb, type Db, type SeedName } from './db';
import { createActivityHandlers } from './activity';
import { createHandlers } from './handlers';

/** The same handlers for vitest (with demo mode's activity): one server, a fresh db per test through `resetDb`. */
export const server = setupServer();

let current: Db | null = null;

export function resetDb(seed: SeedName = 'default'): Db {
  current = createDb(seed);
  server.resetHandlers(...createHandlers(current), ...createActivityHandlers(current));
  return current;
}

/** The db behind the handlers of the running test. */
export function testDb(): Db {
  if (!current) throw new Error('resetDb() has not run');
  return current;
}
