import type { SeedContext } from './context';

/** Fulfillment area of the demo database (filled in by the fulfillment issue). */
export type FulfillmentState = Record<string, never>;

export function seedFulfillment(_context: SeedContext): FulfillmentState {
  return {};
}
