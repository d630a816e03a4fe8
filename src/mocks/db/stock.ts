import type { SeedContext } from './context';

/** Stock area of the demo database (filled in by the stock issue). */
export type StockState = Record<string, never>;

export function seedStock(_context: SeedContext): StockState {
  return {};
}
