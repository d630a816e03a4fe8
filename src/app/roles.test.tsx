import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '../../core/roles.ts';
import userEvent from '@testing-library/user-event';
import { marksStore } from '../features/credits/reviewed';
import { Component as CreditPages } from '../features/credits/routes';
import { QuestionDetail } from '../features/questions/QuestionDetail';
import { StockDetail } from '../features/stock/StockDetail';
import { patterns, urls } from '../lib/urls';
import { http, HttpResponse } from 'msw';
import { apiPath, demoSeller, otherSeller, server, testDb } from '../test/demo';
import { renderWithProviders } from '../test/render';
import { renderShell } from '../test/shell';
import { actAs } from '../test/roles';
import { getLeadReviews, putLeadReview, type LeadReview } from '../api/credits';
import { creditLeadKeys } from '../features/credits/keys';
import { LiveUpdates } from './LiveUpdates';
import { AppRoutes } from './router';

/**
 * What each role sees of the pages' controls (docs/roles.md): the server refuses the rest, the pages hide it
 * and say why. The session without `permissions` (demo mode, an older server) is the owner's.
 */

// jsdom has no layout, so no Element#scrollTo: the virtualized lists call it when a view starts.
beforeAll(() => {
  Element.prototype.scrollTo = () => undefined;
});

/** The shell on a wide screen (its navigation a column), over a stand-in page; its navigation's entries. */
const navigation = async () => {
  renderShell({ wide: true });
  const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
  await within(nav).findByRole('link', { name: 'Home' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);
};

const allAreas = [
  'Home',
  'Questions',
  'Response time',
  'Stock',
  'Categories',
  'Fulfillment',
  'Credit leads',
  'Activity',
  'Audit',
  'Settings',
];
const areasOf: Record<Role, string[]> = {
  owner: allAreas,
  manager: allAreas,
  viewer: allAreas.filter((area) => area !== 'Audit'),
  answerer: ['Home', 'Questions', 'Response time', 'Stock', 'Categories', 'Fulfillment', 'Activity', 'Settings'],
  stock_keeper: ['Home', 'Questions', 'Stock', 'Categories', 'Fulfillment', 'Activity', 'Settings'],
  credit_reviewer: ['Home', 'Categories', 'Credit leads', 'Activity', 'Settings'],
};

describe('navigation by role', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a session without permissions is the owner’s: every area', async () => {
    expect(await navigation()).toEqual(allAreas);
  });

  it.each(Object.entries(areasOf))('%s sees only the areas the role may read', async (role, areas) => {
    actAs(role as Role);
    // Badges add their counts to a link's text: only the names are compared.
    expect((await navigation()).map((text) => areas.find((area) => text?.startsWith(area)) ?? text)).toEqual(areas);
  });

  it('an area opened by its address that the role cannot read says why instead of failing', async () => {
    actAs('credit_reviewer');
    renderWithProviders(<AppRoutes />, { path: urls.stock.detail('MLAU3000001') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Not available to your role' })).toBeInTheDocument();
    expect(screen.getByText('Your role, Credit reviewer, does not include stock.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Locations' })).not.toBeInTheDocument();
  });
});

describe('question detail by role', () => {
  const unanswered = () =>
    [...testDb().questions.byId.values()].find((q) => q.seller_id === demoSeller.id && q.status === 'UNANSWERED')!.id;
  const renderQuestion = (id: number) =>
    renderWithProviders(<QuestionDetail id={id} onClose={() => undefined} onFilterItem={() => undefined} fullScreen={false} />);

  it.each<Role>(['owner', 'manager', 'answerer'])('%s can answer, hide and delete', async (role) => {
    actAs(role);
    renderQuestion(unanswered());
    expect(await screen.findByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /answer/i })).toBeInTheDocument();
  });

  it.each<[Role, string]>([
    ['stock_keeper', 'Stock keeper'],
    ['viewer', 'Viewer'],
  ])('%s reads the question and is told why it cannot answer', async (role, name) => {
    actAs(role);
    renderQuestion(unanswered());
    expect(await screen.findByText(`Your role, ${name}, does not include answering, deleting or hiding questions.`)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /answer/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Hide' })).not.toBeInTheDocument();
  });
});

describe('stock detail by role', () => {
  const renderStock = () =>
    renderWithProviders(<StockDetail />, {
      path: urls.stock.detail('MLAU3000001'),
      route: `${patterns.stock.root}/${patterns.stock.detail}`,
    });

  it.each<Role>(['owner', 'manager', 'stock_keeper'])('%s can edit the quantities and the low-stock alert', async (role) => {
    actAs(role);
    renderStock();
    const table = await screen.findByRole('table', { name: 'Locations' });
    expect(within(table).getAllByRole('button', { name: /^Edit the quantity of/ }).length).toBeGreaterThan(0);
    expect(await screen.findByRole('textbox', { name: 'Alert at (units or fewer)' })).toBeInTheDocument();
  });

  it.each<[Role, string]>([
    ['answerer', 'Answerer'],
    ['viewer', 'Viewer'],
  ])('%s sees the quantities, no edit, and why', async (role, name) => {
    actAs(role);
    renderStock();
    const table = await screen.findByRole('table', { name: 'Locations' });
    expect(within(table).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText(`Your role, ${name}, does not include stock changes.`)).toBeInTheDocument();
    // The alert is read, not set.
    const alert = screen.getByRole('region', { name: 'Low-stock alert' });
    expect(await within(alert).findByText(/^No alert:/)).toBeInTheDocument();
    expect(within(alert).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('an edit dialog named in the address does not open for a role without stock changes', async () => {
    actAs('answerer');
    renderWithProviders(<StockDetail />, {
      path: `${urls.stock.detail('MLAU3000001')}?edit=selling_address`,
      route: `${patterns.stock.root}/${patterns.stock.detail}`,
    });
    await screen.findByRole('table', { name: 'Locations' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('revealing personal data by role', () => {
  const vehicleQuestion = () => {
    const record = [...testDb().questions.byId.values()].find((q) => q.seller_id === demoSeller.id && q.from.contact)!;
    return { id: record.id, contact: record.from.contact! };
  };
  const renderQuestion = (id: number) =>
    renderWithProviders(<QuestionDetail id={id} onClose={() => undefined} onFilterItem={() => undefined} fullScreen={false} />);

  it.each<Role>(['owner', 'manager'])('%s reveals a vehicle asker’s contact on request, and hides it again', async (role) => {
    actAs(role);
    const { id, contact } = vehicleQuestion();
    renderQuestion(id);
    const section = await screen.findByRole('region', { name: 'Contact' });
    expect(within(section).queryByText(contact.email)).not.toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Reveal contact' }));
    expect(await within(section).findByRole('link', { name: contact.email })).toHaveAttribute('href', `mailto:${contact.email}`);
    await userEvent.click(within(section).getByRole('button', { name: 'Hide contact' }));
    expect(within(section).queryByText(contact.email)).not.toBeInTheDocument();
  });

  it.each<[Role, string]>([
    ['answerer', 'Answerer'],
    ['viewer', 'Viewer'],
  ])('%s has no reveal, and is told why', async (role, name) => {
    actAs(role);
    renderQuestion(vehicleQuestion().id);
    const section = await screen.findByRole('region', { name: 'Contact' });
    expect(within(section).getByText(`Your role, ${name}, does not include buyers’ contact data.`)).toBeInTheDocument();
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
  });

  it('a credit reviewer reveals a lead’s buyer; a viewer is told why not', async () => {
    const record = testDb().creditLeads.live.find((lead) => !lead.expired)!;
    actAs('credit_reviewer');
    const first = renderWithProviders(<CreditPages />, { path: urls.credits.detail(record.id), route: '/credits/*' });
    const panel = await screen.findByRole('region', { name: /^Lead / });
    await userEvent.click(await within(panel).findByRole('button', { name: 'Reveal contact' }));
    expect(await within(panel).findByRole('link', { name: record.buyer.email })).toBeInTheDocument();
    expect(within(panel).getByText(record.buyer.full_name)).toBeInTheDocument();
    first.unmount();

    actAs('viewer');
    renderWithProviders(<CreditPages />, { path: urls.credits.detail(record.id), route: '/credits/*' });
    const viewed = await screen.findByRole('region', { name: /^Lead / });
    expect(await within(viewed).findByText('Your role, Viewer, does not include buyers’ contact data.')).toBeInTheDocument();
    expect(within(viewed).queryByRole('button', { name: 'Reveal contact' })).not.toBeInTheDocument();
  });
});

describe('credit-lead reviews by role', () => {
  const lead = () => testDb().creditLeads.live.find((candidate) => !candidate.expired)!;
  const renderLead = (id: string) => renderWithProviders(<CreditPages />, { path: urls.credits.detail(id), route: '/credits/*' });

  it('a credit reviewer sets a status and a note, and the list shows who changed it', async () => {
    actAs('credit_reviewer');
    renderWithProviders(<CreditPages />, { path: urls.credits.index(), route: '/credits/*' });
    const first = async () => (await within(await screen.findByRole('table')).findAllByRole('link'))[0]!;
    await userEvent.click(await first());
    const review = await screen.findByRole('region', { name: 'Review' });
    await userEvent.click(within(review).getByRole('combobox', { name: 'Review status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Contacted' }));
    await userEvent.type(within(review).getByRole('textbox', { name: 'Note' }), 'Called at 10');
    await userEvent.click(within(review).getByRole('button', { name: 'Save review' }));
    expect(await within(review).findByText(/^Changed by TIENDA_DEMO on /)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: /Back to the list|Close/ }));
    expect((await first()).closest('tr')).toHaveTextContent('Contacted');
  });

  it('a note over 500 characters is refused before sending', async () => {
    actAs('credit_reviewer');
    renderLead(lead().id);
    const review = await screen.findByRole('region', { name: 'Review' });
    await userEvent.click(within(review).getByRole('textbox', { name: 'Note' }));
    await userEvent.paste('x'.repeat(501));
    expect(within(review).getByText('At most 500 characters: shorten the note to save it.')).toBeInTheDocument();
    expect(within(review).getByRole('button', { name: 'Save review' })).toBeDisabled();
  });

  it('a viewer reads the review and is told why it cannot change it', async () => {
    actAs('viewer');
    renderLead(lead().id);
    const review = await screen.findByRole('region', { name: 'Review' });
    expect(within(review).getByText('Review: New')).toBeInTheDocument();
    expect(within(review).getByText('Your role, Viewer, does not include reviewing credit leads.')).toBeInTheDocument();
    expect(within(review).queryByRole('button')).not.toBeInTheDocument();
  });

  it('carries this browser’s old marks of the listed leads over once, as contacted, and forgets only those', async () => {
    actAs('credit_reviewer');
    renderWithProviders(<CreditPages />, { path: urls.credits.index(), route: '/credits/*' });
    const table = await screen.findByRole('table');
    const link = (await within(table).findAllByRole('link'))[0]!;
    const listed = decodeURIComponent(link.getAttribute('href')!.split('?')[0]!.split('/').pop()!);
    const elsewhere = '00000000-0000-4000-8000-000000000000';
    act(() => marksStore.set([listed, elsewhere]));
    const row = link.closest('tr')!;
    await waitFor(() => expect(row).toHaveTextContent('Contacted'));
    expect(marksStore.get()).toEqual([elsewhere]);
  });
});

describe('a teammate’s lead review', () => {
  it('reaches an open page over the event stream, without a reload', async () => {
    actAs('credit_reviewer');
    const { queryClient } = renderWithProviders(<LiveUpdates wide />);
    queryClient.setQueryData(creditLeadKeys.reviews(false), []);
    const { id } = testDb().creditLeads.live[0]!;
    // The stream is open once a first save is heard; then a teammate's is applied as it comes.
    const teammate = () =>
      putLeadReview(id, { status: 'sold', note: 'Paid in cash' }, false).then(() =>
        queryClient.getQueryData<LeadReview[]>(creditLeadKeys.reviews(false)),
      );
    await waitFor(async () =>
      expect(await teammate()).toEqual([expect.objectContaining({ leadId: id, status: 'sold', note: 'Paid in cash' })]),
    );
  });
});

describe('all my accounts', () => {
  const allAccounts = `${urls.credits.index()}?accounts=all&status=all`;
  const table = () => screen.findByRole('table', { name: 'Credit leads of all my accounts' });
  const accountsOf = (rows: HTMLElement[]) => new Set(rows.slice(1).map((row) => within(row).getAllByRole('cell')[0]!.textContent));
  /** What each request to the API and the server's lead paths named as its account. */
  const named: { method: string; path: string; account: string | null }[] = [];
  beforeEach(() => {
    named.length = 0;
    server.use(
      http.all('*', ({ request }) => {
        const { pathname } = new URL(request.url);
        if (/\/(vis\/loans|lead-reviews)/.test(pathname))
          named.push({ method: request.method, path: pathname, account: request.headers.get('x-seller-account') });
        return undefined;
      }),
    );
  });

  it("lists both accounts' leads in one list, filters by account, and reviews in place with the lead's account", async () => {
    actAs('credit_reviewer', [{ seller: otherSeller, role: 'credit_reviewer' }]);
    renderWithProviders(<CreditPages />, { path: allAccounts, route: '/credits/*' });
    await waitFor(async () =>
      expect(accountsOf(within(await table()).getAllByRole('row'))).toEqual(new Set(['TIENDA_DEMO', 'OTRO_VENDEDOR'])),
    );
    expect(screen.getByRole('switch', { name: 'All my accounts' })).toBeChecked();
    // One search per account, each naming it.
    expect(
      named
        .filter((request) => request.path.endsWith('/vis/loans/search'))
        .map((request) => request.account)
        .sort(),
    ).toEqual([String(demoSeller.id), String(otherSeller.id)].sort());

    const other = within(await table()).getAllByRole('combobox', { name: /^Review of lead \w+ of OTRO_VENDEDOR$/ })[0]!;
    await userEvent.selectOptions(other, 'Sold');
    await waitFor(() => expect(other).toHaveValue('sold'));
    expect(named.filter((request) => request.method === 'PUT')).toEqual([
      { method: 'PUT', path: expect.stringMatching(/^\/lead-reviews\//), account: String(otherSeller.id) },
    ]);

    await userEvent.click(screen.getByRole('combobox', { name: 'Account' }));
    await userEvent.click(await screen.findByRole('option', { name: 'OTRO_VENDEDOR' }));
    await waitFor(async () => expect(accountsOf(within(await table()).getAllByRole('row'))).toEqual(new Set(['OTRO_VENDEDOR'])));
  });

  it('offers a review in place only on the accounts where the role reviews leads', async () => {
    actAs('credit_reviewer', [{ seller: otherSeller, role: 'viewer' }]);
    renderWithProviders(<CreditPages />, { path: allAccounts, route: '/credits/*' });
    const list = await table();
    const other = await within(list).findAllByRole('combobox', { name: /of OTRO_VENDEDOR$/ });
    expect(other.every((select) => (select as HTMLSelectElement).disabled)).toBe(true);
    expect(other[0]).toHaveAttribute('title', 'Your role on OTRO_VENDEDOR does not include reviewing credit leads.');
    expect(within(list).getAllByRole('combobox', { name: /of TIENDA_DEMO$/ })[0]).toBeEnabled();
  });

  it("shows an account whose read fails in place, and keeps the other's leads", async () => {
    actAs('credit_reviewer', [{ seller: otherSeller, role: 'credit_reviewer' }]);
    server.use(
      http.get(apiPath('/vis/loans/search'), ({ request }) =>
        request.headers.get('x-seller-account') === String(otherSeller.id)
          ? HttpResponse.json({ message: 'Internal server error', error: 'internal_error', status: 500, cause: [] }, { status: 500 })
          : undefined,
      ),
    );
    renderWithProviders(<CreditPages />, { path: allAccounts, route: '/credits/*' });
    expect(await screen.findByText('OTRO_VENDEDOR: its leads could not be read')).toBeInTheDocument();
    await waitFor(async () => expect(accountsOf(within(await table()).getAllByRole('row'))).toEqual(new Set(['TIENDA_DEMO'])));
  });

  it('is not offered to a person who reads the leads of one account only', async () => {
    actAs('credit_reviewer', [{ seller: otherSeller, role: 'answerer' }]);
    renderWithProviders(<CreditPages />, { path: allAccounts, route: '/credits/*' });
    expect(await screen.findByRole('table', { name: 'Credit leads found' })).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'All my accounts' })).not.toBeInTheDocument();
  });

  it('refuses, in demo mode too, a request naming an account the person does not belong to', async () => {
    await expect(getLeadReviews(false, undefined, '999')).rejects.toMatchObject({ status: 403, error: 'not_member' });
  });
});

describe('the audit page', () => {
  it('shows an owner the seeded week newest first, and filters by action through the URL', async () => {
    actAs('owner');
    renderWithProviders(<AppRoutes />, { path: urls.audit.index() });
    const table = await screen.findByRole('table', { name: 'Audit entries' });
    const rows = await within(table).findAllByRole('row');
    expect(rows.length).toBeGreaterThan(5);
    await userEvent.click(screen.getByRole('combobox', { name: 'Action' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Revealed personal data' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Audit entries' }))
          .getAllByRole('row')
          .slice(1)
          .every((row) => row.textContent?.includes('Revealed personal data')),
      ).toBe(true),
    );
  });

  it('is not available to a viewer', async () => {
    actAs('viewer');
    renderWithProviders(<AppRoutes />, { path: urls.audit.index() });
    expect(await screen.findByText('Your role, Viewer, does not include the audit trail.')).toBeInTheDocument();
  });
});
