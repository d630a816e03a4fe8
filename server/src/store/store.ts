import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { hashId, type Cipher } from '../secrets.ts';
import { activityQueries, purgeNotifications } from './activity.ts';
import { openBus, type Bus } from './bus.ts';
import { migrationProvider } from './migrations.ts';
import type { Database } from './schema.ts';

/** Session lifetime: ended after this long without a request, and in any case this long after sign-in. */
export const sessionLimits = { idleMs: 7 * 24 * 3600_000, absoluteMs: 30 * 24 * 3600_000 };
/** How long a sign-in may sit on the authorization page. */
const oauthStateMs = 10 * 60_000;

interface AccountTokens {
  kind: 'oauth' | 'personal';
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date | null;
}

interface Account extends AccountTokens {
  userId: string;
  nickname: string;
  siteId: string;
}

export interface Session {
  /** The store's key (a hash of the cookie's id). */
  key: string;
  activeUserId: string | null;
  accounts: Account[];
}

/**
 * One SQL dialect, two engines: PostgreSQL through `pg` when a URL is given, else PGlite (Postgres in WASM)
 * in `dataDir` (`memory://` keeps it in memory). Migrations run before the store is returned.
 */
export async function openStore(options: { databaseUrl?: string | undefined; dataDir: string; cipher: Cipher }) {
  let db: Kysely<Database>;
  if (options.databaseUrl) {
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: options.databaseUrl, max: 10 }) }) });
  } else {
    if (!options.dataDir.startsWith('memory://')) mkdirSync(options.dataDir, { recursive: true });
    db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite: await PGlite.create(options.dataDir) }) });
  }
  // Named, or the migrator takes another schema's migration tables (in the same database) for its own.
  const schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema ?? 'public';
  const { error } = await new Migrator({ db, provider: migrationProvider, migrationTableSchema: schema }).migrateToLatest();
  if (error) {
    await db.destroy();
    throw error instanceof Error ? error : new Error(String(error));
  }
  return createStore(db, options.cipher, await openBus(db, options.databaseUrl ? { url: options.databaseUrl, schema } : undefined));
}

export type Store = ReturnType<typeof createStore>;

function createStore(db: Kysely<Database>, cipher: Cipher, bus: Bus) {
  const seal = (value: string | null) => (value === null ? null : cipher.encrypt(value));
  const open = (value: string | null) => (value === null ? null : cipher.decrypt(value));
  const idleSince = () => new Date(Date.now() - sessionLimits.idleMs);
  const createdSince = () => new Date(Date.now() - sessionLimits.absoluteMs);
  /** A session ended or switched accounts: its open streams (on any instance) check it again and close. */
  const changed = (key: string) => bus.publish({ kind: 'session', key });

  async function sessionByKey(key: string): Promise<Session | undefined> {
    const row = await db
      .selectFrom('sessions')
      .select(['id', 'active_user_id', 'seen_at'])
      .where('id', '=', key)
      .where('seen_at', '>', idleSince())
      .where('created_at', '>', createdSince())
      .executeTakeFirst();
    if (!row) return undefined;
    if (Date.now() - row.seen_at.getTime() > 60_000) {
      await db
        .updateTable('sessions')
        .set({ seen_at: sql`now()` })
        .where('id', '=', key)
        .execute();
    }
    const accounts = await db.selectFrom('accounts').selectAll().where('session_id', '=', key).orderBy('added_at').execute();
    return {
      key,
      activeUserId: row.active_user_id,
      accounts: accounts.map((a) => ({
        userId: a.user_id,
        nickname: a.nickname,
        siteId: a.site_id,
        kind: a.kind,
        accessToken: cipher.decrypt(a.access_token),
        refreshToken: open(a.refresh_token),
        expiresAt: a.expires_at,
      })),
    };
  }

  return {
    db,
    bus,
    activity: activityQueries(db),
    close: async () => {
      await bus.close();
      await db.destroy();
    },
    ping: async () => void (await sql`select 1`.execute(db)),

    /** Stores a session for the cookie's raw id. */
    async createSession(rawId: string): Promise<string> {
      const key = hashId(rawId);
      await db.insertInto('sessions').values({ id: key }).execute();
      return key;
    },

    /** The live session of a cookie's raw id, touched (at most once a minute) to keep it from idling out. */
    getSession(rawId: string): Promise<Session | undefined> {
      return sessionByKey(hashId(rawId));
    },

    getSessionByKey: sessionByKey,

    /** Gives a session a new id (a sign-in into an existing session), keeping its accounts. */
    async renameSession(key: string, newRawId: string): Promise<string> {
      const newKey = hashId(newRawId);
      await db.updateTable('sessions').set({ id: newKey }).where('id', '=', key).execute();
      await changed(key);
      return newKey;
    },

    async deleteSession(key: string): Promise<void> {
      await db.deleteFrom('sessions').where('id', '=', key).execute();
      await changed(key);
    },

    /** Adds or replaces an account of the session and makes it the active one. */
    async putAccount(key: string, account: Account): Promise<void> {
      const values = {
        nickname: account.nickname,
        site_id: account.siteId,
        kind: account.kind,
        access_token: cipher.encrypt(account.accessToken),
        refresh_token: seal(account.refreshToken),
        expires_at: account.expiresAt,
        refresh_lock_until: null,
      };
      await db.transaction().execute(async (tx) => {
        await tx
          .insertInto('accounts')
          .values({ session_id: key, user_id: account.userId, ...values })
          .onConflict((oc) => oc.columns(['session_id', 'user_id']).doUpdateSet(values))
          .execute();
        await tx.updateTable('sessions').set({ active_user_id: account.userId }).where('id', '=', key).execute();
      });
      await changed(key);
    },

    async activate(key: string, userId: string): Promise<boolean> {
      const account = await db
        .selectFrom('accounts')
        .select('user_id')
        .where('session_id', '=', key)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!account) return false;
      await db.updateTable('sessions').set({ active_user_id: userId }).where('id', '=', key).execute();
      await changed(key);
      return true;
    },

    /**
     * Deletes an account and its tokens (and its activity when no other session holds it); when it was the
     * active one, the earliest remaining one takes over.
     */
    async removeAccount(key: string, userId: string): Promise<boolean> {
      const removed = await db.transaction().execute(async (tx) => {
        const deleted = await tx.deleteFrom('accounts').where('session_id', '=', key).where('user_id', '=', userId).executeTakeFirst();
        const next = await tx.selectFrom('accounts').select('user_id').where('session_id', '=', key).orderBy('added_at').executeTakeFirst();
        await tx
          .updateTable('sessions')
          .set({ active_user_id: next?.user_id ?? null })
          .where('id', '=', key)
          .where('active_user_id', '=', userId)
          .execute();
        const held = await tx.selectFrom('accounts').select('user_id').where('user_id', '=', userId).limit(1).executeTakeFirst();
        if (!held) await tx.deleteFrom('activity').where('account_id', '=', userId).execute();
        return deleted.numDeletedRows > 0n;
      });
      if (removed) await changed(key);
      return removed;
    },

    async getTokens(key: string, userId: string): Promise<(AccountTokens & { locked: boolean }) | undefined> {
      const row = await db
        .selectFrom('accounts')
        .select([
          'kind',
          'access_token',
          'refresh_token',
          'expires_at',
          sql<boolean>`coalesce(refresh_lock_until > now(), false)`.as('locked'),
        ])
        .where('session_id', '=', key)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        kind: row.kind,
        accessToken: cipher.decrypt(row.access_token),
        refreshToken: open(row.refresh_token),
        expiresAt: row.expires_at,
        locked: row.locked,
      };
    },

    /**
     * Takes the account's refresh lock for `leaseMs` when nobody holds it (or a holder died and its lease
     * ran out). One UPDATE, so two instances on one database cannot both win; leases are the database's
     * time, as instances' clocks may disagree.
     */
    async lockRefresh(key: string, userId: string, leaseMs: number): Promise<boolean> {
      const result = await db
        .updateTable('accounts')
        .set({ refresh_lock_until: sql<Date>`now() + make_interval(secs => ${leaseMs / 1000})` })
        .where('session_id', '=', key)
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('refresh_lock_until', 'is', null), eb('refresh_lock_until', '<', sql<Date>`now()`)]))
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Stores refreshed tokens and releases the lock. */
    async saveRefreshed(key: string, userId: string, tokens: { accessToken: string; refreshToken: string | null; expiresAt: Date }) {
      await db
        .updateTable('accounts')
        .set({
          access_token: cipher.encrypt(tokens.accessToken),
          refresh_token: seal(tokens.refreshToken),
          expires_at: tokens.expiresAt,
          refresh_lock_until: null,
        })
        .where('session_id', '=', key)
        .where('user_id', '=', userId)
        .execute();
    },

    async unlockRefresh(key: string, userId: string): Promise<void> {
      await db
        .updateTable('accounts')
        .set({ refresh_lock_until: null })
        .where('session_id', '=', key)
        .where('user_id', '=', userId)
        .execute();
    },

    async saveOAuthState(state: string, value: { codeVerifier: string; returnTo: string; sessionKey: string | null }) {
      await db
        .insertInto('oauth_states')
        .values({
          id: hashId(state),
          code_verifier: cipher.encrypt(value.codeVerifier),
          return_to: value.returnTo,
          session_id: value.sessionKey,
        })
        .execute();
    },

    /** A sign-in's state, usable once and for ten minutes. */
    async takeOAuthState(state: string) {
      const row = await db
        .deleteFrom('oauth_states')
        .where('id', '=', hashId(state))
        .where('created_at', '>', new Date(Date.now() - oauthStateMs))
        .returning(['code_verifier', 'return_to', 'session_id'])
        .executeTakeFirst();
      return row && { codeVerifier: cipher.decrypt(row.code_verifier), returnTo: row.return_to, sessionKey: row.session_id };
    },

    /** Removes expired sessions (their accounts, tokens and activity go with them) and abandoned sign-ins. */
    async purgeExpired(): Promise<void> {
      await db
        .deleteFrom('sessions')
        .where((eb) => eb.or([eb('seen_at', '<=', idleSince()), eb('created_at', '<=', createdSince())]))
        .execute();
      await db
        .deleteFrom('oauth_states')
        .where('created_at', '<=', new Date(Date.now() - oauthStateMs))
        .execute();
      // Sessions that ended took their accounts along; so goes the activity nobody holds any more.
      await db
        .deleteFrom('activity')
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('accounts').select('user_id').whereRef('accounts.user_id', '=', 'activity.account_id'))),
        )
        .execute();
      await purgeNotifications(db);
    },
  };
}
