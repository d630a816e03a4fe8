import type { SeedContext } from './context';
import type { Item } from './core';
import { createRandom } from './random';

/**
 * Stock area of the demo database: the stock of each user product, its version, the writes accepted
 * but not yet visible (the spec's asynchronous update), and the seller's warehouses (stores).
 */
export interface StockLocationRow {
  type: string;
  quantity: number;
  network_node_id?: string;
  store_id?: string;
}

/** A write accepted with 204/200 that reads show once the simulator clock passes `visibleAt`. */
interface PendingStockWrite {
  visibleAt: number;
  locations: StockLocationRow[];
}

/** One applied write, kept so tests can check that every write was based on the version before it. */
interface StockWriteRecord {
  baseVersion: number;
  version: number;
  locations: StockLocationRow[];
}

export interface UserProductRecord {
  id: string;
  user_id: number;
  /** The version reads show (x-version). */
  version: number;
  locations: StockLocationRow[];
  /** Accepted writes in order; each takes the next version when it becomes visible. */
  pending: PendingStockWrite[];
  history: StockWriteRecord[];
  /** Simulator-only: the operator needs a full inbound before the stock can be modified (a spec 400). */
  fullInboundNeeded: boolean;
}

interface Store {
  id: string;
  network_node_id: string;
  seller_id: number;
  name: string;
}

export interface StockState {
  userProducts: Map<string, UserProductRecord>;
  /** Simulator-only: items sold through fulfillment only (no own delivery): selling_address is refused. */
  fulfillmentOnlyItems: Set<string>;
  stores: Store[];
  /** How long an accepted write takes to show in reads (simulator clock). */
  propagationMs: number;
}

/** The range of item ids (and user product ids) the stock seed adds. */
function stockItemId(index: number): string {
  return `MLA${1420000000 + index}`;
}
function stockUserProductId(index: number): string {
  return `MLAU${3420000 + index}`;
}

/** Ids of seeded user products that show each rule of the spec (tests and the demo list refer to them). */
export const stockScenarios = {
  meliFacilityOnlyFulfillmentOnly: stockUserProductId(1),
  noItems: stockUserProductId(2),
  itemsWithoutInventoryId: stockUserProductId(3),
  fullInboundNeeded: stockUserProductId(4),
  warehousesAndFacility: stockUserProductId(5),
  meliFacilityOnlyOwnDelivery: stockUserProductId(6),
  otherSellers: 'MLBU3429999',
} as const;

type Shape = 'selling+facility' | 'warehouses+facility' | 'warehouses' | 'selling' | 'facility';

const extraTitles = [
  'Parlante Bluetooth portátil 20 W',
  'Smartwatch deportivo con GPS',
  'Teclado mecánico inalámbrico',
  'Mouse ergonómico recargable',
  'Monitor 24" IPS Full HD',
  'Cafetera de cápsulas',
  'Freidora de aire 4 L',
  'Lámpara de escritorio LED',
  'Botella térmica 1 L acero',
  'Silla de oficina ergonómica',
  'Disco SSD externo 1 TB',
  'Cámara web Full HD',
];

export function seedStock(context: SeedContext): StockState {
  // Its own stream (not context.random): adding stock data must not shift the other areas' seeds.
  const random = createRandom(context.seed === 'large' ? 4343 : 3030);
  const seller = context.seller.id;
  const stores: Store[] = [
    { id: 'STORE-101', network_node_id: 'NODE-AR-CABA-01', seller_id: seller, name: 'Depósito Palermo' },
    { id: 'STORE-102', network_node_id: 'NODE-AR-CBA-01', seller_id: seller, name: 'Depósito Córdoba' },
    { id: 'STORE-103', network_node_id: 'NODE-AR-ROS-01', seller_id: seller, name: 'Depósito Rosario' },
    { id: 'STORE-901', network_node_id: 'NODE-BR-SP-01', seller_id: context.otherSeller.id, name: 'Armazém São Paulo' },
  ];
  const state: StockState = { userProducts: new Map(), fulfillmentOnlyItems: new Set(), stores, propagationMs: 1500 };
  const ownStores = stores.filter((s) => s.seller_id === seller);

  const locationsFor = (shape: Shape, total: number): StockLocationRow[] => {
    const facility = shape.includes('facility') ? random.int(0, total) : 0;
    const rest = total - facility;
    const rows: StockLocationRow[] = [];
    if (shape.startsWith('selling')) rows.push({ type: 'selling_address', quantity: rest });
    if (shape.startsWith('warehouses')) {
      const first = random.int(0, rest);
      const [a, b] = ownStores;
      rows.push({ type: 'seller_warehouse', quantity: first, store_id: a!.id, network_node_id: a!.network_node_id });
      rows.push({ type: 'seller_warehouse', quantity: rest - first, store_id: b!.id, network_node_id: b!.network_node_id });
    }
    if (shape.includes('facility')) rows.push({ type: 'meli_facility', quantity: shape === 'facility' ? total : facility });
    return rows;
  };

  const add = (id: string, userId: number, locations: StockLocationRow[], fullInboundNeeded = false) => {
    state.userProducts.set(id, {
      id,
      user_id: userId,
      version: random.int(1, 40),
      locations,
      pending: [],
      history: [],
      fullInboundNeeded,
    });
  };

  // The shared items: fulfillment items keep stock at the selling address and in the operator's
  // warehouses; items outside fulfillment (no inventory id) use the seller's warehouses or the address.
  for (const item of [...context.items.values()]) {
    if (!item.user_product_id || state.userProducts.has(item.user_product_id)) continue;
    const shape: Shape = item.inventory_id
      ? item.category_id === 'MLA1652'
        ? 'warehouses+facility'
        : 'selling+facility'
      : item.vehicle
        ? 'warehouses'
        : 'selling';
    add(item.user_product_id, item.seller_id, locationsFor(shape, item.available_quantity));
  }

  let itemIndex = 0;
  const addItem = (userProductId: string | null, title: string, total: number, inventory: boolean): Item => {
    itemIndex += 1;
    const sold = random.int(0, 200);
    const price = random.int(10, 400) * 1000 - 1;
    const item: Item = {
      id: stockItemId(itemIndex),
      site_id: 'MLA',
      title,
      subtitle: null,
      seller_id: seller,
      category_id: 'MLA1055',
      official_store_id: null,
      price,
      base_price: price,
      original_price: null,
      inventory_id: inventory ? `INV42${String(itemIndex).padStart(5, '0')}X` : null,
      currency_id: 'ARS',
      initial_quantity: total + sold,
      available_quantity: total,
      sold_quantity: sold,
      sale_terms: [{ id: 'WARRANTY_TIME', name: 'Tiempo de garantía', value_name: '3 meses' }],
      listing_type_id: 'gold_special',
      attributes: [],
      status: 'active',
      seller_custom_field: itemIndex % 4 === 0 ? null : `UP-${itemIndex}`,
      user_product_id: userProductId,
      vehicle: false,
    };
    context.items.set(item.id, item);
    return item;
  };

  // One user product per rule of the spec (ids in stockScenarios, in this order).
  const scenario = (
    index: number,
    shape: Shape,
    items: { title: string; inventory: boolean; fulfillmentOnly?: boolean }[],
    fullInbound = false,
  ) => {
    const id = stockUserProductId(index);
    const total = random.int(5, 80);
    for (const spec of items) {
      const item = addItem(id, spec.title, total, spec.inventory);
      if (spec.fulfillmentOnly) state.fulfillmentOnlyItems.add(item.id);
    }
    add(id, seller, locationsFor(shape, total), fullInbound);
  };
  scenario(1, 'facility', [
    { title: 'Kit de destornilladores de precisión 24 piezas', inventory: true, fulfillmentOnly: true },
    { title: 'Kit de destornilladores de precisión 24 piezas (pack x2)', inventory: true, fulfillmentOnly: true },
  ]);
  scenario(2, 'selling+facility', []);
  scenario(3, 'selling+facility', [
    { title: 'Termo acero inoxidable 1,2 L', inventory: true },
    { title: 'Termo acero inoxidable 1,2 L con mate', inventory: false },
  ]);
  scenario(4, 'selling+facility', [{ title: 'Bicicleta rodado 29 aluminio', inventory: true }], true);
  scenario(5, 'warehouses+facility', [{ title: 'Set de ollas antiadherentes 5 piezas', inventory: true }]);
  scenario(6, 'facility', [{ title: 'Proyector LED portátil 1080p', inventory: true }]);

  // Ordinary user products so the list looks like a real catalogue; the large seed adds 5,000 more (a big catalog).
  const ordinary = context.seed === 'large' ? 5_400 : 12;
  const shapes: Shape[] = ['selling+facility', 'warehouses+facility', 'facility', 'selling+facility'];
  for (let n = 0; n < ordinary; n += 1) {
    const index = 100 + n;
    const shape = shapes[n % shapes.length]!;
    const id = stockUserProductId(index);
    const total = random.int(0, 120);
    addItem(
      id,
      `${extraTitles[n % extraTitles.length]!}${n >= extraTitles.length ? ` (${Math.floor(n / extraTitles.length) + 1})` : ''}`,
      total,
      true,
    );
    add(id, seller, locationsFor(shape, total));
  }

  // Someone else's user product: the demo seller gets the same 404 as for an unknown id.
  add(stockScenarios.otherSellers, context.otherSeller.id, [{ type: 'meli_facility', quantity: 7 }]);
  return state;
}

/** Items grouped by a user product (simulator-side join). */
export function itemsOfUserProduct(items: Map<string, Item>, userProductId: string): Item[] {
  return [...items.values()].filter((item) => item.user_product_id === userProductId);
}

/**
 * Makes accepted writes visible once their time has come: each takes the next version, and the linked
 * items' available quantity follows the total ("updated in all sales conditions of the user product").
 */
export function settleStock(record: UserProductRecord, items: Map<string, Item>, now: number): void {
  while (record.pending.length > 0 && record.pending[0]!.visibleAt <= now) {
    const write = record.pending.shift()!;
    record.history.push({ baseVersion: record.version, version: record.version + 1, locations: write.locations });
    record.version += 1;
    record.locations = write.locations;
    const total = write.locations.reduce((sum, location) => sum + location.quantity, 0);
    for (const item of itemsOfUserProduct(items, record.id)) {
      item.available_quantity = total;
      item.initial_quantity = total + item.sold_quantity;
    }
  }
}

/** The version a write must carry: the last accepted one, even if reads do not show it yet. */
export function headVersion(record: UserProductRecord): number {
  return record.version + record.pending.length;
}

/** The locations as they will be once every accepted write is visible (what a new write builds on). */
export function headLocations(record: UserProductRecord): StockLocationRow[] {
  return record.pending.at(-1)?.locations ?? record.locations;
}
