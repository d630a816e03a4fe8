import { isApiError, NetworkError } from '../../api/errors';
import {
  isNewerVersion,
  putSellerWarehouseStock,
  putSellingAddressStock,
  type StockRead,
  type StockVersion,
  type UserProductStock,
} from '../../api/stock';

/**
 * The write and conflict-resolution logic of the stock page, free of React so the randomized
 * interleaving test drives exactly what the page runs. Writes are pessimistic: a 204 only means
 * "accepted", and the edit stays pending until a fresh read shows a newer version.
 */
export type EditTarget = { type: 'selling_address' } | { type: 'seller_warehouse'; storeId: string; networkNodeId?: string };

export interface StockEdit {
  userProductId: string;
  target: EditTarget;
  /** The read the edit started from: its version goes out as x-version. */
  base: { version: StockVersion; quantity: number };
  value: number;
}

/** How a target is named in the URL (?edit=…): the location type, or the warehouse's store id. */
export function targetKey(target: EditTarget): string {
  return target.type === 'selling_address' ? 'selling_address' : target.storeId;
}

/** The quantity a target holds in a read; 0 when the location does not exist yet (a first write creates it). */
export function quantityAt(stock: UserProductStock, target: EditTarget): number {
  const location = stock.locations.find((l) =>
    target.type === 'selling_address' ? l.type === 'selling_address' : l.type === 'seller_warehouse' && l.store_id === target.storeId,
  );
  return location?.quantity ?? 0;
}

export type WriteOutcome =
  /** A newer version shows the value that was sent. */
  | { kind: 'confirmed'; edit: StockEdit; read: StockRead }
  /** Accepted, but by the time it showed a later write had changed the quantity again. */
  | { kind: 'replaced'; edit: StockEdit; read: StockRead }
  /** Accepted, but no newer version showed while we waited; the seller is told to check later. */
  | { kind: 'unconfirmed'; edit: StockEdit; read: StockRead }
  /** 409: someone else wrote first; `latest` is a fresh read newer than the edit's base. */
  | { kind: 'conflict'; edit: StockEdit; latest: StockRead };

export interface StockWriteDeps {
  /** A fresh read of the stock (the page's own query refetch, so the table follows along). */
  read: (userProductId: string) => Promise<StockRead>;
  wait: (ms: number) => Promise<void>;
  /** Called when the server accepted the write (204 / 200): the edit is pending from then on. */
  onAccepted?: (edit: StockEdit) => void;
  pollMs?: number;
  maxPolls?: number;
}

function sendEdit(edit: StockEdit, signal?: AbortSignal): Promise<unknown> {
  const { userProductId, target, base, value } = edit;
  if (target.type === 'selling_address') {
    return putSellingAddressStock(userProductId, { quantity: value, version: base.version }, signal);
  }
  const location = {
    store_id: target.storeId,
    quantity: value,
    ...(target.networkNodeId ? { network_node_id: target.networkNodeId } : {}),
  };
  return putSellerWarehouseStock(userProductId, { locations: [location], version: base.version }, signal);
}

/**
 * Reads until a version newer than `version` shows (the spec's asynchronous propagation), or the
 * polling budget runs out; returns the last read either way.
 */
async function readNewerThan(userProductId: string, version: StockVersion, deps: StockWriteDeps): Promise<StockRead> {
  const { pollMs = 500, maxPolls = 20 } = deps;
  let read = await deps.read(userProductId);
  for (let poll = 0; !isNewerVersion(read.version, version) && poll < maxPolls; poll += 1) {
    await deps.wait(pollMs);
    read = await deps.read(userProductId);
  }
  return read;
}

/**
 * Sends one edit and follows it to its outcome. 400/404 and other failures are thrown as they come; a
 * dropped connection leaves the outcome unknown, so the stock is read again before anything is offered: a
 * newer version showing our value is ours confirmed, one showing another value is put to the seller as a
 * conflict (ours may or may not have landed under it), and only when none shows is the failure thrown
 * (a new attempt from that read would be refused by the version check had ours landed after all).
 */
export async function writeStock(edit: StockEdit, deps: StockWriteDeps): Promise<WriteOutcome> {
  try {
    await sendEdit(edit);
  } catch (error) {
    if (isApiError(error, 409)) return { kind: 'conflict', edit, latest: await readNewerThan(edit.userProductId, edit.base.version, deps) };
    if (!(error instanceof NetworkError)) throw error;
    const read = await readNewerThan(edit.userProductId, edit.base.version, deps).catch(() => null);
    if (!read || !isNewerVersion(read.version, edit.base.version)) throw error;
    return quantityAt(read.stock, edit.target) === edit.value
      ? { kind: 'confirmed', edit, read }
      : { kind: 'conflict', edit, latest: read };
  }
  deps.onAccepted?.(edit);
  const read = await readNewerThan(edit.userProductId, edit.base.version, deps);
  if (!isNewerVersion(read.version, edit.base.version)) return { kind: 'unconfirmed', edit, read };
  return { kind: quantityAt(read.stock, edit.target) === edit.value ? 'confirmed' : 'replaced', edit, read };
}

/** "Apply mine on the latest version": the same value, now based on the fresh read the dialog showed. */
export function applyMineOnLatest(conflict: Extract<WriteOutcome, { kind: 'conflict' }>): StockEdit {
  const { edit, latest } = conflict;
  return { ...edit, base: { version: latest.version, quantity: quantityAt(latest.stock, edit.target) } };
}
