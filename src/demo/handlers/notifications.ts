import { caller, fail, type Route } from '../route';

// Spec: "lists notifications that were not acknowledged in the last 2 days". Paging limits are our choice.
const keptMs = 2 * 24 * 3600_000;
const defaultLimit = 50;
const maxLimit = 100;

function integerParam(url: URL, name: string, fallback: number, max: number): number {
  const raw = url.searchParams.get(name);
  if (raw === null || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) > max) fail(400, 'bad_request', `${name} must be an integer from 0 to ${max}`);
  return Number(raw);
}

/** GET /missed_feeds: what the callback did not acknowledge (src/demo/notifications.ts gives up on it). */
export function notificationHandlers(route: Route) {
  return [
    route('get', '/missed_feeds', (context) => {
      caller(context);
      const { db, url, now } = context;
      const appId = url.searchParams.get('app_id');
      if (!appId) fail(400, 'bad_request', 'The query param app_id is required');
      const topic = url.searchParams.get('topic');
      const offset = integerParam(url, 'offset', 0, Number.MAX_SAFE_INTEGER);
      const limit = integerParam(url, 'limit', defaultLimit, maxLimit);
      const messages = db.notifications.missed.filter(
        (message) =>
          String(message.application_id) === appId && Date.parse(message.received) > now - keptMs && (!topic || message.topic === topic),
      );
      return { messages: messages.slice(offset, offset + limit), total: messages.length };
    }),
  ];
}
