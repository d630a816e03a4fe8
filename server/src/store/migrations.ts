import { sql, type Kysely } from 'kysely';
import type { Migration, MigrationProvider } from 'kysely/migration';

/**
 * Versioned migrations, run at start by Kysely's Migrator (which holds a lock, so two instances starting
 * together on one PostgreSQL migrate once). Append new entries; never edit a shipped one.
 */
const migrations: Record<string, Migration> = {
  '2026-11-23-01-sessions': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('active_user_id', 'text')
        .execute();
      await db.schema
        .createTable('accounts')
        .addColumn('session_id', 'text', (c) => c.notNull().references('sessions.id').onDelete('cascade').onUpdate('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('nickname', 'text', (c) => c.notNull())
        .addColumn('site_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('access_token', 'text', (c) => c.notNull())
        .addColumn('refresh_token', 'text')
        .addColumn('expires_at', 'timestamptz')
        .addColumn('refresh_lock_until', 'timestamptz')
        .addColumn('added_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addPrimaryKeyConstraint('accounts_pk', ['session_id', 'user_id'])
        .execute();
      await db.schema.createIndex('accounts_user_id').on('accounts').column('user_id').execute();
      await db.schema
        .createTable('oauth_states')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('code_verifier', 'text', (c) => c.notNull())
        .addColumn('return_to', 'text', (c) => c.notNull())
        .addColumn('session_id', 'text')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
    },
  },
  '2026-11-23-02-notifications': {
    async up(db: Kysely<unknown>) {
      // The marketplace's notifications, keyed by their `_id` so a repeat delivery is stored once.
      await db.schema
        .createTable('notifications')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('topic', 'text', (c) => c.notNull())
        .addColumn('resource', 'text', (c) => c.notNull())
        .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('processed_at', 'timestamptz')
        .execute();
      await db.schema
        .createIndex('notifications_pending')
        .on('notifications')
        .column('next_attempt_at')
        .where(sql.ref('processed_at'), 'is', null)
        .execute();
      await db.schema
        .createTable('activity')
        .addColumn('id', 'bigserial', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('topic', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('resource', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('read', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('facts', 'text', (c) => c.notNull())
        .addColumn('review', 'text')
        .execute();
      await db.schema.createIndex('activity_account').on('activity').columns(['account_id', 'id']).execute();
      // Neither a notification nor an item read carries the previous category: the last one seen is kept.
      await db.schema
        .createTable('item_categories')
        .addColumn('item_id', 'text', (c) => c.primaryKey())
        .addColumn('category_id', 'text', (c) => c.notNull())
        .execute();
    },
  },
  '2026-12-02-11-item-categories-per-seller': {
    async up(db: Kysely<unknown>) {
      // Keyed by item alone, one seller's notification (a forged one too) moved the baseline of another
      // seller's item. A shared row goes to each seller whose activity shows that item; one no activity shows
      // cannot be attributed and is left out (the seller's next catalog read sets it again).
      await db.schema.alterTable('item_categories').renameTo('shared_item_categories').execute();
      await db.schema
        .createTable('item_categories')
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('item_id', 'text', (c) => c.notNull())
        .addColumn('category_id', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('item_categories_account_item', ['account_id', 'item_id'])
        .execute();
      await sql`
        insert into item_categories (account_id, item_id, category_id)
        select distinct activity.account_id, shared.item_id, shared.category_id
        from shared_item_categories shared
        join activity on activity.resource = '/items/' || shared.item_id`.execute(db);
      await db.schema.dropTable('shared_item_categories').execute();
    },
  },
  '2026-12-02-12-notification-lookups': {
    async up(db: Kysely<unknown>) {
      // Whether a seller's activity already shows a resource (a 404 is reported only then), latest first.
      await db.schema.createIndex('activity_account_resource').on('activity').columns(['account_id', 'resource', 'id']).execute();
      // The retention purge of processed notifications.
      await db.schema
        .createIndex('notifications_processed')
        .on('notifications')
        .column('processed_at')
        .where(sql.ref('processed_at'), 'is not', null)
        .execute();
    },
  },
};

export const migrationProvider: MigrationProvider = { getMigrations: async () => migrations };
