import pLimit from 'p-limit';
import type { DryRunRow } from './stockImport.ts';
import {
  defaultRetry,
  isNewerVersion,
  quantityAt,
  readStockWithRetry,
  type LocationRef,
  type RetryPolicy,
  type StockReadPorts,
  type StockSnapshot,
} from './stockLocations.ts';

/**
 * The bulk stock job's engine (issue 52): applies imported rows with one version-checked write per user product
 * and location type, so that no row is written twice, nobody's change is overwritten, and a job stopped at any
 * point (crash, restart, cancel) can be run again on its saved state to finish. The server runs it as a job in
 * its store; the simulator runs it in the page. Reads, writes, storage, the rate budget and the clock are ports.
 *
 * Exactly once rests on x-version: a write carries the version just read, so a second write based on the same
 * read is refused (409) if the first one landed. A write whose outcome is unknown leaves its rows "attempting"
 * (saved before it was sent); the next read settles them: a version newer than the one written from, showing
 * the new figure, means applied; showing another figure, changed by someone else; the same version, not (yet)
 * applied, and the write is sent again from that same version, whose 409 then means the earlier one landed.
 */

/**
 * Where a row of a job stands.
 * @public For the server's job runner and the stock pages, which name these (issue 52's later part).
 */
export type RowState =
  | { status: 'pending' }
  /** A write went (or was about to go) from `baseVersion`; its outcome is not known yet. */
  | { status: 'attempting'; baseVersion: string; attempts: number }
  | { status: 'applied' }
  /** The stock already shows the new figure: nothing to write. */
  | { status: 'unchanged' }
  /** The quantity changed since the export and the seller did not choose to apply such rows. */
  | { status: 'skippedChanged'; current: number }
  /** Someone else changed the stock first (409, or a newer version with another figure): not overwritten. */
  | { status: 'conflict'; current: number | null }
  /** The marketplace refused the write (4xx) or the location no longer exists. */
  | { status: 'refused'; reason: string }
  | { status: 'failed'; reason: 'unreadable' | 'retriesExhausted'; detail?: string };

/** @public For the job's listings and results file. */
export type RowStatus = RowState['status'];

/** One row of a job, as the storage keeps it. `line` identifies it within the job. */
export interface JobRow {
  line: number;
  userProductId: string;
  location: LocationRef;
  quantityAtExport: number;
  newQuantity: number;
  state: RowState;
}

/** The rows a job starts with: the dry run's rows that would write, all pending. */
export function jobRows(dryRun: readonly DryRunRow[]): JobRow[] {
  return dryRun.flatMap((row) =>
    row.kind === 'willChange' || row.kind === 'changedSinceExport'
      ? [
          {
            line: row.line,
            userProductId: row.userProductId,
            location: row.location,
            quantityAtExport: row.quantityAtExport,
            newQuantity: row.newQuantity,
            state: { status: 'pending' },
          },
        ]
      : [],
  );
}

/** The body of PUT …/stock/type/selling_address, or of …/seller_warehouse (every store of the user product that changes, in one call). */
export type WriteBody = { quantity: number } | { locations: { store_id: string; network_node_id?: string; quantity: number }[] };

/** What a write port answers: 2xx; 409; another 4xx with its reason; 429/5xx (Retry-After if any); or no answer (timeout, dropped connection). */
export type WriteResult =
  | { kind: 'ok' }
  | { kind: 'conflict' }
  | { kind: 'refused'; reason: string }
  | { kind: 'retryLater'; retryAfterMs?: number }
  | { kind: 'unknown' };

export interface JobStorage {
  /** The job's rows as last saved. */
  load: () => Promise<readonly JobRow[]>;
  /**
   * Durably saves these rows' states (by line), all or none (one transaction), before resolving; keeps copies,
   * as the engine goes on changing its own.
   */
  save: (rows: readonly JobRow[]) => Promise<void>;
}

/** @public For the job's progress on the page (the runner adds the time left). */
export interface JobProgress {
  total: number;
  done: number;
  remaining: number;
  byStatus: Record<RowStatus, number>;
}

export interface StockJobPorts extends StockReadPorts {
  writeStock: (userProductId: string, locationType: string, body: WriteBody, version: string) => Promise<WriteResult>;
  storage: JobStorage;
  /** Whether the person who started the job may still write stock: asked at the start and before every write. */
  stillAllowed: () => Promise<boolean>;
  /** Whether the job was cancelled: asked before every write. */
  cancelled: () => Promise<boolean>;
  onProgress?: (progress: JobProgress) => void;
}

export interface StockJobOptions {
  /** Apply the rows whose quantity changed since the export as well (the seller's choice in the dry run). */
  applyChangedSinceExport: boolean;
  /** Writes in flight at once; at most 4 (the limit per account). */
  inFlight?: number;
  retry?: RetryPolicy;
  /** After a 409, how often and how many times to read until a newer version shows (updates are asynchronous). */
  pollMs?: number;
  maxPolls?: number;
}

/** @public For the job's listings. */
export type JobStatus = 'finished' | 'cancelled' | 'permissionLost';

export interface JobResult {
  status: JobStatus;
  rows: JobRow[];
  progress: JobProgress;
}

const maxInFlight = 4;

const finalStatuses: ReadonlySet<RowStatus> = new Set(['applied', 'unchanged', 'skippedChanged', 'conflict', 'refused', 'failed']);

function isFinal(row: JobRow): boolean {
  return finalStatuses.has(row.state.status);
}

/**
 * The counts of a job's rows, e.g. of a stored job that is not running.
 * @public For the server's job runner and the stock pages, which name these (issue 52's later part).
 */
export function jobProgress(rows: readonly JobRow[]): JobProgress {
  const byStatus: Record<RowStatus, number> = {
    pending: 0,
    attempting: 0,
    applied: 0,
    unchanged: 0,
    skippedChanged: 0,
    conflict: 0,
    refused: 0,
    failed: 0,
  };
  for (const row of rows) byStatus[row.state.status] += 1;
  const done = rows.filter(isFinal).length;
  return { total: rows.length, done, remaining: rows.length - done, byStatus };
}

/** Rows written together: one user product and location type (a warehouse's stores go in one call). */
function groupRows(rows: readonly JobRow[]): JobRow[][] {
  const groups = new Map<string, JobRow[]>();
  for (const row of [...rows].sort((a, b) => a.line - b.line)) {
    const key = JSON.stringify([row.userProductId, row.location.type]);
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.values()];
}

function writeBody(rows: readonly JobRow[]): WriteBody {
  if (rows[0]!.location.type !== 'seller_warehouse') return { quantity: rows[0]!.newQuantity };
  return {
    locations: rows.map(({ location, newQuantity }) => ({
      store_id: location.storeId ?? '',
      ...(location.networkNodeId === undefined ? {} : { network_node_id: location.networkNodeId }),
      quantity: newQuantity,
    })),
  };
}

/**
 * Runs (or resumes) the job whose rows `ports.storage` holds, until every row is settled, the job is
 * cancelled or its starter loses the permission to write stock; returns every row with its outcome. A port
 * that throws (the storage above all) stops the job: no further call goes out, calls in flight are awaited,
 * and the error is thrown; running again on the saved state finishes the job.
 */
export async function runStockJob(ports: StockJobPorts, options: StockJobOptions): Promise<JobResult> {
  const retry = options.retry ?? defaultRetry;
  const pollMs = options.pollMs ?? 500;
  const maxPolls = options.maxPolls ?? 20;
  const rows = (await ports.storage.load()).map((row) => ({ ...row }));
  let stopped: JobStatus | null = null;
  const errors: unknown[] = [];
  const result = (): JobResult => ({ status: stopped ?? 'finished', rows, progress: jobProgress(rows) });

  if (!(await ports.stillAllowed())) {
    stopped = 'permissionLost';
    return result();
  }

  const save = async (changed: readonly JobRow[]) => {
    if (changed.length === 0) return;
    await ports.storage.save(changed);
    ports.onProgress?.(jobProgress(rows));
  };
  const settle = (settled: readonly JobRow[], state: (row: JobRow) => RowState) => {
    for (const row of settled) row.state = state(row);
    return save(settled);
  };
  const halted = () => stopped !== null || errors.length > 0;
  const mayWrite = async () => {
    if (halted()) return false;
    if (await ports.cancelled()) stopped ??= 'cancelled';
    else if (!(await ports.stillAllowed())) stopped ??= 'permissionLost';
    return !halted();
  };

  /** Reads until a version newer than `version` shows or the polls run out; the last read, or null if unreadable. */
  const readNewerThan = async (userProductId: string, version: string): Promise<StockSnapshot | null> => {
    for (let poll = 0; ; poll += 1) {
      const read = await readStockWithRetry(ports, userProductId, retry);
      if ('unreadable' in read) return null;
      if (isNewerVersion(read.stock.version, version) || poll >= maxPolls) return read.stock;
      await ports.sleep(pollMs);
    }
  };

  const runGroup = async (group: JobRow[]) => {
    const { userProductId } = group[0]!;
    const locationType = group[0]!.location.type;
    while (!halted()) {
      const open = group.filter((row) => !isFinal(row));
      if (open.length === 0) return;
      const read = await readStockWithRetry(ports, userProductId, retry);
      if ('unreadable' in read) {
        await settle(open, () => ({ status: 'failed', reason: 'unreadable', detail: read.unreadable }));
        return;
      }
      const { stock } = read;
      // Rows left "attempting" by an earlier write whose outcome is not known: that write may have landed.
      const [earlier] = open.flatMap((row) => (row.state.status === 'attempting' ? [row.state] : []));
      if (earlier && isNewerVersion(stock.version, earlier.baseVersion)) {
        await settle(open, (row) => {
          const current = quantityAt(stock, row.location);
          return current === row.newQuantity ? { status: 'applied' } : { status: 'conflict', current };
        });
        return;
      }

      const decided: JobRow[] = [];
      const toWrite: JobRow[] = [];
      for (const row of open) {
        const current = quantityAt(stock, row.location);
        if (current === null) row.state = { status: 'refused', reason: 'unknown_location' };
        else if (current === row.newQuantity) row.state = { status: 'unchanged' };
        else if (current !== row.quantityAtExport && !options.applyChangedSinceExport) row.state = { status: 'skippedChanged', current };
        else {
          toWrite.push(row);
          continue;
        }
        decided.push(row);
      }
      await save(decided);
      if (toWrite.length === 0 || !(await mayWrite())) return;

      const attempts = (earlier?.attempts ?? 0) + 1;
      if (attempts > retry.maxAttempts) {
        await settle(toWrite, () => ({ status: 'failed', reason: 'retriesExhausted' }));
        return;
      }
      // Saved before the write goes: a crash from here on leaves the rows "attempting", settled by the next read.
      await settle(toWrite, () => ({ status: 'attempting', baseVersion: stock.version, attempts }));
      await ports.schedule();
      const outcome = await ports.writeStock(userProductId, locationType, writeBody(toWrite), stock.version);
      if (outcome.kind === 'ok') await settle(toWrite, () => ({ status: 'applied' }));
      else if (outcome.kind === 'refused') await settle(toWrite, () => ({ status: 'refused', reason: outcome.reason }));
      else if (outcome.kind === 'conflict') {
        // Never overwritten. After an uncertain earlier attempt from this same version, the 409 may be that attempt's own doing.
        const latest = await readNewerThan(userProductId, stock.version);
        await settle(toWrite, (row) => {
          const current = latest && quantityAt(latest, row.location);
          return earlier && current === row.newQuantity ? { status: 'applied' } : { status: 'conflict', current };
        });
      } else {
        // retryLater (429/5xx) or unknown: the rows stay "attempting"; the next turn reads before anything is retried.
        await ports.sleep((outcome.kind === 'retryLater' ? outcome.retryAfterMs : undefined) ?? retry.backoffMs(attempts));
      }
    }
  };

  const limit = pLimit(Math.min(maxInFlight, options.inFlight ?? maxInFlight));
  await Promise.all(
    groupRows(rows).map((group) =>
      limit(async () => {
        if (halted()) return;
        try {
          await runGroup(group);
        } catch (error) {
          errors.push(error);
        }
      }),
    ),
  );
  if (errors.length > 0) throw errors[0];
  return result();
}
