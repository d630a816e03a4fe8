import pLimit from 'p-limit';
import Papa from 'papaparse';
import { z } from 'zod/mini';
import { neutraliseFormula } from './formulaCells.ts';
import { dryRun, type CatalogEntry, type DryRun, type DryRunRow } from './stockImport.ts';
import { jobRows, type JobProgress, type JobRow, type StockJobPorts, type WriteBody, type WriteResult } from './stockJob.ts';
import { defaultRetry, readStockWithRetry, type ReadResult, type RetryPolicy, type StockReadPorts } from './stockLocations.ts';
import { columnHeader, exportRows, type ColumnKey, type ExportUserProduct, type SheetLanguage, type SheetRow } from './stockSheet.ts';

/**
 * What the server's job runner and the demo's share around the engine (issue 52): the marketplace calls as
 * the engine's ports, the account's catalog as the export and the import read it, the export's reads, and
 * the results file. The caller gives one port, `call`, that makes a request for the account (the server's
 * upstream client with the account's token, or the simulator's fetch), within its rate budget.
 */

/** A marketplace answer: status, parsed JSON body, x-version and Retry-After (ms); or no answer at all. */
export type Answer = { status: number; body: unknown; version?: string; retryAfterMs?: number } | { status: 'unknown' };

export interface BulkPorts {
  call: (method: 'GET' | 'PUT', path: string, options?: { body?: unknown; version?: string }) => Promise<Answer>;
  /** The rate budget: resolves when one more call may go. */
  schedule: () => Promise<void>;
  sleep: (ms: number) => Promise<void>;
}

/** Retry-After in seconds or as an HTTP date, in ms; undefined when absent or unreadable. */
function retryAfterMs(header: string | null | undefined, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** An answer as it came (status, body text, headers) as the modules take it: JSON parsed, x-version and Retry-After read. */
export function answerFrom(status: number, text: string, header: (name: string) => string | null | undefined): Answer {
  let body: unknown = null;
  try {
    body = text ? (JSON.parse(text) as unknown) : null;
  } catch {
    // Not JSON (a gateway's page): the status says enough.
  }
  const version = header('x-version') ?? undefined;
  const after = retryAfterMs(header('retry-after'));
  return { status, body, ...(version !== undefined && { version }), ...(after !== undefined && { retryAfterMs: after }) };
}

const errorBody = z.object({ error: z.string() });
const stockBody = z.object({
  locations: z.array(
    z.object({ type: z.string(), quantity: z.int(), store_id: z.optional(z.string()), network_node_id: z.optional(z.string()) }),
  ),
});

const retriable = (status: number) => status === 429 || status >= 500;
const reasonOf = (answer: { status: number; body: unknown }) => errorBody.safeParse(answer.body).data?.error ?? `http_${answer.status}`;

/** The engine's ports over `call`: a stock read and a stock write as the spec answers them. */
export function stockPorts(ports: BulkPorts): Pick<StockJobPorts, 'readStock' | 'writeStock' | 'schedule' | 'sleep'> {
  const readStock = async (userProductId: string): Promise<ReadResult> => {
    const answer = await ports.call('GET', `/user-products/${encodeURIComponent(userProductId)}/stock`);
    if (answer.status === 'unknown') return { kind: 'retryLater' };
    if (retriable(answer.status))
      return { kind: 'retryLater', ...(answer.retryAfterMs !== undefined && { retryAfterMs: answer.retryAfterMs }) };
    if (answer.status !== 200) return { kind: 'refused', reason: reasonOf(answer) };
    const stock = stockBody.safeParse(answer.body);
    if (!stock.success || !answer.version || !/^\d+$/.test(answer.version)) return { kind: 'refused', reason: 'unexpected_answer' };
    return { kind: 'ok', stock: { locations: stock.data.locations, version: answer.version } };
  };
  const writeStock = async (userProductId: string, locationType: string, body: WriteBody, version: string): Promise<WriteResult> => {
    const path = `/user-products/${encodeURIComponent(userProductId)}/stock/type/${encodeURIComponent(locationType)}`;
    const answer = await ports.call('PUT', path, { body, version });
    if (answer.status === 'unknown') return { kind: 'unknown' };
    if (answer.status >= 200 && answer.status < 300) return { kind: 'ok' };
    if (answer.status === 409) return { kind: 'conflict' };
    if (retriable(answer.status))
      return { kind: 'retryLater', ...(answer.retryAfterMs !== undefined && { retryAfterMs: answer.retryAfterMs }) };
    return { kind: 'refused', reason: reasonOf(answer) };
  };
  return { readStock, writeStock, schedule: ports.schedule, sleep: ports.sleep };
}

/** Thrown when the catalog cannot be read (after the retries): the export or the dry run cannot go on. */
export class CatalogUnreadable extends Error {}

/** A catalog read within the budget, retried on 429/5xx and no answer; its JSON body, or CatalogUnreadable. */
async function readJson(ports: BulkPorts, path: string, retry: RetryPolicy): Promise<unknown> {
  for (let attempt = 1; ; attempt += 1) {
    await ports.schedule();
    const answer = await ports.call('GET', path);
    if (answer.status !== 'unknown' && !retriable(answer.status)) {
      if (answer.status !== 200) throw new CatalogUnreadable(`${path.split('?')[0]} answered ${answer.status}`);
      return answer.body;
    }
    if (attempt >= retry.maxAttempts) throw new CatalogUnreadable(`${path.split('?')[0]}: retries exhausted`);
    await ports.sleep((answer.status === 'unknown' ? undefined : answer.retryAfterMs) ?? retry.backoffMs(attempt));
  }
}

const searchPage = z.object({ results: z.array(z.string()), paging: z.object({ total: z.int() }) });
const listing = z.object({
  id: z.string(),
  title: z.string(),
  seller_custom_field: z.nullish(z.string()),
  user_product_id: z.nullish(z.string()),
});
const batch = z.array(z.object({ code: z.number(), body: z.unknown() }));

/** The account's user products as its listings show them: title (the first listing's) and SKUs. */
export type AccountCatalog = Map<string, { title: string; skus: string[] }>;

const pageSize = 100;
const idsPerBatch = 20;

/**
 * Every listing of the seller (`/users/{id}/items/search`, 100 a page; `/items?ids=`, 20 a call, 4 at a time),
 * grouped by user product. Listings without a user product, or whose entry does not read, are left out.
 */
async function readCatalog(ports: BulkPorts, sellerId: string, retry: RetryPolicy = defaultRetry): Promise<AccountCatalog> {
  const ids: string[] = [];
  for (let offset = 0; ; offset += pageSize) {
    const page = searchPage.safeParse(
      await readJson(ports, `/users/${encodeURIComponent(sellerId)}/items/search?offset=${offset}&limit=${pageSize}`, retry),
    );
    if (!page.success) throw new CatalogUnreadable('the item search answered an unexpected shape');
    ids.push(...page.data.results);
    if (page.data.results.length === 0 || offset + pageSize >= page.data.paging.total) break;
  }
  const batches = Array.from({ length: Math.ceil(ids.length / idsPerBatch) }, (_, i) => ids.slice(i * idsPerBatch, (i + 1) * idsPerBatch));
  const limit = pLimit(4);
  const answers = await Promise.all(
    batches.map((chunk) => limit(async () => batch.safeParse(await readJson(ports, `/items?ids=${chunk.join(',')}`, retry)).data ?? [])),
  );
  const catalog: AccountCatalog = new Map();
  for (const answer of answers.flat()) {
    const found = answer.code === 200 ? listing.safeParse(answer.body).data : undefined;
    if (!found?.user_product_id) continue;
    const entry = catalog.get(found.user_product_id) ?? { title: found.title, skus: [] };
    if (found.seller_custom_field) entry.skus.push(found.seller_custom_field);
    catalog.set(found.user_product_id, entry);
  }
  return catalog;
}

/** The catalog as the import's validation takes it. */
const catalogEntries = (catalog: AccountCatalog): CatalogEntry[] => [...catalog].map(([id, { skus }]) => ({ id, skus }));

/** A step's progress as the pages show it: done of total, failed, and counts per outcome. */
export interface StepProgress {
  total: number;
  done: number;
  failed: number;
  /** Per outcome (the apply's row states, the dry run's kinds, the export's reads). */
  counts: Record<string, number>;
}

/** An export, or an import (its dry run, then its apply once the seller asks). */
export type JobKind = 'export' | 'import';
export type JobStep = 'export' | 'dryRun' | 'apply';
/**
 * queued (waiting to run) → running → ready (an import's dry run is done and waits for the seller) → queued
 * again for the apply → finished, cancelled, permissionLost or failed.
 */
export type JobStatus = 'queued' | 'running' | 'ready' | 'finished' | 'cancelled' | 'permissionLost' | 'failed';

/** A job as its runner keeps it (times in ms since the epoch). */
export interface JobState {
  id: string;
  kind: JobKind;
  step: JobStep;
  status: JobStatus;
  fileName: string | null;
  applyChanged: boolean;
  cancelRequested: boolean;
  startedBy: { id: string | null; name: string };
  createdAt: number;
  finishedAt: number | null;
  stepStartedAt: number | null;
  progress: StepProgress;
  error: string | null;
}

/** A job as the pages read it (`GET /stock-jobs/:id`, the event stream), with what remains and the time left. */
export interface JobSummary extends Omit<JobState, 'createdAt' | 'finishedAt' | 'stepStartedAt' | 'progress'> {
  createdAt: string;
  finishedAt: string | null;
  progress: StepProgress & { remaining: number; secondsLeft: number | null };
}

export function jobSummary(job: JobState, now: number): JobSummary {
  const { createdAt, finishedAt, stepStartedAt, progress, ...rest } = job;
  const remaining = Math.max(0, progress.total - progress.done);
  const elapsedMs = stepStartedAt === null ? 0 : now - stepStartedAt;
  // The pace so far: nothing to go on before the first row is done.
  const secondsLeft =
    job.status === 'running' && progress.done > 0 && elapsedMs > 0 ? Math.ceil((remaining * elapsedMs) / progress.done / 1000) : null;
  return {
    ...rest,
    createdAt: new Date(createdAt).toISOString(),
    finishedAt: finishedAt === null ? null : new Date(finishedAt).toISOString(),
    progress: { ...progress, remaining, secondsLeft },
  };
}

interface StepHooks {
  progress: (progress: StepProgress) => void;
  /** Asked before each read: a cancelled export stops reading. */
  cancelled: () => Promise<boolean>;
}

/**
 * The export: the catalog, then one stock read per user product (4 at a time), each reported as done. A user
 * product whose stock cannot be read is left out of the file and counted as failed.
 */
export async function exportStep(ports: BulkPorts, sellerId: string, hooks: StepHooks, retry: RetryPolicy = defaultRetry) {
  const catalog = await readCatalog(ports, sellerId, retry);
  const read: StockReadPorts = stockPorts(ports);
  const counts = { read: 0, failed: 0 };
  const current = (): StepProgress => ({
    total: catalog.size,
    done: counts.read + counts.failed,
    failed: counts.failed,
    counts: { ...counts },
  });
  let cancelled = false;
  const limit = pLimit(4);
  const products = await Promise.all(
    [...catalog].map(([id, { title, skus }]) =>
      limit(async (): Promise<ExportUserProduct[]> => {
        if (cancelled || (cancelled = await hooks.cancelled())) return [];
        const stock = await readStockWithRetry(read, id, retry);
        counts['stock' in stock ? 'read' : 'failed'] += 1;
        hooks.progress(current());
        return 'stock' in stock ? [{ id, title, skus, stock: stock.stock }] : [];
      }),
    ),
  );
  return { cancelled, progress: current(), rows: exportRows(products.flat()) };
}

/**
 * The import's dry run: the catalog (ids and SKUs), then the stock of every user product the rows name; the
 * rows an apply would write come with it. Progress counts the stock reads.
 */
export async function dryRunStep(ports: BulkPorts, sellerId: string, rows: readonly SheetRow[], progress: StepHooks['progress']) {
  const catalog = await readCatalog(ports, sellerId);
  const stock = stockPorts(ports);
  const named = new Set(rows.map((row) => row.cells.userProductId || `sku:${row.cells.sku}`)).size;
  let reads = 0;
  const result: DryRun = await dryRun(rows, catalogEntries(catalog), {
    ...stock,
    readStock: async (id) => {
      const read = await stock.readStock(id);
      if (read.kind !== 'retryLater') progress({ total: named, done: Math.min(named, ++reads), failed: 0, counts: {} });
      return read;
    },
  });
  return {
    dryRun: result,
    progress: { total: result.rows.length, done: result.rows.length, failed: result.counts.refused, counts: { ...result.counts } },
    rows: jobRows(result.rows),
  };
}

/** An apply's progress from its rows' states (pending and attempting rows are what remains). */
export function applyProgress(progress: JobProgress): StepProgress {
  const { pending: _pending, attempting: _attempting, ...counts } = progress.byStatus;
  return { total: progress.total, done: progress.done, failed: counts.failed + counts.refused, counts };
}

/** The results file's own columns; the others are named as in the export (outcomes stay the API's words, as location types do). */
const resultsHeaders: Record<SheetLanguage, { row: string; outcome: string; detail: string }> = {
  en: { row: 'Row', outcome: 'Outcome', detail: 'Detail' },
  es: { row: 'Fila', outcome: 'Resultado', detail: 'Detalle' },
  pt: { row: 'Linha', outcome: 'Resultado', detail: 'Detalhe' },
};

/**
 * The results file of an import: one line per row of the file with its outcome — the dry run's refusal and
 * its reason, "unchanged", or the apply's row state (pending when the job stopped before it) — CSV with the
 * formula rule of every export.
 */
export function resultsCsv(dryRun: DryRun, rows: readonly JobRow[], language: SheetLanguage): string {
  const byLine = new Map(rows.map((row) => [row.line, row]));
  const cell = (value: string | number | null | undefined) => (typeof value === 'string' ? neutraliseFormula(value) : (value ?? ''));
  const line = (row: DryRunRow) => {
    if (row.kind === 'refused') {
      const { reason, ...detail } = row.refusal;
      return [row.line, '', '', '', '', '', 'refused', `${reason} ${JSON.stringify(detail)}`];
    }
    const base = [row.line, row.userProductId, row.location.type, row.location.storeId ?? ''];
    if (row.kind === 'unchanged') return [...base, row.current, row.current, 'unchanged', ''];
    const state = byLine.get(row.line)?.state ?? { status: 'pending' as const };
    const { status, ...detail } = state;
    return [...base, row.quantityAtExport, row.newQuantity, status, Object.keys(detail).length > 0 ? JSON.stringify(detail) : ''];
  };
  const header = (key: ColumnKey) => columnHeader(key, language);
  const { row: rowWord, outcome, detail } = resultsHeaders[language];
  const fields = [
    rowWord,
    header('userProductId'),
    header('locationType'),
    header('storeId'),
    header('quantityAtExport'),
    header('newQuantity'),
    outcome,
    detail,
  ];
  return `\uFEFF${Papa.unparse({ fields, data: dryRun.rows.map((row) => line(row).map(cell)) }, { newline: '\r\n' })}\r\n`;
}
