import type { Route } from '../route';

/** Demo handlers of the stock area (filled in by the API contract issue). */
export function stockHandlers(_route: Route) {
  return [];
}
