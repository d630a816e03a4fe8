import { getResponse, http, HttpResponse, type HttpHandler } from 'msw';
import {
  answerFrom,
  applyProgress,
  CatalogUnreadable,
  dryRunStep,
  exportStep,
  jobSummary,
  resultsCsv,
  stockPorts,
  type Answer,
  type BulkPorts,
  type JobState,
} from '../../core/stockBulk.ts';
import type { DryRun } from '../../core/stockImport.ts';
import { jobProgress, runStockJob, type JobRow } from '../../core/stockJob.ts';
import { readStockSheet, stockCsv, stockXlsx, type ExportRow, type SheetLanguage, type SheetRow } from '../../core/stockSheet.ts';
import { currentTime, type Db } from './db';
import type { DemoAudit, ServerEvents } from './door';

/** A job as the demo keeps it: in this page's memory only (a reload or a closed tab ends it; the page says so). */
interface DemoJob extends JobState {
  authorization: string;
  input: SheetRow[];
  dryRun: DryRun | null;
  output: ExportRow[] | null;
  rows: Map<number, JobRow>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The server's bulk stock paths as demo mode has them (docs/stock-bulk.md): the same steps of core/stockBulk.ts
 * and the same engine, run in the page against the simulator's marketplace handlers, with the token of the
 * page's request. Progress is published on the event stream as the server publishes it.
 */
export function createStockJobHandlers(
  db: Db,
  marketplace: readonly HttpHandler[],
  events: ServerEvents,
  /** Whether the demo's acting role may change stock now (the door checked it at the start; the apply asks again). */
  mayWriteStock: () => boolean = () => true,
  /** The trail the door keeps, for the one entry per applied job the server records. */
  audit?: DemoAudit,
): HttpHandler[] {
  const jobs = new Map<string, DemoJob>();
  const person = { id: 'demo-owner', name: db.seller.nickname };
  const now = () => currentTime(db);
  const publish = (job: DemoJob) => {
    for (const send of events) send('stock-job', jobSummary(job, now()));
  };

  const portsOf = (job: DemoJob): BulkPorts => ({
    call: async (method, path, options = {}): Promise<Answer> => {
      const headers = new Headers({ authorization: job.authorization, accept: 'application/json' });
      if (options.body !== undefined) headers.set('content-type', 'application/json');
      if (options.version !== undefined) headers.set('x-version', options.version);
      const request = new Request(new URL(`/api${path}`, location.origin), {
        method,
        headers,
        ...(options.body !== undefined && { body: JSON.stringify(options.body) }),
      });
      const response = await getResponse([...marketplace], request);
      if (!response || response.type === 'error') return { status: 'unknown' };
      return answerFrom(response.status, await response.text(), (name) => response.headers.get(name));
    },
    schedule: async () => undefined,
    sleep,
  });

  const end = (job: DemoJob, status: JobState['status']) => {
    job.status = status;
    if (status !== 'ready') job.finishedAt = now();
    publish(job);
  };

  async function run(job: DemoJob): Promise<void> {
    job.status = 'running';
    job.stepStartedAt = now();
    const ports = portsOf(job);
    const progress = (p: JobState['progress']) => {
      job.progress = p;
      publish(job);
    };
    try {
      if (job.step === 'export') {
        const ended = await exportStep(ports, String(db.seller.id), { progress, cancelled: async () => job.cancelRequested });
        job.output = ended.rows;
        job.progress = ended.progress;
        end(job, ended.cancelled ? 'cancelled' : 'finished');
      } else if (job.step === 'dryRun') {
        const ended = await dryRunStep(ports, String(db.seller.id), job.input, progress);
        job.dryRun = ended.dryRun;
        job.rows = new Map(ended.rows.map((row) => [row.line, row]));
        job.progress = ended.progress;
        end(job, job.cancelRequested ? 'cancelled' : 'ready');
      } else {
        const result = await runStockJob(
          {
            ...stockPorts(ports),
            storage: {
              load: async () => [...job.rows.values()],
              save: async (rows) => {
                for (const row of rows) job.rows.set(row.line, structuredClone(row));
                progress(applyProgress(jobProgress([...job.rows.values()])));
              },
            },
            stillAllowed: async () => mayWriteStock(),
            cancelled: async () => job.cancelRequested,
          },
          { applyChangedSinceExport: job.applyChanged },
        );
        job.progress = applyProgress(result.progress);
        // One entry per job (who, when, counts), as the server records it; each row's outcome is in the results file.
        audit?.record({
          action: 'stock.bulk',
          target: { type: 'stock_job', id: job.id },
          details: { status: result.status, ...result.progress.byStatus },
          requestId: `stock-job-${job.id}`,
          phase: 'event',
          status: null,
        });
        end(job, result.status);
      }
    } catch (error) {
      job.error = error instanceof CatalogUnreadable ? error.message : 'The job stopped';
      end(job, 'failed');
    }
  }

  const start = (job: DemoJob) => {
    jobs.set(job.id, job);
    void run(job);
    return HttpResponse.json({ job: jobSummary(job, now()) }, { status: 202 });
  };

  const newJob = (request: Request, kind: DemoJob['kind'], step: DemoJob['step'], extra: Partial<DemoJob> = {}): DemoJob => ({
    id: crypto.randomUUID(),
    kind,
    step,
    status: 'queued',
    fileName: null,
    applyChanged: false,
    cancelRequested: false,
    startedBy: person,
    createdAt: now(),
    finishedAt: null,
    stepStartedAt: null,
    progress: { total: 0, done: 0, failed: 0, counts: {} },
    error: null,
    authorization: request.headers.get('authorization') ?? '',
    input: [],
    dryRun: null,
    output: null,
    rows: new Map(),
    ...extra,
  });

  const notFound = () => HttpResponse.json({ error: 'not_found', message: 'No such stock job for this account' }, { status: 404 });

  return [
    http.get('*/stock-jobs', () => HttpResponse.json({ jobs: [...jobs.values()].reverse().map((job) => jobSummary(job, now())) })),
    http.post('*/stock-jobs/export', ({ request }) => start(newJob(request, 'export', 'export'))),
    http.post('*/stock-jobs/import', async ({ request }) => {
      const read = await readStockSheet(new Uint8Array(await request.arrayBuffer()));
      if (!read.ok) {
        const { ok: _ok, ...refusal } = read;
        return HttpResponse.json({ error: 'invalid_file', message: 'The file cannot be imported', cause: [refusal] }, { status: 400 });
      }
      const name = request.headers.get('x-file-name');
      return start(newJob(request, 'import', 'dryRun', { input: read.rows, fileName: name && decodeURIComponent(name) }));
    }),
    http.get('*/stock-jobs/:id', ({ params }) => {
      const job = jobs.get(String(params.id));
      return job ? HttpResponse.json({ job: jobSummary(job, now()), dryRun: job.dryRun }) : notFound();
    }),
    http.post('*/stock-jobs/:id/apply', async ({ request, params }) => {
      const job = jobs.get(String(params.id));
      const body = (await request.json().catch(() => null)) as { applyChangedSinceExport?: unknown } | null;
      if (typeof body?.applyChangedSinceExport !== 'boolean')
        return HttpResponse.json({ error: 'bad_request', message: 'Send {"applyChangedSinceExport": true|false}' }, { status: 400 });
      if (job?.status !== 'ready')
        return HttpResponse.json({ error: 'not_ready', message: 'Only an import whose dry run is done can be applied' }, { status: 409 });
      Object.assign(job, {
        step: 'apply',
        status: 'queued',
        applyChanged: body.applyChangedSinceExport,
        progress: { total: 0, done: 0, failed: 0, counts: {} },
      });
      return start(job);
    }),
    http.post('*/stock-jobs/:id/cancel', ({ params }) => {
      const job = jobs.get(String(params.id));
      if (!job || !['queued', 'running', 'ready'].includes(job.status))
        return HttpResponse.json({ error: 'ended', message: 'The job has already ended' }, { status: 409 });
      job.cancelRequested = true;
      if (job.status === 'ready') end(job, 'cancelled');
      return HttpResponse.json({ job: jobSummary(job, now()) });
    }),
    http.get('*/stock-jobs/:id/file', async ({ request, params }) => {
      const job = jobs.get(String(params.id));
      if (!job) return notFound();
      const query = new URL(request.url).searchParams;
      const language = (['en', 'es', 'pt'].includes(query.get('language') ?? '') ? query.get('language') : 'en') as SheetLanguage;
      if (job.kind === 'export' && job.output) {
        if (query.get('format') === 'xlsx')
          return new HttpResponse(await stockXlsx(job.output, language), {
            headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
          });
        return new HttpResponse(stockCsv(job.output, language), { headers: { 'content-type': 'text/csv; charset=utf-8' } });
      }
      if (job.kind === 'import' && job.dryRun)
        return new HttpResponse(resultsCsv(job.dryRun, [...job.rows.values()], language), {
          headers: { 'content-type': 'text/csv; charset=utf-8' },
        });
      return HttpResponse.json({ error: 'not_ready', message: 'The job has not finished' }, { status: 409 });
    }),
  ];
}
