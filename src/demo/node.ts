import { setupServer } from 'msw/node';
import { createDb, type Db, type SeedName } from './db';
import { createActivityHandlers } from './activity';
import { readableKinds } from '../../core/permissions.ts';
import { createDoorHandlers } from './door';
import { actingRole, createDemoTeam } from './team';
import { createHandlers } from './handlers';
import { createDemoLowStock } from './lowStock';

/**
 * The same handlers for vitest, as demo mode has them (the server's door before the marketplace, the activity):
 * one server, a fresh db per test through `resetDb`.
 */
export const server = setupServer();

let current: Db | null = null;

export function resetDb(seed: SeedName = 'default'): Db {
  current = createDb(seed);
  const marketplace = createHandlers(current);
  const serverEvents = new Set<(event: string, data: unknown) => void>();
  const team = createDemoTeam(current);
  const lowStock = createDemoLowStock();
  server.resetHandlers(
    ...createDoorHandlers(current, marketplace, serverEvents, { team }),
    ...lowStock.handlers,
    ...marketplace,
    ...createActivityHandlers(current, { serverEvents, readable: () => readableKinds(actingRole(team)), lowStock }),
  );
  return current;
}

/** The db behind the handlers of the running test. */
export function testDb(): Db {
  if (!current) throw new Error('resetDb() has not run');
  return current;
}
