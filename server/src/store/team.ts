import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Role } from '../../../core/roles.ts';
import { invitationLifetimeMs, roleAfterJoining, type Member, type TeamRefusal } from '../../../core/team.ts';
import { hashId } from '../secrets.ts';
import type { Database } from './schema.ts';
import type { Person } from './store.ts';

/** People, memberships, invitations, passkeys and WebAuthn challenges (store.ts mounts these as `team`). */

export type SignInMethod = 'marketplace' | 'passkey';

export interface TeamMember extends Member {
  name: string;
  methods: SignInMethod[];
  lastActiveAt: Date | null;
}

export interface Invitation {
  id: string;
  kind: 'join' | 'recovery';
  accountId: string;
  account: { nickname: string; siteId: string };
  role: Role;
  /** Recovery: whose passkey it replaces. */
  person: { id: string; name: string } | null;
  /** The name of whoever made it (null when that person is gone). */
  createdBy: string | null;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
  revokedAt: Date | null;
}

export interface Passkey {
  id: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** What a ceremony verifies a passkey with. */
export interface StoredCredential {
  id: string;
  personId: string;
  credentialId: string;
  publicKey: Uint8Array<ArrayBuffer>;
  counter: number;
  transports: string[];
}

export type NewPasskey = Omit<StoredCredential, 'id' | 'personId'> & { name: string };

/** Whom a registration ceremony is for: a person (new or existing), through an invitation or not. */
export interface ChallengeContext {
  personId?: string;
  name?: string;
  invitationId?: string;
}

/** A ceremony is answered within this long, once. */
const challengeMs = 5 * 60_000;

/** Opaque ids (people, invitations, passkeys, ceremonies). A person's is also their WebAuthn user handle. */
export const opaqueId = () => randomBytes(16).toString('base64url');

type Db = Kysely<Database> | Transaction<Database>;

const methods = (marketplaceUserId: string | null, hasPasskey: boolean): SignInMethod[] => [
  ...(marketplaceUserId !== null ? (['marketplace'] as const) : []),
  ...(hasPasskey ? (['passkey'] as const) : []),
];

/**
 * Every session of the person: what a change of their memberships publishes, as each session carries all of its
 * person's accounts and roles (the door serves any of them, not only the active one, and caches sessions).
 */
async function sessionsOf(db: Db, personId: string): Promise<string[]> {
  return (await db.selectFrom('sessions').select('id').where('person_id', '=', personId).execute()).map((row) => row.id);
}

/**
 * Sessions whose active account was `accountId` (of one person, or of everyone) take the person's earliest
 * other account, or none: what a removal or a disconnect leaves them. Answers their keys, to publish.
 */
export async function leaveActiveAccount(db: Db, accountId: string, personId?: string): Promise<string[]> {
  let query = db
    .updateTable('sessions')
    .set((eb) => ({
      active_account_id: eb
        .selectFrom('memberships')
        .select('memberships.account_id')
        .whereRef('memberships.person_id', '=', 'sessions.person_id')
        .where('memberships.account_id', '<>', accountId)
        .orderBy('memberships.created_at')
        .orderBy('memberships.account_id')
        .limit(1),
    }))
    .where('active_account_id', '=', accountId);
  if (personId !== undefined) query = query.where('person_id', '=', personId);
  return (await query.returning('id').execute()).map((row) => row.id);
}

async function members(db: Db, accountId: string): Promise<TeamMember[]> {
  const rows = await db
    .selectFrom('memberships')
    .innerJoin('people', 'people.id', 'memberships.person_id')
    .select((eb) => [
      'people.id',
      'people.name',
      'people.marketplace_user_id',
      'people.seen_at',
      'memberships.role',
      eb.exists(eb.selectFrom('passkeys').select('passkeys.id').whereRef('passkeys.person_id', '=', 'people.id')).as('has_passkey'),
    ])
    .where('memberships.account_id', '=', accountId)
    .orderBy('memberships.created_at')
    .orderBy('people.id')
    .execute();
  return rows.map((row) => ({
    personId: row.id,
    name: row.name,
    role: row.role,
    accountUser: row.marketplace_user_id === accountId,
    methods: methods(row.marketplace_user_id, Boolean(row.has_passkey)),
    lastActiveAt: row.seen_at,
  }));
}

/**
 * The account's team, with the account's row locked until the transaction ends: two changes to one team
 * (two owners demoting each other) run one after the other, each deciding on what the other left.
 */
async function lockedTeam(tx: Transaction<Database>, accountId: string): Promise<TeamMember[]> {
  await tx.selectFrom('seller_accounts').select('id').where('id', '=', accountId).forUpdate().execute();
  return members(tx, accountId);
}

/** Marks an invitation used when it still can be; its account, role and kind when it was. */
async function spendInvitation(tx: Transaction<Database>, id: string) {
  return tx
    .updateTable('invitations')
    .set({ used_at: sql`now()` })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['account_id', 'role', 'kind', 'person_id'])
    .executeTakeFirst();
}

/** Adds a membership, or raises the role of one the person has (core/team.ts's roleAfterJoining). */
async function join(tx: Transaction<Database>, accountId: string, personId: string, invited: Role): Promise<void> {
  const current = await tx
    .selectFrom('memberships')
    .select('role')
    .where('account_id', '=', accountId)
    .where('person_id', '=', personId)
    .executeTakeFirst();
  const accountUser = await tx
    .selectFrom('people')
    .select('id')
    .where('id', '=', personId)
    .where('marketplace_user_id', '=', accountId)
    .executeTakeFirst();
  const role = roleAfterJoining(current?.role, invited, accountUser !== undefined);
  await tx
    .insertInto('memberships')
    .values({ account_id: accountId, person_id: personId, role })
    .onConflict((oc) => oc.columns(['account_id', 'person_id']).doUpdateSet({ role }))
    .execute();
}

async function insertPasskey(db: Db, personId: string, passkey: NewPasskey): Promise<void> {
  await db
    .insertInto('passkeys')
    .values({
      id: opaqueId(),
      person_id: personId,
      credential_id: passkey.credentialId,
      public_key: Buffer.from(passkey.publicKey).toString('base64url'),
      counter: passkey.counter,
      transports: JSON.stringify(passkey.transports),
      name: passkey.name,
    })
    .execute();
}

export function teamQueries(db: Kysely<Database>, changed: (sessionKeys: string[]) => Promise<void>) {
  const invitationQuery = () =>
    db
      .selectFrom('invitations as i')
      .innerJoin('seller_accounts as a', 'a.id', 'i.account_id')
      .leftJoin('people as p', 'p.id', 'i.person_id')
      .leftJoin('people as c', 'c.id', 'i.created_by')
      .select([
        'i.id',
        'i.kind',
        'i.account_id',
        'i.role',
        'i.created_at',
        'i.expires_at',
        'i.used_at',
        'i.revoked_at',
        'a.nickname',
        'a.site_id',
        'p.id as person_id',
        'p.name as person_name',
        'c.name as created_by',
      ]);
  type InvitationRow = Awaited<ReturnType<ReturnType<typeof invitationQuery>['executeTakeFirstOrThrow']>>;
  const toInvitation = (row: InvitationRow): Invitation => ({
    id: row.id,
    kind: row.kind,
    accountId: row.account_id,
    account: { nickname: row.nickname, siteId: row.site_id },
    role: row.role,
    person: row.person_id !== null && row.person_name !== null ? { id: row.person_id, name: row.person_name } : null,
    createdBy: row.created_by,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    usedAt: row.used_at,
    revokedAt: row.revoked_at,
  });

  /** Runs a change on a locked team when `refuse` (core/team.ts's rules, on the team as it is) allows it. */
  async function changeTeam(
    accountId: string,
    refuse: (team: TeamMember[]) => TeamRefusal | null,
    change: (tx: Transaction<Database>) => Promise<string[]>,
  ): Promise<TeamRefusal | null> {
    const outcome = await db.transaction().execute(async (tx) => {
      const refusal = refuse(await lockedTeam(tx, accountId));
      return refusal ? { refusal, keys: [] } : { refusal, keys: await change(tx) };
    });
    await changed(outcome.keys);
    return outcome.refusal;
  }

  return {
    /** The person a marketplace user signs in as, made (named `name`) the first time; `created` says which. */
    async personOfMarketplaceUser(userId: string, name: string): Promise<{ person: Person; created: boolean }> {
      const found = await db.selectFrom('people').select(['id', 'name']).where('marketplace_user_id', '=', userId).executeTakeFirst();
      if (found) return { person: { id: found.id, name: found.name, marketplaceUserId: userId }, created: false };
      const id = opaqueId();
      await db.insertInto('people').values({ id, name, marketplace_user_id: userId }).execute();
      return { person: { id, name, marketplaceUserId: userId }, created: true };
    },

    async methods(personId: string): Promise<SignInMethod[]> {
      const row = await db
        .selectFrom('people')
        .select((eb) => [
          'marketplace_user_id',
          eb.exists(eb.selectFrom('passkeys').select('id').where('person_id', '=', personId)).as('has_passkey'),
        ])
        .where('id', '=', personId)
        .executeTakeFirst();
      return row ? methods(row.marketplace_user_id, Boolean(row.has_passkey)) : [];
    },

    /** How many seller accounts the person is a member of. */
    async accountCount(personId: string): Promise<number> {
      const row = await db
        .selectFrom('memberships')
        .select(sql<string>`count(*)::text`.as('count'))
        .where('person_id', '=', personId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    members: (accountId: string) => members(db, accountId),

    changeRole: (accountId: string, personId: string, role: Role, refuse: (team: TeamMember[]) => TeamRefusal | null) =>
      changeTeam(accountId, refuse, async (tx) => {
        await tx.updateTable('memberships').set({ role }).where('account_id', '=', accountId).where('person_id', '=', personId).execute();
        // Their sessions are read again and their streams check again: what they may do and read changed.
        return sessionsOf(tx, personId);
      }),

    /**
     * Removes a person from an account (someone removes them, or they leave): their pending recovery
     * invitations for it go too, and their sessions that had it active fall back to another of theirs.
     */
    removeMember: (accountId: string, personId: string, refuse: (team: TeamMember[]) => TeamRefusal | null) =>
      changeTeam(accountId, refuse, async (tx) => {
        await tx.deleteFrom('memberships').where('account_id', '=', accountId).where('person_id', '=', personId).execute();
        await tx
          .deleteFrom('invitations')
          .where('account_id', '=', accountId)
          .where('person_id', '=', personId)
          .where('used_at', 'is', null)
          .execute();
        await leaveActiveAccount(tx, accountId, personId);
        return sessionsOf(tx, personId);
      }),

    /** A new invitation and the secret its link carries (only its hash is kept). */
    async createInvitation(invitation: {
      kind: 'join' | 'recovery';
      accountId: string;
      role: Role;
      personId: string | null;
      createdBy: string;
    }): Promise<{ invitation: Invitation; secret: string }> {
      const secret = randomBytes(32).toString('base64url');
      const id = opaqueId();
      const now = Date.now();
      await db
        .insertInto('invitations')
        .values({
          id,
          secret_hash: hashId(secret),
          kind: invitation.kind,
          account_id: invitation.accountId,
          role: invitation.role,
          person_id: invitation.personId,
          created_by: invitation.createdBy,
          created_at: new Date(now),
          expires_at: new Date(now + invitationLifetimeMs),
        })
        .execute();
      return { invitation: toInvitation(await invitationQuery().where('i.id', '=', id).executeTakeFirstOrThrow()), secret };
    },

    async invitationById(id: string): Promise<Invitation | undefined> {
      const row = await invitationQuery().where('i.id', '=', id).executeTakeFirst();
      return row && toInvitation(row);
    },

    async invitationBySecret(secret: string): Promise<Invitation | undefined> {
      const row = await invitationQuery().where('i.secret_hash', '=', hashId(secret)).executeTakeFirst();
      return row && toInvitation(row);
    },

    async pendingInvitations(accountId: string): Promise<Invitation[]> {
      const rows = await invitationQuery()
        .where('i.account_id', '=', accountId)
        .where('i.used_at', 'is', null)
        .where('i.revoked_at', 'is', null)
        .where('i.expires_at', '>', new Date())
        .orderBy('i.created_at')
        .execute();
      return rows.map(toInvitation);
    },

    /** Revokes a pending invitation of the account when `mayRevoke` allows it. */
    async revokeInvitation(accountId: string, id: string, mayRevoke: (invitation: Invitation) => boolean) {
      const row = await invitationQuery()
        .where('i.id', '=', id)
        .where('i.account_id', '=', accountId)
        .where('i.used_at', 'is', null)
        .where('i.revoked_at', 'is', null)
        .executeTakeFirst();
      if (!row) return 'not_found';
      if (!mayRevoke(toInvitation(row))) return 'forbidden';
      await db
        .updateTable('invitations')
        .set({ revoked_at: sql`now()` })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .execute();
      return 'revoked';
    },

    /** A signed-in person accepts a join invitation: the account it joins them to, or undefined when it is no longer usable. */
    async acceptInvitation(invitationId: string, personId: string): Promise<string | undefined> {
      const accountId = await db.transaction().execute(async (tx) => {
        const used = await spendInvitation(tx, invitationId);
        if (!used) return undefined;
        await tx.updateTable('invitations').set({ used_by: personId }).where('id', '=', invitationId).execute();
        await join(tx, used.account_id, personId, used.role);
        return used.account_id;
      });
      if (accountId) await changed(await sessionsOf(db, personId));
      return accountId;
    },

    /**
     * An invitation used with a new passkey: a join makes `person` (new) with the passkey and the
     * membership; a recovery adds the passkey to the invitation's person. The person's id, or undefined
     * when the invitation is no longer usable.
     */
    async acceptWithPasskey(invitationId: string, person: { id: string; name: string }, passkey: NewPasskey): Promise<string | undefined> {
      return db.transaction().execute(async (tx) => {
        const used = await spendInvitation(tx, invitationId);
        if (!used) return undefined;
        const personId = used.kind === 'recovery' && used.person_id !== null ? used.person_id : person.id;
        if (used.kind === 'join')
          await tx.insertInto('people').values({ id: personId, name: person.name, marketplace_user_id: null }).execute();
        await insertPasskey(tx, personId, passkey);
        await tx.updateTable('invitations').set({ used_by: personId }).where('id', '=', invitationId).execute();
        if (used.kind === 'join') await join(tx, used.account_id, personId, used.role);
        return personId;
      });
    },

    async passkeys(personId: string): Promise<Passkey[]> {
      const rows = await db
        .selectFrom('passkeys')
        .select(['id', 'name', 'created_at', 'last_used_at'])
        .where('person_id', '=', personId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map((row) => ({ id: row.id, name: row.name, createdAt: row.created_at, lastUsedAt: row.last_used_at }));
    },

    /** The person's credential ids, which a registration asks the authenticator not to create again. */
    async credentialIds(personId: string): Promise<string[]> {
      const rows = await db.selectFrom('passkeys').select('credential_id').where('person_id', '=', personId).execute();
      return rows.map((row) => row.credential_id);
    },

    async credential(credentialId: string): Promise<StoredCredential | undefined> {
      const row = await db
        .selectFrom('passkeys')
        .select(['id', 'person_id', 'credential_id', 'public_key', sql<string>`counter::text`.as('counter'), 'transports'])
        .where('credential_id', '=', credentialId)
        .executeTakeFirst();
      return (
        row && {
          id: row.id,
          personId: row.person_id,
          credentialId: row.credential_id,
          publicKey: new Uint8Array(Buffer.from(row.public_key, 'base64url')),
          counter: Number(row.counter),
          transports: JSON.parse(row.transports) as string[],
        }
      );
    },

    addPasskey: (personId: string, passkey: NewPasskey) => insertPasskey(db, personId, passkey),

    async renamePasskey(personId: string, id: string, name: string): Promise<boolean> {
      const result = await db
        .updateTable('passkeys')
        .set({ name })
        .where('id', '=', id)
        .where('person_id', '=', personId)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Removes a passkey when `may` (core/team.ts's mayRemovePasskey) allows it, the person locked meanwhile. */
    async removePasskey(personId: string, id: string, may: (person: { passkeys: number; marketplace: boolean }) => boolean) {
      return db.transaction().execute(async (tx) => {
        const person = await tx
          .selectFrom('people')
          .select('marketplace_user_id')
          .where('id', '=', personId)
          .forUpdate()
          .executeTakeFirst();
        const owned = await tx.selectFrom('passkeys').select('id').where('person_id', '=', personId).execute();
        if (!person || !owned.some((row) => row.id === id)) return 'not_found';
        if (!may({ passkeys: owned.length, marketplace: person.marketplace_user_id !== null })) return 'refused';
        await tx.deleteFrom('passkeys').where('id', '=', id).execute();
        return 'removed';
      });
    },

    async passkeyUsed(id: string, counter: number): Promise<void> {
      await db
        .updateTable('passkeys')
        .set({ counter, last_used_at: sql`now()` })
        .where('id', '=', id)
        .execute();
    },

    /** Stores a ceremony's challenge; answers the id the browser sends back with its answer. */
    async saveChallenge(purpose: 'authenticate' | 'register', challenge: string, context: ChallengeContext = {}): Promise<string> {
      const id = opaqueId();
      await db
        .insertInto('webauthn_challenges')
        .values({ id, challenge, purpose, context: JSON.stringify(context) })
        .execute();
      return id;
    },

    /** A ceremony's challenge, once and within five minutes, on whichever instance. */
    async takeChallenge(id: string, purpose: 'authenticate' | 'register') {
      const row = await db
        .deleteFrom('webauthn_challenges')
        .where('id', '=', id)
        .where('purpose', '=', purpose)
        .where('created_at', '>', new Date(Date.now() - challengeMs))
        .returning(['challenge', 'context'])
        .executeTakeFirst();
      return row && { challenge: row.challenge, context: JSON.parse(row.context) as ChallengeContext };
    },

    async purgeChallenges(): Promise<void> {
      await db
        .deleteFrom('webauthn_challenges')
        .where('created_at', '<=', new Date(Date.now() - challengeMs))
        .execute();
    },
  };
}
