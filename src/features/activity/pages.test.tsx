import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { ActivityEntry } from '../../api/activity';
import { activityEntry } from '../../test/activity';
import { server } from '../../test/demo';
import { renderWithProviders } from '../../test/render';
import { Component } from './routes';

const question = activityEntry({
  id: '12',
  resource: '/questions/5036111111',
  createdAt: '2026-11-23T10:05:00Z',
  subject: { questionId: 5036111111, itemId: 'MLA1' },
});

const recategorization: ActivityEntry = {
  id: '11',
  accountId: '1',
  topic: 'items',
  kind: 'recategorization',
  resource: '/items/MLA2',
  createdAt: '2026-11-23T10:00:00Z',
  read: true,
  subject: { itemId: 'MLA2' },
  facts: {},
  review: {
    itemTitle: 'Blue kettle',
    price: 100,
    currencyId: 'ARS',
    listingTypeId: 'gold_special',
    from: { categoryId: 'MLA1000', path: ['Home', 'Kitchen'], saleFee: 13 },
    to: { categoryId: 'MLA2000', path: ['Home', 'Appliances', 'Kettles'], saleFee: 15.5 },
    missingAttributes: [{ id: 'POWER', name: 'Power' }],
    reviewedAt: null,
  },
};

/** Seller Desk's activity paths over a small store of entries; records what was asked. */
function serveActivity(entries: ActivityEntry[]) {
  const asked: { kind: string | null; before: string | null }[] = [];
  const writes: { path: string; body: unknown }[] = [];
  server.use(
    http.get('http://localhost/activity', ({ request }) => {
      const search = new URL(request.url).searchParams;
      const kind = search.get('kind');
      const before = search.get('before');
      asked.push({ kind, before });
      return HttpResponse.json({
        entries: entries
          .filter((entry) => (!kind || entry.kind === kind) && (!before || Number(entry.id) < Number(before)))
          .slice(0, Number(search.get('limit'))),
        unread: entries.filter((entry) => !entry.read).length,
      });
    }),
    http.post('http://localhost/activity/read', async ({ request }) => {
      const body = (await request.json()) as { ids?: string[]; all?: boolean };
      writes.push({ path: '/activity/read', body });
      entries = entries.map((entry) => (body.all || body.ids?.includes(entry.id) ? { ...entry, read: true } : entry));
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('http://localhost/activity/:id/reviewed', ({ params }) => {
      writes.push({ path: `/activity/${String(params.id)}/reviewed`, body: undefined });
      entries = entries.map((entry) =>
        entry.id === params.id && entry.review ? { ...entry, review: { ...entry.review, reviewedAt: '2026-11-23T11:00:00Z' } } : entry,
      );
      return HttpResponse.json(entries.find((entry) => entry.id === params.id));
    }),
  );
  return { asked, writes };
}

const renderPage = (path = '/activity') => renderWithProviders(<Component />, { path, route: '/activity/*' });

describe('activity page', () => {
  it('lists the entries newest first, each linked to its page, with the unread count', async () => {
    serveActivity([question, recategorization]);
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Activity' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Activity, newest first' });
    const rows = within(list).getAllByTestId('activity-entry');
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual([
      'New question on Red mug',
      'Blue kettle moved to another category',
    ]);
    expect(within(rows[0]!).getByRole('link')).toHaveAttribute('href', '/questions/5036111111');
    expect(within(rows[1]!).getByRole('link')).toHaveAttribute('href', '/categories/MLA/MLA2000');
    expect(screen.getByText('1 unread entry')).toBeInTheDocument();
    expect(within(rows[0]!).getByText(/Unread/)).toBeInTheDocument();
  });

  it('filters by kind through the URL', async () => {
    const { asked } = serveActivity([question, recategorization]);
    renderPage('/activity?kind=recategorization');
    const list = await screen.findByRole('list', { name: 'Activity, newest first' });
    expect(within(list).getAllByTestId('activity-entry')).toHaveLength(1);
    expect(asked).toContainEqual({ kind: 'recategorization', before: null });
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    await user.click(screen.getByRole('option', { name: 'All kinds' }));
    await waitFor(() => expect(screen.getAllByTestId('activity-entry')).toHaveLength(2));
  });

  it('pages to older entries through the URL, and back to the newest', async () => {
    const many = Array.from({ length: 51 }, (_, index) => ({ ...question, id: String(100 - index), read: true }));
    const { asked } = serveActivity(many);
    renderPage();
    expect(await screen.findAllByTestId('activity-entry')).toHaveLength(50);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Older entries' }));
    await waitFor(() => expect(screen.getAllByTestId('activity-entry')).toHaveLength(1));
    expect(asked.at(-1)).toEqual({ kind: null, before: '51' });
    expect(screen.queryByRole('button', { name: 'Older entries' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Newest entries' }));
    await waitFor(() => expect(screen.getAllByTestId('activity-entry')).toHaveLength(50));
  });

  it('marks an entry read with its button, and all of them with one button', async () => {
    const { writes } = serveActivity([question, { ...recategorization, id: '10', read: false }]);
    renderPage();
    const user = userEvent.setup();
    expect(await screen.findByText('2 unread entries')).toBeInTheDocument();
    const [first] = await screen.findAllByTestId('activity-entry');
    await user.click(within(first!).getByRole('button', { name: 'Mark as read' }));
    expect(await screen.findByText('1 unread entry')).toBeInTheDocument();
    expect(writes).toEqual([{ path: '/activity/read', body: { ids: ['12'] } }]);
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText('0 unread entries')).toBeInTheDocument();
    expect(writes.at(-1)).toEqual({ path: '/activity/read', body: { all: true } });
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    // The list is drawn from the data at low priority (DataState), so it may follow the count a moment later.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Mark as read' })).not.toBeInTheDocument());
  });

  it('marks an unread entry read when the seller opens it', async () => {
    const { writes } = serveActivity([question]);
    renderPage();
    await userEvent.setup().click(await screen.findByRole('link', { name: 'New question on Red mug' }));
    await waitFor(() => expect(writes).toEqual([{ path: '/activity/read', body: { ids: ['12'] } }]));
  });

  it('shows a recategorization review: old → new path, the fee difference, missing attributes, and marks it reviewed', async () => {
    const { writes } = serveActivity([recategorization]);
    renderPage();
    expect(await screen.findByText('Home › Kitchen → Home › Appliances › Kettles')).toBeInTheDocument();
    expect(screen.getByTestId('fee-change')).toHaveTextContent('ARS 13.00 → ARS 15.50 (+ARS 2.50)');
    expect(screen.getByText('Power')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Mark reviewed' }));
    expect(await screen.findByText(/^Reviewed /)).toBeInTheDocument();
    expect(writes).toEqual([{ path: '/activity/11/reviewed', body: undefined }]);
    expect(screen.queryByRole('button', { name: 'Mark reviewed' })).not.toBeInTheDocument();
  });

  it('says when there is nothing yet, and shows an error with a retry', async () => {
    serveActivity([]);
    renderPage();
    expect(await screen.findByText('Nothing has happened on your account yet.')).toBeInTheDocument();
    server.use(
      http.get('http://localhost/activity', () =>
        HttpResponse.json({ error: 'boom', message: 'boom', status: 500, cause: [] }, { status: 500 }),
      ),
    );
    renderPage('/activity?kind=stock');
    expect(await screen.findByRole('button', { name: /retry/i })).toBeInTheDocument();
  });

  it('asks for the desktop notification permission only when the button is clicked, and remembers the choice', async () => {
    serveActivity([]);
    const requestPermission = vi.fn(async () => 'granted' as const);
    vi.stubGlobal('Notification', Object.assign(vi.fn(), { permission: 'default', requestPermission }));
    renderPage();
    const button = await screen.findByRole('button', { name: 'Notify me of new questions' });
    expect(requestPermission).not.toHaveBeenCalled();
    await userEvent.setup().click(button);
    expect(requestPermission).toHaveBeenCalledOnce();
    expect(await screen.findByRole('button', { name: 'Turn off desktop notifications' })).toBeInTheDocument();
    expect(localStorage.getItem('seller-desk.activity.desktop-notifications')).toBe('true');
    vi.unstubAllGlobals();
  });

  it('says where to change a refused permission instead of asking again', async () => {
    serveActivity([]);
    vi.stubGlobal('Notification', Object.assign(vi.fn(), { permission: 'denied', requestPermission: vi.fn() }));
    renderPage();
    expect(await screen.findByText("Notifications are blocked in this browser's site settings.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Notify me of new questions' })).not.toBeInTheDocument();
    vi.unstubAllGlobals();
  });
});
