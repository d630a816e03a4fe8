import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { can, type Permission } from '../../core/roles.ts';
import {
  answerFrom,
  applyProgress,
  CatalogUnreadable,
  dryRunStep,
  exportStep,
  resultsCsv,
  stockPorts,
  type Answer,
  type BulkPorts,
  type StepProgress,
} from '../../core/stockBulk.ts';
import type { DryRun } from '../../core/stockImport.ts';
import { jobProgress, runStockJob, type JobRow } from '../../core/stockJob.ts';
import { readStockSheet, sheetLimits, stockCsv, stockXlsx, type ExportRow, type SheetRow } from '../../core/stockSheet.ts';
import { RateBudgetExceeded } from './budget.ts';
import { claimLoop } from './claimLoop.ts';
import { checkLowStock, reportingWrites } from './lowStock.ts';
import type { Door } from './door.ts';
import type { UpstreamCall } from './proxy.ts';
import { sameOriginWrite } from './session.ts';
import type { Config } from './config.ts';
import { LeaseLost, summary, type StoredJob } from './store/stockJobs.ts';
import type { Store } from './store/store.ts';
import { SignedOut } from './tokens.ts';

/** A claimed job is another instance's to take after this long without a renewal (its claimer died). */
const leaseMs = 30_000;
const renewMs = 10_000;
/** Queued jobs and run-out leases are looked for this often, besides every new job. */
const pollMs = 2_000;
/** Jobs one instance runs at once (each of another account: one job per account at a time). */
const jobsPerInstance = 4;
/** Progress goes over the event stream at most this often per job (and once more at each step's end). */
const publishEveryMs = 500;
/** A job stopped by an error of the store is tried again after this long. */
const retryAfterErrorMs = 10_000;

const applyBody = z.object({ applyChangedSinceExport: z.boolean() });
const fileQuery = z.object({ format: z.enum(['csv', 'xlsx']).default('csv'), language: z.enum(['en', 'es', 'pt']).default('en') });
const fileName = z.string().max(200);

/** An upstream answer as the shared modules take it: JSON parsed, x-version and Retry-After read; no answer is "unknown". */
async function answerOf(call: () => ReturnType<UpstreamCall>): Promise<Answer> {
  try {
    const answer = await call();
    return answerFrom(answer.status, answer.payload.toString('utf8'), (name) => {
      const value = answer.headers[name];
      return typeof value === 'string' ? value : undefined;
    });
  } catch (error) {
    // The account's sign-in ended: a refusal no retry changes. Anything else (timeout, dropped connection) is no answer.
    if (error instanceof SignedOut) return { status: 401, body: { error: 'signed_out' } };
    // The rate budget would have kept it waiting too long: not sent, to be tried again after the time it names.
    if (error instanceof RateBudgetExceeded) return { status: 429, body: null, retryAfterMs: error.retryAfterSeconds * 1000 };
    return { status: 'unknown' };
  }
}

/**
 * Runs bulk stock jobs (docs/stock-bulk.md) from the store: claims one (with a lease, renewed while it runs),
 * runs its step (export, dry run or apply) and records its end. A job whose instance dies is taken again once
 * its lease runs out, by any instance, or at once by the same instance on its restart (INSTANCE_ID); the apply
 * then resumes from the rows' saved states.
 */
export function createStockJobRunner(deps: { store: Store; call: UpstreamCall; instanceId: string; log: FastifyBaseLogger }) {
  const { store, call, instanceId, log } = deps;
  const running = new Set<Promise<void>>();
  const lastPublished = new Map<string, number>();

  async function publish(job: { id: string; account_id: string }, force = false): Promise<void> {
    const now = Date.now();
    if (!force && now - (lastPublished.get(job.id) ?? 0) < publishEveryMs) return;
    lastPublished.set(job.id, now);
    await store.bus.publish({ kind: 'stock-job', accountId: job.account_id, jobId: job.id }).catch((error: unknown) => {
      log.warn({ err: error }, 'stock job progress not published');
    });
  }

  /** The marketplace as the job's account sees it, through the server's upstream client. */
  function portsFor(job: StoredJob, lost: () => boolean): BulkPorts {
    return {
      call: async (method, path, options) => {
        if (lost() || loop.stopped()) throw new LeaseLost(`stock job ${job.id} is no longer this instance's`);
        return answerOf(() => call(job.account_id, method, path, options));
      },
      // The rate budget is the upstream client's (`call` takes the bulk turn): nothing to wait for here.
      schedule: async () => undefined,
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    };
  }

  const allowed = async (job: StoredJob, permission: Permission) => {
    if (job.person_id === null) return false;
    const role = await store.stockJobs.roleOf(job.account_id, job.person_id);
    return role !== undefined && can(role, permission);
  };

  async function runExport(job: StoredJob, ports: BulkPorts, progress: (p: StepProgress) => Promise<void>) {
    const ended = await exportStep(ports, job.account_id, {
      progress: (p) => void progress(p),
      cancelled: () => store.stockJobs.cancelRequested(job.id),
    });
    return {
      status: ended.cancelled ? ('cancelled' as const) : ('finished' as const),
      progress: ended.progress,
      output: JSON.stringify(ended.rows),
    };
  }

  async function runDryRun(job: StoredJob, ports: BulkPorts, progress: (p: StepProgress) => Promise<void>) {
    const ended = await dryRunStep(ports, job.account_id, JSON.parse(job.input ?? '[]') as SheetRow[], (p) => void progress(p));
    // Read-only so far: a cancel asked meanwhile ends the job here.
    const cancelled = await store.stockJobs.cancelRequested(job.id);
    return {
      status: cancelled ? ('cancelled' as const) : ('ready' as const),
      progress: ended.progress,
      dryRun: JSON.stringify(ended.dryRun),
      rows: ended.rows,
    };
  }

  async function runApply(job: StoredJob, ports: BulkPorts) {
    const saved = new Map((await store.stockJobs.rows(job.id)).map((row) => [row.line, row]));
    const result = await runStockJob(
      {
        ...reportingWrites(stockPorts(ports), (userProductId, total) =>
          checkLowStock(store, { accountId: job.account_id, userProductId, total }, (error) =>
            log.error({ err: error, job: job.id }, 'low-stock check failed'),
          ),
        ),
        storage: {
          load: async () => [...saved.values()],
          save: async (rows) => {
            const copies = rows.map((row): JobRow => structuredClone(row));
            for (const row of copies) saved.set(row.line, row);
            await store.stockJobs.saveRows(job.id, instanceId, leaseMs, copies, applyProgress(jobProgress([...saved.values()])));
            void publish(job);
          },
        },
        stillAllowed: () => allowed(job, 'stock.write'),
        cancelled: () => store.stockJobs.cancelRequested(job.id),
      },
      { applyChangedSinceExport: job.apply_changed },
    );
    const progress = applyProgress(result.progress);
    // One entry per job (who, when, counts); each row's outcome is in the job's results file.
    await store.audit.record({
      accountId: job.account_id,
      personId: job.person_id,
      action: 'stock.bulk',
      target: { type: 'stock_job', id: job.id },
      details: { status: result.status, ...result.progress.byStatus },
      requestId: `stock-job-${job.id}`,
      phase: 'event',
    });
    return { status: result.status, progress };
  }

  async function run(job: StoredJob): Promise<void> {
    let lost = false;
    const renewal = setInterval(() => {
      store.stockJobs.renew(job.id, instanceId, leaseMs).catch((error: unknown) => {
        if (error instanceof LeaseLost) lost = true;
        else log.warn({ err: error, job: job.id }, 'stock job lease not renewed');
      });
    }, renewMs);
    const ports = portsFor(job, () => lost);
    const progress = async (p: StepProgress) => {
      await store.stockJobs.progress(job.id, instanceId, leaseMs, p).catch((error: unknown) => {
        if (error instanceof LeaseLost) lost = true;
      });
      await publish(job);
    };
    try {
      const needs: Permission = job.step === 'export' ? 'stock.read' : 'stock.write';
      if (!(await allowed(job, needs))) {
        await store.stockJobs.endStep(job.id, instanceId, leaseMs, {
          status: 'permissionLost',
          progress: JSON.parse(job.progress) as StepProgress,
        });
      } else if (job.step === 'export') {
        await store.stockJobs.endStep(job.id, instanceId, leaseMs, await runExport(job, ports, progress));
      } else if (job.step === 'dryRun') {
        await store.stockJobs.endStep(job.id, instanceId, leaseMs, await runDryRun(job, ports, progress));
      } else {
        await store.stockJobs.endStep(job.id, instanceId, leaseMs, await runApply(job, ports));
      }
      log.info({ job: job.id, step: job.step }, 'stock job step ended');
    } catch (error) {
      if (error instanceof LeaseLost || loop.stopped()) {
        log.warn({ job: job.id }, 'stock job left to another instance (or to this one after its restart)');
      } else if (error instanceof CatalogUnreadable) {
        await store.stockJobs
          .endStep(job.id, instanceId, leaseMs, {
            status: 'failed',
            progress: JSON.parse(job.progress) as StepProgress,
            error: error.message,
          })
          .catch((ended: unknown) => log.warn({ err: ended, job: job.id }, 'stock job end not recorded'));
      } else {
        // The store failed (or something unforeseen): the saved state stands, and the job is run again later.
        log.error({ err: error, job: job.id }, 'stock job stopped; it runs again from its saved state');
        await store.stockJobs.release(job.id, instanceId, retryAfterErrorMs).catch(() => undefined);
      }
    } finally {
      clearInterval(renewal);
      await publish(job, true);
      lastPublished.delete(job.id);
    }
  }

  const loop = claimLoop({
    work: async () => {
      while (!loop.stopped() && running.size < jobsPerInstance) {
        const job = await store.stockJobs.claim(instanceId, leaseMs);
        if (!job) break;
        log.info({ job: job.id, step: job.step }, 'stock job claimed');
        const done: Promise<void> = run(job).finally(() => {
          running.delete(done);
          loop.kick();
        });
        running.add(done);
      }
    },
    reclaim: () => store.stockJobs.reclaim(instanceId),
    pollMs,
    log,
    what: 'stock jobs',
  });

  return {
    kick: loop.kick,
    async stop(): Promise<void> {
      await loop.stop();
      await Promise.all(running);
    },
  };
}

type Runner = ReturnType<typeof createStockJobRunner>;

/**
 * The bulk stock paths (core/permissions.ts names what each needs; the door checks it): start an export,
 * upload an import (its dry run runs as a job), apply it, cancel, list the account's jobs of the last 30
 * days, read one (with its dry run), download its file.
 */
export function registerStockJobs(app: FastifyInstance, deps: { config: Config; store: Store; door: Door; runner: Runner }) {
  const { config, store, door, runner } = deps;
  const csrf = sameOriginWrite(config);
  const notFound = { error: 'not_found', message: 'No such stock job for this account' };

  const started = async (reply: FastifyReply, job: StoredJob) => {
    runner.kick();
    return reply.code(202).send({ job: summary(job) });
  };

  app.get('/stock-jobs', async (request) => {
    const { account } = door.served(request);
    return { jobs: await store.stockJobs.list(account.id) };
  });

  app.post('/stock-jobs/export', { preHandler: csrf }, async (request, reply) => {
    const { session, account } = door.served(request);
    const job = await store.stockJobs.create({
      id: randomUUID(),
      accountId: account.id,
      personId: session.person.id,
      kind: 'export',
      step: 'export',
    });
    return started(reply, job);
  });

  // The file as it came (CSV or XLSX, told by content), up to the 5 MB: this route only; every other
  // keeps the server's 64 KB.
  void app.register(async (upload) => {
    upload.removeAllContentTypeParsers();
    upload.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: sheetLimits.maxBytes }, (_request, body, done) => done(null, body));
    upload.post('/stock-jobs/import', { preHandler: csrf, bodyLimit: sheetLimits.maxBytes }, async (request, reply) => {
      const { session, account } = door.served(request);
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const read = await readStockSheet(new Uint8Array(bytes));
      if (!read.ok) {
        const { ok: _ok, ...refusal } = read;
        return reply.code(400).send({ error: 'invalid_file', message: 'The file cannot be imported', cause: [refusal] });
      }
      const name = fileName.safeParse(request.headers['x-file-name']).data;
      const job = await store.stockJobs.create({
        id: randomUUID(),
        accountId: account.id,
        personId: session.person.id,
        kind: 'import',
        step: 'dryRun',
        input: JSON.stringify(read.rows),
        ...(name && { fileName: decodeURIComponent(name) }),
      });
      return started(reply, job);
    });
  });

  const jobOf = async (request: FastifyRequest<{ Params: { id: string } }>) => {
    const { account } = door.served(request);
    return /^[\w-]{1,64}$/.test(request.params.id) ? store.stockJobs.get(account.id, request.params.id) : undefined;
  };

  app.get<{ Params: { id: string } }>('/stock-jobs/:id', async (request, reply) => {
    const job = await jobOf(request);
    if (!job) return reply.code(404).send(notFound);
    return { job: summary(job), dryRun: job.dry_run === null ? null : (JSON.parse(job.dry_run) as DryRun) };
  });

  app.post<{ Params: { id: string } }>('/stock-jobs/:id/apply', { preHandler: csrf }, async (request, reply) => {
    const { account } = door.served(request);
    const body = applyBody.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: 'bad_request', message: 'Send {"applyChangedSinceExport": true|false}' });
    const job = await store.stockJobs.startApply(account.id, request.params.id, body.data.applyChangedSinceExport);
    if (!job)
      return reply
        .code(409)
        .send({ error: 'not_ready', message: 'Only an import whose dry run is done and not applied yet can be applied' });
    return started(reply, job);
  });

  app.post<{ Params: { id: string } }>('/stock-jobs/:id/cancel', { preHandler: csrf }, async (request, reply) => {
    const { account } = door.served(request);
    const job = await store.stockJobs.cancel(account.id, request.params.id);
    if (!job) return reply.code(409).send({ error: 'ended', message: 'The job has already ended' });
    await store.bus.publish({ kind: 'stock-job', accountId: account.id, jobId: job.id });
    return { job: summary(job) };
  });

  app.get<{ Params: { id: string } }>('/stock-jobs/:id/file', async (request, reply) => {
    const job = await jobOf(request);
    if (!job) return reply.code(404).send(notFound);
    const query = fileQuery.safeParse(request.query);
    if (!query.success) return reply.code(400).send({ error: 'bad_request', message: 'format is csv or xlsx; language is en, es or pt' });
    const { format, language } = query.data;
    const stamp = job.created_at.toISOString().slice(0, 10);
    reply.header('cache-control', 'no-store');
    if (job.kind === 'export') {
      if (job.output === null) return reply.code(409).send({ error: 'not_ready', message: 'The export has not finished' });
      const rows = JSON.parse(job.output) as ExportRow[];
      reply.header('content-disposition', `attachment; filename="stock-${stamp}.${format}"`);
      if (format === 'xlsx')
        return reply
          .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .send(Buffer.from(await stockXlsx(rows, language)));
      return reply.type('text/csv; charset=utf-8').send(stockCsv(rows, language));
    }
    if (job.dry_run === null) return reply.code(409).send({ error: 'not_ready', message: 'The dry run has not finished' });
    reply.header('content-disposition', `attachment; filename="stock-results-${stamp}.csv"`);
    return reply
      .type('text/csv; charset=utf-8')
      .send(resultsCsv(JSON.parse(job.dry_run) as DryRun, await store.stockJobs.rows(job.id), language));
  });
}
