import { userIdSchema } from '../../api/response-time';
import { computeResponseTime, responseTimeAsOf } from '../db/response-time';
import { fail, type Route } from '../route';

/**
 * GET /users/{id}/questions/response_time: computed on each call from the question records, as of the
 * day's snapshot (see db/response-time.ts). Any signed-in caller may read any seller's figures (support
 * staff do). A path id that is not a positive integer → 400 bad_request (not shown in the spec).
 */
export function responseTimeHandlers(route: Route) {
  return [
    route('get', '/users/:id/questions/response_time', ({ db, params, now }) => {
      const userId = userIdSchema.safeParse(params.id ?? '');
      if (!userId.success) fail(400, 'bad_request', `Invalid user id: ${params.id}`);
      const resource = computeResponseTime(db.questions.byId.values(), userId.data, responseTimeAsOf(now));
      if (!resource) fail(404, 'not_found', `Response time not found for user id: ${userId.data}`);
      return resource;
    }),
  ];
}
