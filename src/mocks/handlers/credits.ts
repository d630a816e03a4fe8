import type { Route } from '../route';

/** Demo handlers of the credits area (filled in by the API contract issue). */
export function creditsHandlers(_route: Route) {
  return [];
}
