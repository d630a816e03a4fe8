import { EventEmitter } from 'node:events';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { z } from 'zod';
import type { Database } from './schema.ts';

/** A credit lead's review changed: which account, sandbox or production, and lead. */
interface LeadReviewKey {
  accountId: string;
  sandbox: boolean;
  leadId: string;
}

/**
 * An activity entry was stored (its id), a session ended or changed its active account (its store key), or a
 * lead's review changed.
 */
type BusMessage =
  | { kind: 'entry'; id: string }
  | { kind: 'session'; key: string }
  | ({ kind: 'lead-review' } & LeadReviewKey)
  /** A bulk stock job of the account moved (progress, a step ended). */
  | { kind: 'stock-job'; accountId: string; jobId: string };

function encode(message: BusMessage): string {
  if (message.kind === 'entry') return `entry:${message.id}`;
  if (message.kind === 'session') return `session:${message.key}`;
  if (message.kind === 'stock-job') return `stock-job:${JSON.stringify([message.accountId, message.jobId])}`;
  return `lead-review:${JSON.stringify([message.accountId, message.sandbox, message.leadId])}`;
}

const reviewKey = z.tuple([z.string(), z.boolean(), z.string()]);
const jobKey = z.tuple([z.string(), z.string()]);

function parsedJson<T>(schema: z.ZodType<T>, value: string): T | undefined {
  try {
    return schema.safeParse(JSON.parse(value)).data;
  } catch {
    return undefined;
  }
}

function decode(payload: string): BusMessage | undefined {
  const colon = payload.indexOf(':');
  const kind = payload.slice(0, colon);
  const value = payload.slice(colon + 1);
  if (colon < 1 || !value) return undefined;
  if (kind === 'lead-review') {
    const key = parsedJson(reviewKey, value);
    return key && { kind, accountId: key[0], sandbox: key[1], leadId: key[2] };
  }
  if (kind === 'stock-job') {
    const key = parsedJson(jobKey, value);
    return key && { kind, accountId: key[0], jobId: key[1] };
  }
  return kind === 'entry' ? { kind, id: value } : kind === 'session' ? { kind, key: value } : undefined;
}

/** A lost listening connection is opened again after 1 s, 2 s, 4 s … at most this long apart. */
const reconnectMaxMs = 30_000;

/**
 * Tells every instance on the store what its open streams must hear of: an activity entry stored, a session
 * ended or switched (so each stream of it closes at once). Only ids travel. On
 * PostgreSQL: LISTEN/NOTIFY on one dedicated connection, on a channel named after the schema, so
 * deployments (or test runs) sharing a database in different schemas do not hear each other; a lost
 * connection is opened again with backoff, and what was published meanwhile never arrives (`onChange` says
 * so). PGlite is one process: an in-process emitter, never down.
 */
export interface Bus {
  publish(message: BusMessage): Promise<void>;
  subscribe(listener: (message: BusMessage) => void): () => void;
  /** Why messages do not arrive now (the listening connection is lost and being opened again), or undefined. */
  down(): string | undefined;
  /** Called with the reason when the bus goes down, and with undefined when it is back; answers how to stop. */
  onChange(listener: (down: string | undefined) => void): () => void;
  close(): Promise<void>;
}

export async function openBus(db: Kysely<Database>, postgres: { url: string; schema: string } | undefined): Promise<Bus> {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const listenerOf =
    <T>(event: string) =>
    (listener: (value: T) => void) => {
      local.on(event, listener);
      return () => void local.off(event, listener);
    };
  const subscribe = listenerOf<BusMessage>('message');
  const onChange = listenerOf<string | undefined>('change');
  if (!postgres) {
    return {
      publish: async (message) => void local.emit('message', message),
      subscribe,
      down: () => undefined,
      onChange,
      close: async () => undefined,
    };
  }

  const { url } = postgres;
  const channel = `seller_desk_activity:${postgres.schema}`;
  let listening: pg.Client | undefined;
  let down: string | undefined;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;

  const setDown = (reason: string | undefined) => {
    if (reason === down) return;
    down = reason;
    local.emit('change', reason);
  };

  /** Opens the listening connection; when it is lost, the bus is down until `listen` succeeds again. */
  async function listen(): Promise<void> {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (message) => {
      const decoded = message.channel === channel && message.payload ? decode(message.payload) : undefined;
      if (decoded) local.emit('message', decoded);
    });
    const lost = (error?: Error) => {
      if (listening !== client) return;
      listening = undefined;
      void client.end().catch(() => undefined);
      setDown(error?.message ?? 'the listening connection ended');
      reconnect();
    };
    // Before connecting: an error event without a listener would end the process.
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      await client.query(`listen "${channel.replaceAll('"', '""')}"`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await client.end();
      return;
    }
    listening = client;
    failures = 0;
    setDown(undefined);
  }

  function reconnect() {
    if (closed) return;
    retry = setTimeout(
      () => {
        listen().catch((error: unknown) => {
          setDown(error instanceof Error ? error.message : 'the listening connection could not be opened');
          reconnect();
        });
      },
      Math.min(reconnectMaxMs, 1000 * 2 ** failures++),
    );
  }

  await listen();
  return {
    publish: async (message) => void (await sql`select pg_notify(${channel}, ${encode(message)})`.execute(db)),
    subscribe,
    down: () => down,
    onChange,
    close: async () => {
      closed = true;
      clearTimeout(retry);
      const client = listening;
      listening = undefined;
      await client?.end();
    },
  };
}
