import { EventEmitter } from 'node:events';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

/**
 * Tells every instance on the store that an activity entry was stored (the payload is only its id). On
 * PostgreSQL: LISTEN/NOTIFY on one dedicated connection, on a channel named after the schema, so
 * deployments (or test runs) sharing a database in different schemas do not hear each other. PGlite is one
 * process: an in-process emitter.
 */
export interface Bus {
  publish(entryId: string): Promise<void>;
  subscribe(listener: (entryId: string) => void): () => void;
  /** The listening connection failed (PostgreSQL): other instances' entries no longer arrive. */
  onError(listener: (error: Error) => void): void;
  close(): Promise<void>;
}

export async function openBus(db: Kysely<Database>, postgres: { url: string; schema: string } | undefined): Promise<Bus> {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const subscribe = (listener: (entryId: string) => void) => {
    local.on('entry', listener);
    return () => void local.off('entry', listener);
  };
  const onError = (listener: (error: Error) => void) => void local.on('failure', listener);
  if (!postgres) {
    return { publish: async (entryId) => void local.emit('entry', entryId), subscribe, onError, close: async () => undefined };
  }

  const channel = `seller_desk_activity:${postgres.schema}`;
  const client = new pg.Client({ connectionString: postgres.url });
  client.on('notification', (message) => {
    if (message.channel === channel && message.payload) local.emit('entry', message.payload);
  });
  client.on('error', (error) => local.emit('failure', error));
  await client.connect();
  await client.query(`listen "${channel.replaceAll('"', '""')}"`);
  return {
    publish: async (entryId) => void (await sql`select pg_notify(${channel}, ${entryId})`.execute(db)),
    subscribe,
    onError,
    close: () => client.end(),
  };
}
