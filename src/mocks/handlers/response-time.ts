import type { Route } from '../route';

/** Demo handler of GET /users/{id}/questions/response_time (filled in by the API contract issue). */
export function responseTimeHandlers(_route: Route) {
  return [];
}
