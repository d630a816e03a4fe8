import type { NotAvailableStatus, OperationResource, OperationSort, OperationType } from '../../api/fulfillment';
import type { SeedContext } from './context';
import { createRandom, type Random } from './random';

/** The spec's not_available_detail status values ("Fulfillment stock"), in its order. */
const notAvailableStatuses: readonly NotAvailableStatus[] = [
  'damage',
  'lost',
  'withdrawal',
  'internal_process',
  'transfer',
  'noFiscalCoverage',
  'not_supported',
];

/**
 * The spec's operation types, group by group (inbound, outbound, withdrawal, transfer, quarantine, removal,
 * adjustments); stock_audit is among the record types shown in results but in no group.
 */
export const operationTypes: readonly OperationType[] = [
  ...['inbound_reception', 'fiscal_coverage_ajustment'],
  ...['sale_confirmation', 'sale_cancelation', 'sale_delivery_cancelation', 'sale_return'],
  ...['withdrawal_reservation', 'withdrawal_cancelation', 'withdrawal_delivery', 'withdrawal_discarded'],
  ...['transfer_reservation', 'transfer_ajustment', 'transfer_delivery'],
  ...['quarantine_reservation', 'quarantine_restock', 'lost_refund', 'disposed_tained', 'disposed_expired'],
  ...['removal_reservation', 'removal_completion', 'stranded_disposal_removal'],
  ...['ajustement', 'identification_problem_remove', 'identification_problem_add', 'stock_audit'],
] as const;

/**
 * Fulfillment area of the demo database: one inventory per fulfillment item of the demo seller (plus
 * one of another seller, for 403), and a log of operations built by playing each one on the running
 * stock, so every result is the previous result plus its detail and the stock is the last result.
 */
export interface Inventory {
  inventory_id: string;
  seller_id: number;
  external_references: { type: string; id: string; variation_id: number | null }[];
  /** Operations of this inventory, oldest first; the last result is the current stock. */
  operations: OperationResource[];
}

export interface ScrollCursor {
  /** The full, sorted result of the search that opened the scroll. */
  results: OperationResource[];
  offset: number;
  limit: number;
  createdAt: number;
  sellerId: number;
  /** Echoed on every page of the scroll. */
  sort: OperationSort;
  filters: { id: string; name: string; values: string[] }[];
}

export interface FulfillmentState {
  inventories: Map<string, Inventory>;
  /** Every operation, oldest first. */
  operations: OperationResource[];
  scrolls: Map<string, ScrollCursor>;
  nextScroll: number;
}

export const otherSellerInventoryId = 'INV90001X';
/** OTRO_VENDEDOR's one listing the simulator knows, by its id only (its inventory's, its credit leads'). */
export const otherSellerListing = 'MLB1430000001';

interface Counts {
  available: number;
  notAvailable: Record<NotAvailableStatus, number>;
}
type Change = Partial<Record<NotAvailableStatus | 'available', number>>;

/** Each type's effect on the running stock, or null when the stock cannot take it now. */
const effects: Record<OperationType, (s: Counts, r: Random) => Change | null> = {
  inbound_reception: (_s, r) => ({
    available: r.int(20, 120),
    damage: r.chance(0.3) ? r.int(1, 3) : 0,
    noFiscalCoverage: r.chance(0.2) ? r.int(1, 4) : 0,
    not_supported: r.chance(0.15) ? r.int(1, 2) : 0,
  }),
  fiscal_coverage_ajustment: (s, r) => moveFrom('noFiscalCoverage', 'available', s, r),
  sale_confirmation: (s, r) => (s.available > 0 ? { available: -r.int(1, Math.min(3, s.available)) } : null),
  sale_cancelation: (_s, r) => ({ available: r.int(1, 2) }),
  sale_delivery_cancelation: () => ({ available: 1 }),
  sale_return: (_s, r) => (r.chance(0.5) ? { available: 1 } : { damage: 1 }),
  withdrawal_reservation: (s, r) => moveFrom('available', 'withdrawal', s, r, 10),
  withdrawal_cancelation: (s, r) => moveFrom('withdrawal', 'available', s, r),
  withdrawal_delivery: (s, r) => removeFrom('withdrawal', s, r),
  withdrawal_discarded: (s, r) => removeFrom('withdrawal', s, r),
  transfer_reservation: (s, r) => moveFrom('available', 'transfer', s, r, 8),
  transfer_ajustment: (s, r) => {
    if (s.notAvailable.transfer === 0) return null;
    const units = r.int(1, s.notAvailable.transfer);
    const damaged = r.int(0, Math.min(1, units));
    return { transfer: -units, available: units - damaged, damage: damaged };
  },
  transfer_delivery: (s, r) => moveFrom('transfer', 'available', s, r),
  quarantine_reservation: (s, r) => moveFrom('available', 'internal_process', s, r, 5),
  quarantine_restock: (s, r) => moveFrom('internal_process', 'available', s, r),
  lost_refund: (s, r) => removeFrom('lost', s, r),
  disposed_tained: (s, r) => removeFrom('internal_process', s, r),
  disposed_expired: (s, r) => removeFrom('internal_process', s, r),
  removal_reservation: (s, r) => moveFrom('available', 'internal_process', s, r, 4),
  removal_completion: (s, r) => removeFrom('internal_process', s, r),
  stranded_disposal_removal: (s, r) => removeFrom('available', s, r, 3),
  ajustement: (s, r) => (s.available > 0 && r.chance(0.6) ? { available: -1, lost: 1 } : { available: 1 }),
  identification_problem_remove: (s, r) => removeFrom('not_supported', s, r),
  identification_problem_add: (_s, r) => ({ available: r.int(1, 3) }),
  stock_audit: (s) => (s.available > 0 ? { available: -1 } : { available: 1 }),
};

type Bucket = NotAvailableStatus | 'available';

function units(s: Counts, bucket: Bucket): number {
  return bucket === 'available' ? s.available : s.notAvailable[bucket];
}

function moveFrom(from: Bucket, to: Bucket, s: Counts, r: Random, max = Infinity): Change | null {
  const present = units(s, from);
  if (present === 0) return null;
  const moved = r.int(1, Math.min(present, max));
  return { [from]: -moved, [to]: moved };
}

function removeFrom(from: Bucket, s: Counts, r: Random, max = Infinity): Change | null {
  const present = units(s, from);
  return present === 0 ? null : { [from]: -r.int(1, Math.min(present, max)) };
}

/** Relative frequency of each type: sales dominate, rare quality events stay rare. */
const weights: Partial<Record<OperationType, number>> = {
  sale_confirmation: 40,
  inbound_reception: 6,
  sale_cancelation: 5,
  sale_return: 3,
  sale_delivery_cancelation: 2,
  stock_audit: 2,
  ajustement: 2,
};
const weightedTypes: OperationType[] = operationTypes.flatMap((type) => Array<OperationType>(weights[type] ?? 1).fill(type));

function detailOf(change: Change) {
  const not_available_detail = notAvailableStatuses
    .filter((status) => (change[status] ?? 0) !== 0)
    .map((status) => ({ status, quantity: change[status]! }));
  return {
    available_quantity: change.available ?? 0,
    not_available_quantity: not_available_detail.reduce((sum, d) => sum + d.quantity, 0),
    not_available_detail,
  };
}

function snapshotOf(s: Counts) {
  const not_available_detail = notAvailableStatuses
    .filter((status) => s.notAvailable[status] > 0)
    .map((status) => ({ status, quantity: s.notAvailable[status] }));
  const notAvailable = not_available_detail.reduce((sum, d) => sum + d.quantity, 0);
  return { total: s.available + notAvailable, available_quantity: s.available, not_available_quantity: notAvailable, not_available_detail };
}

function referencesOf(type: OperationType, sequence: number) {
  if (type.startsWith('sale_')) return [{ type: 'shipment_id', value: String(43000000000 + sequence) }];
  if (type === 'inbound_reception' || type === 'fiscal_coverage_ajustment')
    return [{ type: 'inbound_id', value: String(5100000 + sequence) }];
  return [];
}

const spanDays = 120;
/** Operation ids follow their position in the log. */
const firstOperationId = 80_000_001;

/**
 * Records the next operation of an inventory on its running stock: `wanted`, or by default its inbound
 * first and then a weighted random type; a type the stock cannot take becomes a sale, or an inbound.
 * `dateOf` is called after the stock draws, so the seed's sequence of draws stays as it was.
 */
function play(
  inventory: Inventory,
  state: Counts,
  random: Random,
  sequence: number,
  dateOf: () => number,
  wanted?: OperationType,
): OperationResource {
  let type: OperationType = wanted ?? (inventory.operations.length === 0 ? 'inbound_reception' : random.pick(weightedTypes));
  let change = effects[type](state, random);
  if (!change) {
    type = state.available > 0 ? 'sale_confirmation' : 'inbound_reception';
    change = effects[type](state, random)!;
  }
  state.available += change.available ?? 0;
  for (const status of notAvailableStatuses) state.notAvailable[status] += change[status] ?? 0;
  const operation: OperationResource = {
    id: firstOperationId + sequence,
    seller_id: inventory.seller_id,
    inventory_id: inventory.inventory_id,
    date_created: new Date(dateOf()).toISOString(),
    type: type.toUpperCase(),
    detail: detailOf(change),
    result: snapshotOf(state),
    external_references: referencesOf(type, sequence),
  };
  inventory.operations.push(operation);
  return operation;
}

/** The running stock of an inventory, read back from its last operation. */
function countsOf(inventory: Inventory): Counts {
  const last = inventory.operations.at(-1)?.result;
  const quantity = (status: NotAvailableStatus) => last?.not_available_detail.find((d) => d.status === status)?.quantity ?? 0;
  return {
    available: last?.available_quantity ?? 0,
    notAvailable: Object.fromEntries(notAvailableStatuses.map((status) => [status, quantity(status)])) as Counts['notAvailable'],
  };
}

/** A new operation on an inventory at `now` (the demo's trigger): `type`, or one its stock can take. */
export function addOperation(
  fulfillment: FulfillmentState,
  inventory: Inventory,
  random: Random,
  now: number,
  type?: OperationType,
): OperationResource {
  const operation = play(inventory, countsOf(inventory), random, fulfillment.operations.length, () => now, type);
  fulfillment.operations.push(operation);
  return operation;
}

/** An operation by id, from the log. */
export function findOperation(fulfillment: FulfillmentState, id: number): OperationResource | undefined {
  const operation = fulfillment.operations[id - firstOperationId];
  return operation?.id === id ? operation : undefined;
}

/** Operations seeded per step: a step takes a few milliseconds in a browser, so no step is a long task. */
const operationsPerStep = 500;

/** The fulfillment area's seed, yielding between slices of its operations (see `lazyArea` in ./index). */
export function* seedFulfillment(context: SeedContext): Generator<void, FulfillmentState> {
  // Its own stream (not context.random): seeded on first use, after any number of other draws.
  const random = createRandom(context.seed === 'large' ? 4545 : 3131);
  const owned = [...context.items.values()].filter((item) => item.seller_id === context.seller.id && item.inventory_id);
  const inventories = new Map<string, Inventory>();
  for (const item of owned) {
    const inventory = inventories.get(item.inventory_id!) ?? {
      inventory_id: item.inventory_id!,
      seller_id: context.seller.id,
      external_references: [],
      operations: [],
    };
    inventory.external_references.push({
      type: 'item',
      id: item.id,
      variation_id: random.chance(0.5) ? random.int(170000000, 179999999) : null,
    });
    inventories.set(inventory.inventory_id, inventory);
  }
  inventories.set(otherSellerInventoryId, {
    inventory_id: otherSellerInventoryId,
    seller_id: context.otherSeller.id,
    external_references: [{ type: 'item', id: otherSellerListing, variation_id: null }],
    operations: [],
  });

  const list = [...inventories.values()];
  const counts = new Map(
    list.map((inv) => [
      inv.inventory_id,
      { available: 0, notAvailable: Object.fromEntries(notAvailableStatuses.map((s) => [s, 0])) } as Counts,
    ]),
  );
  const total = context.seed === 'large' ? 24_000 : 4_000;
  const start = context.now - spanDays * 24 * 3600_000;
  const step = (spanDays * 24 * 3600_000) / total;
  const operations: OperationResource[] = new Array(total);

  for (let index = 0; index < total; index += 1) {
    const inventory = list[random.int(0, list.length - 1)]!;
    const state = counts.get(inventory.inventory_id)!;
    operations[index] = play(inventory, state, random, index, () => Math.floor(start + (index + random.next()) * step));
    if ((index + 1) % operationsPerStep === 0) yield;
  }
  return { inventories, operations, scrolls: new Map(), nextScroll: 1 };
}

/** The stock of an inventory: the result of its last operation (zero before any). */
export function inventoryStock(inventory: Inventory) {
  const last = inventory.operations.at(-1);
  return {
    inventory_id: inventory.inventory_id,
    ...(last?.result ?? { total: 0, available_quantity: 0, not_available_quantity: 0, not_available_detail: [] }),
    external_references: inventory.external_references,
  };
}
