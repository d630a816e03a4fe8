import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** The actions the trail records (docs/roles.md "The audit trail"). */
export const auditActions = [
  'answer',
  'question.delete',
  'question.hide',
  'stock.write',
  'stock.bulk',
  'lead.review',
  'reveal',
  'invitation.create',
  'invitation.accept',
  'invitation.revoke',
  'role.change',
  'person.remove',
  'account.connect',
  'account.disconnect',
  'template.create',
  'template.update',
  'template.delete',
] as const;
export type AuditAction = (typeof auditActions)[number];

/**
 * `attempt` before a write goes upstream and `outcome` after (its status, or `unknown` when no answer came),
 * joined by the request id; `event` for what the server did itself.
 */
type Phase = 'attempt' | 'outcome' | 'event';
type Detail = string | number | boolean | null | string[];

export interface NewAuditEntry {
  accountId: string;
  /** Who did it; their name is kept with the entry, so it outlives the person. */
  personId: string | null;
  action: AuditAction;
  target: { type: string; id: string } | null;
  details?: Record<string, Detail>;
  requestId: string;
  phase: Phase;
  status?: number | 'unknown';
}

export interface AuditEntry {
  id: string;
  at: string;
  person: { id: string; name: string } | null;
  action: AuditAction;
  target: { type: string; id: string } | null;
  details: Record<string, Detail>;
  requestId: string;
  phase: Phase;
  status: number | 'unknown' | null;
}

export interface AuditFilter {
  person?: string | undefined;
  action?: AuditAction | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  before?: string | undefined;
  limit: number;
}

export type SignedInWith = 'marketplace' | 'passkey' | 'token';

const day = 24 * 3600_000;

/**
 * The audit trail: append-only (nothing here updates an entry, and only the retention deletes), per seller
 * account; and each person's own sign-ins, which are theirs and not an account's.
 */
export function auditQueries(db: Kysely<Database>) {
  return {
    async record(entry: NewAuditEntry): Promise<void> {
      await db
        .insertInto('audit_entries')
        .values((eb) => ({
          account_id: entry.accountId,
          person_id: entry.personId,
          person_name: entry.personId === null ? null : eb.selectFrom('people').select('name').where('id', '=', entry.personId),
          action: entry.action,
          target_type: entry.target?.type ?? null,
          target_id: entry.target?.id ?? null,
          details: JSON.stringify(entry.details ?? {}),
          request_id: entry.requestId,
          phase: entry.phase,
          status: entry.status === undefined ? null : String(entry.status),
        }))
        .execute();
    },

    /** An account's entries, newest first, one page (`limit`) and the id to ask `before` for the next. */
    async entries(accountId: string, filter: AuditFilter): Promise<{ entries: AuditEntry[]; next: string | null }> {
      let query = db
        .selectFrom('audit_entries')
        .select([
          sql<string>`id::text`.as('id'),
          'at',
          'person_id',
          'person_name',
          'action',
          'target_type',
          'target_id',
          'details',
          'request_id',
          'phase',
          'status',
        ])
        .where('account_id', '=', accountId);
      if (filter.person) query = query.where('person_id', '=', filter.person);
      if (filter.action) query = query.where('action', '=', filter.action);
      if (filter.from) query = query.where('at', '>=', filter.from);
      if (filter.to) query = query.where('at', '<', filter.to);
      if (filter.before) query = query.where('id', '<', filter.before);
      const rows = await query
        // The table's id: `id` alone would name the output column, its text ("9" after "10").
        .orderBy('audit_entries.id', 'desc')
        .limit(filter.limit + 1)
        .execute();
      const page = rows.slice(0, filter.limit);
      return {
        entries: page.map((row) => ({
          id: row.id,
          at: row.at.toISOString(),
          person: row.person_id === null ? null : { id: row.person_id, name: row.person_name ?? '' },
          action: row.action,
          target: row.target_type === null || row.target_id === null ? null : { type: row.target_type, id: row.target_id },
          details: JSON.parse(row.details) as Record<string, Detail>,
          requestId: row.request_id,
          phase: row.phase,
          status: row.status === null ? null : row.status === 'unknown' ? 'unknown' : Number(row.status),
        })),
        next: rows.length > filter.limit ? (page.at(-1)?.id ?? null) : null,
      };
    },

    /** Deletes entries older than the retention (`AUDIT_RETENTION_DAYS`): the only deletion the trail knows. */
    async purge(retentionDays: number): Promise<void> {
      await db
        .deleteFrom('audit_entries')
        .where('at', '<', new Date(Date.now() - retentionDays * day))
        .execute();
      await db
        .deleteFrom('sign_ins')
        .where('at', '<', new Date(Date.now() - retentionDays * day))
        .execute();
    },

    async signedIn(personId: string, method: SignedInWith): Promise<void> {
      await db.insertInto('sign_ins').values({ person_id: personId, method }).execute();
    },

    /** A person's latest sign-ins, newest first. */
    async signIns(personId: string): Promise<{ method: SignedInWith; at: string }[]> {
      const rows = await db
        .selectFrom('sign_ins')
        .select(['method', 'at'])
        .where('person_id', '=', personId)
        .orderBy('at', 'desc')
        .limit(100)
        .execute();
      return rows.map((row) => ({ method: row.method, at: row.at.toISOString() }));
    },
  };
}
