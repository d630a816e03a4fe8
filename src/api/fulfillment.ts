import { z } from 'zod/mini';
import './zodLocale';
import { requestData } from './client';
import { openEnum } from './openEnum';
import { eachElement, isUnreadable } from './unreadable';

/**
 * Fulfillment stock: the stock a seller keeps in the operator's warehouses, and the log of its
 * operations. The rules of the spec live here as constants for the forms; the demo simulator keeps its
 * own, checked against the spec.
 */

/** not_available_detail status values, in the order the spec lists them. */
export const notAvailableStatuses = [
  'damage',
  'lost',
  'withdrawal',
  'internal_process',
  'transfer',
  'noFiscalCoverage',
  'not_supported',
] as const;
export type NotAvailableStatus = (typeof notAvailableStatuses)[number];

export function isNotAvailableStatus(value: string): value is NotAvailableStatus {
  return (notAvailableStatuses as readonly string[]).includes(value);
}

/**
 * Operation types by the spec's groups (lower case as the spec lists them; results carry upper case).
 * STOCK_AUDIT appears among the record types shown in results but in no group: filed under adjustments.
 */
export const operationTypeGroups = {
  inbound: ['inbound_reception', 'fiscal_coverage_ajustment'],
  outbound: ['sale_confirmation', 'sale_cancelation', 'sale_delivery_cancelation', 'sale_return'],
  withdrawal: ['withdrawal_reservation', 'withdrawal_cancelation', 'withdrawal_delivery', 'withdrawal_discarded'],
  transfer: ['transfer_reservation', 'transfer_ajustment', 'transfer_delivery'],
  quarantine: ['quarantine_reservation', 'quarantine_restock', 'lost_refund', 'disposed_tained', 'disposed_expired'],
  removal: ['removal_reservation', 'removal_completion', 'stranded_disposal_removal'],
  adjustments: ['ajustement', 'identification_problem_remove', 'identification_problem_add', 'stock_audit'],
} as const;
export type OperationGroup = keyof typeof operationTypeGroups;
export type OperationType = (typeof operationTypeGroups)[OperationGroup][number];
export const operationGroups = Object.keys(operationTypeGroups) as OperationGroup[];
export const operationTypes: readonly OperationType[] = operationGroups.flatMap((group) => operationTypeGroups[group]);

/** The type a result or query names, in any case; null when the spec does not list it. */
export function parseOperationType(value: string): OperationType | null {
  const lower = value.toLowerCase();
  return (operationTypes as readonly string[]).includes(lower) ? (lower as OperationType) : null;
}

export function operationGroup(type: OperationType): OperationGroup {
  return operationGroups.find((group) => (operationTypeGroups[group] as readonly string[]).includes(type))!;
}

/** Sort format (not shown in the spec): `<field>:<asc|desc>`; only date_created is sortable. */
export const operationSorts = ['date_created:desc', 'date_created:asc'] as const;
export type OperationSort = (typeof operationSorts)[number];

export const operationsSearchLimits = {
  maxLimit: 1000,
  defaultLimit: 1000,
  maxRangeDays: 60,
  defaultDaysBack: 15,
  scrollTtlMs: 5 * 60_000,
} as const;

/** Inventory ids (not shown): upper-case letters and digits, as in the examples (e.g. LCQI05831). */
export const inventoryIdPattern = /^[A-Z0-9]{4,20}$/;
/** Shipment ids (not shown): digits, as the public API's shipments are numbered. */
export const shipmentIdPattern = /^\d{1,20}$/;
const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;

const dayMs = 24 * 3600_000;

/** YYYY-MM-DD of a moment, in UTC (the operations' timestamps are UTC). */
export function isoDate(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** The spec's defaults: from 15 days back to the current date. */
export function defaultDateRange(now: number): { from: string; to: string } {
  return { from: isoDate(now - operationsSearchLimits.defaultDaysBack * dayMs), to: isoDate(now) };
}

function parseIsoDate(value: string): number | null {
  if (!isoDatePattern.test(value)) return null;
  const time = Date.parse(`${value}T00:00:00Z`);
  return Number.isNaN(time) || isoDate(time) !== value ? null : time;
}

export type DateRangeProblem = 'missing' | 'format' | 'order' | 'tooLong';

/**
 * Why a date range would be refused (400 validation_error), or null: both dates required, valid
 * YYYY-MM-DD, date_from strictly before date_to, at most 60 days apart.
 */
export function dateRangeProblem(from: string, to: string): DateRangeProblem | null {
  if (!from || !to) return 'missing';
  const start = parseIsoDate(from);
  const end = parseIsoDate(to);
  if (start === null || end === null) return 'format';
  if (start >= end) return 'order';
  if ((end - start) / dayMs > operationsSearchLimits.maxRangeDays) return 'tooLong';
  return null;
}

const quantity = z.int();
const notAvailableDetailSchema = z.array(z.object({ status: z.string(), quantity }));

const fulfillmentStockSchema = z.object({
  inventory_id: z.string(),
  total: quantity,
  available_quantity: quantity,
  not_available_quantity: quantity,
  not_available_detail: notAvailableDetailSchema,
  external_references: z.array(z.object({ type: z.string(), id: z.string(), variation_id: z.nullable(z.int()) })),
});
export type FulfillmentStock = z.infer<typeof fulfillmentStockSchema>;

/** GET /inventories/{inventory_id}/stock/fulfillment. 404 seller_product_not_found, 403 forbidden. */
export function getFulfillmentStock(inventoryId: string, signal?: AbortSignal): Promise<FulfillmentStock> {
  return requestData(`/inventories/${encodeURIComponent(inventoryId)}/stock/fulfillment`, { schema: fulfillmentStockSchema, signal });
}

const stockSnapshotSchema = z.object({
  total: quantity,
  available_quantity: quantity,
  not_available_quantity: quantity,
  not_available_detail: notAvailableDetailSchema,
});

/** Both names of the product identifier appear in the spec; the client reads either as inventory_id. */
const inventoryNames = { inventory_id: z.optional(z.string()), seller_product_id: z.optional(z.string()) };
type InventoryNames = z.infer<z.ZodMiniObject<typeof inventoryNames>>;
const inventoryOf = (op: InventoryNames) => op.inventory_id ?? op.seller_product_id;
const namesInventory = z.refine<InventoryNames>((op) => inventoryOf(op) !== undefined, {
  message: 'inventory_id or seller_product_id required',
});

const operationSchema = z.pipe(
  z
    .object({
      id: z.int(),
      seller_id: z.int(),
      ...inventoryNames,
      date_created: z.string(),
      type: openEnum('fulfillment operation type', (value) => parseOperationType(value) !== null),
      detail: z.object({
        available_quantity: quantity,
        not_available_quantity: z.optional(quantity),
        not_available_detail: z.optional(notAvailableDetailSchema),
      }),
      result: stockSnapshotSchema,
      external_references: z.array(z.object({ type: z.string(), value: z.pipe(z.union([z.string(), z.number()]), z.transform(String)) })),
    })
    .check(namesInventory),
  z.transform(({ seller_product_id, inventory_id, ...op }) => ({ ...op, inventory_id: inventoryOf({ inventory_id, seller_product_id })! })),
);
export type Operation = z.infer<typeof operationSchema>;
/** An operation as the server sends it (the simulator builds these). */
export type OperationResource = z.input<typeof operationSchema>;

/** Filter entries (not shown beyond id, name, values): values are strings. */
const filterSchema = z.object({ id: z.string(), name: z.string(), values: z.array(z.string()) });

/**
 * Result envelope. Not shown: `sort` is the applied sort value, `available_sorts` the accepted ones;
 * `available_sort` (also listed by the spec) is read when present.
 */
export const operationsPageSchema = z.object({
  paging: z.object({ total: quantity, scroll: z.optional(z.nullable(z.string())), limit: quantity }),
  /** Read operation by operation: one the log cannot read is a row that says so, not a failed page. */
  results: eachElement(operationSchema, 'GET /stock/fulfillment/operations/search'),
  filters: z.array(filterSchema),
  available_filters: z.array(filterSchema),
  available_sort: z.optional(z.unknown()),
  sort: z.string(),
  available_sorts: z.array(z.string()),
});
export type OperationsPage = z.infer<typeof operationsPageSchema>;

export interface OperationsSearch {
  sellerId: number;
  /** Sent as seller_product_id, comma-separated (the spec's list form of inventory_id). */
  inventoryIds?: readonly string[];
  dateFrom?: string;
  dateTo?: string;
  type?: OperationType;
  shipmentId?: string;
  limit?: number;
  sort?: OperationSort;
  /** The scroll id of the previous page. Its query name is not shown in the spec: we send `scroll`. */
  scroll?: string | null;
}

function operationsQuery(search: OperationsSearch) {
  return {
    seller_id: search.sellerId,
    seller_product_id: search.inventoryIds,
    date_from: search.dateFrom,
    date_to: search.dateTo,
    type: search.type?.toUpperCase(),
    'external_references.shipment_id': search.shipmentId,
    limit: search.limit,
    sort: search.sort,
    scroll: search.scroll,
  };
}

/**
 * GET /stock/fulfillment/operations/search. Paging: repeat the same request with the returned
 * `paging.scroll` until it is empty or null. Type is sent in upper case, as the spec's examples do.
 */
export function searchOperations(search: OperationsSearch, signal?: AbortSignal): Promise<OperationsPage> {
  return requestData('/stock/fulfillment/operations/search', { schema: operationsPageSchema, signal, query: operationsQuery(search) });
}

/**
 * Of each operation, only the inventory it names is read and validated. A first page holds up to 1000
 * operations (495 in the demo, 270 KB): validating every field of each was one task of about 25 ms at 1x CPU
 * on a cold page, for a list of inventory ids.
 */
const operationInventoriesSchema = z.object({
  results: eachElement(z.object(inventoryNames).check(namesInventory), 'GET /stock/fulfillment/operations/search'),
});

/** The inventories the first page of a search names, each once, sorted (an operation naming none is left out). */
export async function searchOperationInventories(search: OperationsSearch, signal?: AbortSignal): Promise<string[]> {
  const { results } = await requestData('/stock/fulfillment/operations/search', {
    schema: operationInventoriesSchema,
    signal,
    query: operationsQuery(search),
  });
  return [...new Set(results.flatMap((op) => (isUnreadable(op) ? [] : [inventoryOf(op)!])))].sort();
}
