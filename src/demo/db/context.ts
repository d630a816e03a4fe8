import type { Item, Seller } from './core';
import type { Random } from './random';

export type SeedName = 'default' | 'large';

/** Everything the area seed builders share. `now` is the moment the db was created. */
export interface SeedContext {
  seed: SeedName;
  random: Random;
  now: number;
  seller: Seller;
  otherSeller: Seller;
  items: Map<string, Item>;
}
