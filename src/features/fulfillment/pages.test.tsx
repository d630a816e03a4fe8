import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { urls } from '../../lib/urls';
import { answerGet, failGet, holdGet } from '../../test/http';
import { renderWithProviders } from '../../test/render';
import { Component as FulfillmentPages } from './routes';

const search = '/stock/fulfillment/operations/search';
const noOperations = {
  paging: { total: 0, limit: 100, scroll: null },
  results: [],
  filters: [],
  available_filters: [],
  sort: 'date_desc',
  available_sorts: [],
};
const renderAt = (path: string) => renderWithProviders(<FulfillmentPages />, { path, route: '/fulfillment/*' });
const recent = () => screen.findByRole('navigation', { name: 'Your inventories with operations in the last 15 days' });

describe('fulfillment stock page', () => {
  it('shows loading while the recent inventories are on their way', async () => {
    holdGet(search);
    renderAt(urls.fulfillment.index());
    expect(await within(await recent()).findByText('Loading…')).toBeInTheDocument();
  });

  it('without operations in 15 days says there is nothing to suggest', async () => {
    answerGet(search, noOperations);
    renderAt(urls.fulfillment.index());
    expect(
      await within(await recent()).findByText('No operations in the last 15 days, so there is no inventory to suggest. Enter an id above.'),
    ).toBeInTheDocument();
  });

  it('a failed search is an alert in words with a Retry that lists the inventories', async () => {
    const recover = failGet(search);
    renderAt(urls.fulfillment.index());
    const alert = await within(await recent()).findByRole('alert');
    expect(alert).toHaveTextContent('The server failed (500). Try again in a moment.');
    recover();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect((await within(await recent()).findAllByRole('link')).length).toBeGreaterThan(0);
  });
});

describe('fulfillment operations page', () => {
  it('shows loading while the operations are on their way', async () => {
    holdGet(search);
    renderAt(urls.fulfillment.operations());
    expect(await screen.findByText('Loading…')).toBeInTheDocument();
  });

  it('with no operation in the range says so', async () => {
    answerGet(search, noOperations);
    renderAt(urls.fulfillment.operations());
    // The first render of the operations log (date pickers, chart) can take over the default 1 s on a busy machine.
    expect(await screen.findByText('No operation matches these filters.', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('a failed search is an alert in words with a Retry that shows the operations', async () => {
    const recover = failGet(search);
    renderAt(urls.fulfillment.operations());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The server failed (500). Try again in a moment.');
    recover();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });
});
