/**
 * What the marketplace tells applications about (shared/spec/sign-in-and-notifications.md, "Notifications"):
 * handlers report each change of the db here; whoever delivers notifications (the Node server's callback
 * sender, the browser demo's activity) listens. Changes carry no data, only which resource changed.
 */
type Topic = 'questions' | 'items' | 'stock-location' | 'fbm_stock_operations' | 'leads-credits';

export interface Change {
  topic: Topic;
  resource: string;
  /** The seller the resource belongs to. */
  userId: number;
}

/** The body POSTed to the callback URL, and an element of GET /missed_feeds' messages. */
export interface NotificationBody {
  _id: string;
  resource: string;
  user_id: number;
  topic: Topic;
  application_id: number | string;
  attempts: number;
  sent: string;
  received: string;
  actions: string[];
}

export interface NotificationsState {
  listeners: Set<(change: Change) => void>;
  /** Notifications whose delivery gave up, for GET /missed_feeds. */
  missed: NotificationBody[];
}

export function seedNotifications(): NotificationsState {
  return { listeners: new Set(), missed: [] };
}

export function notify(state: NotificationsState, change: Change): void {
  for (const listener of state.listeners) listener(change);
}

/** Calls `listener` on every change from now on; the answer stops it. */
export function onChange(state: NotificationsState, listener: (change: Change) => void): () => void {
  state.listeners.add(listener);
  return () => state.listeners.delete(listener);
}
