import pLimit from 'p-limit';
import type { SheetRow } from './stockSheet.ts';
import { parseQuantity, type QuantityProblem } from './stockQuantity.ts';
import {
  defaultRetry,
  editableLocationTypes,
  locationRef,
  quantityAt,
  readStockWithRetry,
  type LocationRef,
  type RetryPolicy,
  type StockLocation,
  type StockReadPorts,
  type StockSnapshot,
} from './stockLocations.ts';

/**
 * The stock import (issue 52): every row of an uploaded sheet validated with its row number and a typed reason,
 * then the dry run, which reads the current stock and says what applying would do. Nothing here writes.
 */

/** A user product of the account as the catalog knows it. */
export interface CatalogEntry {
  id: string;
  /** Every SKU of its items (seller_custom_field). */
  skus: readonly string[];
}

/** A catalog entry with its current locations; null when its stock could not be read. */
interface AccountUserProduct extends CatalogEntry {
  locations: readonly StockLocation[] | null;
}

/**
 * Why a row is refused, with what a message needs.
 * @public For the server's job runner and the stock pages, which name these (issue 52's later part).
 */
export type RowRefusal =
  | { reason: 'missingIdentifier' }
  | { reason: 'unknownUserProduct'; userProductId: string }
  | { reason: 'unknownSku'; sku: string }
  | { reason: 'sharedSku'; sku: string; userProductIds: string[] }
  | { reason: 'stockUnreadable'; userProductId: string }
  /** No location of the user product matches the row's type and store (or several do). */
  | { reason: 'unknownLocation'; userProductId: string; locationType: string; storeId: string }
  | { reason: 'readOnlyLocation'; userProductId: string; locationType: string }
  | { reason: 'invalidQuantity'; problem: QuantityProblem }
  | { reason: 'invalidQuantityAtExport'; problem: QuantityProblem }
  /** Several rows name the same location: all of them are refused, as which one was meant is not known. */
  | { reason: 'duplicate'; otherLines: number[] };

/** A row that passed validation: an editable location with a figure, or a read-only location left as exported. */
type ValidRow =
  | { line: number; kind: 'edit'; userProductId: string; location: LocationRef; quantityAtExport: number; newQuantity: number }
  | { line: number; kind: 'reference'; userProductId: string; location: LocationRef };

type Validation = ValidRow | { line: number; kind: 'refused'; refusal: RowRefusal };

type Identified = { userProductId: string } | { refusal: RowRefusal };

function catalogIndex(catalog: readonly CatalogEntry[]) {
  const ids = new Set(catalog.map((entry) => entry.id));
  const bySku = new Map<string, Set<string>>();
  for (const entry of catalog) {
    for (const sku of entry.skus) bySku.set(sku, (bySku.get(sku) ?? new Set()).add(entry.id));
  }
  /** The id wins when both are given (an SKU may have been edited since the export); the SKU must name one user product. */
  return (cells: SheetRow['cells']): Identified => {
    const { userProductId, sku } = cells;
    if (userProductId !== '')
      return ids.has(userProductId) ? { userProductId } : { refusal: { reason: 'unknownUserProduct', userProductId } };
    if (sku === '') return { refusal: { reason: 'missingIdentifier' } };
    const owners = [...(bySku.get(sku) ?? [])];
    if (owners.length === 0) return { refusal: { reason: 'unknownSku', sku } };
    if (owners.length > 1) return { refusal: { reason: 'sharedSku', sku, userProductIds: owners } };
    return { userProductId: owners[0]! };
  };
}

/**
 * The row's location among the user product's: by type and store when given; a row that names neither means
 * the user product's only editable location. Anything but exactly one match is refused.
 */
function findLocation(cells: SheetRow['cells'], locations: readonly StockLocation[]): StockLocation | null {
  const type = cells.locationType.toLowerCase();
  const store = cells.storeId;
  const matches = locations.filter(
    (location) =>
      (type !== '' ? location.type === type : store !== '' || editableLocationTypes.has(location.type)) &&
      (store === '' || location.store_id === store),
  );
  return matches.length === 1 ? matches[0]! : null;
}

function validateRow(row: SheetRow, identified: Identified, account: ReadonlyMap<string, AccountUserProduct>): Validation {
  const { line, cells } = row;
  const refused = (refusal: RowRefusal): Validation => ({ line, kind: 'refused', refusal });
  if ('refusal' in identified) return refused(identified.refusal);
  const { userProductId } = identified;
  const locations = account.get(userProductId)?.locations ?? null;
  if (locations === null) return refused({ reason: 'stockUnreadable', userProductId });
  const found = findLocation(cells, locations);
  if (!found) return refused({ reason: 'unknownLocation', userProductId, locationType: cells.locationType, storeId: cells.storeId });
  const location = locationRef(found);
  if (!editableLocationTypes.has(found.type)) {
    // Listed for reference: left empty or as exported it asks for nothing; any other figure is refused.
    const untouched = cells.newQuantity === '' || cells.newQuantity === cells.quantityAtExport;
    return untouched
      ? { line, kind: 'reference', userProductId, location }
      : refused({ reason: 'readOnlyLocation', userProductId, locationType: found.type });
  }
  const quantity = parseQuantity(cells.newQuantity);
  if ('problem' in quantity) return refused({ reason: 'invalidQuantity', problem: quantity.problem });
  const atExport = parseQuantity(cells.quantityAtExport);
  if ('problem' in atExport) return refused({ reason: 'invalidQuantityAtExport', problem: atExport.problem });
  return { line, kind: 'edit', userProductId, location, quantityAtExport: atExport.quantity, newQuantity: quantity.quantity };
}

function locationKey(userProductId: string, location: LocationRef): string {
  return JSON.stringify([userProductId, location.type, location.storeId ?? '']);
}

/** Refuses every row whose location another row names too. */
function refuseDuplicates(validations: Validation[]): Validation[] {
  const linesOf = new Map<string, number[]>();
  for (const validation of validations) {
    if (validation.kind === 'refused') continue;
    const key = locationKey(validation.userProductId, validation.location);
    linesOf.set(key, [...(linesOf.get(key) ?? []), validation.line]);
  }
  return validations.map((validation) => {
    if (validation.kind === 'refused') return validation;
    const lines = linesOf.get(locationKey(validation.userProductId, validation.location))!;
    if (lines.length === 1) return validation;
    return {
      line: validation.line,
      kind: 'refused',
      refusal: { reason: 'duplicate', otherLines: lines.filter((line) => line !== validation.line) },
    };
  });
}

/**
 * Validates every row against the account's user products (ids, SKUs, current locations), one reason per row
 * (the first that applies: identity, location, read-only, quantity, duplicate), in the sheet's order.
 */
function validateRows(rows: readonly SheetRow[], userProducts: readonly AccountUserProduct[]): Validation[] {
  const identify = catalogIndex(userProducts);
  const account = new Map(userProducts.map((entry) => [entry.id, entry]));
  return refuseDuplicates(rows.map((row) => validateRow(row, identify(row.cells), account)));
}

/** @public For the stock pages' counts per kind. */
export type DryRunKind = 'unchanged' | 'willChange' | 'changedSinceExport' | 'refused';

/** What applying would do to a row: `current` is the quantity just read. */
export type DryRunRow =
  | { line: number; kind: 'unchanged'; userProductId: string; location: LocationRef; current: number }
  | {
      line: number;
      kind: 'willChange' | 'changedSinceExport';
      userProductId: string;
      location: LocationRef;
      quantityAtExport: number;
      current: number;
      newQuantity: number;
    }
  | { line: number; kind: 'refused'; refusal: RowRefusal };

export interface DryRun {
  rows: DryRunRow[];
  counts: Record<DryRunKind, number>;
}

export interface DryRunOptions {
  /** Reads in flight at once (the 4 per account). */
  inFlight?: number;
  retry?: RetryPolicy;
}

function classify(validation: Validation, stock: ReadonlyMap<string, StockSnapshot>): DryRunRow {
  if (validation.kind === 'refused') return validation;
  const { line, userProductId, location } = validation;
  // Validation found the location in this very read.
  const current = quantityAt(stock.get(userProductId)!, location)!;
  // A row left as exported asks for nothing, even where the stock moved since (writing it back would undo a sale).
  const untouched = validation.kind === 'reference' || validation.newQuantity === validation.quantityAtExport;
  if (untouched || validation.newQuantity === current) return { line, kind: 'unchanged', userProductId, location, current };
  const { quantityAtExport, newQuantity } = validation;
  const kind = current === quantityAtExport ? 'willChange' : 'changedSinceExport';
  return { line, kind, userProductId, location, quantityAtExport, current, newQuantity };
}

/**
 * The dry run: reads the current stock of every user product the rows name (once each, within the budget),
 * validates the rows against it and classifies them: unchanged (left as exported, or the figure is already
 * there), will change, changed since the export (an edited row whose current quantity is not the file's
 * quantity at export), or refused.
 */
export async function dryRun(
  rows: readonly SheetRow[],
  catalog: readonly CatalogEntry[],
  ports: StockReadPorts,
  options: DryRunOptions = {},
): Promise<DryRun> {
  const identify = catalogIndex(catalog);
  const named = new Set(
    rows.map((row) => identify(row.cells)).flatMap((identified) => ('userProductId' in identified ? [identified.userProductId] : [])),
  );
  const limit = pLimit(options.inFlight ?? 4);
  const stock = new Map<string, StockSnapshot>();
  await Promise.all(
    [...named].map((id) =>
      limit(async () => {
        const read = await readStockWithRetry(ports, id, options.retry ?? defaultRetry);
        if ('stock' in read) stock.set(id, read.stock);
      }),
    ),
  );
  const account = catalog.map((entry) => ({ ...entry, locations: stock.get(entry.id)?.locations ?? null }));
  const result = validateRows(rows, account).map((validation) => classify(validation, stock));
  const counts: Record<DryRunKind, number> = { unchanged: 0, willChange: 0, changedSinceExport: 0, refused: 0 };
  for (const row of result) counts[row.kind] += 1;
  return { rows: result, counts };
}
