import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DryRun } from '../../core/stockImport.ts';
import type { JobSummary } from '../../core/stockBulk.ts';
import { json, openEvents, startOwnedServer, storeEngines, teammate, waitFor, type Browser } from './helpers.ts';

type Owned = Awaited<ReturnType<typeof startOwnedServer>>;

/** The job as the server reports it, once `done` says it has got where the test waits for. */
async function jobWhen(
  browser: Browser,
  id: string,
  done: (job: JobSummary) => boolean,
): Promise<{ job: JobSummary; dryRun: DryRun | null }> {
  return waitFor(async () => {
    const answer = await json<{ job: JobSummary; dryRun: DryRun | null }>(browser.request(`/stock-jobs/${id}`));
    return done(answer.job) ? answer : undefined;
  }, 60_000);
}

const ended = (job: JobSummary) => !['queued', 'running'].includes(job.status);

/** Exports the account's stock and answers the CSV's rows (header first). */
async function exportCsv(browser: Browser): Promise<string[][]> {
  const started = await browser.write('/stock-jobs/export', 'POST');
  expect(started.status).toBe(202);
  const { job } = await json<{ job: JobSummary }>(started);
  const { job: finished } = await jobWhen(browser, job.id, ended);
  expect(finished.status).toBe('finished');
  const file = await browser.request(`/stock-jobs/${job.id}/file?format=csv`);
  expect(file.headers.get('content-type')).toContain('text/csv');
  return Papa.parse<string[]>((await file.text()).replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
}

function upload(browser: Browser, csv: string): Promise<Response> {
  return browser.request('/stock-jobs/import', {
    method: 'POST',
    headers: { origin: 'http://seller-desk.test', 'x-seller-desk': '1', 'content-type': 'text/csv', 'x-file-name': 'stock.csv' },
    body: csv,
  });
}

/** The rows of selling_address locations (one write each), editable, with their columns by header. */
function editable(rows: string[][]) {
  const [header, ...data] = rows;
  const at = (name: string) => header!.indexOf(name);
  return {
    header: header!,
    data,
    selling: data.filter((row) => row[at('Location type')] === 'selling_address'),
    column: at,
  };
}

describe.each(await storeEngines('stock jobs'))('bulk stock jobs ($name)', ({ databaseUrl }) => {
  let owned: Owned;
  beforeAll(async () => {
    owned = await startOwnedServer(databaseUrl);
  }, 60_000);
  afterAll(() => owned.close());

  const stockOf = (id: string) => owned.simulator.db.stock.userProducts.get(id)!;
  /** Writes the simulator accepted for a user product: shown already, or waiting to show (updates are asynchronous). */
  const writesTo = (id: string) => stockOf(id).history.length + stockOf(id).pending.length;

  it('exports, dry-runs three edits, applies them once each, and reports a sale made since the export rather than overwrite it', async () => {
    const { owner } = owned;
    const sheet = editable(await exportCsv(owner));
    expect(sheet.selling.length).toBeGreaterThanOrEqual(4);
    const quantity = sheet.column('New quantity');
    const idColumn = sheet.column('User product ID');
    const [a, b, c, sold] = sheet.selling;
    for (const row of [a!, b!, c!, sold!]) row[quantity] = String(Number(row[quantity]) + 7);
    // A sale between the export and the apply: the marketplace's figure moves, and its version with it.
    const soldRecord = stockOf(sold![idColumn]!);
    const soldLocation = soldRecord.locations.find((l) => l.type === 'selling_address')!;
    soldLocation.quantity -= 1;
    soldRecord.version += 1;
    const writesBefore = new Map([a, b, c, sold].map((row) => [row![idColumn]!, writesTo(row![idColumn]!)]));

    const started = await upload(owner, Papa.unparse([sheet.header, ...sheet.data]));
    expect(started.status).toBe(202);
    const { job } = await json<{ job: JobSummary }>(started);
    const { job: ready, dryRun } = await jobWhen(owner, job.id, (j) => j.status !== 'queued' && j.status !== 'running');
    expect(ready.status).toBe('ready');
    expect(dryRun!.counts).toMatchObject({ willChange: 3, changedSinceExport: 1, refused: 0 });
    const changed = dryRun!.rows.filter((row) => row.kind === 'changedSinceExport');
    expect(changed.map((row) => 'userProductId' in row && row.userProductId)).toEqual([sold![idColumn]]);

    const events = await openEvents(owned.server.url, owner.cookieHeader());
    const apply = await owner.write(`/stock-jobs/${job.id}/apply`, 'POST', { applyChangedSinceExport: false });
    expect(apply.status).toBe(202);
    const progressEvent = events.nextOf('stock-job', 60_000);
    const { job: finished } = await jobWhen(owner, job.id, ended);
    expect(finished.status).toBe('finished');
    expect(finished.progress.counts).toMatchObject({ applied: 3, skippedChanged: 1 });
    expect(JSON.parse((await progressEvent).data!)).toMatchObject({ id: job.id });
    events.close();

    for (const row of [a!, b!, c!]) {
      const id = row[idColumn]!;
      expect(writesTo(id) - writesBefore.get(id)!).toBe(1);
      const last = [...stockOf(id).history, ...stockOf(id).pending].at(-1)!;
      expect(last.locations).toContainEqual(expect.objectContaining({ type: 'selling_address', quantity: Number(row[quantity]) }));
    }
    // The sale stands: nothing was written over it.
    expect(writesTo(sold![idColumn]!)).toBe(writesBefore.get(sold![idColumn]!));
    expect(soldRecord.locations.find((l) => l.type === 'selling_address')!.quantity).toBe(soldLocation.quantity);

    const results = await (await owner.request(`/stock-jobs/${job.id}/file`)).text();
    expect(results).toContain('skippedChanged');
    expect(results.split('\r\n')[0]).toBe('Row,User product ID,Location type,Store ID,Quantity at export,New quantity,Outcome,Detail');
    // Its columns are named in the page's language, as the export's are.
    const spanish = await (await owner.request(`/stock-jobs/${job.id}/file?language=es`)).text();
    expect(spanish.split('\r\n')[0]).toBe(
      'Fila,ID del producto de usuario,Tipo de ubicación,ID de tienda,Cantidad al exportar,Nueva cantidad,Resultado,Detalle',
    );
    const audit = await json<{ entries: { action: string; details: Record<string, unknown>; person: { name: string } }[] }>(
      owner.request('/audit?action=stock.bulk'),
    );
    expect(audit.entries).toHaveLength(1);
    expect(audit.entries[0]!.details).toMatchObject({ status: 'finished', applied: 3, skippedChanged: 1 });

    const { jobs } = await json<{ jobs: JobSummary[] }>(owner.request('/stock-jobs'));
    expect(jobs.map((listed) => listed.id)).toContain(job.id);
    expect(jobs.every((listed) => listed.startedBy.name !== '')).toBe(true);
  }, 120_000);

  it('refuses a file it cannot read, with the reason, and starts no job', async () => {
    const response = await upload(owned.owner, 'Title,Something\nA,B\n');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_file', cause: [{ problem: 'missingColumns' }] });
  });

  it('takes files above the server’s 64 KB on this route, and refuses one above 5 MB', async () => {
    const big = `User product ID,Quantity at export,New quantity\n${'MLAU1,1,1\n'.repeat(9_000)}`;
    expect(big.length).toBeGreaterThan(64 * 1024);
    expect((await upload(owned.owner, big)).status).toBe(202);
    const huge = await upload(owned.owner, 'x'.repeat(5 * 1024 * 1024 + 1));
    expect(huge.status).toBe(413);
  });

  it('lets a viewer export but not import, and a stock keeper cancel an import before it is applied', async () => {
    const viewer = await teammate(owned.owner, owned.server.url, 'viewer');
    expect((await viewer.write('/stock-jobs/export', 'POST')).status).toBe(202);
    expect((await upload(viewer, 'User product ID,Quantity at export,New quantity\n')).status).toBe(403);
    const keeper = await teammate(owned.owner, owned.server.url, 'stock_keeper');
    const { job } = await json<{ job: JobSummary }>(upload(keeper, 'User product ID,Quantity at export,New quantity\nMLAU3420101,1,2\n'));
    await jobWhen(keeper, job.id, (j) => j.status === 'ready');
    const cancelled = await json<{ job: JobSummary }>(keeper.write(`/stock-jobs/${job.id}/cancel`, 'POST'));
    expect(cancelled.job.status).toBe('cancelled');
    expect((await keeper.write(`/stock-jobs/${job.id}/apply`, 'POST', { applyChangedSinceExport: false })).status).toBe(409);
  }, 60_000);
});
