import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Signer } from '@fastify/cookie';
import { Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { deriveKey, hashId, randomId } from '../src/secrets.ts';
import { migrationProvider } from '../src/store/migrations.ts';
import type { Database } from '../src/store/schema.ts';
import { currentSchema, migrator, openStore, type Store } from '../src/store/store.ts';
import { dropSchema, liveEnv, sessionSecret, startServer, storeEngines, testCipher } from './helpers.ts';

const teams = '2026-12-02-21-teams';
const names = Object.keys(await migrationProvider.getMigrations()).sort();
/** The store as the release before Teams left it. */
const previous = names[names.indexOf(teams) - 1]!;

const hour = 3600_000;
const at = (minutes: number) => new Date(Date.UTC(2026, 10, 30, 12, minutes));
const raw = { ana: randomId(), anaPhone: randomId(), bea: randomId(), empty: randomId() };

/**
 * Today's sessions: Ana signed in with her shop A, then added B with a personal token; Bea signed in with
 * B (OAuth, a later expiry than Ana's personal token) and added C; Ana's phone signed in with A again, with
 * the latest of A's tokens; a session with no account left (nobody signed in).
 */
const sessions = [
  { raw: raw.ana, active: 'A', seen: at(50) },
  { raw: raw.bea, active: 'C', seen: at(51) },
  { raw: raw.anaPhone, active: 'A', seen: at(52) },
  { raw: raw.empty, active: null, seen: at(53) },
];
const accounts = [
  { session: raw.ana, user: 'A', kind: 'oauth', token: 'APP_USR-A-ana', expires: 1, added: 1 },
  { session: raw.ana, user: 'B', kind: 'personal', token: 'APP_USR-B-personal', expires: null, added: 2 },
  { session: raw.bea, user: 'B', kind: 'oauth', token: 'APP_USR-B-bea', expires: 2, added: 3 },
  { session: raw.bea, user: 'C', kind: 'oauth', token: 'APP_USR-C-bea', expires: 1, added: 4 },
  { session: raw.anaPhone, user: 'A', kind: 'oauth', token: 'APP_USR-A-phone', expires: 3, added: 5 },
];

/** Opens the database at the migration before Teams and stores today's sessions in it. */
async function storeAsReleased(databaseUrl: string | undefined, dataDir: string) {
  const db = new Kysely<Database>({
    dialect: databaseUrl
      ? new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 1 }) })
      : new PGliteDialect({ pglite: await PGlite.create(dataDir) }),
  });
  const { error } = await migrator(db, await currentSchema(db)).migrateTo(previous);
  expect(error).toBeUndefined();
  for (const s of sessions)
    await sql`insert into sessions (id, seen_at, active_user_id) values (${hashId(s.raw)}, ${s.seen}, ${s.active})`.execute(db);
  const now = Date.now();
  for (const a of accounts) {
    await sql`
      insert into accounts (session_id, user_id, nickname, site_id, kind, access_token, refresh_token, expires_at, added_at)
      values (${hashId(a.session)}, ${a.user}, ${`SHOP_${a.user}`}, 'MLA', ${a.kind}, ${testCipher.encrypt(a.token)},
        ${a.kind === 'oauth' ? testCipher.encrypt(`TG-${a.token}`) : null}, ${a.expires === null ? null : new Date(now + a.expires * hour)},
        ${at(a.added)})`.execute(db);
  }
  await db.destroy();
}

describe.each(await storeEngines('upgrade tests'))('upgrading a store of today’s sessions on $name', ({ databaseUrl }) => {
  let store: Store;
  afterAll(async () => {
    if (databaseUrl) await dropSchema(store, databaseUrl);
    await store.close();
  });

  it('keeps every account and token, makes people and owners, and keeps browsers signed in', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'seller-desk-upgrade-'));
    await storeAsReleased(databaseUrl, dataDir);
    store = await openStore({ databaseUrl, dataDir, cipher: testCipher });

    // One row per seller account, none lost; a shared one keeps the OAuth token with the latest expiry.
    const kept = await store.db.selectFrom('seller_accounts').select(['id', 'nickname', 'kind']).orderBy('id').execute();
    expect(kept).toEqual([
      { id: 'A', nickname: 'SHOP_A', kind: 'oauth' },
      { id: 'B', nickname: 'SHOP_B', kind: 'oauth' },
      { id: 'C', nickname: 'SHOP_C', kind: 'oauth' },
    ]);
    expect(await store.getTokens('A')).toMatchObject({ accessToken: 'APP_USR-A-phone', refreshToken: 'TG-APP_USR-A-phone' });
    expect(await store.getTokens('B')).toMatchObject({ accessToken: 'APP_USR-B-bea', refreshToken: 'TG-APP_USR-B-bea' });
    expect(await store.getTokens('C')).toMatchObject({ accessToken: 'APP_USR-C-bea' });

    // A person per marketplace user whose account came first in a session, shared by their sessions, owner
    // of every account of those sessions.
    const people = await store.db.selectFrom('people').select(['id', 'name', 'marketplace_user_id']).orderBy('name').execute();
    expect(people.map((p) => [p.name, p.marketplace_user_id])).toEqual([
      ['SHOP_A', 'A'],
      ['SHOP_B', 'B'],
    ]);
    const [ana, bea] = people.map((p) => p.id);
    const memberships = await store.db
      .selectFrom('memberships')
      .select(['account_id', 'person_id', 'role'])
      .orderBy('account_id')
      .execute();
    expect(memberships.map((m) => [m.account_id, m.person_id === ana ? 'ana' : 'bea', m.role]).sort()).toEqual([
      ['A', 'ana', 'owner'],
      ['B', 'ana', 'owner'],
      ['B', 'bea', 'owner'],
      ['C', 'bea', 'owner'],
    ]);

    // Sessions keep their ids and active accounts; the one without an account is gone.
    expect(await store.getSession(raw.ana)).toMatchObject({ person: { id: ana }, activeAccountId: 'A' });
    expect(await store.getSession(raw.anaPhone)).toMatchObject({ person: { id: ana }, activeAccountId: 'A' });
    expect(await store.getSession(raw.bea)).toMatchObject({ person: { id: bea }, activeAccountId: 'C' });
    expect((await store.getSession(raw.bea))?.accounts.map((a) => [a.id, a.role])).toEqual([
      ['B', 'owner'],
      ['C', 'owner'],
    ]);
    expect(await store.getSession(raw.empty)).toBeUndefined();
    expect(await store.db.selectFrom('sessions').select('id').execute()).toHaveLength(3);

    // The browser's old cookie still signs in, through the server.
    const server = await startServer(liveEnv('http://127.0.0.1:9'), { store });
    try {
      const cookie = `seller-desk-session=${encodeURIComponent(new Signer(deriveKey(sessionSecret, 'cookie-signing')).sign(raw.ana))}`;
      const session = await (await fetch(`${server.url}/session`, { headers: { cookie } })).json();
      expect(session).toMatchObject({
        signedIn: true,
        person: { id: ana, name: 'SHOP_A', methods: ['marketplace'] },
        accounts: [
          { id: 'A', role: 'owner', active: true },
          { id: 'B', role: 'owner', active: false },
        ],
        activeAccountId: 'A',
      });
    } finally {
      await server.close();
    }
  });
});
