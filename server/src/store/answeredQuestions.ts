import { sql, type Kysely } from 'kysely';
import type { PastAnswer } from '../../../core/suggestions.ts';
import type { Database } from './schema.ts';

/** An answered question as the copy keeps it. */
export interface Answered {
  questionId: number;
  itemId: string;
  question: string;
  answer: string;
}

/** An unanswered question the worker saw, with when it was asked. */
export interface OpenQuestion {
  questionId: number;
  itemId: string;
  askedAt: Date;
}

/** An open question not yet warned of, with its account's site (for the time zone of its working hours). */
export type UnwarnedQuestion = OpenQuestion & { accountId: string; siteId: string };

/**
 * The server's copy of each seller account's answered questions (suggestions rank it), where each account's
 * backfill of it stands, and the unanswered questions seen (for the due-soon entry). Every query names its
 * account: one account's rows are never another's.
 */
export function answeredQuestionQueries(db: Kysely<Database>) {
  /** Adds or refreshes answered questions; they are no longer open. */
  async function keep(accountId: string, answered: Answered[]): Promise<void> {
    if (answered.length === 0) return;
    const ids = answered.map((a) => String(a.questionId));
    await db
      .insertInto('answered_questions')
      .values(
        answered.map((a) => ({
          account_id: accountId,
          question_id: String(a.questionId),
          item_id: a.itemId,
          question: a.question,
          answer: a.answer,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['account_id', 'question_id']).doUpdateSet((eb) => ({
          item_id: eb.ref('excluded.item_id'),
          question: eb.ref('excluded.question'),
          answer: eb.ref('excluded.answer'),
          kept_at: new Date(),
        })),
      )
      .execute();
    await db.deleteFrom('open_questions').where('account_id', '=', accountId).where('question_id', 'in', ids).execute();
  }

  return {
    keep,

    /** A question no longer answered as kept (deleted, hidden, banned): out of the copy and of the open ones. */
    async forget(accountId: string, questionId: number): Promise<void> {
      await db.deleteFrom('answered_questions').where('account_id', '=', accountId).where('question_id', '=', String(questionId)).execute();
      await db.deleteFrom('open_questions').where('account_id', '=', accountId).where('question_id', '=', String(questionId)).execute();
    },

    /**
     * What changes whenever the account's copy does (rows kept or forgotten), which a cached index compares, and
     * whether its backfill is done (until then the copy may lack what the marketplace holds).
     */
    async fingerprint(accountId: string): Promise<{ key: string; complete: boolean }> {
      const [row, backfill] = await Promise.all([
        db
          .selectFrom('answered_questions')
          .select((eb) => [eb.fn.countAll<string>().as('count'), eb.fn.max('kept_at').as('latest')])
          .where('account_id', '=', accountId)
          .executeTakeFirstOrThrow(),
        db.selectFrom('answer_backfills').select('done_at').where('account_id', '=', accountId).executeTakeFirst(),
      ]);
      return { key: `${row.count}:${row.latest ? new Date(row.latest).getTime() : 0}`, complete: Boolean(backfill?.done_at) };
    },

    /** The account's answered questions, with each item's category when known (for the category scope). */
    async of(accountId: string): Promise<PastAnswer[]> {
      const rows = await db
        .selectFrom('answered_questions as a')
        .leftJoin('item_categories as c', (join) => join.onRef('c.account_id', '=', 'a.account_id').onRef('c.item_id', '=', 'a.item_id'))
        .select(['a.question_id', 'a.item_id', 'a.question', 'a.answer', 'c.category_id'])
        .where('a.account_id', '=', accountId)
        .execute();
      return rows.map((row) => ({
        questionId: Number(row.question_id),
        itemId: row.item_id,
        categoryId: row.category_id ?? undefined,
        question: row.question,
        answer: row.answer,
      }));
    },

    /** An unanswered question seen; a repeat leaves its due-soon mark as it was. */
    async open(accountId: string, question: OpenQuestion): Promise<void> {
      await db
        .insertInto('open_questions')
        .values({ account_id: accountId, question_id: String(question.questionId), item_id: question.itemId, asked_at: question.askedAt })
        .onConflict((oc) => oc.columns(['account_id', 'question_id']).doNothing())
        .execute();
    },

    /**
     * A page of the open questions not yet warned of, oldest first: those after `after` (the last of the page
     * before) in the order (asked at, account, question).
     */
    async unwarned(limit: number, after?: UnwarnedQuestion): Promise<UnwarnedQuestion[]> {
      let query = db
        .selectFrom('open_questions as o')
        .innerJoin('seller_accounts as s', 's.id', 'o.account_id')
        .select(['o.account_id', 's.site_id', 'o.question_id', 'o.item_id', 'o.asked_at'])
        .where('o.warned_at', 'is', null);
      if (after)
        query = query.where((eb) =>
          eb(
            eb.refTuple('o.asked_at', 'o.account_id', 'o.question_id'),
            '>',
            eb.tuple(after.askedAt, after.accountId, String(after.questionId)),
          ),
        );
      const rows = await query.orderBy('o.asked_at').orderBy('o.account_id').orderBy('o.question_id').limit(limit).execute();
      return rows.map((row) => ({
        accountId: row.account_id,
        siteId: row.site_id,
        questionId: Number(row.question_id),
        itemId: row.item_id,
        askedAt: new Date(row.asked_at),
      }));
    },

    /**
     * Marks an open question warned of and makes its activity entry, in one statement: only the caller whose
     * update found it unwarned makes the entry (another instance's update finds it warned and makes none).
     * The entry's id, or undefined when it was warned of already or answered meanwhile.
     */
    async warn(
      { accountId, questionId, itemId }: OpenQuestion & { accountId: string },
      facts: Record<string, string | boolean>,
    ): Promise<string | undefined> {
      const row = await db
        .with('warned', (q) =>
          q
            .updateTable('open_questions')
            .set({ warned_at: new Date() })
            .where('account_id', '=', accountId)
            .where('question_id', '=', String(questionId))
            .where('warned_at', 'is', null)
            .returning('question_id'),
        )
        .insertInto('activity')
        .columns(['account_id', 'topic', 'kind', 'resource', 'subject', 'facts'])
        .expression((q) =>
          q
            .selectFrom('warned')
            .select([
              sql.val(accountId).as('account_id'),
              sql.val('questions').as('topic'),
              sql.val('question').as('kind'),
              sql.val(`/questions/${questionId}`).as('resource'),
              sql.val(JSON.stringify({ questionId, itemId })).as('subject'),
              sql.val(JSON.stringify(facts)).as('facts'),
            ]),
        )
        .returning(sql<string>`id::text`.as('id'))
        .executeTakeFirst();
      return row?.id;
    },

    /** Marks an open question warned of without an entry: it was overdue when first looked at. */
    async passOver(accountId: string, questionId: number): Promise<void> {
      await db
        .updateTable('open_questions')
        .set({ warned_at: new Date() })
        .where('account_id', '=', accountId)
        .where('question_id', '=', String(questionId))
        .execute();
    },

    /**
     * Takes an account whose backfill is not done and not held by another instance's lease (the one that
     * connected first), holding it for `leaseMs`; its next page's offset, or undefined when none is left.
     */
    async claimBackfill(instanceId: string, leaseMs: number): Promise<{ accountId: string; offset: number } | undefined> {
      await db
        .insertInto('answer_backfills')
        .columns(['account_id'])
        .expression((q) =>
          q
            .selectFrom('seller_accounts as s')
            .select('s.id')
            .where('s.access_token', 'is not', null)
            .where(({ not, exists, selectFrom }) =>
              not(exists(selectFrom('answer_backfills as b').select('b.account_id').whereRef('b.account_id', '=', 's.id'))),
            ),
        )
        .onConflict((oc) => oc.column('account_id').doNothing())
        .execute();
      const now = new Date();
      const row = await db
        .updateTable('answer_backfills')
        .set({ claimed_by: instanceId, lease_until: new Date(now.getTime() + leaseMs) })
        .where('account_id', '=', (eb) =>
          eb
            .selectFrom('answer_backfills as b')
            .innerJoin('seller_accounts as s', 's.id', 'b.account_id')
            .select('b.account_id')
            .where('b.done_at', 'is', null)
            .where('s.access_token', 'is not', null)
            .where((w) => w.or([w('b.lease_until', 'is', null), w('b.lease_until', '<', now), w('b.claimed_by', '=', instanceId)]))
            .orderBy('s.connected_at')
            .limit(1),
        )
        .where('done_at', 'is', null)
        .returning(['account_id', 'next_offset'])
        .executeTakeFirst();
      return row && { accountId: row.account_id, offset: row.next_offset };
    },

    /** A page of the backfill kept with where the next starts, or the backfill done; the lease let go when done. */
    async backfilled(accountId: string, page: Answered[], next: number | 'done'): Promise<void> {
      await keep(accountId, page);
      await db
        .updateTable('answer_backfills')
        .set(next === 'done' ? { done_at: new Date(), claimed_by: null, lease_until: null } : { next_offset: next })
        .where('account_id', '=', accountId)
        .execute();
    },

    /** Lets another try later (the account could not be read now): the lease runs out at its time. */
    async releaseBackfill(accountId: string, retryAt: Date): Promise<void> {
      await db
        .updateTable('answer_backfills')
        .set({ lease_until: retryAt, claimed_by: null })
        .where('account_id', '=', accountId)
        .execute();
    },
  };
}
