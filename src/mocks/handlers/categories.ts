import type { Route } from '../route';

/** Demo handlers of the categories area (filled in by the API contract issue). */
export function categoriesHandlers(_route: Route) {
  return [];
}
