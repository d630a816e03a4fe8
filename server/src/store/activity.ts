import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from './schema.ts';

export const topics = ['questions', 'items', 'stock-location', 'fbm_stock_operations', 'leads-credits'] as const;
export type Topic = (typeof topics)[number];
export type Kind = 'question' | 'item' | 'recategorization' | 'stock' | 'fulfillment-operation' | 'credit-lead';

type Fact = string | number | boolean | null;

export interface Review {
  itemTitle: string;
  price: number;
  currencyId: string;
  listingTypeId: string;
  from: { categoryId: string; path: string[]; saleFee: number | null };
  to: { categoryId: string; path: string[]; saleFee: number | null };
  missingAttributes: { id: string; name: string }[];
  reviewedAt: string | null;
}

/** What the browser sees of a notification (the contract of issue #16); never the notification's body. */
export interface ActivityEntry {
  id: string;
  accountId: string;
  topic: Topic;
  kind: Kind;
  resource: string;
  createdAt: string;
  read: boolean;
  subject: { questionId?: number; itemId?: string; userProductId?: string; inventoryId?: string; operationId?: number; creditId?: string };
  facts: Record<string, Fact>;
  review?: Review;
}

export type NewEntry = Omit<ActivityEntry, 'id' | 'createdAt' | 'read'>;

/** An item's category as one seller last saw it. */
export interface ItemCategory {
  accountId: string;
  itemId: string;
  categoryId: string;
}

/** Processed notifications are kept this long: far past the marketplace's hour of retries and two days of missed feeds. */
const notificationRetentionMs = 14 * 24 * 3600_000;

/** A notification as the intake stores it. */
export interface Received {
  id: string;
  userId: string;
  topic: Topic;
  resource: string;
}

/** A notification a worker claimed. */
export interface Claimed {
  id: string;
  userId: string;
  topic: Topic;
  resource: string;
  attempts: number;
}

const entryColumns = [
  sql<string>`id::text`.as('id'),
  'account_id',
  'topic',
  'kind',
  'resource',
  'created_at',
  'read',
  'subject',
  'facts',
  'review',
] as const;

type Row = Omit<Selectable<Database['activity']>, 'id'> & { id: string };

function toEntry(row: Row): ActivityEntry {
  const entry: ActivityEntry = {
    id: row.id,
    accountId: row.account_id,
    topic: row.topic as Topic,
    kind: row.kind as Kind,
    resource: row.resource,
    createdAt: row.created_at.toISOString(),
    read: row.read,
    subject: JSON.parse(row.subject) as ActivityEntry['subject'],
    facts: JSON.parse(row.facts) as ActivityEntry['facts'],
  };
  if (row.review !== null) entry.review = JSON.parse(row.review) as Review;
  return entry;
}

/** The notification queue, the activity entries and the item categories seen (store.ts mounts these). */
export function activityQueries(db: Kysely<Database>) {
  async function entry(id: string): Promise<ActivityEntry | undefined> {
    if (!/^\d{1,18}$/.test(id)) return undefined;
    const row = await db.selectFrom('activity').select(entryColumns).where('id', '=', id).executeTakeFirst();
    return row && toEntry(row);
  }

  return {
    /**
     * Stores notifications once per `_id` when their seller account is connected, all in one statement (the
     * intake gathers concurrent arrivals into one, so a burst costs a few statements, not one each), answering
     * per notification, in order: 'stored', 'repeat' when it was already there (or earlier in the same list),
     * 'unknown_seller' when the seller is not connected. Once this resolves, the stored ones are committed.
     */
    async receive(notifications: Received[]): Promise<('stored' | 'repeat' | 'unknown_seller')[]> {
      if (notifications.length === 0) return [];
      // One JSON parameter rather than five per row: a burst of 400 is bound and sent as one value (on PGlite the
      // insert runs on the event loop the burst's answers wait on; 22 ms → 16 ms median for 400 here).
      const rows = JSON.stringify(
        notifications.map((n, at) => ({ at, id: n.id, user_id: n.userId, topic: n.topic, resource: n.resource })),
      );
      const { rows: found } = await sql<{ id: string; stored: boolean; known: boolean }>`
        with incoming as (
          select * from json_to_recordset(${rows}::json) as x(at int, id text, user_id text, topic text, resource text)
        ),
        inserted as (
          insert into notifications (id, user_id, topic, resource)
          select distinct on (id) id, user_id, topic, resource from incoming
          where exists (select 1 from seller_accounts where seller_accounts.id = incoming.user_id)
          on conflict (id) do nothing
          returning id
        )
        select incoming.id,
          exists (select 1 from inserted where inserted.id = incoming.id) as stored,
          exists (select 1 from seller_accounts where seller_accounts.id = incoming.user_id) as known
        from incoming order by at`.execute(db);
      const seen = new Set<string>();
      return found.map(({ id, stored, known }) => {
        const first = !seen.has(id);
        seen.add(id);
        return stored && first ? 'stored' : known ? 'repeat' : 'unknown_seller';
      });
    },

    /**
     * Claims due notifications for `leaseMs` as `instanceId`: the `limit` first due, and every other due one of
     * the same seller's resource (the marketplace sends several as a resource changes; one read answers them
     * all). One UPDATE over rows locked with SKIP LOCKED, so instances sharing a PostgreSQL never claim the
     * same one; a claimer that dies lets the lease run out, unless it comes back first (`reclaim`). Oldest first.
     */
    async claim(limit: number, leaseMs: number, instanceId: string): Promise<Claimed[]> {
      const now = new Date();
      const { rows } = await sql<{ id: string; user_id: string; topic: string; resource: string; attempts: number; received_at: Date }>`
        with due as (
          select id, user_id, topic, resource from notifications
          where processed_at is null and next_attempt_at <= ${now}
          order by received_at limit ${limit}
          for update skip locked
        ),
        siblings as (
          select id from notifications
          where processed_at is null and next_attempt_at <= ${now}
            and (user_id, topic, resource) in (select user_id, topic, resource from due)
          for update skip locked
        )
        update notifications set attempts = attempts + 1, next_attempt_at = ${new Date(now.getTime() + leaseMs)}, claimed_by = ${instanceId}
        where id in (select id from due union select id from siblings)
        returning id, user_id, topic, resource, attempts, received_at`.execute(db);
      return rows
        .sort((a, b) => a.received_at.getTime() - b.received_at.getTime())
        .map((row) => ({ id: row.id, userId: row.user_id, topic: row.topic as Topic, resource: row.resource, attempts: row.attempts }));
    },

    async retryAt(ids: readonly string[], at: Date): Promise<void> {
      await db.updateTable('notifications').set({ next_attempt_at: at, claimed_by: null }).where('id', 'in', ids).execute();
    },

    /**
     * At start: what this instance had claimed before it stopped is due now rather than when its lease runs
     * out (nobody else works on an instance's claims while they last). Answers how many.
     */
    async reclaim(instanceId: string): Promise<number> {
      const rows = await db
        .updateTable('notifications')
        .set({ next_attempt_at: new Date(), claimed_by: null })
        .where('claimed_by', '=', instanceId)
        .where('processed_at', 'is', null)
        .returning('id')
        .execute();
      return rows.length;
    },

    /**
     * Marks notifications of one resource done (those one read answered), with one entry and the item's
     * category now seen, in one statement (data-modifying CTEs): atomic as a transaction, and on PGlite's one
     * connection the intake's insert waits behind one statement rather than a transaction's round trips.
     */
    async complete(ids: readonly string[], entry: NewEntry | undefined, itemCategory?: ItemCategory): Promise<string | undefined> {
      // Another worker finished them after our lease ran out (`done` is empty): its entry stands.
      const done = db.with('done', (q) =>
        q
          .updateTable('notifications')
          .set({ processed_at: new Date() })
          .where('id', 'in', ids)
          .where('processed_at', 'is', null)
          .returning('id'),
      );
      const statement = itemCategory
        ? done.with('seen', (q) =>
            q
              .insertInto('item_categories')
              .columns(['account_id', 'item_id', 'category_id'])
              .expression(
                q
                  .selectFrom('done')
                  .select([
                    sql.val(itemCategory.accountId).as('account_id'),
                    sql.val(itemCategory.itemId).as('item_id'),
                    sql.val(itemCategory.categoryId).as('category_id'),
                  ])
                  .limit(1),
              )
              .onConflict((oc) => oc.columns(['account_id', 'item_id']).doUpdateSet({ category_id: itemCategory.categoryId })),
          )
        : done;
      if (!entry) {
        await statement.selectFrom('done').select('id').execute();
        return undefined;
      }
      const row = await statement
        .insertInto('activity')
        .columns(['account_id', 'topic', 'kind', 'resource', 'subject', 'facts', 'review'])
        .expression((q) =>
          q
            .selectFrom('done')
            .select([
              sql.val(entry.accountId).as('account_id'),
              sql.val(entry.topic).as('topic'),
              sql.val(entry.kind).as('kind'),
              sql.val(entry.resource).as('resource'),
              sql.val(JSON.stringify(entry.subject)).as('subject'),
              sql.val(JSON.stringify(entry.facts)).as('facts'),
              sql.val(entry.review ? JSON.stringify(entry.review) : null).as('review'),
            ])
            .limit(1),
        )
        .returning(sql<string>`id::text`.as('id'))
        .executeTakeFirst();
      return row?.id;
    },

    /**
     * First sightings from the catalog the browser reads through the door: a baseline, so the first item
     * notification after a recategorization can tell. Never overwrites, so a read cannot hide a change the
     * worker has yet to see.
     */
    async firstSightings(items: ItemCategory[]): Promise<void> {
      if (items.length === 0) return;
      await db
        .insertInto('item_categories')
        .values(items.map(({ accountId, itemId, categoryId }) => ({ account_id: accountId, item_id: itemId, category_id: categoryId })))
        .onConflict((oc) => oc.columns(['account_id', 'item_id']).doNothing())
        .execute();
    },

    async lastCategory(accountId: string, itemId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('item_categories')
        .select('category_id')
        .where('account_id', '=', accountId)
        .where('item_id', '=', itemId)
        .executeTakeFirst();
      return row?.category_id;
    },

    /**
     * Whether the account's activity shows the resource, and not as deleted: what a 404 must find before it
     * becomes a "deleted" entry. Entries are made only of resources read as the seller's, so this is the
     * server's record of a resource seen belonging to that seller.
     */
    async shownAlive(accountId: string, resource: string): Promise<boolean> {
      const row = await db
        .selectFrom('activity')
        .select('facts')
        .where('account_id', '=', accountId)
        .where('resource', '=', resource)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row !== undefined && (JSON.parse(row.facts) as ActivityEntry['facts']).deleted !== true;
    },

    /** A connected account with tokens (missed feeds may be read with any seller's token). */
    async anyAccount(): Promise<string | undefined> {
      const row = await db
        .selectFrom('seller_accounts')
        .select('id')
        .where('access_token', 'is not', null)
        .orderBy('connected_at')
        .limit(1)
        .executeTakeFirst();
      return row?.id;
    },

    entry,

    /**
     * An account's entries of the `kinds` a role may read, newest first, before `before` (an id) and of one kind
     * when asked.
     */
    async entries(
      accountId: string,
      kinds: readonly Kind[],
      options: { kind?: Kind | undefined; limit: number; before?: string | undefined },
    ): Promise<ActivityEntry[]> {
      const asked = options.kind ? kinds.filter((kind) => kind === options.kind) : kinds;
      if (asked.length === 0) return [];
      let query = db.selectFrom('activity').select(entryColumns).where('account_id', '=', accountId).where('kind', 'in', asked);
      if (options.before) query = query.where('id', '<', options.before);
      // The table's id: `id` alone would name the output column, its text ("9" after "10").
      const rows = await query.orderBy('activity.id', 'desc').limit(options.limit).execute();
      return rows.map(toEntry);
    },

    /** An account's entries of `kinds` after `after` (an id), oldest first: what an SSE client missed. */
    async entriesAfter(accountId: string, kinds: readonly Kind[], after: string): Promise<ActivityEntry[]> {
      if (kinds.length === 0) return [];
      const rows = await db
        .selectFrom('activity')
        .select(entryColumns)
        .where('account_id', '=', accountId)
        .where('kind', 'in', kinds)
        .where('id', '>', after)
        .orderBy('activity.id')
        .limit(1000)
        .execute();
      return rows.map(toEntry);
    },

    /** Each account's unread entries of the kinds the person's role on it may read. */
    async unread(accounts: { id: string; kinds: readonly Kind[] }[]): Promise<Map<string, number>> {
      if (accounts.length === 0) return new Map();
      const rows = await db
        .selectFrom('activity')
        .select(['account_id', 'kind', sql<string>`count(*)::text`.as('count')])
        .where(
          'account_id',
          'in',
          accounts.map((account) => account.id),
        )
        .where('read', '=', false)
        .groupBy(['account_id', 'kind'])
        .execute();
      const readable = new Map(accounts.map((account) => [account.id, account.kinds]));
      const counts = new Map<string, number>();
      for (const row of rows)
        if (readable.get(row.account_id)?.includes(row.kind as Kind))
          counts.set(row.account_id, (counts.get(row.account_id) ?? 0) + Number(row.count));
      return counts;
    },

    /** Marks entries read, of the `kinds` the marking person may read only (the read mark is the account's). */
    async markRead(accountId: string, kinds: readonly Kind[], ids: string[] | 'all'): Promise<void> {
      if (kinds.length === 0) return;
      let query = db.updateTable('activity').set({ read: true }).where('account_id', '=', accountId).where('kind', 'in', kinds);
      if (ids !== 'all') query = query.where('id', 'in', ids);
      await query.execute();
    },

    /** Sets a recategorization's `reviewedAt`; undefined when the account has no such entry. */
    async markReviewed(accountId: string, id: string): Promise<ActivityEntry | undefined> {
      const found = await entry(id);
      if (!found?.review || found.accountId !== accountId) return undefined;
      const review: Review = { ...found.review, reviewedAt: found.review.reviewedAt ?? new Date().toISOString() };
      await db
        .updateTable('activity')
        .set({ review: JSON.stringify(review) })
        .where('id', '=', id)
        .execute();
      return { ...found, review };
    },
  };
}

/**
 * Part of the store's purge: processed notifications past their retention (repeats of them can no longer
 * arrive; pending ones stay), and the item categories of seller accounts no longer connected.
 */
export async function purgeNotifications(db: Kysely<Database>): Promise<void> {
  await db
    .deleteFrom('notifications')
    .where('processed_at', '<=', new Date(Date.now() - notificationRetentionMs))
    .execute();
  await db
    .deleteFrom('item_categories')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('seller_accounts').select('id').whereRef('seller_accounts.id', '=', 'item_categories.account_id'))),
    )
    .execute();
}
