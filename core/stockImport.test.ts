import Papa from 'papaparse';
import { readSheet } from 'read-excel-file/universal';
import writeXlsxFile from 'write-excel-file/universal';
import { describe, expect, it } from 'vitest';
import { jobPorts, memoryStorage, sampleAccount } from './fixtures/stockMarketplace.ts';
import { dryRun, type DryRunRow } from './stockImport.ts';
import { jobRows, runStockJob } from './stockJob.ts';
import { exportRows, readStockSheet, stockCsv, stockXlsx, type SheetRow } from './stockSheet.ts';

const utf8 = (text: string) => new TextEncoder().encode(text);

async function sheetRows(bytes: Uint8Array): Promise<SheetRow[]> {
  const read = await readStockSheet(bytes);
  if (!read.ok) throw new Error(`refused: ${read.problem}`);
  return read.rows;
}

/** Sets the new quantity of three rows, as a seller would in a spreadsheet: (user product, store or type) → figure. */
const edits: [string, string, number][] = [
  ['MLAU100', 'selling_address', 14],
  ['MLAU101', 'STORE-2', 0],
  ['MLAU106', 'selling_address', 25],
];

function edit(table: (string | number | null)[][]): (string | number | null)[][] {
  const [header, ...body] = table;
  const at = (name: string) => header!.indexOf(name);
  return [
    header!,
    ...body.map((row) => {
      const hit = edits.find(
        ([id, where]) => row[at('User product ID')] === id && (row[at('Store ID')] === where || row[at('Location type')] === where),
      );
      return hit ? row.map((cell, i) => (i === at('New quantity') ? hit[2] : cell)) : row;
    }),
  ];
}

const changesOf = (rows: DryRunRow[]) =>
  rows.flatMap((row) =>
    row.kind === 'willChange'
      ? [[row.line, row.userProductId, row.location.storeId ?? row.location.type, row.current, row.newQuantity]]
      : [],
  );

describe('export → edit three quantities → import → dry run', () => {
  it.each(['csv', 'xlsx'] as const)('the dry run of an edited %s shows exactly the three, and nothing is written', async (format) => {
    const { market, userProducts, catalog } = sampleAccount();
    const exported = exportRows(userProducts);
    let bytes: Uint8Array;
    if (format === 'csv') {
      const table = Papa.parse<string[]>(stockCsv(exported, 'en').replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
      bytes = utf8(Papa.unparse(edit(table)));
    } else {
      const table = await readSheet((await stockXlsx(exported, 'en')).slice().buffer);
      const edited = edit(table as (string | number | null)[][]).map((row) =>
        row.map((cell) => (typeof cell === 'string' ? { value: cell, type: String } : cell)),
      );
      bytes = new Uint8Array(await (await writeXlsxFile(edited).toBlob()).arrayBuffer());
    }
    const result = await dryRun(await sheetRows(bytes), catalog, jobPorts(market, memoryStorage([])));

    expect(changesOf(result.rows)).toEqual([
      [2, 'MLAU100', 'selling_address', 10, 14],
      [5, 'MLAU101', 'STORE-2', 8, 0],
      [11, 'MLAU106', 'selling_address', 20, 25],
    ]);
    expect(result.counts).toEqual({ unchanged: exported.length - 3, willChange: 3, changedSinceExport: 0, refused: 0 });
    expect(market.calls.writes).toBe(0);
    expect(market.calls.reads).toBe(userProducts.length);
  });

  it('a row edited where a sale happened since the export is "changed since"; a row left as exported is unchanged however the stock moved', async () => {
    const { market, userProducts, catalog } = sampleAccount();
    const exported = exportRows(userProducts);
    const table = Papa.parse<string[]>(stockCsv(exported, 'en').replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    const bytes = utf8(Papa.unparse(edit(table)));
    // Sales after the export: one on an edited row, one on a row the seller left alone.
    market.othersWrite('MLAU100', (l) => (l.type === 'selling_address' ? { ...l, quantity: 9 } : l));
    market.othersWrite('MLAU101', (l) => (l.store_id === 'STORE-1' ? { ...l, quantity: 2 } : l));
    const result = await dryRun(await sheetRows(bytes), catalog, jobPorts(market, memoryStorage([])));

    expect(result.rows.find((row) => row.line === 2)).toEqual({
      line: 2,
      kind: 'changedSinceExport',
      userProductId: 'MLAU100',
      location: { type: 'selling_address' },
      quantityAtExport: 10,
      current: 9,
      newQuantity: 14,
    });
    expect(result.rows.find((row) => row.line === 4)).toMatchObject({ kind: 'unchanged', current: 2 });
    expect(result.counts).toMatchObject({ willChange: 2, changedSinceExport: 1 });

    // Applied without "apply those as well": the sale stays, the two others are written.
    const storage = memoryStorage(jobRows(result.rows));
    const job = await runStockJob(jobPorts(market, storage), { applyChangedSinceExport: false });
    expect(job.rows.map((row) => [row.line, row.state])).toEqual([
      [2, { status: 'skippedChanged', current: 9 }],
      [5, { status: 'applied' }],
      [11, { status: 'applied' }],
    ]);
    expect(market.final('MLAU100')[0]!.quantity).toBe(9);
  });
});

describe('validation', () => {
  it('refuses each bad row with its row number and reason, and reads only what it names', async () => {
    const { market, catalog } = sampleAccount();
    const csv = [
      'User product ID,SKU,Location type,Store ID,Quantity at export,New quantity',
      ',,selling_address,,1,2', // 2
      'MLAU999,,selling_address,,1,2', // 3
      ',NOPE,selling_address,,1,2', // 4
      ',SHARED,,,5,6', // 5
      'MLAU101,,seller_warehouse,STORE-9,1,2', // 6
      'MLAU100,,meli_facility,,4,99', // 7
      'MLAU106,,selling_address,,20,2.5', // 8
      'MLAU106,,selling_address,,20,-1', // 9
      'MLAU106,,selling_address,,20,9007199254740992', // 10
      'MLAU106,,selling_address,,20,abc', // 11
      'MLAU106,,selling_address,,20,', // 12
      'MLAU102,,,,x,4', // 13
      'MLAU100,,selling_address,,10,11', // 14
      ',000123,,,10,12', // 15: the same location as line 14, by SKU
      'MLAU107,,selling_address,,1,2', // 16: in the catalog, but its stock cannot be read
      'MLAU101,,,,3,4', // 17: two warehouses, neither named
      'MLAU105,,meli_facility,,9,', // 18: read-only, left empty: fine
      'MLAU101,TERMO-OLD,,STORE-1,3,5', // 19: by id (an SKU edited since is not checked) and store
    ].join('\n');
    const result = await dryRun(await sheetRows(utf8(csv)), [...catalog, { id: 'MLAU107', skus: [] }], jobPorts(market, memoryStorage([])));

    expect(result.rows.map((row) => (row.kind === 'refused' ? [row.line, row.refusal] : [row.line, row.kind]))).toEqual([
      [2, { reason: 'missingIdentifier' }],
      [3, { reason: 'unknownUserProduct', userProductId: 'MLAU999' }],
      [4, { reason: 'unknownSku', sku: 'NOPE' }],
      [5, { reason: 'sharedSku', sku: 'SHARED', userProductIds: ['MLAU103', 'MLAU104'] }],
      [6, { reason: 'unknownLocation', userProductId: 'MLAU101', locationType: 'seller_warehouse', storeId: 'STORE-9' }],
      [7, { reason: 'readOnlyLocation', userProductId: 'MLAU100', locationType: 'meli_facility' }],
      [8, { reason: 'invalidQuantity', problem: 'decimal' }],
      [9, { reason: 'invalidQuantity', problem: 'negative' }],
      [10, { reason: 'invalidQuantity', problem: 'tooLarge' }],
      [11, { reason: 'invalidQuantity', problem: 'notNumber' }],
      [12, { reason: 'invalidQuantity', problem: 'required' }],
      [13, { reason: 'invalidQuantityAtExport', problem: 'notNumber' }],
      [14, { reason: 'duplicate', otherLines: [15] }],
      [15, { reason: 'duplicate', otherLines: [14] }],
      [16, { reason: 'stockUnreadable', userProductId: 'MLAU107' }],
      [17, { reason: 'unknownLocation', userProductId: 'MLAU101', locationType: '', storeId: '' }],
      [18, 'unchanged'],
      [19, 'willChange'],
    ]);
    expect(result.counts).toEqual({ unchanged: 1, willChange: 1, changedSinceExport: 0, refused: 16 });
    // One read per user product a row names (MLAU999 and the SKU-less rows name none).
    expect(market.calls.reads).toBe(6);
  });
});
