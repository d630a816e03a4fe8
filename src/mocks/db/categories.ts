import type { SeedContext } from './context';

/** Categories area of the demo database (filled in by the categories issue). */
export type CategoriesState = Record<string, never>;

export function seedCategories(_context: SeedContext): CategoriesState {
  return {};
}
