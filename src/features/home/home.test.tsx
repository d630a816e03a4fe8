import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { putAccountSettings } from '../../api/accountSettings';
import { simulateRecategorization } from '../../api/demo';
import { localDay, localTimestamp } from '../../lib/localTime';
import { apiPath, demoSeller, question, server, siteTime, testDb } from '../../test/demo';
import { renderWithProviders } from '../../test/render';
import { Component } from './routes';
import { StockCard } from './StockCard';

const renderHome = () => renderWithProviders(<Component />, { path: '/' });
const card = (name: string) => screen.getByRole('region', { name });
const findCard = (name: string) => screen.findByRole('region', { name });

/**
 * Every read of each card: the simulator's API paths, and Seller Desk's own activity path. `alsoIn`: another card
 * with a part of its own on the same read (the stock card's low-stock alerts are activity entries).
 */
const reads: { card: string; path: string; alsoIn?: string }[] = [
  { card: 'Questions', path: apiPath('/questions/search') },
  { card: 'Response time', path: apiPath('/users/:id/questions/response_time') },
  { card: 'Credit leads', path: apiPath('/vis/loans/search') },
  // The stock card's sold-out and fulfillment parts start from the catalog's search.
  { card: 'Stock', path: apiPath('/users/:id/items/search') },
  { card: 'Activity', path: '*/activity', alsoIn: 'Stock' },
];
/** The cards a read feeds. */
const feeds = (read: (typeof reads)[number]) => [read.card, ...(read.alsoIn ? [read.alsoIn] : [])];
/** Cards with parts on several reads: the other parts show their figures while one part waits or fails. */
const mixed = new Set(reads.flatMap((read) => (read.alsoIn ? [read.alsoIn] : [])));

describe('home screen, each card on its own', () => {
  it.each(reads)('$card: loading while its read is on its way, the other cards show their figures', async (read) => {
    server.use(http.get(read.path, () => delay('infinite')));
    renderHome();
    const fed = feeds(read);
    const others = reads.filter((other) => !fed.includes(other.card));
    for (const other of others) expect(await within(await findCard(other.card)).findAllByText(/^Read at /)).not.toHaveLength(0);
    for (const name of fed) {
      const statuses = await within(card(name)).findAllByRole('status');
      for (const status of statuses) expect(status).toHaveTextContent('Loading…');
      if (!mixed.has(name)) expect(within(card(name)).queryByText(/^Read at /)).not.toBeInTheDocument();
    }
  });

  it.each(reads)('$card: a failed read is an alert with Retry inside its card only', async (read) => {
    let failing = true;
    server.use(
      http.get(read.path, () =>
        failing ? HttpResponse.json({ message: 'boom', error: 'internal_error', status: 500, cause: [] }, { status: 500 }) : undefined,
      ),
    );
    renderHome();
    const fed = feeds(read);
    const alerts = (await Promise.all(fed.map(async (name) => within(await findCard(name)).findAllByRole('alert')))).flat();
    for (const alert of alerts) expect(alert).toHaveTextContent('The server failed (500)');
    for (const other of reads.filter((other) => !fed.includes(other.card))) {
      expect(await within(card(other.card)).findAllByText(/^Read at /)).not.toHaveLength(0);
      expect(within(card(other.card)).queryByRole('alert')).not.toBeInTheDocument();
    }
    failing = false;
    // One alert at a time, each gone before the next: a retry may draw the card's other parts anew.
    for (const name of fed)
      for (let [alert] = within(card(name)).queryAllByRole('alert'); alert; [alert] = within(card(name)).queryAllByRole('alert')) {
        await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
        await waitFor(() => expect(alert).not.toBeInTheDocument());
      }
    for (const name of fed) expect(await within(card(name)).findAllByText(/^Read at /)).not.toHaveLength(0);
  });

  it('each card heading is the link to the page behind it', async () => {
    renderHome();
    const link = (name: string) => within(card(name)).getByRole('heading', { level: 2 }).querySelector('a')?.getAttribute('href');
    await findCard('Questions');
    expect(link('Questions')).toBe('/questions?status=UNANSWERED&sort=date&order=asc');
    expect(link('Response time')).toBe('/response-time');
    expect(link('Stock')).toBe('/stock');
    expect(within(card('Stock')).getByRole('link', { name: 'Fulfillment' })).toHaveAttribute('href', '/fulfillment');
    expect(link('Credit leads')).toMatch(/^\/credits\?status=approved&from=\d{4}-\d{2}-\d{2}$/);
    expect(link('Activity')).toBe('/activity');
  });
});

describe('questions card', () => {
  it('counts the unanswered questions and says how long the oldest has waited', async () => {
    const daysAgo = (days: number) => Date.now() - days * 24 * 3600_000;
    testDb().questions.byId.clear();
    // An answered question asked earlier does not count, nor does it make the wait longer.
    for (const record of [question(daysAgo(2)), question(daysAgo(3)), question(daysAgo(20), { answeredAfter: 60 }), question(daysAgo(1))])
      testDb().questions.byId.set(record.id, record);
    renderHome();
    const questions = await findCard('Questions');
    expect(await within(questions).findByText('3')).toBeInTheDocument();
    expect(within(questions).getByText('unanswered questions')).toBeInTheDocument();
    expect(within(questions).getByText('The oldest was asked 3 days ago')).toBeInTheDocument();
  });

  it('counts the overdue and the due within 15 minutes by the account’s target, and again when the target changes', async () => {
    const minutesAgo = (minutes: number) => Date.now() - minutes * 60_000;
    testDb().questions.byId.clear();
    // With the default target (an hour, all day): two overdue, one due within 15 minutes, one later.
    for (const record of [question(minutesAgo(300)), question(minutesAgo(90)), question(minutesAgo(50)), question(minutesAgo(5))])
      testDb().questions.byId.set(record.id, record);
    renderHome();
    const questions = await findCard('Questions');
    expect(await within(questions).findByText('Overdue: 2 · due within 15 min: 1')).toBeInTheDocument();
    const allDay = Array.from({ length: 7 }, () => ({ from: 0, to: 1440 }));
    await putAccountSettings(demoSeller.id, { targetMinutes: 4 * 60, workingHours: allDay });
    cleanup();
    renderHome();
    expect(await within(await findCard('Questions')).findByText('Overdue: 1 · due within 15 min: 0')).toBeInTheDocument();
  });

  it('says so when no question waits', async () => {
    testDb().questions.byId.clear();
    renderHome();
    expect(await within(await findCard('Questions')).findByText('No question is waiting for an answer.')).toBeInTheDocument();
  });
});

describe('response time card', () => {
  afterEach(() => vi.useRealTimers());

  it('shows the total as the resource gives it, and the sales hint of a slow slot', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(siteTime('2026-11-18T15:00'));
    testDb().questions.byId.clear();
    for (const record of [
      question(siteTime('2026-11-16T10:00'), { answeredAfter: 30 }),
      question(siteTime('2026-11-14T10:00'), { answeredAfter: 120 }),
    ])
      testDb().questions.byId.set(record.id, record);
    renderHome();
    const figures = await findCard('Response time');
    expect(await within(figures).findByText('75 min')).toBeInTheDocument();
    expect(within(figures).getByRole('note')).toHaveTextContent('Answering within an hour could raise your sales up to +6 %.');
  });

  it('a seller with no question in the window has no figures yet, and no hint', async () => {
    testDb().questions.byId.clear();
    renderHome();
    const figures = await findCard('Response time');
    expect(await within(figures).findByText('No response time yet: no question of the last 14 days counts.')).toBeInTheDocument();
    expect(within(figures).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(figures).getByText(/^Read at /)).toBeInTheDocument();
  });
});

describe('credit leads card', () => {
  it('counts the leads approved today and the six days before', async () => {
    const now = new Date();
    const from = `${localDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 6))}T00:00:00`;
    const expected = testDb().creditLeads.live.filter(
      (lead) =>
        lead.seller_id === demoSeller.id &&
        lead.status === 'approved' &&
        lead.date_created >= from &&
        lead.date_created <= localTimestamp(now),
    ).length;
    expect(expected).toBeGreaterThan(0);
    renderHome();
    const leads = await findCard('Credit leads');
    expect(await within(leads).findByText(`${expected}`)).toBeInTheDocument();
    expect(within(leads).getByText(`${expected === 1 ? 'lead' : 'leads'} approved in the last 7 days`)).toBeInTheDocument();
  });

  it('says so when none was approved', async () => {
    const { live } = testDb().creditLeads;
    testDb().creditLeads.live = live.filter((lead) => lead.status !== 'approved');
    renderHome();
    expect(await within(await findCard('Credit leads')).findByText('No lead approved in the last 7 days.')).toBeInTheDocument();
  });
});

describe('activity card', () => {
  it('says so when nothing has happened, and no item waits for review', async () => {
    renderHome();
    const activity = await findCard('Activity');
    expect(await within(activity).findByText('Nothing has happened on your account yet.')).toBeInTheDocument();
    expect(await within(activity).findByRole('link', { name: '0 items waiting for recategorization review' })).toBeInTheDocument();
  });

  it('lists the latest entries and counts the recategorizations waiting for review', async () => {
    await simulateRecategorization();
    renderHome();
    const activity = await findCard('Activity');
    const latest = await within(activity).findByRole('list', { name: 'Latest activity' });
    expect(within(latest).getAllByRole('listitem')).toHaveLength(1);
    expect(within(latest).getByRole('link', { name: /moved to another category$/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/categories\//),
    );
    expect(within(activity).getByText('1 unread entry')).toBeInTheDocument();
    expect(await within(activity).findByRole('link', { name: '1 item waiting for recategorization review' })).toHaveAttribute(
      'href',
      '/activity?kind=recategorization',
    );
  });
});

describe('stock card', () => {
  const ownItems = () => [...testDb().items.values()].filter((item) => item.seller_id === demoSeller.id);

  it('counts the listings with no available quantity and links the first to their stock', async () => {
    const [first, second] = ownItems();
    testDb().items.set(first!.id, { ...first!, available_quantity: 0 });
    testDb().items.set(second!.id, { ...second!, available_quantity: 0 });
    const soldOut = ownItems().filter((item) => item.available_quantity === 0);
    expect(ownItems().length).toBeLessThanOrEqual(100);
    renderHome();
    const stock = await findCard('Stock');
    const named = await within(stock).findByRole('list', { name: 'Listings with no available quantity' });
    expect(
      within(stock).getByText(soldOut.length === 1 ? 'listing with no available quantity' : 'listings with no available quantity'),
    ).toBeInTheDocument();
    expect(within(stock).getByText(`${soldOut.length}`)).toBeInTheDocument();
    expect(within(named).getByRole('link', { name: first!.title })).toHaveAttribute('href', `/stock/${first!.user_product_id}`);
  });

  it('adds up the fulfillment units not available by reason', async () => {
    const fulfilled = ownItems().filter((item) => item.inventory_id !== null).length;
    expect(fulfilled).toBeGreaterThan(0);
    expect(fulfilled).toBeLessThanOrEqual(50);
    // Every inventory answers 2 damaged and 1 lost unit.
    server.use(
      http.get(apiPath('/inventories/:id/stock/fulfillment'), ({ params }) =>
        HttpResponse.json({
          inventory_id: params.id,
          total: 10,
          available_quantity: 7,
          not_available_quantity: 3,
          not_available_detail: [
            { status: 'lost', quantity: 1 },
            { status: 'damage', quantity: 2 },
            { status: 'transfer', quantity: 0 },
          ],
          external_references: [],
        }),
      ),
    );
    const searches: string[] = [];
    const record = ({ request }: { request: Request }) => {
      if (new URL(request.url).pathname.endsWith('/items/search')) searches.push(request.url);
    };
    server.events.on('request:start', record);
    renderHome();
    const fulfillment = await within(await findCard('Stock')).findByRole('region', { name: 'Fulfillment' });
    expect(await within(fulfillment).findByText(`${3 * fulfilled}`)).toBeInTheDocument();
    expect(within(fulfillment).getByText('units not available')).toBeInTheDocument();
    const reasons = within(fulfillment)
      .getAllByRole('term')
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(reasons).toEqual([`Damaged: ${2 * fulfilled}`, `Lost: ${fulfilled}`]);
    // Both parts start from the same first page of the catalog: one search between them.
    server.events.removeListener('request:start', record);
    expect(searches).toHaveLength(1);
  });

  it('shows its fulfillment figure when mounted twice, as StrictMode does in development', async () => {
    // The sold-out part's catalog read is cancelled by the first unmount while the fulfillment part's read waits on it.
    renderWithProviders(<StockCard sellerId={demoSeller.id} />, { strictMode: true });
    const fulfillment = await within(await findCard('Stock')).findByRole('region', { name: 'Fulfillment' });
    expect(await within(fulfillment).findByText(/^units? not available$/)).toBeInTheDocument();
    expect(within(fulfillment).getByText(/^Read at /)).toBeInTheDocument();
  });

  it('says so when the seller has no listing, and none in fulfillment', async () => {
    for (const item of ownItems()) testDb().items.delete(item.id);
    renderHome();
    const stock = await findCard('Stock');
    expect(await within(stock).findByText('You have no listings yet.')).toBeInTheDocument();
    expect(await within(stock).findByText('No listing is in fulfillment.')).toBeInTheDocument();
  });
});
