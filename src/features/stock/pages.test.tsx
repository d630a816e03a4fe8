import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { driftRecords } from '../../api/drift';
import { patterns, urls } from '../../lib/urls';
import { testDb } from '../../test/demo';
import { failGet, holdGet } from '../../test/http';
import { renderWithProviders } from '../../test/render';
import { StockDetail } from './StockDetail';
import { stockKeys } from './keys';
import { StockHome } from './StockHome';

const userProductId = 'MLAU3000001';
const renderDetail = () =>
  renderWithProviders(<StockDetail />, {
    path: urls.stock.detail(userProductId),
    route: `${patterns.stock.root}/${patterns.stock.detail}`,
  });
const locations = () => screen.findByRole('table', { name: 'Locations' });

describe('stock home', () => {
  it('shows loading while the demo user products are on their way', async () => {
    holdGet('/__demo/scenarios');
    renderWithProviders(<StockHome />, { path: urls.stock.index() });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
  });

  it('with nothing opened on this device says so, and lists the seeded user products', async () => {
    renderWithProviders(<StockHome />, { path: urls.stock.index() });
    expect(screen.getByText('Nothing opened yet.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: userProductId })).toHaveAttribute('href', urls.stock.detail(userProductId));
  });

  it('a failed list is an alert in words with a Retry that loads it', async () => {
    const recover = failGet('/__demo/scenarios');
    renderWithProviders(<StockHome />, { path: urls.stock.index() });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The server failed (500). Try again in a moment.');
    recover();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: userProductId })).toBeInTheDocument();
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
