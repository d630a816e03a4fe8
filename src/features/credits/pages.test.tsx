import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { driftRecords } from '../../api/drift';
import { urls } from '../../lib/urls';
import { server, testDb } from '../../test/demo';
import { failGet, gateGet, holdGet } from '../../test/http';
import { renderWithProviders } from '../../test/render';
import { Component as CreditPages } from './routes';

const renderAt = (path: string) => renderWithProviders(<CreditPages />, { path, route: '/credits/*' });
const search = '/vis/loans/search';
const liveLead = () => testDb().creditLeads.live[0]!.id;
// The lead's own address: a pattern would match the search (/vis/loans/search) too.
const lead = () => `/vis/loans/${liveLead()}`;

describe('credit leads list', () => {
  it('shows loading while the search is on its way', async () => {
    holdGet(search);
    renderAt(urls.credits.index());
    expect(await screen.findByText('Loading…')).toBeInTheDocument();
  });

  it('a search without leads says how to widen it', async () => {
    testDb().creditLeads.live.splice(0);
    renderAt(urls.credits.index());
    expect(await screen.findByText('No leads match this search. Try a wider date range or another status.')).toBeInTheDocument();
  });

  it('a failed search is an alert in words with a Retry that shows the leads', async () => {
    const recover = failGet(search);
    renderAt(urls.credits.index());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The server failed (500). Try again in a moment.');
    recover();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });
});

describe('credit lead panel', () => {
  it('shows loading while the lead is on its way', async () => {
    holdGet(lead());
    renderAt(urls.credits.detail(liveLead()));
    expect((await screen.findAllByText('Loading…')).length).toBeGreaterThan(0);
    expect(screen.queryByText('Proposal')).not.toBeInTheDocument();
  });

  it("shows the lead's item id at once and its title once the item is read, above the id", async () => {
    const record = testDb().creditLeads.live[0]!;
    const item = testDb().items.get(record.item_id)!;
    const answer = gateGet(`/items/${record.item_id}`);
    renderAt(urls.credits.detail(record.id));
    const itemFact = (await screen.findByText(record.item_id)).parentElement!;
    expect(itemFact).toHaveTextContent(new RegExp(`^${record.item_id}$`));
    answer();
    expect(await within(itemFact).findByTitle(item.title)).toHaveTextContent(item.title);
    expect(itemFact).toHaveTextContent(`${item.title}${record.item_id}`);
  });

  it('on a phone, an opened lead walks the results without reading their items: only its own item is read', async () => {
    // The first lead the list shows, so that the panel walks a page of results it is on.
    const list = renderAt(urls.credits.index());
    const firstLink = within(await screen.findByRole('table')).getAllByRole('link')[0]!;
    const id = firstLink.getAttribute('href')!.split('?')[0]!.split('/').at(-1)!;
    list.unmount();
    const record = testDb().creditLeads.live.find((candidate) => candidate.id === id)!;
    const itemsRead: string[] = [];
    const listen = ({ request }: { request: Request }) => {
      const path = new URL(request.url).pathname;
      if (path.includes('/items/')) itemsRead.push(path.split('/').at(-1)!);
    };
    server.events.on('request:start', listen);
    renderAt(urls.credits.detail(id));
    expect(await screen.findByText(/^Lead 1 of \d+ on this page/)).toBeInTheDocument();
    expect(await screen.findByTitle(testDb().items.get(record.item_id)!.title)).toBeInTheDocument();
    server.events.removeListener('request:start', listen);
    expect(itemsRead).toEqual([record.item_id]);
  });

  it('a test lead while the sandbox is off is not found, said in words', async () => {
    renderAt(urls.credits.detail(testDb().creditLeads.sandbox[0]!.id));
    expect(await screen.findByText('Lead not found')).toBeInTheDocument();
  });

  it('a failed read is an alert in words with a Retry that shows the lead', async () => {
    const recover = failGet(lead());
    renderAt(urls.credits.detail(liveLead()));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The server failed (500). Try again in a moment.');
    recover();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Proposal')).toBeInTheDocument();
  });
});

describe('values the API added after this app', () => {
  it('a new status and financing entity show as they came, in neutral words, and are recorded as contract drift', async () => {
    const record = testDb().creditLeads.live[0]!;
    Object.assign(record, { status: 'pre_approved', financial_entity_id: 'BANK_9' });
    renderAt(urls.credits.detail(record.id));
    const panel = await screen.findByRole('region', { name: /^Lead / });
    expect(await within(panel).findByText('pre_approved')).toBeInTheDocument();
    expect(within(panel).getByText('BANK_9')).toBeInTheDocument();
    expect(driftRecords()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ where: 'credit lead status', detail: 'unknown value "pre_approved"' }),
        expect.objectContaining({ where: 'financial entity', detail: 'unknown value "BANK_9"' }),
      ]),
    );
  });
});
