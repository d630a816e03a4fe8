import { http, HttpResponse, sse } from 'msw';
import type { ActivityEntry } from '../api/activity';
import { server } from './demo';

/**
 * Seller Desk's own paths of the activity (GET /events, GET /activity…) as a test controls them, in place of the
 * simulator's: a stream that stays open and sends what the test pushes, and an empty activity list.
 */
const origin = 'http://localhost';

interface Stream {
  send: (entry: ActivityEntry | string) => void;
  end: () => void;
}
let clients: Stream[] = [];
/** The `lastEventId` each stream was opened with (null: none). */
export let lastEventIds: (string | null)[] = [];

export function serveActivityStandIns(): void {
  clients = [];
  lastEventIds = [];
  server.use(
    sse<{ activity: string }>(`${origin}/events`, ({ client, request }) => {
      // Under msw/node a fetch answers at the first bytes of the body: a first frame opens the stream at once.
      client.send({ retry: 1000 });
      const stream: Stream = {
        send: (entry) =>
          client.send(
            typeof entry === 'string'
              ? { event: 'activity', data: entry }
              : { event: 'activity', id: entry.id, data: JSON.stringify(entry) },
          ),
        end: () => client.close(),
      };
      clients.push(stream);
      const forget = () => (clients = clients.filter((other) => other !== stream));
      request.signal.addEventListener('abort', forget);
      lastEventIds.push(new URL(request.url).searchParams.get('lastEventId'));
    }),
    http.get(`${origin}/activity`, () => HttpResponse.json({ entries: [], unread: 0 })),
  );
}

/** How many streams are open now. */
export const openStreams = () => clients.length;

/** An `activity` event on every open stream: an entry, or raw data (to send what is not one). */
export function pushActivity(entry: ActivityEntry | string): void {
  for (const stream of clients) stream.send(entry);
}

/** The server ends every open stream (a restart, a proxy's timeout). */
export function endStreams(): void {
  for (const stream of clients) stream.end();
  clients = [];
}

/** A new question's entry as the server sends it; `patch` makes any other kind. */
export const activityEntry = (patch: Partial<ActivityEntry> = {}): ActivityEntry => ({
  id: '1',
  accountId: '1',
  topic: 'questions',
  kind: 'question',
  resource: '/questions/5',
  createdAt: '2026-11-23T10:00:00Z',
  read: false,
  subject: { questionId: 5, itemId: 'MLA1' },
  facts: { status: 'UNANSWERED', itemTitle: 'Red mug' },
  ...patch,
});
