// The stock-in-bulk figures of `npm run bench` (also alone, after `npm run build`: node scripts/bench-stock-bulk.mjs;
// OUT_DIR names the build, BENCH_PORT the first of three ports): the built server in live mode over the simulator
// served in Node with its large seed (5,417 user products of the demo seller in its catalog), on the embedded store, the rate
// budget set to BENCH_STOCK_RATE calls a second (default 100, burst the same). The seller exports the account,
// changes the new quantity of 1,000 editable rows of that file and imports those rows: the dry run, then the apply
// with 5 % of the marketplace's writes answered 429 (Retry-After: 1) and 2 % answered 500 (half of them after the
// write was applied). Each step's time is set beside what the budget allows for the calls it made (calls ÷ rate,
// plus 1 s of pause for each marketplace 429, which pauses the whole budget); the gate is that plus 20 %. Every
// user product and location type the rows name must have been written exactly once (the simulator counts the
// writes it applied per path).
import Papa from 'papaparse';
import { pathToFileURL } from 'node:url';
import { startLive } from './bench-notifications.mjs';

const rows = 1000;
const slack = 1.2;

/** Polls the job until its status is one of `until`; the job as the server answers it. */
async function waitJob(live, id, until) {
  for (;;) {
    const { job } = await (await fetch(`${live.origin}/stock-jobs/${id}`, { headers: { cookie: live.cookie } })).json();
    if (until.includes(job.status)) return job;
    if (['failed', 'cancelled', 'permissionLost'].includes(job.status)) throw new Error(`the job ended ${job.status}: ${job.error}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const traffic = async (live) => (await fetch(`${live.apiUrl}/__demo/traffic`)).json();

/** A step (started by `begin`, a 202 with the job) timed until its job reaches `until`, with the calls it made. */
async function timedStep(live, rate, until, begin) {
  const before = await traffic(live);
  const started = performance.now();
  const response = await begin();
  if (response.status !== 202) throw new Error(`the step was refused: ${response.status} ${await response.text()}`);
  const job = await waitJob(live, (await response.json()).job.id, until);
  const ms = performance.now() - started;
  const after = await traffic(live);
  const calls = after.requests - before.requests;
  const throttled = after.injected.rate_limited - before.injected.rate_limited;
  const allowedMs = (calls / rate) * 1000 + throttled * 1000;
  return {
    job,
    ms: Math.round(ms),
    calls,
    throttled,
    serverErrors: after.injected.server_error - before.injected.server_error,
    allowedMs: Math.round(allowedMs),
    traffic: after,
  };
}

export async function benchStockBulk({ port, outDir }) {
  const rate = Number(process.env.BENCH_STOCK_RATE ?? 100);
  const live = await startLive({
    port,
    outDir,
    env: { UPSTREAM_RATE: String(rate), UPSTREAM_BURST: String(rate) },
    simulatorEnv: { SEED: 'large', WRITE_FAIL_429: '0.05', WRITE_FAIL_500: '0.02' },
  });
  const write = { cookie: live.cookie, origin: live.origin, 'x-seller-desk': '1' };
  try {
    const exported = await timedStep(live, rate, ['finished'], () =>
      fetch(`${live.origin}/stock-jobs/export`, { method: 'POST', headers: write }),
    );
    const file = await fetch(`${live.origin}/stock-jobs/${exported.job.id}/file?format=csv&language=en`, {
      headers: { cookie: live.cookie },
    });
    const sheet = Papa.parse((await file.text()).replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true });
    const editable = sheet.data.filter((row) => !row['Read-only'] && row['New quantity'] !== '').slice(0, rows);
    if (editable.length < rows) throw new Error(`the export has ${editable.length} editable rows, fewer than ${rows}`);
    for (const row of editable) row['New quantity'] = String(Number(row['Quantity at export']) + 1);
    const csv = Papa.unparse({ fields: sheet.meta.fields, data: editable });

    const dryRun = await timedStep(live, rate, ['ready'], () =>
      fetch(`${live.origin}/stock-jobs/import`, { method: 'POST', headers: { ...write, 'content-type': 'text/csv' }, body: csv }),
    );
    const applied = await timedStep(live, rate, ['finished'], () =>
      fetch(`${live.origin}/stock-jobs/${dryRun.job.id}/apply`, {
        method: 'POST',
        headers: { ...write, 'content-type': 'application/json' },
        body: JSON.stringify({ applyChangedSinceExport: false }),
      }),
    );

    // Exactly once: each write the results file counts applied was applied once by the marketplace, each it
    // refused (the seeded user products whose location the spec refuses) never, and nothing else was written.
    const results = await fetch(`${live.origin}/stock-jobs/${dryRun.job.id}/file?format=csv&language=en`, {
      headers: { cookie: live.cookie },
    });
    const outcomes = Papa.parse((await results.text()).replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true }).data;
    const expected = new Map(
      outcomes.map((row) => [
        `PUT /user-products/${row['User product ID']}/stock/type/${row['Location type']}`,
        row.Outcome === 'applied' ? 1 : 0,
      ]),
    );
    const writes = Object.entries(applied.traffic.writes).filter(([key]) => key.startsWith('PUT /user-products/'));
    const wrong = [...expected]
      .filter(([key, times]) => (applied.traffic.writes[key]?.applied ?? 0) !== times)
      .map(([key, times]) => `${key}: ${applied.traffic.writes[key]?.applied ?? 0} applied, ${times} expected`);
    const stray = writes.filter(([key]) => !expected.has(key)).map(([key]) => key);
    const figures = {
      rate,
      userProducts: exported.job.progress.total,
      rows: editable.length,
      writesNamed: expected.size,
      export: { ms: exported.ms, calls: exported.calls, allowedMs: exported.allowedMs },
      dryRun: { ms: dryRun.ms, calls: dryRun.calls, allowedMs: dryRun.allowedMs, counts: dryRun.job.progress.counts },
      apply: {
        ms: applied.ms,
        calls: applied.calls,
        throttled: applied.throttled,
        serverErrors: applied.serverErrors,
        allowedMs: applied.allowedMs,
        counts: applied.job.progress.counts,
      },
      notExactlyOnce: wrong,
      stray,
    };
    console.log(`  ${JSON.stringify(figures)}`);
    const problems = [
      ...(wrong.length + stray.length > 0 ? [`not exactly once: ${[...wrong, ...stray].slice(0, 5).join(', ')}`] : []),
      ...(dryRun.ms > dryRun.allowedMs * slack ? [`the dry run took ${dryRun.ms} ms, over ${slack} × ${dryRun.allowedMs}`] : []),
      ...(applied.ms > applied.allowedMs * slack ? [`the apply took ${applied.ms} ms, over ${slack} × ${applied.allowedMs}`] : []),
    ];
    return { ...figures, problems };
  } finally {
    live.stop();
  }
}

/** The docs' table of one run. */
export function stockBulkTable(f) {
  const row = (name, step, extra = '') =>
    `| ${name} | ${step.calls} | ${(step.ms / 1000).toFixed(1)} s | ${(step.allowedMs / 1000).toFixed(1)} s | ${(step.ms / step.allowedMs).toFixed(2)} | ${extra} |`;
  return [
    `UPSTREAM_RATE=${f.rate} (burst the same), ${f.userProducts} user products exported, ${f.rows} rows imported naming ${f.writesNamed} writes (user product and location type).`,
    '',
    '| step | marketplace calls | took | the budget allows | ratio (gate 1.2) | notes |',
    '|---|---|---|---|---|---|',
    row('export', f.export),
    row(
      'dry run',
      f.dryRun,
      Object.entries(f.dryRun.counts)
        .map(([k, v]) => `${k} ${v}`)
        .join(', '),
    ),
    row(
      'apply',
      f.apply,
      `${f.apply.throttled} writes answered 429, ${f.apply.serverErrors} answered 500; ${Object.entries(f.apply.counts)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}; writes not applied exactly as the results say: ${f.notExactlyOnce.length}, written unasked: ${f.stray.length}`,
    ),
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const figures = await benchStockBulk({ port: Number(process.env.BENCH_PORT ?? 4600), outDir: process.env.OUT_DIR ?? 'dist' });
  console.log(stockBulkTable(figures));
  if (figures.problems.length > 0) {
    console.error(figures.problems.join('\n'));
    process.exit(1);
  }
}
