import { screen, waitFor } from '@testing-library/react';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { desktopNotificationsStore } from '../features/activity/desktop';
import { activityKeys } from '../features/activity/keys';
import { creditLeadKeys } from '../features/credits/keys';
import { fulfillmentKeys, type OperationFilters } from '../features/fulfillment/keys';
import { questionKeys } from '../features/questions/keys';
import { stockKeys } from '../lib/stockKeys';
import { itemKeys } from '../lib/items';
import { activityEntry, endStreams, lastEventIds, openStreams, pushActivity, serveActivityStandIns } from '../test/activity';
import { sessionStore } from '../lib/session';
import { act } from '@testing-library/react';
import { configureClient } from '../api/client';
import { server } from '../test/demo';
import { renderWithProviders } from '../test/render';
import { LiveUpdates } from './LiveUpdates';

const entry = activityEntry;

const filters = (inventoryIds: string[]): OperationFilters => ({
  sellerId: 1,
  inventoryIds,
  dateFrom: '2026-11-01',
  dateTo: '2026-11-23',
  sort: 'date_desc' as OperationFilters['sort'],
  limit: 50,
});

/** Keys with data in the cache, so that invalidation shows on each. */
const watched: Record<string, QueryKey> = {
  questionList: questionKeys.page({ sellerId: 1, sortField: 'date_created', sortType: 'DESC' }, 0),
  questionCount: questionKeys.unanswered(1),
  question5: questionKeys.detail(5),
  question6: questionKeys.detail(6),
  creditSearch: creditLeadKeys.search({ seller_id: 1 } as never, false),
  creditDetail: creditLeadKeys.detail('c1', 1, false),
  inventoryStock: fulfillmentKeys.stock('INV1'),
  otherInventoryStock: fulfillmentKeys.stock('INV2'),
  inventoryLog: fulfillmentKeys.operations(filters(['INV1'])),
  allInventoriesLog: fulfillmentKeys.operations(filters([])),
  otherInventoryLog: fulfillmentKeys.operations(filters(['INV2'])),
  stock: stockKeys.detail('UP1'),
  otherStock: stockKeys.detail('UP2'),
  item: itemKeys.detail('MLA1'),
  otherItem: itemKeys.detail('MLA2'),
  activity: activityKeys.unread(),
};

async function renderListening() {
  const { queryClient } = renderWithProviders(<LiveUpdates wide />);
  for (const key of Object.values(watched)) queryClient.setQueryData(key, {});
  // The inbox page on screen shows question 5 (not 6).
  queryClient.setQueryData(watched.questionList!, { questions: [{ id: 5 }] });
  await waitFor(() => expect(openStreams()).toBe(1));
  return queryClient;
}

const invalidated = (queryClient: QueryClient) =>
  Object.entries(watched)
    .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
    .map(([name]) => name)
    .sort();

// The stream and the list as each test drives them, in place of the simulator's.
beforeEach(() => serveActivityStandIns());

describe('live updates', () => {
  it.each([
    [entry({}), ['activity', 'question5', 'questionCount', 'questionList']],
    // A question the open list does not show leaves the list as it is: its head announces it instead.
    [entry({ subject: { questionId: 6, itemId: 'MLA1' } }), ['activity', 'question6', 'questionCount']],
    [entry({ kind: 'credit-lead', topic: 'leads-credits', subject: { creditId: 'c1' }, facts: {} }), ['activity', 'creditSearch']],
    [
      entry({ kind: 'fulfillment-operation', topic: 'fbm_stock_operations', subject: { inventoryId: 'INV1', operationId: 7 }, facts: {} }),
      ['activity', 'allInventoriesLog', 'inventoryLog', 'inventoryStock'],
    ],
    [entry({ kind: 'stock', topic: 'stock-location', subject: { userProductId: 'UP1' }, facts: {} }), ['activity', 'stock']],
    [entry({ kind: 'item', topic: 'items', subject: { itemId: 'MLA1' }, facts: {} }), ['activity', 'item']],
  ])('an entry refreshes exactly the queries of what it is about (%#)', async (event, expected) => {
    const queryClient = await renderListening();
    pushActivity(event);
    await waitFor(() => expect(invalidated(queryClient)).toEqual(expected.sort()));
  });

  it('opens the stream once the backend runs (the demo starts its simulator with the first request)', async () => {
    let start = () => {};
    const started = new Promise<void>((resolve) => (start = resolve));
    configureClient({ ready: () => started });
    renderWithProviders(<LiveUpdates wide />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(openStreams()).toBe(0);
    start();
    await waitFor(() => expect(openStreams()).toBe(1));
  });

  it('reads the activity again when the stream first opens: what happened before it is not replayed', async () => {
    const { queryClient } = renderWithProviders(<LiveUpdates wide />);
    queryClient.setQueryData(activityKeys.unread(), 0);
    await waitFor(() => expect(openStreams()).toBe(1));
    await waitFor(() => expect(queryClient.getQueryState(activityKeys.unread())?.isInvalidated).toBe(true));
  });

  it('drops an event that is not an entry, and goes on with the next', async () => {
    const queryClient = await renderListening();
    pushActivity(JSON.stringify({ ...entry({ subject: { questionId: 6 } }), id: 'not-a-number' }));
    pushActivity('not json');
    pushActivity(entry({}));
    await waitFor(() => expect(invalidated(queryClient)).toContain('question5'));
    expect(invalidated(queryClient)).not.toContain('question6');
  });

  it('announces a new entry politely', async () => {
    await renderListening();
    pushActivity(entry({}));
    expect(await screen.findByText('New question on Red mug')).toHaveAttribute('aria-live', 'polite');
  });

  it('says quietly that live updates are paused while the stream is down, and reconnects', async () => {
    let refusals = 1;
    server.use(http.get('http://localhost/events', () => (refusals-- > 0 ? new HttpResponse(null, { status: 502 }) : undefined)));
    renderWithProviders(<LiveUpdates wide />);
    expect(await screen.findByText('Live updates paused — reconnecting')).toBeInTheDocument();
    // The next attempt (after a second) reaches the stream: the indicator goes.
    await waitFor(() => expect(screen.queryByText('Live updates paused — reconnecting')).not.toBeInTheDocument());
    expect(openStreams()).toBe(1);
  });

  it('resumes after the last entry it saw when the stream comes back', async () => {
    await renderListening();
    pushActivity(entry({ id: '41' }));
    await screen.findByText('New question on Red mug');
    // The server ends the stream: the next one asks for what came after 41.
    endStreams();
    await waitFor(() => expect(lastEventIds).toEqual([null, '41']));
  });

  it('closes the stream when the active account changes, and opens one for the new account', async () => {
    const live = (activeAccountId: string) =>
      sessionStore.set((session) => ({
        ...session,
        mode: 'live',
        server: { mode: 'live', signedIn: true, oauth: true, accounts: [], activeAccountId },
      }));
    live('1');
    await renderListening();
    act(() => live('2'));
    await waitFor(() => expect(lastEventIds).toHaveLength(2));
    expect(openStreams()).toBe(1);
    act(() => sessionStore.set((session) => ({ ...session, server: session.server && { ...session.server, signedIn: false } })));
    await waitFor(() => expect(openStreams()).toBe(0));
  });

  it('shows a new question as a desktop notification when the seller opted in, and nothing else', async () => {
    const shown = vi.fn();
    vi.stubGlobal('Notification', Object.assign(shown, { permission: 'granted' }));
    desktopNotificationsStore.set(true);
    await renderListening();
    pushActivity(entry({ id: '2', facts: { status: 'ANSWERED', itemTitle: 'Red mug' } }));
    pushActivity(entry({ id: '3' }));
    await screen.findByText('New question on Red mug');
    expect(shown.mock.calls).toEqual([['New question on Red mug', { tag: '3' }]]);
    desktopNotificationsStore.set(false);
    vi.unstubAllGlobals();
  });
});
