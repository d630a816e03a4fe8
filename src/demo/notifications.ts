import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { currentTime, type Db } from './db';
import { onChange, type Change, type NotificationBody } from './db/notifications';

/**
 * The marketplace's notification sender, for the simulator served in Node: every change the handlers
 * report is POSTed to the application's callback URL with the spec's body. An answer other than 200, or
 * none within `timeoutMs`, is retried after each of `retryDelaysMs` (same `_id`, `attempts` + 1); after the
 * last, the notification is listed by GET /missed_feeds.
 */
export interface NotificationsOptions {
  callbackUrl: string;
  /** The OAuth app's id, sent as `application_id` (a number when it is all digits, as the spec shows). */
  applicationId: string;
  /** Waits before each retry (ms): the spec's "growing intervals", shortened; tests pass small ones. */
  retryDelaysMs?: number[];
  /** How long the callback may take to answer: the spec's 500 ms. */
  timeoutMs?: number;
}

/** What tests observe. */
export interface DemoNotifications {
  /** Resolves once every delivery under way has been acknowledged or given up. */
  settled(): Promise<void>;
  /** Stops sending (the server closed): retries under way give up without listing anything. */
  stop(): void;
}

const defaultRetryDelaysMs = [1_000, 10_000, 60_000];

export function createNotifications(db: Db, options: NotificationsOptions): DemoNotifications {
  const retryDelaysMs = options.retryDelaysMs ?? defaultRetryDelaysMs;
  const timeoutMs = options.timeoutMs ?? 500;
  const applicationId = /^\d+$/.test(options.applicationId) ? Number(options.applicationId) : options.applicationId;
  const stopping = new AbortController();
  const underWay = new Set<Promise<void>>();
  const isoNow = () => new Date(currentTime(db)).toISOString();

  async function acknowledged(body: NotificationBody): Promise<boolean> {
    try {
      const response = await fetch(options.callbackUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.any([AbortSignal.timeout(timeoutMs), stopping.signal]),
      });
      await response.body?.cancel();
      return response.status === 200;
    } catch {
      return false;
    }
  }

  async function deliver(change: Change): Promise<void> {
    const received = isoNow();
    const body: NotificationBody = {
      _id: randomUUID(),
      resource: change.resource,
      user_id: change.userId,
      topic: change.topic,
      application_id: applicationId,
      attempts: 0,
      sent: received,
      received,
      actions: [],
    };
    for (const wait of [0, ...retryDelaysMs]) {
      if (wait > 0) await sleep(wait, undefined, { signal: stopping.signal, ref: false });
      body.attempts += 1;
      body.sent = isoNow();
      if (await acknowledged(body)) return;
      if (stopping.signal.aborted) return;
    }
    db.notifications.missed.push(body);
  }

  const unsubscribe = onChange(db.notifications, (change) => {
    const delivery = deliver(change)
      .catch(() => undefined)
      .finally(() => underWay.delete(delivery));
    underWay.add(delivery);
  });

  return {
    async settled() {
      while (underWay.size > 0) await Promise.all(underWay);
    },
    stop() {
      unsubscribe();
      stopping.abort();
    },
  };
}
