import { sql, type Kysely } from 'kysely';
import type { LeadReviewStatus } from '../../../core/leadReviews.ts';
import type { Database } from './schema.ts';

/** A credit lead's review as the team shares it (docs/roles.md "Credit-lead reviews shared by the team"). */
export interface LeadReview {
  leadId: string;
  status: LeadReviewStatus;
  note: string | null;
  changedBy: { id: string; name: string } | null;
  changedAt: string;
}

type Row = Database['lead_reviews'];

const toReview = (row: Omit<Row, 'account_id' | 'sandbox'>): LeadReview => ({
  leadId: row.lead_id,
  status: row.status,
  note: row.note,
  changedBy: row.changed_by === null ? null : { id: row.changed_by, name: row.changed_by_name ?? '' },
  changedAt: row.changed_at.toISOString(),
});

const columns = ['lead_id', 'status', 'note', 'changed_by', 'changed_by_name', 'changed_at'] as const;

/** Lead reviews, per seller account and per sandbox or production. */
export function leadReviewQueries(db: Kysely<Database>) {
  return {
    async list(accountId: string, sandbox: boolean): Promise<LeadReview[]> {
      const rows = await db
        .selectFrom('lead_reviews')
        .select(columns)
        .where('account_id', '=', accountId)
        .where('sandbox', '=', sandbox)
        .orderBy('changed_at', 'desc')
        .execute();
      return rows.map(toReview);
    },

    async get(accountId: string, sandbox: boolean, leadId: string): Promise<LeadReview | undefined> {
      const row = await db
        .selectFrom('lead_reviews')
        .select(columns)
        .where('account_id', '=', accountId)
        .where('sandbox', '=', sandbox)
        .where('lead_id', '=', leadId)
        .executeTakeFirst();
      return row && toReview(row);
    },

    /** Sets a lead's review (made or replaced), by `personId`, whose name it keeps. */
    async set(
      key: { accountId: string; sandbox: boolean; leadId: string },
      review: { status: LeadReviewStatus; note: string | null },
      personId: string,
    ): Promise<LeadReview> {
      const values = {
        status: review.status,
        note: review.note,
        changed_by: personId,
        changed_by_name: sql<string>`(select name from people where id = ${personId})`,
        changed_at: sql<Date>`now()`,
      };
      const row = await db
        .insertInto('lead_reviews')
        .values({ account_id: key.accountId, sandbox: key.sandbox, lead_id: key.leadId, ...values })
        .onConflict((oc) => oc.columns(['account_id', 'sandbox', 'lead_id']).doUpdateSet(values))
        .returning(columns)
        .executeTakeFirstOrThrow();
      return toReview(row);
    },
  };
}
