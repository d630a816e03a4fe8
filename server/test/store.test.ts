import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashId, randomId } from '../src/secrets.ts';
import { migrationProvider } from '../src/store/migrations.ts';
import { openStore, sessionLimits, type Store } from '../src/store/store.ts';
import { dropSchema, storeEngines, testCipher } from './helpers.ts';

const account = (id: string, accessToken = `APP_USR-${id}`) => ({
  id,
  nickname: `SELLER_${id}`,
  siteId: 'MLA',
  kind: 'oauth' as const,
  accessToken,
  refreshToken: `TG-${id}`,
  expiresAt: new Date(Date.now() + 3600_000),
});

describe.each(await storeEngines('store tests'))('the store on $name', ({ databaseUrl }) => {
  let store: Store;
  beforeAll(async () => {
    store = await openStore({ databaseUrl, dataDir: 'memory://', cipher: testCipher });
  });
  afterAll(async () => {
    if (databaseUrl) await dropSchema(store, databaseUrl);
    await store.close();
  });

  /** A person owning a freshly connected seller account, signed in with a session. */
  async function signedIn(accountId = randomId().slice(0, 8)) {
    const { person } = await store.team.personOfMarketplaceUser(accountId, 'Ana');
    await store.connectAccount(person.id, account(accountId), 'test-request');
    const rawId = randomId();
    return { person, accountId, rawId, key: await store.createSession(rawId, person.id) };
  }

  it('records the migrations it ran', async () => {
    const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(store.db);
    expect(applied.rows.map((row) => row.name)).toEqual([
      '2026-11-23-01-sessions',
      '2026-11-23-02-notifications',
      '2026-12-02-11-item-categories-per-seller',
      '2026-12-02-12-notification-lookups',
      '2026-12-02-21-teams',
      '2026-12-04-01-audit',
      '2026-12-04-02-lead-reviews',
      '2026-12-04-14-notification-claims',
      '2026-12-04-15-audit-append-only',
      '2026-12-04-17-upstream-budget',
      '2026-12-04-21-account-settings',
      '2026-12-04-30-stock-jobs',
      '2026-12-04-31-answered-questions',
      '2026-12-05-10-low-stock',
      '2026-12-05-20-answer-templates',
    ]);
  });

  // Only a shared database can be opened twice: the second instance finds nothing to migrate.
  it.skipIf(!databaseUrl)('starts a second instance on the same database without migrating again', async () => {
    const again = await openStore({ databaseUrl, dataDir: 'memory://', cipher: testCipher });
    const applied = await sql<{ name: string }>`select name from kysely_migration`.execute(again.db);
    await again.close();
    // Each once: as many rows as there are migrations.
    expect(applied.rows).toHaveLength(Object.keys(await migrationProvider.getMigrations()).length);
  });

  it('keeps sessions under a hash of their id and tokens encrypted, one row per seller account', async () => {
    const { person } = await store.team.personOfMarketplaceUser('1', 'Ana');
    await store.connectAccount(person.id, account('1', 'APP_USR-secret-access'), 'test-request');
    const rawId = randomId();
    const key = await store.createSession(rawId, person.id);
    expect(key).toBe(hashId(rawId));
    const rows = await store.db.selectFrom('seller_accounts').selectAll().where('id', '=', '1').execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toMatch(/APP_USR-secret-access|TG-1/);
    expect(await store.getTokens('1')).toMatchObject({ accessToken: 'APP_USR-secret-access', refreshToken: 'TG-1', locked: false });
    const session = await store.getSession(rawId);
    expect(session).toMatchObject({
      person: { id: person.id, name: 'Ana', marketplaceUserId: '1' },
      activeAccountId: '1',
      accounts: [{ id: '1', nickname: 'SELLER_1', role: 'owner', needsSignIn: false }],
    });
    expect(await store.getSession(key)).toBeUndefined(); // the stored key is not a usable id
  });

  it('switches, renames, and leaves a removed account for the person’s next one', async () => {
    const { person, accountId, key } = await signedIn();
    const second = randomId().slice(0, 8);
    await store.connectAccount(person.id, account(second), 'test-request');
    expect(await store.activate(key, second)).toBe(true);
    expect(await store.activate(key, 'not-a-member')).toBe(false);
    const renamedRaw = randomId();
    const renamed = await store.renameSession(key, renamedRaw);
    expect(await store.getSessionByKey(key)).toBeUndefined();
    await store.disconnectAccount(second, { personId: person.id, requestId: 'test-request' });
    const session = await store.getSession(renamedRaw);
    expect(session).toMatchObject({ key: renamed, activeAccountId: accountId });
    expect(session?.accounts.map((a) => a.id)).toEqual([accountId]);
    expect(await store.getTokens(second)).toBeUndefined();
  });

  it('lets one holder at a time take an account’s refresh lock, and frees it after its lease', async () => {
    const { accountId } = await signedIn();
    const attempts = await Promise.all([1, 2, 3, 4, 5].map(() => store.lockRefresh(accountId, 60_000)));
    expect(attempts.filter(Boolean)).toHaveLength(1);
    await store.saveRefreshed(accountId, {
      accessToken: 'APP_USR-new',
      refreshToken: 'TG-new',
      expiresAt: new Date(Date.now() + 3600_000),
    });
    expect(await store.getTokens(accountId)).toMatchObject({ accessToken: 'APP_USR-new', refreshToken: 'TG-new', locked: false });
    expect(await store.lockRefresh(accountId, -1)).toBe(true); // a lease already over, as a crashed holder's
    expect(await store.lockRefresh(accountId, 60_000)).toBe(true);
  });

  // PGlite is one process, whose clock is the database's too: only instances on one PostgreSQL can disagree.
  describe.skipIf(!databaseUrl)('with this instance’s clock an hour off', () => {
    afterEach(() => vi.useRealTimers());
    const skew = (ms: number) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + ms);
    };

    it('keeps a lease another instance holds: the database’s time decides', async () => {
      const { accountId } = await signedIn();
      expect(await store.lockRefresh(accountId, 60_000)).toBe(true);
      skew(3600_000); // ahead: the lease looks long over
      expect(await store.lockRefresh(accountId, 60_000)).toBe(false);
      expect(await store.getTokens(accountId)).toMatchObject({ locked: true });
    });

    it('frees a lease that ran out, however far behind this clock is', async () => {
      const { accountId } = await signedIn();
      expect(await store.lockRefresh(accountId, -1)).toBe(true); // a crashed holder's, over
      skew(-3600_000); // behind: the lease looks an hour away
      expect(await store.getTokens(accountId)).toMatchObject({ locked: false });
      expect(await store.lockRefresh(accountId, 60_000)).toBe(true);
    });
  });

  it('hands out a sign-in state once', async () => {
    const state = randomId();
    const pending = { codeVerifier: 'verifier', returnTo: '/stock', sessionKey: null, invitation: { id: 'inv', name: 'Bea' } };
    await store.saveOAuthState(state, pending);
    expect(await store.takeOAuthState(state)).toEqual(pending);
    expect(await store.takeOAuthState(state)).toBeUndefined();
  });

  it('hands out a WebAuthn challenge once, for its purpose, within five minutes', async () => {
    const id = await store.team.saveChallenge('register', 'challenge-1', { personId: 'p', name: 'Bea' });
    expect(await store.team.takeChallenge(id, 'authenticate')).toBeUndefined();
    expect(await store.team.takeChallenge(id, 'register')).toEqual({ challenge: 'challenge-1', context: { personId: 'p', name: 'Bea' } });
    expect(await store.team.takeChallenge(id, 'register')).toBeUndefined();
    const old = await store.team.saveChallenge('authenticate', 'challenge-2');
    await store.db
      .updateTable('webauthn_challenges')
      .set({ created_at: new Date(Date.now() - 5 * 60_000 - 1000) })
      .where('id', '=', old)
      .execute();
    expect(await store.team.takeChallenge(old, 'authenticate')).toBeUndefined();
  });

  it('ends idle and too old sessions, never an account’s tokens', async () => {
    const { person, accountId, rawId: fresh } = await signedIn();
    const idle = randomId();
    const old = randomId();
    for (const id of [idle, old]) await store.createSession(id, person.id);
    await store.db
      .updateTable('sessions')
      .set({ seen_at: new Date(Date.now() - sessionLimits.idleMs - 1000) })
      .where('id', '=', hashId(idle))
      .execute();
    await store.db
      .updateTable('sessions')
      .set({ created_at: new Date(Date.now() - sessionLimits.absoluteMs - 1000) })
      .where('id', '=', hashId(old))
      .execute();
    expect(await store.getSession(idle)).toBeUndefined();
    expect(await store.getSession(old)).toBeUndefined();
    await store.purgeExpired(400);
    const left = await store.db.selectFrom('sessions').select('id').where('person_id', '=', person.id).execute();
    expect(left.map((row) => row.id)).toEqual([hashId(fresh)]);
    await store.deleteSessionsOf(person.id);
    expect(await store.getSession(fresh)).toBeUndefined();
    expect(await store.getTokens(accountId)).toMatchObject({ accessToken: `APP_USR-${accountId}` });
  });

  it('keeps a session it read for two seconds, and drops it at once on every instance when a change to it is published', async () => {
    const second = databaseUrl ? await openStore({ databaseUrl, dataDir: 'memory://', cipher: testCipher }) : store;
    try {
      const { person, accountId, rawId } = await signedIn();
      expect((await second.getSession(rawId))?.person.name).toBe('Ana');
      // A change nobody publishes (here behind the store's back) shows once the two seconds are over.
      await store.db.updateTable('people').set({ name: 'Ana María' }).where('id', '=', person.id).execute();
      const readAt = Date.now();
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(readAt + 1_500);
      expect((await second.getSession(rawId))?.person.name).toBe('Ana');
      vi.setSystemTime(readAt + 2_001);
      expect((await second.getSession(rawId))?.person.name).toBe('Ana María');
      vi.useRealTimers();
      // A role change on the first instance is published: well within the copy's two seconds (four from now,
      // as it was read two seconds in the future), the second instance serves the new role.
      await store.team.changeRole(accountId, person.id, 'viewer', () => null);
      await expect.poll(async () => (await second.getSession(rawId))?.accounts[0]?.role, { timeout: 1_000, interval: 20 }).toBe('viewer');
      await store.deleteSessionsOf(person.id);
      await expect.poll(() => second.getSession(rawId), { timeout: 1_000, interval: 20 }).toBeUndefined();
    } finally {
      vi.useRealTimers();
      if (second !== store) await second.close();
    }
  });

  it('gives the API door the tokens it read for two seconds, new ones at once when this instance changes them', async () => {
    const { person, accountId } = await signedIn();
    expect(await store.recentTokens(accountId)).toMatchObject({ accessToken: `APP_USR-${accountId}` });
    await store.db
      .updateTable('seller_accounts')
      .set({ expires_at: new Date(0) })
      .where('id', '=', accountId)
      .execute();
    expect((await store.recentTokens(accountId))?.expiresAt).not.toEqual(new Date(0));
    expect((await store.getTokens(accountId))?.expiresAt).toEqual(new Date(0));
    await store.connectAccount(person.id, account(accountId, 'APP_USR-new'), 'test-request');
    expect(await store.recentTokens(accountId)).toMatchObject({ accessToken: 'APP_USR-new' });
    await store.saveRefreshed(accountId, {
      accessToken: 'APP_USR-refreshed',
      refreshToken: 'TG-2',
      expiresAt: new Date(Date.now() + 3600_000),
    });
    expect(await store.recentTokens(accountId)).toMatchObject({ accessToken: 'APP_USR-refreshed' });
    await store.endAccountSignIn(accountId);
    expect(await store.recentTokens(accountId)).toMatchObject({ accessToken: null });
  });

  it('purges processed notifications after 14 days, keeping recent and pending ones', async () => {
    const day = 24 * 3600_000;
    const ago = (days: number) => new Date(Date.now() - days * day);
    const rows = [
      { id: 'processed-15-days-ago', received_at: ago(15), processed_at: ago(15) },
      { id: 'processed-13-days-ago', received_at: ago(13), processed_at: ago(13) },
      { id: 'pending-since-20-days', received_at: ago(20), processed_at: null },
    ];
    await store.db
      .insertInto('notifications')
      .values(rows.map((row) => ({ ...row, user_id: '1', topic: 'questions', resource: '/questions/1' })))
      .execute();
    await store.purgeExpired(400);
    const left = await store.db
      .selectFrom('notifications')
      .select('id')
      .where(
        'id',
        'in',
        rows.map((row) => row.id),
      )
      .execute();
    expect(left.map((row) => row.id).sort()).toEqual(['pending-since-20-days', 'processed-13-days-ago']);
  });

  it('tells whether an account’s activity shows a resource, and not as deleted', async () => {
    const entry = (accountId: string, resource: string, facts: Record<string, boolean>) => ({
      account_id: accountId,
      topic: 'questions',
      kind: 'question',
      resource,
      subject: '{}',
      facts: JSON.stringify(facts),
    });
    await store.db
      .insertInto('activity')
      .values([entry('31', '/questions/1', {}), entry('31', '/questions/2', {}), entry('31', '/questions/2', { deleted: true })])
      .execute();
    expect(await store.activity.shownAlive('31', '/questions/1')).toBe(true);
    expect(await store.activity.shownAlive('31', '/questions/2')).toBe(false); // already reported deleted
    expect(await store.activity.shownAlive('32', '/questions/1')).toBe(false); // another seller's activity
    expect(await store.activity.shownAlive('31', '/questions/3')).toBe(false);
  });

  it('keeps item categories per seller, and forgets those of sellers no longer connected', async () => {
    await signedIn('21');
    await store.activity.firstSightings([
      { accountId: '21', itemId: 'MLA5', categoryId: 'MLA1055' },
      { accountId: '22', itemId: 'MLA5', categoryId: 'MLA1652' },
    ]);
    expect(await store.activity.lastCategory('21', 'MLA5')).toBe('MLA1055');
    expect(await store.activity.lastCategory('22', 'MLA5')).toBe('MLA1652');
    await store.purgeExpired(400);
    expect(await store.activity.lastCategory('21', 'MLA5')).toBe('MLA1055');
    expect(await store.activity.lastCategory('22', 'MLA5')).toBeUndefined();
  });
});

// The SQL is the same on both engines; an earlier schema is simplest to build on PGlite.
describe('the migration to item categories per seller', () => {
  it('gives a shared row to each seller whose activity shows the item, and leaves out the others', async () => {
    const db = new Kysely<unknown>({ dialect: new PGliteDialect({ pglite: await PGlite.create('memory://') }) });
    const migrator = new Migrator({ db, provider: migrationProvider });
    expect((await migrator.migrateTo('2026-11-23-02-notifications')).error).toBeUndefined();
    await sql`insert into item_categories (item_id, category_id) values ('MLA1', 'MLA1055'), ('MLA2', 'MLA1652')`.execute(db);
    await sql`
      insert into activity (account_id, topic, kind, resource, subject, facts) values
        ('7', 'items', 'item', '/items/MLA1', '{}', '{}'),
        ('7', 'items', 'item', '/items/MLA1', '{}', '{}'),
        ('8', 'items', 'recategorization', '/items/MLA1', '{}', '{}'),
        ('8', 'questions', 'question', '/questions/2', '{}', '{}')`.execute(db);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const rows = await sql`select account_id, item_id, category_id from item_categories order by account_id`.execute(db);
    expect(rows.rows).toEqual([
      { account_id: '7', item_id: 'MLA1', category_id: 'MLA1055' },
      { account_id: '8', item_id: 'MLA1', category_id: 'MLA1055' },
    ]);
    await db.destroy();
  });
});
