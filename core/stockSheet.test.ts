import Papa from 'papaparse';
import { readSheet } from 'read-excel-file/universal';
import { describe, expect, it } from 'vitest';
import { sampleAccount } from './fixtures/stockMarketplace.ts';
import { exportRows, readStockSheet, sheetLimits, stockCsv, stockXlsx, type SheetRead } from './stockSheet.ts';

const { userProducts } = sampleAccount();
const rows = exportRows(userProducts);
const utf8 = (text: string) => new TextEncoder().encode(text);

/** Windows-1252 bytes of `text` (every character used here is in Latin-1, where the two agree). */
function windows1252(text: string): Uint8Array {
  return Uint8Array.from(text, (char) => {
    const code = char.charCodeAt(0);
    if (code > 0xff) throw new Error(`not in Latin-1: ${char}`);
    return code;
  });
}

function readRows(read: SheetRead) {
  if (!read.ok) throw new Error(`refused: ${read.problem}`);
  return read.rows;
}

describe('exportRows', () => {
  it('writes one row per location, read-only for the operator’s warehouses, with the version read', () => {
    expect(rows.filter((row) => row.userProductId === 'MLAU101')).toEqual([
      expect.objectContaining({
        locationType: 'seller_warehouse',
        storeId: 'STORE-1',
        networkNodeId: 'NODE-1',
        quantity: 3,
        readOnly: false,
        version: '7',
      }),
      expect.objectContaining({
        locationType: 'seller_warehouse',
        storeId: 'STORE-2',
        networkNodeId: 'NODE-2',
        quantity: 8,
        readOnly: false,
      }),
      expect.objectContaining({ locationType: 'meli_facility', storeId: '', quantity: 2, readOnly: true }),
    ]);
    expect(rows).toHaveLength(10);
  });
});

describe('stockCsv / stockXlsx → readStockSheet', () => {
  it('a CSV reads back cell for cell, with the read-only rows’ new quantity empty', async () => {
    const read = readRows(await readStockSheet(utf8(stockCsv(rows, 'en'))));
    expect(read).toHaveLength(rows.length);
    expect(read[0]).toEqual({
      line: 2,
      cells: {
        userProductId: 'MLAU100',
        sku: '000123',
        title: 'Mate de calabaza, grande',
        locationType: 'selling_address',
        storeId: '',
        networkNodeId: '',
        readOnly: '',
        quantityAtExport: '10',
        newQuantity: '10',
        version: '123456789012345678',
      },
    });
    expect(read[1]!.cells).toMatchObject({ locationType: 'meli_facility', readOnly: 'read-only', quantityAtExport: '4', newQuantity: '' });
  });

  it('an XLSX keeps an 18-digit version and an SKU with leading zeros as text cells', async () => {
    const bytes = await stockXlsx(rows, 'pt');
    const raw = await readSheet(bytes.slice().buffer);
    expect(raw[0]).toEqual([
      'ID do produto do usuário',
      'SKU',
      'Título',
      'Tipo de local',
      'ID da loja',
      'ID do nó de rede',
      'Somente leitura',
      'Quantidade na exportação',
      'Nova quantidade',
      'Versão',
    ]);
    // Typed as text in the file, so a spreadsheet shows every digit: read back as strings, not numbers.
    expect(raw[1]![1]).toBe('000123');
    expect(raw[1]![9]).toBe('123456789012345678');
    expect(raw[1]![7]).toBe(10);

    const read = readRows(await readStockSheet(bytes));
    expect(read.map((row) => row.cells)).toEqual(
      readRows(await readStockSheet(utf8(stockCsv(rows, 'en')))).map((row) =>
        row.cells.readOnly === '' ? row.cells : { ...row.cells, readOnly: 'somente leitura' },
      ),
    );
  });

  it('neutralises formula-like text on export (CSV and XLSX) and strips the apostrophe on import', async () => {
    const csv = stockCsv(rows, 'en');
    expect(csv).toContain(`'=1+1 Ñandú álbum`);
    expect(csv).toContain(`"'=HYPERLINK(""https://evil.example"")"`);
    const raw = await readSheet((await stockXlsx(rows, 'en')).slice().buffer);
    const formulaRow = raw.find((cells) => cells[0] === 'MLAU102')!;
    expect(formulaRow.slice(1, 3)).toEqual([`'=HYPERLINK("https://evil.example")`, `'=1+1 Ñandú álbum`]);

    for (const bytes of [utf8(csv), await stockXlsx(rows, 'en')]) {
      const read = readRows(await readStockSheet(bytes)).find((row) => row.cells.userProductId === 'MLAU102')!;
      expect(read.cells).toMatchObject({ sku: '=HYPERLINK("https://evil.example")', title: '=1+1 Ñandú álbum' });
    }
  });

  it('a CSV saved by a Spanish spreadsheet (";", Windows-1252) reads like UTF-8 with commas', async () => {
    const spanish = stockCsv(rows, 'es').replace(/^\uFEFF/, '');
    const table = Papa.parse<string[]>(spanish, { skipEmptyLines: true }).data;
    const semicolons = Papa.unparse(table, { delimiter: ';', newline: '\r\n' });
    expect(semicolons).toContain('Título;Tipo de ubicación');
    expect(semicolons).toContain('Ñandú');

    const fromWindows = await readStockSheet(windows1252(semicolons));
    const fromUtf8 = await readStockSheet(utf8(stockCsv(rows, 'en')));
    const cells = (read: SheetRead) => readRows(read).map((row) => ({ ...row.cells, readOnly: row.cells.readOnly === '' ? '' : 'x' }));
    expect(cells(fromWindows)).toEqual(cells(fromUtf8));
    expect(readRows(fromWindows).find((row) => row.cells.userProductId === 'MLAU102')!.cells.title).toBe('=1+1 Ñandú álbum');
  });

  it('matches headers in any order, language, case and accents, ignores unknown columns and skips empty rows without renumbering', async () => {
    const csv = [
      'Notas,NUEVA CANTIDAD,versao,user_product_id,Quantidade na exportacao',
      'x,7,12,MLAU106,20',
      ',,,,',
      'y,8,,MLAU100,10',
    ].join('\n');
    expect(readRows(await readStockSheet(utf8(csv)))).toEqual([
      {
        line: 2,
        cells: expect.objectContaining({ userProductId: 'MLAU106', newQuantity: '7', quantityAtExport: '20', version: '12', sku: '' }),
      },
      { line: 4, cells: expect.objectContaining({ userProductId: 'MLAU100', newQuantity: '8', quantityAtExport: '10' }) },
    ]);
  });

  it.each([
    ['the new quantity', 'User product ID,Quantity at export\nMLAU100,1', ['newQuantity']],
    ['an identifier and the quantity at export', 'Title,New quantity\nx,1', ['userProductId', 'quantityAtExport']],
  ])('refuses a file without %s', async (_, csv, missing) => {
    expect(await readStockSheet(utf8(csv))).toEqual({ ok: false, problem: 'missingColumns', missing });
  });

  it('refuses two columns with one meaning, an empty file and bytes that are neither text nor a workbook', async () => {
    expect(await readStockSheet(utf8('SKU,sku,New quantity,Quantity at export\n'))).toEqual({
      ok: false,
      problem: 'duplicateColumn',
      column: 'sku',
    });
    expect(await readStockSheet(utf8('\n\n'))).toEqual({ ok: false, problem: 'empty' });
    expect(await readStockSheet(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d]))).toEqual({ ok: false, problem: 'unreadable' });
    expect(await readStockSheet(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5]))).toEqual({ ok: false, problem: 'unreadable' });
  });

  it('refuses a file over 5 MB before reading it, and one over 10,000 rows', async () => {
    expect(await readStockSheet(new Uint8Array(sheetLimits.maxBytes + 1))).toEqual({
      ok: false,
      problem: 'tooLarge',
      bytes: sheetLimits.maxBytes + 1,
      maxBytes: 5 * 1024 * 1024,
    });
    const sheet = (count: number) =>
      utf8(['SKU,Quantity at export,New quantity', ...Array.from({ length: count }, (_, n) => `S${n},1,2`)].join('\n'));
    expect(readRows(await readStockSheet(sheet(10_000)))).toHaveLength(10_000);
    expect(await readStockSheet(sheet(10_001))).toEqual({ ok: false, problem: 'tooManyRows', rows: 10_001, maxRows: 10_000 });
  });
});
