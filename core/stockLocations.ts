/**
 * The stock of a user product as the bulk modules see it (spec: "User product stock", "Stock of a user
 * product"), and the one way they read it: through the injected port, within the rate budget, retried a
 * bounded number of times.
 */

/** A location entry of a stock read; seller_warehouse entries carry their store and network node. */
export interface StockLocation {
  type: string;
  quantity: number;
  store_id?: string;
  network_node_id?: string;
}

/** A stock read: its locations and the version (x-version, kept as its digits: it may exceed 2^53). */
export interface StockSnapshot {
  locations: readonly StockLocation[];
  version: string;
}

/** The location types the seller may write (spec: "Editable via API"); meli_facility and unknown types are not. */
export const editableLocationTypes: ReadonlySet<string> = new Set(['selling_address', 'seller_warehouse']);

/** One location of a user product: its type, and for a warehouse its store (and node, sent along on writes). */
export interface LocationRef {
  type: string;
  storeId?: string;
  networkNodeId?: string;
}

export function locationRef(location: StockLocation): LocationRef {
  return {
    type: location.type,
    ...(location.store_id === undefined ? {} : { storeId: location.store_id }),
    ...(location.network_node_id === undefined ? {} : { networkNodeId: location.network_node_id }),
  };
}

/** Whether a read's entry is `ref`'s location: same type, and for a warehouse the same store. */
function isLocation(location: StockLocation, ref: LocationRef): boolean {
  return location.type === ref.type && (ref.type !== 'seller_warehouse' || location.store_id === ref.storeId);
}

/** The quantity at `ref` in a read, or null when the read has no such location. */
export function quantityAt(stock: StockSnapshot, ref: LocationRef): number | null {
  return stock.locations.find((location) => isLocation(location, ref))?.quantity ?? null;
}

/** Whether version `a` is newer than `b` (compared as BigInt, never rounded). */
export function isNewerVersion(a: string, b: string): boolean {
  return BigInt(a) > BigInt(b);
}

/**
 * What a read port answers: the stock, "try later" (429, 5xx, a dropped connection: `retryAfterMs` from
 * Retry-After when the answer had one), or a refusal that no retry changes (404, 403 …) with its reason.
 */
export type ReadResult =
  { kind: 'ok'; stock: StockSnapshot } | { kind: 'retryLater'; retryAfterMs?: number } | { kind: 'refused'; reason: string };

/** How calls toward the marketplace are made: the caller's adapters, the server's rate budget, its clock. */
export interface StockReadPorts {
  readStock: (userProductId: string) => Promise<ReadResult>;
  /** The rate budget: resolves when one more call may go. Awaited before every call. */
  schedule: () => Promise<void>;
  /** Waits on the caller's clock (real or simulated); the modules never keep time themselves. */
  sleep: (ms: number) => Promise<void>;
}

export interface RetryPolicy {
  /** Calls made at most for one read or one write before it counts as failed. */
  maxAttempts: number;
  /** The wait before attempt `attempt + 1` when the answer named none (no Retry-After). */
  backoffMs: (attempt: number) => number;
}

export const defaultRetry: RetryPolicy = { maxAttempts: 6, backoffMs: (attempt) => Math.min(30_000, 500 * 2 ** attempt) };

/** Reads a user product's stock within the budget, retrying "try later" answers; a refusal or the last failure is returned as such. */
export async function readStockWithRetry(
  ports: StockReadPorts,
  userProductId: string,
  retry: RetryPolicy,
): Promise<{ stock: StockSnapshot } | { unreadable: string }> {
  for (let attempt = 1; ; attempt += 1) {
    await ports.schedule();
    const result = await ports.readStock(userProductId);
    if (result.kind === 'ok') return { stock: result.stock };
    if (result.kind === 'refused') return { unreadable: result.reason };
    if (attempt >= retry.maxAttempts) return { unreadable: 'retries exhausted' };
    await ports.sleep(result.retryAfterMs ?? retry.backoffMs(attempt));
  }
}
