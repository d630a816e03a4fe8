import Papa from 'papaparse';
import { readSheet } from 'read-excel-file/universal';
import writeXlsxFile, { type Cell } from 'write-excel-file/universal';
import { neutraliseFormula, restoreNeutralised } from './formulaCells.ts';
import { editableLocationTypes, type StockSnapshot } from './stockLocations.ts';

/**
 * The stock spreadsheet (issue 52): its columns, the export's rows, writing it as CSV or XLSX and reading an
 * edited one back. The libraries' `universal` entry points run unchanged in Node and in the browser (they take
 * and give Blob / ArrayBuffer only), so nothing here is injected; the browser imports this module lazily.
 */

/** Languages the headers are written in; a file written in one is read in any. */
export type SheetLanguage = 'en' | 'es' | 'pt';

/** @public For the import screen's messages (a missing or doubled column). */
export type ColumnKey =
  | 'userProductId'
  | 'sku'
  | 'title'
  | 'locationType'
  | 'storeId'
  | 'networkNodeId'
  | 'readOnly'
  | 'quantityAtExport'
  | 'newQuantity'
  | 'version';

/** One row of the export: one location of one user product. */
export interface ExportRow {
  userProductId: string;
  sku: string;
  title: string;
  locationType: string;
  storeId: string;
  networkNodeId: string;
  readOnly: boolean;
  quantity: number;
  version: string;
}

type CellOut = { text: string } | { number: number } | null;

interface Column {
  key: ColumnKey;
  headers: Record<SheetLanguage, string>;
  width: number;
  cell: (row: ExportRow, language: SheetLanguage) => CellOut;
}

const readOnlyWord: Record<SheetLanguage, string> = { en: 'read-only', es: 'solo lectura', pt: 'somente leitura' };

const text = (value: string): CellOut => (value === '' ? null : { text: value });

/**
 * The columns in export order. Location types are the API's own names in every language, so a file imports
 * whatever language the importer reads. The version and the SKU are text (a spreadsheet rounds numbers past
 * 15 digits and drops leading zeros); a read-only row's new quantity is left empty, as nothing may go there.
 */
const columns: readonly Column[] = [
  {
    key: 'userProductId',
    headers: { en: 'User product ID', es: 'ID del producto de usuario', pt: 'ID do produto do usuário' },
    width: 16,
    cell: (row) => text(row.userProductId),
  },
  { key: 'sku', headers: { en: 'SKU', es: 'SKU', pt: 'SKU' }, width: 14, cell: (row) => text(row.sku) },
  { key: 'title', headers: { en: 'Title', es: 'Título', pt: 'Título' }, width: 40, cell: (row) => text(row.title) },
  {
    key: 'locationType',
    headers: { en: 'Location type', es: 'Tipo de ubicación', pt: 'Tipo de local' },
    width: 18,
    cell: (row) => text(row.locationType),
  },
  { key: 'storeId', headers: { en: 'Store ID', es: 'ID de tienda', pt: 'ID da loja' }, width: 12, cell: (row) => text(row.storeId) },
  {
    key: 'networkNodeId',
    headers: { en: 'Network node ID', es: 'ID de nodo de red', pt: 'ID do nó de rede' },
    width: 18,
    cell: (row) => text(row.networkNodeId),
  },
  {
    key: 'readOnly',
    headers: { en: 'Read-only', es: 'Solo lectura', pt: 'Somente leitura' },
    width: 14,
    cell: (row, language) => (row.readOnly ? { text: readOnlyWord[language] } : null),
  },
  {
    key: 'quantityAtExport',
    headers: { en: 'Quantity at export', es: 'Cantidad al exportar', pt: 'Quantidade na exportação' },
    width: 14,
    cell: (row) => ({ number: row.quantity }),
  },
  {
    key: 'newQuantity',
    headers: { en: 'New quantity', es: 'Nueva cantidad', pt: 'Nova quantidade' },
    width: 14,
    cell: (row) => (row.readOnly ? null : { number: row.quantity }),
  },
  { key: 'version', headers: { en: 'Version', es: 'Versión', pt: 'Versão' }, width: 22, cell: (row) => text(row.version) },
];

/** A user product as the export reads it: catalog fields and one stock read. */
export interface ExportUserProduct {
  id: string;
  title: string;
  /** Every SKU of its items (seller_custom_field), usually one. */
  skus: readonly string[];
  stock: StockSnapshot;
}

/** One row per location; locations the seller cannot change (meli_facility, unknown types) are marked read-only. */
export function exportRows(userProducts: readonly ExportUserProduct[]): ExportRow[] {
  return userProducts.flatMap((product) =>
    product.stock.locations.map((location) => ({
      userProductId: product.id,
      // Several distinct SKUs are listed together for the reader; such a cell identifies nothing on import.
      sku: [...new Set(product.skus)].join(', '),
      title: product.title,
      locationType: location.type,
      storeId: location.store_id ?? '',
      networkNodeId: location.network_node_id ?? '',
      readOnly: !editableLocationTypes.has(location.type),
      quantity: location.quantity,
      version: product.stock.version,
    })),
  );
}

/** A column's header in a language (the results file of an import names its columns as the export does). */
export function columnHeader(key: ColumnKey, language: SheetLanguage): string {
  return columns.find((column) => column.key === key)!.headers[language];
}

/** The worksheet's name, per language. */
const sheetName: Record<SheetLanguage, string> = { en: 'Stock', es: 'Stock', pt: 'Estoque' };

/** CSV with commas and a byte-order mark (so spreadsheets read the accents as UTF-8). */
export function stockCsv(rows: readonly ExportRow[], language: SheetLanguage): string {
  const plain = (cell: CellOut) => (cell === null ? '' : 'text' in cell ? neutraliseFormula(cell.text) : cell.number);
  const data = rows.map((row) => columns.map((column) => plain(column.cell(row, language))));
  return `\uFEFF${Papa.unparse({ fields: columns.map((column) => column.headers[language]), data }, { newline: '\r\n' })}\r\n`;
}

/** XLSX: text cells typed String (the version and the SKU keep every digit), quantities typed Number. */
export async function stockXlsx(rows: readonly ExportRow[], language: SheetLanguage): Promise<Uint8Array> {
  const typed = (cell: CellOut): Cell =>
    cell === null ? null : 'text' in cell ? { value: neutraliseFormula(cell.text), type: String } : { value: cell.number, type: Number };
  const header: Cell[] = columns.map((column) => ({ value: column.headers[language], type: String, fontWeight: 'bold' }));
  const data = [header, ...rows.map((row) => columns.map((column) => typed(column.cell(row, language))))];
  const blob = await writeXlsxFile(data, {
    sheet: sheetName[language],
    columns: columns.map((column) => ({ width: column.width })),
    stickyRowsCount: 1,
  }).toBlob();
  return new Uint8Array(await blob.arrayBuffer());
}

/** The limits on an uploaded file. */
export const sheetLimits = { maxBytes: 5 * 1024 * 1024, maxRows: 10_000 } as const;

/** A data row as read: its row number as the spreadsheet shows it (the header is row 1) and its cells as text. */
export interface SheetRow {
  line: number;
  cells: Record<ColumnKey, string>;
}

/** Why a whole file is refused. @public For the import screen's messages. */
export type SheetRefusal =
  | { problem: 'tooLarge'; bytes: number; maxBytes: number }
  | { problem: 'tooManyRows'; rows: number; maxRows: number }
  /** Neither an XLSX workbook nor text, or a workbook that cannot be opened. */
  | { problem: 'unreadable' }
  | { problem: 'empty' }
  /** Required columns absent from the header row; `userProductId` stands for "the user product id or the SKU". */
  | { problem: 'missingColumns'; missing: ColumnKey[] }
  /** Two header cells name the same column (e.g. "SKU" twice): which one to read is not known. */
  | { problem: 'duplicateColumn'; column: ColumnKey };

export type SheetRead = { ok: true; format: 'csv' | 'xlsx'; rows: SheetRow[] } | ({ ok: false } & SheetRefusal);

/** Case-, accent- and punctuation-blind form of a header ("Versão", "version", "VERSION_" all read alike). */
function headerKey(header: string): string {
  return header
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const columnOfHeader = new Map(columns.flatMap((column) => Object.values(column.headers).map((header) => [headerKey(header), column.key])));

/** A ZIP archive (every XLSX file) starts with these bytes. */
function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/**
 * UTF-8 when the bytes are valid UTF-8, else Windows-1252 (what a Spanish or Portuguese Excel saves as "CSV");
 * the byte-order mark is dropped either way. A NUL byte means binary (or UTF-16), which is not read.
 */
function decodeText(bytes: Uint8Array): string | null {
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** `;` when the header line has more of them than commas (a spreadsheet set to a decimal-comma locale), else `,`. */
function delimiterOf(text: string): ',' | ';' {
  const firstLine = text.slice(0, text.search(/\r|\n|$/));
  const count = (char: string) => firstLine.split(char).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

function csvCells(text: string): string[][] {
  return Papa.parse<string[]>(text, { delimiter: delimiterOf(text), skipEmptyLines: false }).data;
}

async function xlsxCells(bytes: Uint8Array): Promise<string[][] | null> {
  try {
    // Numbers come back as the file wrote them (parseNumber), never through a float.
    const data = await readSheet(bytes.slice().buffer, { parseNumber: (value: string) => value });
    return data.map((row) => row.map((cell) => (cell === null ? '' : String(cell))));
  } catch {
    return null;
  }
}

/**
 * Reads an uploaded stock file, XLSX or CSV (told apart by content, not by name): columns matched by header in
 * any order and language (unknown columns ignored), cells trimmed and un-neutralised, empty rows skipped
 * without shifting row numbers. Refuses, before parsing, a file over the size limit, and after, one over the
 * row limit.
 */
export async function readStockSheet(bytes: Uint8Array): Promise<SheetRead> {
  if (bytes.byteLength > sheetLimits.maxBytes) {
    return { ok: false, problem: 'tooLarge', bytes: bytes.byteLength, maxBytes: sheetLimits.maxBytes };
  }
  const format = isZip(bytes) ? 'xlsx' : 'csv';
  let cells: string[][] | null;
  if (format === 'xlsx') cells = await xlsxCells(bytes);
  else {
    const text = decodeText(bytes);
    cells = text === null ? null : csvCells(text);
  }
  if (cells === null) return { ok: false, problem: 'unreadable' };
  const [header, ...body] = cells;
  if (!header || header.every((cell) => cell.trim() === '')) return { ok: false, problem: 'empty' };

  const indexOf = new Map<ColumnKey, number>();
  for (const [index, cell] of header.entries()) {
    const key = columnOfHeader.get(headerKey(cell));
    if (!key) continue;
    if (indexOf.has(key)) return { ok: false, problem: 'duplicateColumn', column: key };
    indexOf.set(key, index);
  }
  const missing: ColumnKey[] = [];
  if (!indexOf.has('userProductId') && !indexOf.has('sku')) missing.push('userProductId');
  for (const key of ['quantityAtExport', 'newQuantity'] as const) if (!indexOf.has(key)) missing.push(key);
  if (missing.length > 0) return { ok: false, problem: 'missingColumns', missing };

  const rows: SheetRow[] = [];
  for (const [index, row] of body.entries()) {
    if (row.every((cell) => cell.trim() === '')) continue;
    const cell = (key: ColumnKey) => {
      const at = indexOf.get(key);
      return at === undefined ? '' : restoreNeutralised((row[at] ?? '').trim());
    };
    rows.push({ line: index + 2, cells: Object.fromEntries(columns.map(({ key }) => [key, cell(key)])) as Record<ColumnKey, string> });
  }
  if (rows.length > sheetLimits.maxRows) return { ok: false, problem: 'tooManyRows', rows: rows.length, maxRows: sheetLimits.maxRows };
  return { ok: true, format, rows };
}
