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
};

export const migrationProvider: MigrationProvider = { getMigrations: async () => migrations };
