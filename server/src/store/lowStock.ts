import { sql, type Kysely } from 'kysely';
import { defaultAnswerTarget } from '../../../core/answerTarget.ts';
import type { Database } from './schema.ts';

/** The thresholds of an account: its default and each user product's own (core/lowStock.ts). */
export interface Thresholds {
  accountDefault: number | null;
  userProducts: { userProductId: string; threshold: number }[];
}

/** Low-stock thresholds and each user product's state (lowStock.ts decides with core/lowStock.ts). */
export function lowStockQueries(db: Kysely<Database>) {
  async function accountDefault(accountId: string): Promise<number | null> {
    const row = await db
      .selectFrom('account_settings')
      .select('low_stock_threshold')
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return row?.low_stock_threshold ?? null;
  }

  return {
    accountDefault,

    async thresholds(accountId: string): Promise<Thresholds> {
      const rows = await db
        .selectFrom('low_stock')
        .select(['user_product_id', 'threshold'])
        .where('account_id', '=', accountId)
        .where('threshold', 'is not', null)
        .orderBy('user_product_id')
        .execute();
      return {
        accountDefault: await accountDefault(accountId),
        userProducts: rows.map((row) => ({ userProductId: row.user_product_id, threshold: row.threshold! })),
      };
    },

    async setAccountDefault(accountId: string, threshold: number | null): Promise<void> {
      // A row made for the default alone carries the default target, which is what no row meant.
      await db
        .insertInto('account_settings')
        .values({
          account_id: accountId,
          target_minutes: defaultAnswerTarget.targetMinutes,
          working_hours: JSON.stringify(defaultAnswerTarget.workingHours),
          low_stock_threshold: threshold,
        })
        .onConflict((oc) => oc.column('account_id').doUpdateSet({ low_stock_threshold: threshold }))
        .execute();
    },

    async setThreshold(accountId: string, userProductId: string, threshold: number | null): Promise<void> {
      await db
        .insertInto('low_stock')
        .values({ account_id: accountId, user_product_id: userProductId, threshold })
        .onConflict((oc) => oc.columns(['account_id', 'user_product_id']).doUpdateSet({ threshold }))
        .execute();
    },

    /** What decides a user product's alert: its own threshold, the account's default, and whether it is low. */
    async state(accountId: string, userProductId: string): Promise<{ own: number | null; accountDefault: number | null; low: boolean }> {
      const row = await db
        .selectFrom('low_stock')
        .select(['threshold', 'low'])
        .where('account_id', '=', accountId)
        .where('user_product_id', '=', userProductId)
        .executeTakeFirst();
      return { own: row?.threshold ?? null, accountDefault: await accountDefault(accountId), low: row?.low ?? false };
    },

    /**
     * Marks the user product low and makes the crossing's `stock` entry, in one statement that only a product
     * not yet low passes: of two instances seeing the same crossing, one makes it. The entry's id, or undefined.
     */
    async alert(accountId: string, userProductId: string, facts: { total: number; threshold: number }): Promise<string | undefined> {
      await db
        .insertInto('low_stock')
        .values({ account_id: accountId, user_product_id: userProductId, threshold: null })
        .onConflict((oc) => oc.columns(['account_id', 'user_product_id']).doNothing())
        .execute();
      const row = await db
        .with('marked', (q) =>
          q
            .updateTable('low_stock')
            .set({ low: true })
            .where('account_id', '=', accountId)
            .where('user_product_id', '=', userProductId)
            .where('low', '=', false)
            .returning('user_product_id'),
        )
        .insertInto('activity')
        .columns(['account_id', 'topic', 'kind', 'resource', 'subject', 'facts'])
        .expression((q) =>
          q
            .selectFrom('marked')
            .select([
              sql.val(accountId).as('account_id'),
              sql.val('stock-location').as('topic'),
              sql.val('stock').as('kind'),
              sql.val(`/user-products/${userProductId}/stock`).as('resource'),
              sql.val(JSON.stringify({ userProductId })).as('subject'),
              sql.val(JSON.stringify({ lowStock: true, ...facts })).as('facts'),
            ]),
        )
        .returning(sql<string>`id::text`.as('id'))
        .executeTakeFirst();
      return row?.id;
    },

    /** The total rose above the threshold (or it has none now): the next crossing is said again. */
    async rearm(accountId: string, userProductId: string): Promise<void> {
      await db
        .updateTable('low_stock')
        .set({ low: false })
        .where('account_id', '=', accountId)
        .where('user_product_id', '=', userProductId)
        .where('low', '=', true)
        .execute();
    },
  };
}
