import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashId, randomId } from '../src/secrets.ts';
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
    const person = await store.team.createPerson('Ana', accountId);
    await store.connectAccount(person.id, account(accountId));
    const rawId = randomId();
    return { person, accountId, rawId, key: await store.createSession(rawId, person.id) };
  }

  it('records the migrations it ran', async () => {
    const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(store.db);
    expect(applied.rows.map((row) => row.name)).toEqual(['2026-11-23-01-sessions', '2026-11-23-02-notifications', '2026-12-02-21-teams']);
  });

  // Only a shared database can be opened twice: the second instance finds nothing to migrate.
  it.skipIf(!databaseUrl)('starts a second instance on the same database without migrating again', async () => {
    const again = await openStore({ databaseUrl, dataDir: 'memory://', cipher: testCipher });
    const applied = await sql<{ name: string }>`select name from kysely_migration`.execute(again.db);
    await again.close();
    expect(applied.rows).toHaveLength(3);
  });

  it('keeps sessions under a hash of their id and tokens encrypted, one row per seller account', async () => {
    const person = await store.team.createPerson('Ana', '1');
    await store.connectAccount(person.id, account('1', 'APP_USR-secret-access'));
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
    await store.connectAccount(person.id, account(second));
    expect(await store.activate(key, second)).toBe(true);
    expect(await store.activate(key, 'not-a-member')).toBe(false);
    const renamedRaw = randomId();
    const renamed = await store.renameSession(key, renamedRaw);
    expect(await store.getSessionByKey(key)).toBeUndefined();
    await store.disconnectAccount(second);
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
    await store.purgeExpired();
    const left = await store.db.selectFrom('sessions').select('id').where('person_id', '=', person.id).execute();
    expect(left.map((row) => row.id)).toEqual([hashId(fresh)]);
    await store.deleteSessionsOf(person.id);
    expect(await store.getSession(fresh)).toBeUndefined();
    expect(await store.getTokens(accountId)).toMatchObject({ accessToken: `APP_USR-${accountId}` });
  });
});
