import type { Route } from '../route';

/** Demo handlers of the fulfillment area (filled in by the API contract issue). */
export function fulfillmentHandlers(_route: Route) {
  return [];
}
