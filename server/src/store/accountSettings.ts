import type { Kysely } from 'kysely';
import { defaultAnswerTarget, readAnswerTarget, type AnswerTarget } from '../../../core/answerTarget.ts';
import type { Database } from './schema.ts';

/** A seller account's settings shared by its team: the response-time target and working hours. */
export function accountSettingsQueries(db: Kysely<Database>) {
  return {
    async answerTarget(accountId: string): Promise<AnswerTarget> {
      const row = await db
        .selectFrom('account_settings')
        .select(['target_minutes', 'working_hours'])
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      if (!row) return defaultAnswerTarget;
      const stored = readAnswerTarget({ targetMinutes: row.target_minutes, workingHours: JSON.parse(row.working_hours) as unknown });
      // Written only after the same check: a row that fails it now (a rule changed since) falls back to the defaults.
      return 'problem' in stored ? defaultAnswerTarget : stored;
    },

    async setAnswerTarget(accountId: string, target: AnswerTarget, personId: string): Promise<void> {
      const values = { target_minutes: target.targetMinutes, working_hours: JSON.stringify(target.workingHours), changed_by: personId };
      await db
        .insertInto('account_settings')
        .values({ account_id: accountId, ...values })
        .onConflict((oc) => oc.column('account_id').doUpdateSet({ ...values, changed_at: new Date() }))
        .execute();
    },
  };
}
