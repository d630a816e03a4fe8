import { sql, type Kysely, type Selectable, type Updateable } from 'kysely';
import { jobSummary, type JobKind, type JobStatus, type JobStep, type JobSummary, type StepProgress } from '../../../core/stockBulk.ts';
import type { JobRow } from '../../../core/stockJob.ts';
import type { Database } from './schema.ts';

export type StoredJob = Selectable<Database['stock_jobs']>;

/** Listed for this long (the "jobs of the last 30 days"); older ones are purged. */
const keepMs = 30 * 24 * 3600_000;

export function summary(job: StoredJob, now = Date.now()): JobSummary {
  return jobSummary(
    {
      id: job.id,
      kind: job.kind,
      step: job.step,
      status: job.status,
      fileName: job.file_name,
      applyChanged: job.apply_changed,
      cancelRequested: job.cancel_requested,
      startedBy: { id: job.person_id, name: job.person_name },
      createdAt: job.created_at.getTime(),
      finishedAt: job.finished_at?.getTime() ?? null,
      stepStartedAt: job.step_started_at?.getTime() ?? null,
      progress: { total: 0, done: 0, failed: 0, counts: {}, ...(JSON.parse(job.progress) as Partial<StepProgress>) },
      error: job.error,
    },
    now,
  );
}

const leaseFrom = (leaseMs: number) => sql<Date>`now() + make_interval(secs => ${leaseMs / 1000})`;

/** The job's claim was lost (its lease ran out and another instance took it): this instance stops working on it. */
export class LeaseLost extends Error {}

export function stockJobQueries(db: Kysely<Database>) {
  /** Updates a job this instance holds, renewing its lease; throws LeaseLost when it no longer holds it. */
  async function holding(
    tx: Kysely<Database>,
    id: string,
    instanceId: string,
    leaseMs: number,
    set: Updateable<Database['stock_jobs']>,
  ): Promise<void> {
    const result = await tx
      .updateTable('stock_jobs')
      .set({ ...set, lease_until: leaseFrom(leaseMs) })
      .where('id', '=', id)
      .where('claimed_by', '=', instanceId)
      .where('status', '=', 'running')
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) throw new LeaseLost(`stock job ${id} is no longer held by ${instanceId}`);
  }

  return {
    async create(job: {
      id: string;
      accountId: string;
      personId: string;
      kind: JobKind;
      step: JobStep;
      fileName?: string;
      input?: string;
    }): Promise<StoredJob> {
      return db
        .insertInto('stock_jobs')
        .values((eb) => ({
          id: job.id,
          account_id: job.accountId,
          person_id: job.personId,
          person_name: eb.fn.coalesce(eb.selectFrom('people').select('name').where('id', '=', job.personId), sql.lit('')),
          kind: job.kind,
          step: job.step,
          status: 'queued',
          file_name: job.fileName ?? null,
          input: job.input ?? null,
        }))
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /**
     * Claims the oldest job that is queued, or running with its lease run out (its claimer died), of an account
     * with no other job running: one job per account at a time keeps its calls within the 4 in flight.
     * Claims are taken one at a time across instances (a transaction-scoped advisory lock), so two instances
     * never start two jobs of one account.
     */
    async claim(instanceId: string, leaseMs: number): Promise<StoredJob | undefined> {
      return db.transaction().execute(async (tx) => {
        await sql`select pg_advisory_xact_lock(52052)`.execute(tx);
        const next = await tx
          .selectFrom('stock_jobs as j')
          .select('j.id')
          .where((eb) =>
            eb.or([
              eb('j.status', '=', 'queued'),
              // No lease: its instance took it back on a restart (reclaim), or let go of it after an error.
              eb.and([
                eb('j.status', '=', 'running'),
                eb.or([eb('j.lease_until', 'is', null), eb('j.lease_until', '<', sql<Date>`now()`)]),
              ]),
            ]),
          )
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('stock_jobs as other')
                  .select('other.id')
                  .whereRef('other.account_id', '=', 'j.account_id')
                  .whereRef('other.id', '<>', 'j.id')
                  .where('other.status', '=', 'running')
                  .where('other.lease_until', '>=', sql<Date>`now()`),
              ),
            ),
          )
          .orderBy('j.created_at')
          .limit(1)
          .executeTakeFirst();
        if (!next) return undefined;
        return tx
          .updateTable('stock_jobs')
          .set({
            status: 'running',
            claimed_by: instanceId,
            lease_until: leaseFrom(leaseMs),
            step_started_at: sql<Date>`coalesce(step_started_at, now())`,
          })
          .where('id', '=', next.id)
          .returningAll()
          .executeTakeFirstOrThrow();
      });
    },

    /** At start: the jobs this instance held before it stopped are due now, not when their leases run out. */
    async reclaim(instanceId: string): Promise<number> {
      const result = await db
        .updateTable('stock_jobs')
        .set({ lease_until: null })
        .where('claimed_by', '=', instanceId)
        .where('status', '=', 'running')
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Renews the lease of a job this instance holds (LeaseLost when it does not). */
    renew: (id: string, instanceId: string, leaseMs: number) => holding(db, id, instanceId, leaseMs, {}),

    /** Records the running step's progress (LeaseLost when the job is no longer this instance's). */
    progress: (id: string, instanceId: string, leaseMs: number, progress: StepProgress) =>
      holding(db, id, instanceId, leaseMs, { progress: JSON.stringify(progress) }),

    /**
     * Ends the step the instance holds: `status` ready (a dry run, waiting for the seller) or an end, with what
     * it produced. Saved with the job's final rows in one transaction when there are any.
     */
    async endStep(
      id: string,
      instanceId: string,
      leaseMs: number,
      end: {
        status: JobStatus;
        progress: StepProgress;
        dryRun?: string;
        output?: string;
        error?: string;
        rows?: readonly JobRow[];
      },
    ): Promise<void> {
      await db.transaction().execute(async (tx) => {
        await holding(tx, id, instanceId, leaseMs, {
          status: end.status,
          progress: JSON.stringify(end.progress),
          ...(end.dryRun === undefined ? {} : { dry_run: end.dryRun }),
          ...(end.output === undefined ? {} : { output: end.output }),
          ...(end.error === undefined ? {} : { error: end.error }),
          claimed_by: null,
          ...(end.status === 'ready' ? {} : { finished_at: new Date() }),
        });
        if (end.rows && end.rows.length > 0) await upsertRows(tx, id, end.rows);
        // Ended: no lease (`holding` set one).
        await tx.updateTable('stock_jobs').set({ lease_until: null }).where('id', '=', id).execute();
      });
    },

    /** Lets go of a job after an error: claimable again (by any instance) after `delayMs`. */
    async release(id: string, instanceId: string, delayMs: number): Promise<void> {
      await db
        .updateTable('stock_jobs')
        .set({ claimed_by: null, lease_until: leaseFrom(delayMs) })
        .where('id', '=', id)
        .where('claimed_by', '=', instanceId)
        .where('status', '=', 'running')
        .execute();
    },

    /** Saves rows' states and the progress in one transaction, while this instance holds the job. */
    async saveRows(id: string, instanceId: string, leaseMs: number, rows: readonly JobRow[], progress: StepProgress): Promise<void> {
      await db.transaction().execute(async (tx) => {
        await holding(tx, id, instanceId, leaseMs, { progress: JSON.stringify(progress) });
        await upsertRows(tx, id, rows);
      });
    },

    async rows(id: string): Promise<JobRow[]> {
      const rows = await db.selectFrom('stock_job_rows').select('row').where('job_id', '=', id).orderBy('line').execute();
      return rows.map((row) => JSON.parse(row.row) as JobRow);
    },

    /** One job of the account (undefined when it is another account's or older than the list keeps). */
    async get(accountId: string, id: string): Promise<StoredJob | undefined> {
      return db
        .selectFrom('stock_jobs')
        .selectAll()
        .where('id', '=', id)
        .where('account_id', '=', accountId)
        .where('created_at', '>', new Date(Date.now() - keepMs))
        .executeTakeFirst();
    },

    /** The account's jobs of the last 30 days, newest first (older ones are purged on the way). */
    async list(accountId: string): Promise<JobSummary[]> {
      await db
        .deleteFrom('stock_jobs')
        .where('created_at', '<', new Date(Date.now() - keepMs))
        .execute();
      const rows = await db
        .selectFrom('stock_jobs')
        .selectAll()
        .where('account_id', '=', accountId)
        .orderBy('created_at', 'desc')
        .limit(100)
        .execute();
      return rows.map((row) => summary(row));
    },

    /** The seller applies an import whose dry run is ready: queued again, for its apply step. */
    async startApply(accountId: string, id: string, applyChanged: boolean): Promise<StoredJob | undefined> {
      return db
        .updateTable('stock_jobs')
        .set({ step: 'apply', status: 'queued', apply_changed: applyChanged, step_started_at: null, progress: '{}' })
        .where('id', '=', id)
        .where('account_id', '=', accountId)
        .where('status', '=', 'ready')
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * Cancels a job: one not yet claimed ends at once; a running one stops at its next write (the engine asks
     * before each). Undefined when the job has already ended.
     */
    async cancel(accountId: string, id: string): Promise<StoredJob | undefined> {
      return db.transaction().execute(async (tx) => {
        const ended = await tx
          .updateTable('stock_jobs')
          .set({ status: 'cancelled', cancel_requested: true, finished_at: sql<Date>`now()`, lease_until: null, claimed_by: null })
          .where('id', '=', id)
          .where('account_id', '=', accountId)
          .where('status', 'in', ['queued', 'ready'])
          .returningAll()
          .executeTakeFirst();
        if (ended) return ended;
        return tx
          .updateTable('stock_jobs')
          .set({ cancel_requested: true })
          .where('id', '=', id)
          .where('account_id', '=', accountId)
          .where('status', 'in', ['queued', 'running'])
          .returningAll()
          .executeTakeFirst();
      });
    },

    async cancelRequested(id: string): Promise<boolean> {
      const row = await db.selectFrom('stock_jobs').select('cancel_requested').where('id', '=', id).executeTakeFirst();
      return row?.cancel_requested ?? true;
    },

    /** The person's role on the account now, or undefined when they are no longer its member. */
    async roleOf(accountId: string, personId: string) {
      const row = await db
        .selectFrom('memberships')
        .select('role')
        .where('account_id', '=', accountId)
        .where('person_id', '=', personId)
        .executeTakeFirst();
      return row?.role;
    },
  };
}

async function upsertRows(tx: Kysely<Database>, id: string, rows: readonly JobRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insertInto('stock_job_rows')
    .values(rows.map((row) => ({ job_id: id, line: row.line, row: JSON.stringify(row) })))
    .onConflict((oc) => oc.columns(['job_id', 'line']).doUpdateSet((eb) => ({ row: eb.ref('excluded.row') })))
    .execute();
}
