import { EventEmitter } from 'node:events';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

/** An activity entry was stored (its id), or a session ended or changed its active account (its store key). */
type BusMessage = { kind: 'entry'; id: string } | { kind: 'session'; key: string };

const encode = (message: BusMessage) => (message.kind === 'entry' ? `entry:${message.id}` : `session:${message.key}`);

function decode(payload: string): BusMessage | undefined {
  const colon = payload.indexOf(':');
  const kind = payload.slice(0, colon);
  const value = payload.slice(colon + 1);
  if (colon < 1 || !value) return undefined;
  return kind === 'entry' ? { kind, id: value } : kind === 'session' ? { kind, key: value } : undefined;
}

/**
 * Tells every instance on the store what its open streams must hear of: an activity entry stored, a session
 * ended or switched (so each stream of it closes at once). Only ids travel. On
 * PostgreSQL: LISTEN/NOTIFY on one dedicated connection, on a channel named after the schema, so
 * deployments (or test runs) sharing a database in different schemas do not hear each other. PGlite is one
 * process: an in-process emitter.
 */
export interface Bus {
  publish(message: BusMessage): Promise<void>;
  subscribe(listener: (message: BusMessage) => void): () => void;
  /** The listening connection failed (PostgreSQL): other instances' entries no longer arrive. */
  onError(listener: (error: Error) => void): void;
  close(): Promise<void>;
}

export async function openBus(db: Kysely<Database>, postgres: { url: string; schema: string } | undefined): Promise<Bus> {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const subscribe = (listener: (message: BusMessage) => void) => {
    local.on('message', listener);
    return () => void local.off('message', listener);
  };
  const onError = (listener: (error: Error) => void) => void local.on('failure', listener);
  if (!postgres) {
    return { publish: async (message) => void local.emit('message', message), subscribe, onError, close: async () => undefined };
  }

  const channel = `seller_desk_activity:${postgres.schema}`;
  const client = new pg.Client({ connectionString: postgres.url });
  client.on('notification', (message) => {
    const decoded = message.channel === channel && message.payload ? decode(message.payload) : undefined;
    if (decoded) local.emit('message', decoded);
  });
  client.on('error', (error) => local.emit('failure', error));
  await client.connect();
  await client.query(`listen "${channel.replaceAll('"', '""')}"`);
  return {
    publish: async (message) => void (await sql`select pg_notify(${channel}, ${encode(message)})`.execute(db)),
    subscribe,
    onError,
    close: () => client.end(),
  };
}
