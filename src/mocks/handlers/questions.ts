import type { Route } from '../route';

/** Demo handlers of the questions area (filled in by the API contract issue). */
export function questionsHandlers(_route: Route) {
  return [];
}
