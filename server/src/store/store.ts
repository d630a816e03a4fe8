import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import type { Role } from '../../../core/roles.ts';
import { hashId, type Cipher } from '../secrets.ts';
import { localPermits, type PermitSource } from '../budget.ts';
import type { RateSettings } from '../../../core/tokenBucket.ts';
import { sharedPermits } from './budget.ts';
import { activityQueries, purgeNotifications } from './activity.ts';
import { auditQueries } from './audit.ts';
import { accountSettingsQueries } from './accountSettings.ts';
import { answerTemplateQueries } from './answerTemplates.ts';
import { answeredQuestionQueries } from './answeredQuestions.ts';
import { leadReviewQueries } from './leadReviews.ts';
import { lowStockQueries } from './lowStock.ts';
import { openBus, type Bus } from './bus.ts';
import { migrationProvider } from './migrations.ts';
import type { Database } from './schema.ts';
import { stockJobQueries } from './stockJobs.ts';
import { leaveActiveAccount, teamQueries } from './team.ts';

/** Session lifetime: ended after this long without a request, and in any case this long after sign-in. */
export const sessionLimits = { idleMs: 7 * 24 * 3600_000, absoluteMs: 30 * 24 * 3600_000 };
/** How long a sign-in may sit on the authorization page. */
const oauthStateMs = 10 * 60_000;
/** Invitations are kept this long after they expire (the team page shows pending ones only). */
const invitationKeepMs = 30 * 24 * 3600_000;

interface AccountTokens {
  kind: 'oauth' | 'personal';
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date | null;
}

/** A seller account being connected: who the marketplace says it is, and its tokens. */
/** An account's tokens as stored: no access token when it needs a sign-in; `locked` while one refreshes them. */
type StoredTokens = Omit<AccountTokens, 'accessToken'> & { accessToken: string | null; locked: boolean };

export interface ConnectedAccount extends AccountTokens {
  id: string;
  nickname: string;
  siteId: string;
}

export interface Person {
  id: string;
  name: string;
  /** The marketplace user who signs in as this person, if any. */
  marketplaceUserId: string | null;
}

/** A seller account as one of its members sees it. */
export interface AccountOfPerson {
  id: string;
  nickname: string;
  siteId: string;
  role: Role;
  /** The marketplace ended its sign-in (a refused refresh or personal token): an owner signs in again. */
  needsSignIn: boolean;
}

export interface Session {
  /** The store's key (a hash of the cookie's id). */
  key: string;
  person: Person;
  /** One of `accounts`, or null when the person has none (or the active one was just taken away). */
  activeAccountId: string | null;
  accounts: AccountOfPerson[];
}

/** A sign-in waiting at the marketplace's authorization page. */
export interface OAuthState {
  codeVerifier: string;
  returnTo: string;
  /** "Add account": the session the account joins. */
  sessionKey: string | null;
  /** Accepting an invitation by signing in with the marketplace, under the name the invitee chose. */
  invitation: { id: string; name: string } | null;
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
  const schema = await currentSchema(db);
  const { error } = await migrator(db, schema).migrateToLatest();
  if (error) {
    await db.destroy();
    throw error instanceof Error ? error : new Error(String(error));
  }
  const bus = await openBus(db, options.databaseUrl ? { url: options.databaseUrl, schema } : undefined);
  return createStore(db, options.cipher, bus, options.databaseUrl !== undefined);
}

export async function currentSchema(db: Kysely<Database>): Promise<string> {
  return (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema ?? 'public';
}

/** Named, or the migrator takes another schema's migration tables (in the same database) for its own. */
export const migrator = (db: Kysely<Database>, schema: string) =>
  new Migrator({ db, provider: migrationProvider, migrationTableSchema: schema });

export type Store = ReturnType<typeof createStore>;

function createStore(db: Kysely<Database>, cipher: Cipher, bus: Bus, onPostgres: boolean) {
  const seal = (value: string | null) => (value === null ? null : cipher.encrypt(value));
  const open = (value: string | null) => (value === null ? null : cipher.decrypt(value));
  const idleSince = () => new Date(Date.now() - sessionLimits.idleMs);
  const createdSince = () => new Date(Date.now() - sessionLimits.absoluteMs);
  /**
   * Sessions read in the last `sessionCacheMs`, by key: the API door reads the session on every request, and
   * its three queries on PGlite's one thread were most of the door's CPU (scripts/bench-doors.mjs). What changes
   * a session (its end or switch, its person's memberships and roles) is published (`changed`) and drops it on
   * every instance; the rest (an account whose sign-in ended, seen fresh by the token read anyway, and a session
   * idling out) shows at most this late. While the bus is down nothing is cached, as nothing would drop it. (10 s
   * saved PGlite 4% of the door's time, but a removed teammate's open page then failed to say so within 5 s in
   * two CI runs of three: kept at 2 s until that path is understood.)
   */
  const sessionCacheMs = 2_000;
  const recentSessions = new Map<string, { session: Session; until: number }>();
  // Bumped by every drop: a read that began before one is not cached, as it may be what was dropped.
  let drops = 0;
  const drop = (key?: string) => {
    drops++;
    if (key === undefined) recentSessions.clear();
    else recentSessions.delete(key);
  };
  bus.subscribe((message) => {
    if (message.kind === 'session') drop(message.key);
  });
  bus.onChange(() => drop());

  async function cachedSession(key: string): Promise<Session | undefined> {
    const now = Date.now();
    const recent = recentSessions.get(key);
    if (recent && recent.until > now && !bus.down()) return recent.session;
    const dropsBefore = drops;
    const session = await sessionByKey(key);
    if (!session || drops !== dropsBefore || bus.down()) return session;
    if (recentSessions.size >= 10_000) for (const [k, v] of recentSessions) if (v.until <= now) recentSessions.delete(k);
    recentSessions.set(key, { session, until: now + sessionCacheMs });
    return session;
  }

  /** The tokens the API door read last, per account (`recentTokens`), and a count of this instance's writes of any. */
  const tokenCacheMs = 2_000;
  const recentTokens = new Map<string, { tokens: StoredTokens | undefined; until: number }>();
  let tokenWrites = 0;
  const tokensChanged = (accountId: string) => {
    tokenWrites++;
    recentTokens.delete(accountId);
  };

  /** The account's tokens; undefined when it is not connected, an access token of null when it needs a sign-in. */
  async function getTokens(accountId: string): Promise<StoredTokens | undefined> {
    const row = await db
      .selectFrom('seller_accounts')
      .select([
        'kind',
        'access_token',
        'refresh_token',
        'expires_at',
        sql<boolean>`coalesce(refresh_lock_until > now(), false)`.as('locked'),
      ])
      .where('id', '=', accountId)
      .executeTakeFirst();
    if (!row) return undefined;
    try {
      return {
        kind: row.kind,
        accessToken: open(row.access_token),
        refreshToken: open(row.refresh_token),
        expiresAt: row.expires_at,
        locked: row.locked,
      };
    } catch {
      // Sealed under an earlier SESSION_SECRET: nobody can open them again, so the owner signs in again.
      await endAccountSignIn(accountId);
      return { kind: row.kind, accessToken: null, refreshToken: null, expiresAt: null, locked: false };
    }
  }

  /** Sessions ended, switched or lost or changed their accounts: dropped from every instance's cache, their open streams check them again. */
  const changed = async (keys: string[]) => {
    for (const key of keys) {
      drop(key);
      await bus.publish({ kind: 'session', key });
    }
  };

  const team = teamQueries(db, changed);
  const audit = auditQueries(db);
  const inProcess = new Map<string, PermitSource>();
  const localBucket = (rate: RateSettings) => {
    const key = `${rate.perSecond}/${rate.burst}`;
    const bucket = inProcess.get(key) ?? localPermits(rate);
    inProcess.set(key, bucket);
    return bucket;
  };

  /**
   * The marketplace ended the account's sign-in (`invalid_grant`, a refused token): its tokens go, the
   * account and its team stay, listed as needing a new sign-in by its owner, and it is not served meanwhile
   * (the door and the activity answer 401 for it).
   */
  async function endAccountSignIn(accountId: string): Promise<void> {
    tokensChanged(accountId);
    await db
      .updateTable('seller_accounts')
      .set({ access_token: null, refresh_token: null, expires_at: null, refresh_lock_until: null })
      .where('id', '=', accountId)
      .execute();
    // Its streams end, on every instance: the account is no longer served until then.
    const holding = await db.selectFrom('sessions').select('id').where('active_account_id', '=', accountId).execute();
    await changed(holding.map((row) => row.id));
  }

  async function sessionByKey(key: string): Promise<Session | undefined> {
    const row = await db
      .selectFrom('sessions')
      .innerJoin('people', 'people.id', 'sessions.person_id')
      .select(['sessions.active_account_id', 'sessions.seen_at', 'people.id as person_id', 'people.name', 'people.marketplace_user_id'])
      .where('sessions.id', '=', key)
      .where('sessions.seen_at', '>', idleSince())
      .where('sessions.created_at', '>', createdSince())
      .executeTakeFirst();
    if (!row) return undefined;
    if (Date.now() - row.seen_at.getTime() > 60_000) {
      // The person's last activity (the team page shows it) moves with their session's.
      await db
        .with('touched', (q) =>
          q
            .updateTable('sessions')
            .set({ seen_at: sql`now()` })
            .where('id', '=', key)
            .returning('person_id'),
        )
        .updateTable('people')
        .set({ seen_at: sql`now()` })
        .where('id', 'in', (eb) => eb.selectFrom('touched').select('person_id'))
        .execute();
    }
    const accounts = await db
      .selectFrom('memberships')
      .innerJoin('seller_accounts', 'seller_accounts.id', 'memberships.account_id')
      .select([
        'seller_accounts.id',
        'seller_accounts.nickname',
        'seller_accounts.site_id',
        'seller_accounts.access_token',
        'memberships.role',
      ])
      .where('memberships.person_id', '=', row.person_id)
      .orderBy('memberships.created_at')
      .orderBy('memberships.account_id')
      .execute();
    return {
      key,
      person: { id: row.person_id, name: row.name, marketplaceUserId: row.marketplace_user_id },
      // Only an account the person is still a member of: a removal on another instance is seen at once.
      activeAccountId: accounts.some((a) => a.id === row.active_account_id) ? row.active_account_id : null,
      accounts: accounts.map((a) => ({
        id: a.id,
        nickname: a.nickname,
        siteId: a.site_id,
        role: a.role,
        needsSignIn: a.access_token === null,
      })),
    };
  }

  return {
    db,
    bus,
    activity: activityQueries(db),
    team,
    audit,
    leadReviews: leadReviewQueries(db),
    accountSettings: accountSettingsQueries(db),
    answerTemplates: answerTemplateQueries(db),
    answeredQuestions: answeredQuestionQueries(db),
    stockJobs: stockJobQueries(db),
    lowStock: lowStockQueries(db),
    /**
     * The rate budget's permits: on PostgreSQL the bucket every instance shares; on the embedded store (one
     * process) a bucket in memory, the same for every server on this store with these settings.
     */
    permits: (rate: RateSettings): PermitSource => (onPostgres ? sharedPermits(db, rate) : localBucket(rate)),
    close: async () => {
      await bus.close();
      await db.destroy();
    },
    ping: async () => void (await sql`select 1`.execute(db)),

    /**
     * Stores a session of `personId` for the cookie's raw id, with `activeAccountId` active (by default the
     * person's earliest account).
     */
    async createSession(rawId: string, personId: string, activeAccountId?: string): Promise<string> {
      const key = hashId(rawId);
      await db
        .insertInto('sessions')
        .values((eb) => ({
          id: key,
          person_id: personId,
          active_account_id:
            activeAccountId ??
            eb
              .selectFrom('memberships')
              .select('account_id')
              .where('person_id', '=', personId)
              .orderBy('created_at')
              .orderBy('account_id')
              .limit(1),
        }))
        .execute();
      // Signing in is activity: the team page's "Last activity" shows it at once, not after the session's first
      // touch a minute later (it showed "Never" for an owner who had just signed in).
      await db
        .updateTable('people')
        .set({ seen_at: sql`now()` })
        .where('id', '=', personId)
        .execute();
      return key;
    },

    /**
     * The live session of a cookie's raw id, touched (at most once a minute) to keep it from idling out; read
     * again at most every `sessionCacheMs` unless changed.
     */
    getSession(rawId: string): Promise<Session | undefined> {
      return cachedSession(hashId(rawId));
    },

    getSessionByKey: sessionByKey,

    /** Gives a session a new id (a sign-in into an existing session), keeping its person and accounts. */
    async renameSession(key: string, newRawId: string): Promise<string> {
      const newKey = hashId(newRawId);
      await db.updateTable('sessions').set({ id: newKey }).where('id', '=', key).execute();
      await changed([key]);
      return newKey;
    },

    async deleteSession(key: string): Promise<void> {
      await db.deleteFrom('sessions').where('id', '=', key).execute();
      await changed([key]);
    },

    /** Signing out everywhere: every session of the person ends, on every instance. */
    async deleteSessionsOf(personId: string): Promise<void> {
      const ended = await db.deleteFrom('sessions').where('person_id', '=', personId).returning('id').execute();
      await changed(ended.map((row) => row.id));
    },

    /** Makes one of the person's accounts the session's active one. */
    async activate(key: string, accountId: string): Promise<boolean> {
      const result = await db
        .updateTable('sessions')
        .set({ active_account_id: accountId })
        .where('id', '=', key)
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('memberships')
              .select('account_id')
              .whereRef('memberships.person_id', '=', 'sessions.person_id')
              .where('memberships.account_id', '=', accountId),
          ),
        )
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) return false;
      await changed([key]);
      return true;
    },

    /**
     * Connects a seller account (or stores its fresh tokens) with `personId` as an owner; the account's own
     * marketplace user, when they are a person here, is made an owner too (they always are). A new connection
     * is in the account's audit trail (`requestId`: the request that made it).
     */
    async connectAccount(personId: string, account: ConnectedAccount, requestId: string): Promise<void> {
      tokensChanged(account.id);
      const values = {
        nickname: account.nickname,
        site_id: account.siteId,
        kind: account.kind,
        access_token: cipher.encrypt(account.accessToken),
        refresh_token: seal(account.refreshToken),
        expires_at: account.expiresAt,
        refresh_lock_until: null,
      };
      const created = await db.transaction().execute(async (tx) => {
        const row = await tx
          .insertInto('seller_accounts')
          .values({ id: account.id, ...values })
          .onConflict((oc) => oc.column('id').doUpdateSet(values))
          // A row the insert made (not one it updated) has no deleting transaction yet.
          .returning(sql<boolean>`xmax = 0`.as('created'))
          .executeTakeFirstOrThrow();
        await tx
          .insertInto('memberships')
          .columns(['account_id', 'person_id', 'role'])
          .expression((eb) =>
            eb
              .selectFrom('people')
              .select([sql.val(account.id).as('account_id'), 'id', sql.val<Role>('owner').as('role')])
              .where((w) => w.or([w('id', '=', personId), w('marketplace_user_id', '=', account.id)])),
          )
          .onConflict((oc) => oc.columns(['account_id', 'person_id']).doUpdateSet({ role: 'owner' }))
          .execute();
        return row.created;
      });
      // Its owners' sessions carry it from now on.
      const owners = await db
        .selectFrom('sessions')
        .innerJoin('people', 'people.id', 'sessions.person_id')
        .select('sessions.id')
        .where((w) => w.or([w('people.id', '=', personId), w('people.marketplace_user_id', '=', account.id)]))
        .execute();
      await changed(owners.map((row) => row.id));
      if (created)
        await audit.record({ accountId: account.id, personId, action: 'account.connect', target: null, requestId, phase: 'event' });
    },

    async isConnected(accountId: string): Promise<boolean> {
      return (await db.selectFrom('seller_accounts').select('id').where('id', '=', accountId).executeTakeFirst()) !== undefined;
    },

    /**
     * Disconnects a seller account for everyone: its memberships, invitations, tokens and activity go, and
     * sessions that had it active fall back to another of their person's accounts.
     */
    async disconnectAccount(accountId: string, by: { personId: string; requestId: string }): Promise<void> {
      tokensChanged(accountId);
      const keys = await db.transaction().execute(async (tx) => {
        // Every member's sessions, not only those that had it active: each carries all its person's accounts.
        const members = await tx
          .selectFrom('sessions')
          .innerJoin('memberships', 'memberships.person_id', 'sessions.person_id')
          .select('sessions.id')
          .where('memberships.account_id', '=', accountId)
          .execute();
        await leaveActiveAccount(tx, accountId);
        await tx.deleteFrom('seller_accounts').where('id', '=', accountId).execute();
        await tx.deleteFrom('activity').where('account_id', '=', accountId).execute();
        return members.map((row) => row.id);
      });
      // The trail stays (until its retention): it is the record of who disconnected the account.
      await audit.record({ accountId, ...by, action: 'account.disconnect', target: null, phase: 'event' });
      await changed(keys);
    },

    getTokens,

    /**
     * `getTokens` as read in the last `tokenCacheMs` on this instance: for the API door's first try of a
     * request (server/src/tokens.ts). This instance's own changes of the tokens drop them at once; another
     * instance's refresh shows as a 401 to the old token, after which the door reads them fresh.
     */
    async recentTokens(accountId: string): Promise<StoredTokens | undefined> {
      const hit = recentTokens.get(accountId);
      if (hit && hit.until > Date.now()) return hit.tokens;
      const writesBefore = tokenWrites;
      const tokens = await getTokens(accountId);
      if (tokenWrites === writesBefore) recentTokens.set(accountId, { tokens, until: Date.now() + tokenCacheMs });
      return tokens;
    },

    /**
     * Takes the account's refresh lock for `leaseMs` when nobody holds it (or a holder died and its lease
     * ran out). One UPDATE, so two instances on one database cannot both win; leases are the database's
     * time, as instances' clocks may disagree.
     */
    async lockRefresh(accountId: string, leaseMs: number): Promise<boolean> {
      const result = await db
        .updateTable('seller_accounts')
        .set({ refresh_lock_until: sql<Date>`now() + make_interval(secs => ${leaseMs / 1000})` })
        .where('id', '=', accountId)
        .where((eb) => eb.or([eb('refresh_lock_until', 'is', null), eb('refresh_lock_until', '<', sql<Date>`now()`)]))
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Stores refreshed tokens and releases the lock. */
    async saveRefreshed(accountId: string, tokens: { accessToken: string; refreshToken: string | null; expiresAt: Date }) {
      tokensChanged(accountId);
      await db
        .updateTable('seller_accounts')
        .set({
          access_token: cipher.encrypt(tokens.accessToken),
          refresh_token: seal(tokens.refreshToken),
          expires_at: tokens.expiresAt,
          refresh_lock_until: null,
        })
        .where('id', '=', accountId)
        .execute();
    },

    async unlockRefresh(accountId: string): Promise<void> {
      await db.updateTable('seller_accounts').set({ refresh_lock_until: null }).where('id', '=', accountId).execute();
    },

    endAccountSignIn,

    async saveOAuthState(state: string, value: OAuthState) {
      await db
        .insertInto('oauth_states')
        .values({
          id: hashId(state),
          code_verifier: cipher.encrypt(value.codeVerifier),
          return_to: value.returnTo,
          session_id: value.sessionKey,
          invitation_id: value.invitation?.id ?? null,
          person_name: value.invitation?.name ?? null,
        })
        .execute();
    },

    /** A sign-in's state, usable once and for ten minutes. */
    async takeOAuthState(state: string): Promise<OAuthState | undefined> {
      const row = await db
        .deleteFrom('oauth_states')
        .where('id', '=', hashId(state))
        .where('created_at', '>', new Date(Date.now() - oauthStateMs))
        .returning(['code_verifier', 'return_to', 'session_id', 'invitation_id', 'person_name'])
        .executeTakeFirst();
      return (
        row && {
          codeVerifier: cipher.decrypt(row.code_verifier),
          returnTo: row.return_to,
          sessionKey: row.session_id,
          invitation: row.invitation_id === null ? null : { id: row.invitation_id, name: row.person_name ?? '' },
        }
      );
    },

    /**
     * Removes expired sessions (never an account's tokens: those belong to the seller account), abandoned
     * sign-ins and ceremonies, long-expired invitations, activity of accounts no longer connected, and audit
     * entries and sign-ins older than `auditRetentionDays`.
     */
    async purgeExpired(auditRetentionDays: number): Promise<void> {
      await db
        .deleteFrom('sessions')
        .where((eb) => eb.or([eb('seen_at', '<=', idleSince()), eb('created_at', '<=', createdSince())]))
        .execute();
      await db
        .deleteFrom('oauth_states')
        .where('created_at', '<=', new Date(Date.now() - oauthStateMs))
        .execute();
      await team.purgeChallenges();
      await db
        .deleteFrom('invitations')
        .where('expires_at', '<=', new Date(Date.now() - invitationKeepMs))
        .execute();
      await db
        .deleteFrom('activity')
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('seller_accounts').select('id').whereRef('seller_accounts.id', '=', 'activity.account_id'))),
        )
        .execute();
      await purgeNotifications(db);
      await audit.purge(auditRetentionDays);
    },
  };
}
