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
  '2026-12-02-21-teams': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('people')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('marketplace_user_id', 'text', (c) => c.unique())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('seen_at', 'timestamptz')
        .execute();
      // One row per marketplace account, whoever connected it: the team shares its tokens and refresh lock.
      await db.schema
        .createTable('seller_accounts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('nickname', 'text', (c) => c.notNull())
        .addColumn('site_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('access_token', 'text')
        .addColumn('refresh_token', 'text')
        .addColumn('expires_at', 'timestamptz')
        .addColumn('refresh_lock_until', 'timestamptz')
        .addColumn('connected_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema
        .createTable('memberships')
        .addColumn('account_id', 'text', (c) => c.notNull().references('seller_accounts.id').onDelete('cascade'))
        .addColumn('person_id', 'text', (c) => c.notNull().references('people.id').onDelete('cascade'))
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addPrimaryKeyConstraint('memberships_pk', ['account_id', 'person_id'])
        .execute();
      await db.schema.createIndex('memberships_person').on('memberships').column('person_id').execute();
      await db.schema
        .createTable('invitations')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('account_id', 'text', (c) => c.notNull().references('seller_accounts.id').onDelete('cascade'))
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('person_id', 'text', (c) => c.references('people.id').onDelete('cascade'))
        .addColumn('created_by', 'text', (c) => c.references('people.id').onDelete('set null'))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .addColumn('used_at', 'timestamptz')
        .addColumn('used_by', 'text', (c) => c.references('people.id').onDelete('set null'))
        .addColumn('revoked_at', 'timestamptz')
        .execute();
      await db.schema.createIndex('invitations_account').on('invitations').column('account_id').execute();
      await db.schema
        .createTable('passkeys')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('person_id', 'text', (c) => c.notNull().references('people.id').onDelete('cascade'))
        .addColumn('credential_id', 'text', (c) => c.notNull().unique())
        .addColumn('public_key', 'text', (c) => c.notNull())
        .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('transports', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('last_used_at', 'timestamptz')
        .execute();
      await db.schema.createIndex('passkeys_person').on('passkeys').column('person_id').execute();
      await db.schema
        .createTable('webauthn_challenges')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('challenge', 'text', (c) => c.notNull())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('context', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema.alterTable('oauth_states').addColumn('invitation_id', 'text').addColumn('person_name', 'text').execute();

      // The upgrade. Each session's earliest added account names its person (one per marketplace user,
      // shared by every session it came first in), owner of all the session's accounts; the browser stays
      // signed in (session ids are kept). An account several sessions held keeps the OAuth token with the
      // latest expiry (a personal token only when no session had an OAuth one).
      const firstAccounts = sql`(
        select distinct on (session_id) session_id, user_id, nickname, added_at
        from accounts order by session_id, added_at, user_id) as first_accounts`;
      await sql`
        insert into people (id, name, marketplace_user_id, created_at)
        select distinct on (user_id) replace(gen_random_uuid()::text, '-', ''), nickname, user_id, added_at
        from ${firstAccounts} order by user_id, added_at`.execute(db);
      await sql`
        insert into seller_accounts (id, nickname, site_id, kind, access_token, refresh_token, expires_at, connected_at)
        select distinct on (user_id) user_id, nickname, site_id, kind, access_token, refresh_token, expires_at,
          min(added_at) over (partition by user_id)
        from accounts order by user_id, (kind = 'oauth') desc, expires_at desc nulls last, added_at desc`.execute(db);
      await db.schema
        .alterTable('sessions')
        .addColumn('person_id', 'text', (c) => c.references('people.id').onDelete('cascade'))
        .execute();
      await db.schema.alterTable('sessions').renameColumn('active_user_id', 'active_account_id').execute();
      await sql`
        update sessions set person_id = people.id
        from ${firstAccounts} join people on people.marketplace_user_id = first_accounts.user_id
        where sessions.id = first_accounts.session_id`.execute(db);
      // A session without an account had nobody signed in.
      await sql`delete from sessions where person_id is null`.execute(db);
      await db.schema
        .alterTable('sessions')
        .alterColumn('person_id', (c) => c.setNotNull())
        .execute();
      await db.schema.createIndex('sessions_person').on('sessions').column('person_id').execute();
      await sql`
        insert into memberships (account_id, person_id, role, created_at)
        select accounts.user_id, sessions.person_id, 'owner', min(accounts.added_at)
        from accounts join sessions on sessions.id = accounts.session_id
        group by accounts.user_id, sessions.person_id`.execute(db);
      await db.schema.dropTable('accounts').execute();
    },
  },
  '2026-12-04-01-audit': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('audit_entries')
        .addColumn('id', 'bigserial', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('person_id', 'text')
        .addColumn('person_name', 'text')
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('target_type', 'text')
        .addColumn('target_id', 'text')
        .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('request_id', 'text', (c) => c.notNull())
        .addColumn('phase', 'text', (c) => c.notNull())
        .addColumn('status', 'text')
        .execute();
      await db.schema.createIndex('audit_entries_account').on('audit_entries').columns(['account_id', 'id']).execute();
      await db.schema.createIndex('audit_entries_at').on('audit_entries').column('at').execute();
      await db.schema
        .createTable('sign_ins')
        .addColumn('person_id', 'text', (c) => c.notNull().references('people.id').onDelete('cascade'))
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema.createIndex('sign_ins_person').on('sign_ins').columns(['person_id', 'at']).execute();
    },
  },
  '2026-12-04-02-lead-reviews': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('lead_reviews')
        .addColumn('account_id', 'text', (c) => c.notNull().references('seller_accounts.id').onDelete('cascade'))
        .addColumn('sandbox', 'boolean', (c) => c.notNull())
        .addColumn('lead_id', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('note', 'text')
        .addColumn('changed_by', 'text')
        .addColumn('changed_by_name', 'text')
        .addColumn('changed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addPrimaryKeyConstraint('lead_reviews_pk', ['account_id', 'sandbox', 'lead_id'])
        .execute();
    },
  },
  '2026-12-04-14-notification-claims': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('notifications').addColumn('claimed_by', 'text').execute();
    },
  },
  '2026-12-04-15-audit-append-only': {
    async up(db: Kysely<unknown>) {
      // The trail is appended to, never changed: the database refuses an UPDATE of an entry, whoever asks
      // (only the retention deletes).
      await sql`
        create function audit_entries_append_only() returns trigger language plpgsql as $$
        begin
          raise exception 'audit entries are append-only';
        end $$`.execute(db);
      await sql`
        create trigger audit_entries_append_only before update on audit_entries
        for each row execute function audit_entries_append_only()`.execute(db);
    },
  },
  '2026-12-04-17-upstream-budget': {
    async up(db: Kysely<unknown>) {
      // The app's rate budget toward the marketplace, shared by the instances (budget.ts): one row, full
      // (refilled_at null) until first drawn on.
      await db.schema
        .createTable('upstream_budget')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tokens', 'float8', (c) => c.notNull().defaultTo(0))
        .addColumn('refilled_at', 'timestamptz')
        .addColumn('paused_until', 'timestamptz')
        .execute();
      await sql`insert into upstream_budget (id) values ('app')`.execute(db);
    },
  },
  '2026-12-04-21-account-settings': {
    async up(db: Kysely<unknown>) {
      // One row per account that changed its response-time target; none: the defaults (core/answerTarget.ts).
      await db.schema
        .createTable('account_settings')
        .addColumn('account_id', 'text', (c) => c.primaryKey().references('seller_accounts.id').onDelete('cascade'))
        .addColumn('target_minutes', 'integer', (c) => c.notNull())
        .addColumn('working_hours', 'text', (c) => c.notNull())
        .addColumn('changed_by', 'text')
        .addColumn('changed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
    },
  },
  '2026-12-04-30-stock-jobs': {
    async up(db: Kysely<unknown>) {
      // Bulk stock jobs (docs/stock-bulk.md): an export, or an import's dry run then its apply. Claimed with a
      // lease by one instance at a time; a job whose claimer died is taken again when its lease runs out.
      await db.schema
        .createTable('stock_jobs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('seller_accounts.id').onDelete('cascade'))
        .addColumn('person_id', 'text', (c) => c.references('people.id').onDelete('set null'))
        .addColumn('person_name', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('step', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('apply_changed', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('cancel_requested', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('file_name', 'text')
        .addColumn('input', 'text')
        .addColumn('dry_run', 'text')
        .addColumn('output', 'text')
        .addColumn('progress', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('error', 'text')
        .addColumn('claimed_by', 'text')
        .addColumn('lease_until', 'timestamptz')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('step_started_at', 'timestamptz')
        .addColumn('finished_at', 'timestamptz')
        .execute();
      await db.schema.createIndex('stock_jobs_account').on('stock_jobs').columns(['account_id', 'created_at']).execute();
      await db.schema.createIndex('stock_jobs_status').on('stock_jobs').column('status').execute();
      await db.schema
        .createTable('stock_job_rows')
        .addColumn('job_id', 'text', (c) => c.notNull().references('stock_jobs.id').onDelete('cascade'))
        .addColumn('line', 'integer', (c) => c.notNull())
        .addColumn('row', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('stock_job_rows_pk', ['job_id', 'line'])
        .execute();
    },
  },
  '2026-12-04-31-answered-questions': {
    async up(db: Kysely<unknown>) {
      // The server's copy of each seller account's answered questions, which suggestions rank (issue 51):
      // backfilled from the marketplace, kept current by question notifications and answers sent through the
      // door, gone with the account. Ids are text, as the marketplace's other ids here.
      await db.schema
        .createTable('answered_questions')
        .addColumn('account_id', 'text', (c) => c.notNull().references('seller_accounts.id').onDelete('cascade'))
        .addColumn('question_id', 'text', (c) => c.notNull())
        .addColumn('item_id', 'text', (c) => c.notNull())
        .addColumn('question', 'text', (c) => c.notNull())
        .addColumn('answer', 'text', (c) => c.notNull())
        .addColumn('kept_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addPrimaryKeyConstraint('answered_questions_pk', ['account_id', 'question_id'])
        .execute();
      // Where each account's backfill stands: the next page's offset, until done. Claimed with a lease, so one
      // instance at a time reads an account's pages and a restart resumes at the page it left.
      await db.schema
        .createTable('answer_backfills')
        .addColumn('account_id', 'text', (c) => c.primaryKey().references('seller_accounts.id').onDelete('cascade'))
        .addColumn('next_offset', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('done_at', 'timestamptz')
        .addColumn('claimed_by', 'text')
        .addColumn('lease_until', 'timestamptz')
        .execute();
      // Unanswered questions the worker saw, for the due-soon activity entry (dueSoon.ts): `warned_at` is set
      // by the one statement that makes the entry, so it is made once whichever instance gets there.
      await db.schema
        .createTable('open_questions')
        .addColumn('account_id', 'text', (c) => c.notNull().references('seller_accounts.id').onDelete('cascade'))
        .addColumn('question_id', 'text', (c) => c.notNull())
        .addColumn('item_id', 'text', (c) => c.notNull())
        .addColumn('asked_at', 'timestamptz', (c) => c.notNull())
        .addColumn('warned_at', 'timestamptz')
        .addPrimaryKeyConstraint('open_questions_pk', ['account_id', 'question_id'])
        .execute();
    },
  },
  '2026-12-05-10-low-stock': {
    async up(db: Kysely<unknown>) {
      // Low-stock alerts (core/lowStock.ts): the account's default threshold next to its other settings (null:
      // none; a row made for it alone carries the default target, as no row would).
      await db.schema.alterTable('account_settings').addColumn('low_stock_threshold', 'integer').execute();
      // Per user product: its own threshold (null: the account's), and whether it is low, set by the one
      // statement that makes the crossing's entry, so it is made once whichever instance sees the change.
      await db.schema
        .createTable('low_stock')
        .addColumn('account_id', 'text', (c) => c.notNull().references('seller_accounts.id').onDelete('cascade'))
        .addColumn('user_product_id', 'text', (c) => c.notNull())
        .addColumn('threshold', 'integer')
        .addColumn('low', 'boolean', (c) => c.notNull().defaultTo(false))
        .addPrimaryKeyConstraint('low_stock_pk', ['account_id', 'user_product_id'])
        .execute();
    },
  },
  '2026-12-05-20-answer-templates': {
    async up(db: Kysely<unknown>) {
      // The answer templates a seller account's team shares (issue 51 §4), gone with the account; who changed one
      // last is kept by id (gone with the person: the audit trail keeps their name).
      await db.schema
        .createTable('answer_templates')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('seller_accounts.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('changed_by', 'text', (c) => c.references('people.id').onDelete('set null'))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('changed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema.createIndex('answer_templates_account').on('answer_templates').columns(['account_id', 'created_at']).execute();
    },
  },
};

export const migrationProvider: MigrationProvider = { getMigrations: async () => migrations };
