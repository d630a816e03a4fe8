import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { driftRecords } from '../../api/drift';
import { patterns, urls } from '../../lib/urls';
import { demoSeller, testDb } from '../../test/demo';
import { failGet, holdGet } from '../../test/http';
import { renderWithProviders } from '../../test/render';
import { StockDetail } from './StockDetail';
import { stockKeys } from '../../lib/stockKeys';
import { StockHome } from './StockHome';

const userProductId = 'MLAU3000001';
const renderDetail = () =>
  renderWithProviders(<StockDetail />, {
    path: urls.stock.detail(userProductId),
    route: `${patterns.stock.root}/${patterns.stock.detail}`,
  });
const locations = () => screen.findByRole('table', { name: 'Locations' });

describe('stock home', () => {
  const searchPath = '/users/:sellerId/items/search';
  // jsdom has no layout, so the virtualized list renders no row here: the rows are covered by e2e/stock.spec.ts.

  it('shows loading while the catalog is on its way', async () => {
    holdGet(searchPath);
    renderWithProviders(<StockHome />, { path: urls.stock.index() });
    expect(await screen.findByText('Loading…')).toBeInTheDocument();
  });

  it("counts the seller's user products grouped from their listings", async () => {
    renderWithProviders(<StockHome />, { path: urls.stock.index() });
    expect(screen.getByText('Nothing opened yet.')).toBeInTheDocument();
    const own = [...testDb().items.values()].filter((item) => item.seller_id === demoSeller.id);
    const groups = new Set(own.map((item) => item.user_product_id).filter(Boolean)).size;
    expect(await screen.findByText(`${groups} user products from ${own.length} listings.`)).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Your user products' })).toBeInTheDocument();
  });

  it('searches by title from the URL and says when nothing matches', async () => {
    renderWithProviders(<StockHome />, { path: urls.stock.index() });
    const list = await screen.findByRole('list', { name: 'Your user products' });
    expect(list).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by title' }), 'zzznothing');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No listing of yours matches "zzznothing".')).toBeInTheDocument();
  });

  it('a failed list is an alert in words with a Retry that loads it', async () => {
    const recover = failGet(searchPath);
    renderWithProviders(<StockHome />, { path: urls.stock.index() });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The server failed (500). Try again in a moment.');
    recover();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Your user products' })).toBeInTheDocument();
  });
});

describe('stock detail', () => {
  it('shows loading while the stock is on its way', async () => {
    holdGet('/user-products/:id/stock');
    renderDetail();
    expect(await screen.findByText('Loading…')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Locations' })).not.toBeInTheDocument();
  });

  it('a user product without locations says so instead of an empty table', async () => {
    testDb().stock.userProducts.get(userProductId)!.locations = [];
    renderDetail();
    expect(await screen.findByText('This user product has no stock locations.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Locations' })).not.toBeInTheDocument();
  });

  it('a failed read is an alert in words with a Retry that shows the locations', async () => {
    const recover = failGet('/user-products/:id/stock');
    renderDetail();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The server failed (500). Try again in a moment.');
    recover();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await locations()).toBeInTheDocument();
  });

  it('the edit dialog says the stock changed since it opened when a fresher read arrives (a live update), before saving', async () => {
    const { queryClient } = renderDetail();
    const table = await locations();
    await userEvent.click(within(table).getAllByRole('button', { name: /^Edit the quantity of/ })[0]!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByText(/Changed since you opened it/)).not.toBeInTheDocument();
    // Another device changed it; the activity stream invalidates this user product's stock.
    const record = testDb().stock.userProducts.get(userProductId)!;
    record.version += 1;
    await act(() => queryClient.invalidateQueries({ queryKey: stockKeys.detail(userProductId) }));
    expect(
      await within(dialog).findByText(new RegExp(`Changed since you opened it: .* \\(version ${record.version}\\)\\.`)),
    ).toBeInTheDocument();
  });
});

describe('a location type the API added after this app', () => {
  it('shows as it came, read-only, and is recorded as contract drift', async () => {
    testDb().stock.userProducts.get(userProductId)!.locations.push({ type: 'pickup_point', quantity: 3 });
    renderDetail();
    const row = within(await locations()).getByRole('row', { name: /pickup_point/ });
    expect(within(row).queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
    expect(driftRecords()).toContainEqual(
      expect.objectContaining({ where: 'stock location type', detail: 'unknown value "pickup_point"' }),
    );
  });
});
