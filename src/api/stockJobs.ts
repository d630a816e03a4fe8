import { z } from 'zod/mini';
import './zodLocale';
import { requestData, requestFile } from './client';

/**
 * The bulk stock jobs of Seller Desk's server (docs/stock-bulk.md): export, import (its dry run), apply,
 * cancel, the account's jobs of the last 30 days, and their files. Kinds, statuses and reasons are read as
 * text: a newer server's shows as it came instead of failing the page.
 */
const progressSchema = z.object({
  total: z.int(),
  done: z.int(),
  failed: z.int(),
  remaining: z.int(),
  secondsLeft: z.nullable(z.number()),
  counts: z.record(z.string(), z.number()),
});

const jobSchema = z.object({
  id: z.string(),
  kind: z.string(),
  step: z.string(),
  status: z.string(),
  fileName: z.nullable(z.string()),
  applyChanged: z.boolean(),
  cancelRequested: z.boolean(),
  startedBy: z.object({ id: z.nullable(z.string()), name: z.string() }),
  createdAt: z.string(),
  finishedAt: z.nullable(z.string()),
  progress: progressSchema,
  error: z.nullable(z.string()),
});
export type StockJob = z.infer<typeof jobSchema>;

const locationSchema = z.object({ type: z.string(), storeId: z.optional(z.string()) });
const dryRunRowSchema = z.union([
  z.object({ line: z.int(), kind: z.literal('refused'), refusal: z.looseObject({ reason: z.string() }) }),
  z.object({
    line: z.int(),
    kind: z.string(),
    userProductId: z.string(),
    location: locationSchema,
    current: z.number(),
    quantityAtExport: z.optional(z.number()),
    newQuantity: z.optional(z.number()),
  }),
]);
export type DryRunRow = z.infer<typeof dryRunRowSchema>;
const dryRunSchema = z.object({ rows: z.array(dryRunRowSchema), counts: z.record(z.string(), z.number()) });
export type DryRun = z.infer<typeof dryRunSchema>;

const started = z.object({ job: jobSchema });
const detail = z.object({ job: jobSchema, dryRun: z.nullable(dryRunSchema) });

/** The largest file the server takes (core/stockSheet.ts sheetLimits): checked before the upload. */
export const maxImportBytes = 5 * 1024 * 1024;

export function listStockJobs(signal?: AbortSignal) {
  return requestData('/stock-jobs', { server: true, schema: z.object({ jobs: z.array(jobSchema) }), signal });
}

export function getStockJob(id: string, signal?: AbortSignal) {
  return requestData(`/stock-jobs/${encodeURIComponent(id)}`, { server: true, schema: detail, signal });
}

export function startExport() {
  return requestData('/stock-jobs/export', { server: true, method: 'POST', schema: started });
}

/** The file as it is (CSV or XLSX); a file the server cannot read answers 400 invalid_file with its refusal. */
export function uploadImport(file: File) {
  return requestData('/stock-jobs/import', {
    server: true,
    method: 'POST',
    body: file,
    headers: { 'x-file-name': encodeURIComponent(file.name.slice(0, 150)) },
    schema: started,
  });
}

export function applyImport(id: string, applyChangedSinceExport: boolean) {
  return requestData(`/stock-jobs/${encodeURIComponent(id)}/apply`, {
    server: true,
    method: 'POST',
    body: { applyChangedSinceExport },
    schema: started,
  });
}

export function cancelStockJob(id: string) {
  return requestData(`/stock-jobs/${encodeURIComponent(id)}/cancel`, { server: true, method: 'POST', schema: started });
}

/** An export's file (CSV or XLSX, headers in `language`) or an import's results (CSV). */
export function stockJobFile(id: string, format: 'csv' | 'xlsx', language: 'en' | 'es' | 'pt') {
  return requestFile(`/stock-jobs/${encodeURIComponent(id)}/file`, { format, language });
}
