import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { TemplateFields } from '../../../core/answerTemplates.ts';
import type { Database } from './schema.ts';

/** A template as the routes answer it: who changed it last (null once they are gone) and when. */
export interface AnswerTemplate extends TemplateFields {
  id: string;
  changedBy: { id: string; name: string } | null;
  changedAt: string;
}

/** The answer templates a seller account's team shares, oldest first (the order Alt+1–9 insert them in). */
export function answerTemplateQueries(db: Kysely<Database>) {
  const select = (accountId: string) =>
    db
      .selectFrom('answer_templates as t')
      .leftJoin('people as p', 'p.id', 't.changed_by')
      .select(['t.id', 't.name', 't.text', 't.changed_by', 'p.name as person_name', 't.changed_at'])
      .where('t.account_id', '=', accountId);
  type Row = Awaited<ReturnType<ReturnType<typeof select>['executeTakeFirstOrThrow']>>;
  const shaped = (row: Row): AnswerTemplate => ({
    id: row.id,
    name: row.name,
    text: row.text,
    changedBy: row.changed_by === null || row.person_name === null ? null : { id: row.changed_by, name: row.person_name },
    changedAt: new Date(row.changed_at).toISOString(),
  });

  return {
    async list(accountId: string): Promise<AnswerTemplate[]> {
      const rows = await select(accountId).orderBy('t.created_at').orderBy('t.id').execute();
      return rows.map(shaped);
    },

    async count(accountId: string): Promise<number> {
      const { n } = await db
        .selectFrom('answer_templates')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('account_id', '=', accountId)
        .executeTakeFirstOrThrow();
      return Number(n);
    },

    async create(accountId: string, fields: TemplateFields, personId: string): Promise<AnswerTemplate> {
      const id = randomUUID();
      await db
        .insertInto('answer_templates')
        .values({ id, account_id: accountId, ...fields, changed_by: personId })
        .execute();
      return shaped(await select(accountId).where('t.id', '=', id).executeTakeFirstOrThrow());
    },

    /** Undefined when the account has no such template. */
    async update(accountId: string, id: string, fields: TemplateFields, personId: string): Promise<AnswerTemplate | undefined> {
      const { numUpdatedRows } = await db
        .updateTable('answer_templates')
        .set({ ...fields, changed_by: personId, changed_at: new Date() })
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .executeTakeFirst();
      if (numUpdatedRows === 0n) return undefined;
      return shaped(await select(accountId).where('t.id', '=', id).executeTakeFirstOrThrow());
    },

    /** The deleted template's name, or undefined when the account has no such template. */
    async remove(accountId: string, id: string): Promise<string | undefined> {
      const row = await db
        .deleteFrom('answer_templates')
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .returning('name')
        .executeTakeFirst();
      return row?.name;
    },
  };
}
