/**
 * Low-stock alerts (issue 52 §4): a user product's threshold on its total available quantity across locations
 * (its own, else the account's default, else none). A stock change that brings the total from above the
 * threshold to at or under it is a crossing, said once (one activity entry); the alert is armed again only when
 * the total rises above the threshold. The server (server/src/lowStock.ts) and demo mode (src/demo/lowStock.ts)
 * decide with these functions. Pure: the state is the caller's.
 */

/** The largest threshold accepted: the store keeps it as an integer (no seller counts two billion units). */
const maxThreshold = 2 ** 31 - 1;

/** A threshold as sent: a whole number from 0, or null (none). */
function isThreshold(value: unknown): value is number | null {
  return value === null || (Number.isInteger(value) && (value as number) >= 0 && (value as number) <= maxThreshold);
}

/** The body of a threshold's PUT, checked: the threshold (null: none), or what is wrong with it (for the 400). */
export function readThreshold(value: unknown): { threshold: number | null } | { problem: string } {
  const threshold = typeof value === 'object' && value !== null ? (value as Record<string, unknown>).threshold : undefined;
  return isThreshold(threshold) ? { threshold } : { problem: 'Send {"threshold": a whole number from 0, or null for none}' };
}

/** What a threshold field holds, as a seller typed it: empty is none; else a whole number from 0. */
export type ThresholdProblem = 'notWholeNumber' | 'tooLarge';

export function parseThreshold(text: string): { threshold: number | null } | { problem: ThresholdProblem } {
  const value = text.trim();
  if (value === '') return { threshold: null };
  if (!/^\d+$/.test(value)) return { problem: 'notWholeNumber' };
  const threshold = Number(value);
  return threshold > maxThreshold ? { problem: 'tooLarge' } : { threshold };
}

/** The total available quantity of a stock read: every location's quantity added up. */
export function totalAvailable(locations: readonly { quantity: number }[]): number {
  return locations.reduce((sum, location) => sum + location.quantity, 0);
}

/** A location of a stock read, as far as a write changes it. */
interface Held {
  type: string;
  quantity: number;
  store_id?: string;
}

/** What a stock write sends (core/stockJob.ts's WriteBody; the door's PUT bodies). */
export type StockWrite = { quantity: number } | { locations: readonly { store_id: string; quantity: number }[] };

/**
 * The total once a write accepted on top of the read `before` shows (writes show later than they are accepted,
 * so the server counts from what it read and sent): a selling address write sets that location, a warehouse
 * write sets each store it names.
 */
export function totalAfterWrite(before: readonly Held[], locationType: string, write: StockWrite): number {
  if ('quantity' in write) return totalAvailable(before.filter((location) => location.type !== locationType)) + write.quantity;
  const written = new Map(write.locations.map((location) => [location.store_id, location.quantity]));
  const kept = before.filter((location) => location.type !== 'seller_warehouse' || !written.has(location.store_id ?? ''));
  return totalAvailable(kept) + totalAvailable([...written.values()].map((quantity) => ({ quantity })));
}

/** The threshold that applies: the user product's own, else the account's default, else none. */
export function effectiveThreshold(own: number | null | undefined, accountDefault: number | null | undefined): number | null {
  return own ?? accountDefault ?? null;
}

/**
 * One stock change seen: whether the user product is now low (at or under the threshold; false without one),
 * and whether this is a crossing to alert of (it was not low before). A product never seen is taken as above:
 * its first sighting at or under its threshold is said once.
 */
export function lowStockStep(wasLow: boolean, total: number, threshold: number | null): { low: boolean; alert: boolean } {
  const low = threshold !== null && total <= threshold;
  return { low, alert: low && !wasLow };
}
