import { useEffect, useEffectEvent, useState } from 'react';
import { eventsUrl, parseActivityEvent, parseStockJobEvent, type ActivityEntry } from '../api/activity';
import { backendReady } from '../api/client';
import { parseLeadReviewEvent, type LeadReviewEvent } from '../api/credits';
import { refreshServerSession, sessionStore, useSession } from '../lib/session';
import { loadQueryClient } from './queries';

export type StreamState = 'connecting' | 'open' | 'down';

/** Reconnect after 1, 2, 4 … s, never waiting more than this. */
const maxRetryMs = 30_000;

/**
 * The active account's activity stream (GET /events, same origin, so the session cookie goes with it). One
 * stream per account: it closes when the account changes or the seller signs out. When it drops, it is
 * reopened with backoff from the last entry seen, so nothing is missed; invalid entries are dropped.
 */
export function useActivityStream(
  onEntry: (entry: ActivityEntry) => void,
  onFirstOpen: () => void,
  /** A teammate's credit-lead review (`event: lead-review`, docs/roles.md): not replayed, the list reads them all. */
  onLeadReview: (review: LeadReviewEvent) => void,
  /** A bulk stock job moved (`event: stock-job`, docs/stock-bulk.md): its id. */
  onStockJob: (id: string) => void,
): StreamState {
  const session = useSession();
  const account = session.mode === 'live' ? (session.server?.signedIn && session.server.activeAccountId) || null : session.mode;
  const [state, setState] = useState<StreamState>('connecting');
  const deliver = useEffectEvent(onEntry);
  const opened = useEffectEvent(onFirstOpen);
  const reviewed = useEffectEvent(onLeadReview);
  const jobMoved = useEffectEvent(onStockJob);

  useEffect(() => {
    if (account === null) return;
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let closed = false;
    let failures = 0;
    let lastEventId: string | undefined;
    const connect = () => {
      source = new EventSource(eventsUrl(lastEventId));
      source.onopen = () => {
        failures = 0;
        setState('open');
        // What happened before this account's stream first opened is not replayed: the lists read it instead.
        if (lastEventId === undefined) opened();
      };
      source.addEventListener('activity', (event: MessageEvent<string>) => {
        const entry = parseActivityEvent(event.data);
        if (!entry) return;
        lastEventId = event.lastEventId || entry.id;
        deliver(entry);
      });
      source.addEventListener('lead-review', (event: MessageEvent<string>) => {
        const review = parseLeadReviewEvent(event.data);
        if (review) reviewed(review);
      });
      source.addEventListener('stock-job', (event: MessageEvent<string>) => {
        const id = parseStockJobEvent(event.data);
        if (id) jobMoved(id);
      });
      source.onerror = () => {
        // The browser's own retry knows no backoff, no cap, and gives up for good on a refusal: this one does not.
        source?.close();
        setState('down');
        // The server ends a removed person's streams at once: the session then says where they stand.
        if (sessionStore.get().mode === 'live') void refreshServerSession(() => loadQueryClient().then((client) => client.clear()));
        retry = setTimeout(connect, Math.min(maxRetryMs, 1000 * 2 ** failures));
        failures += 1;
      };
    };
    // The demo's simulator answers the stream once it runs (asking may start it: src/main.tsx).
    const start = () => !closed && connect();
    void backendReady().then(start, start);
    return () => {
      closed = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [account]);

  return state;
}
