import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { urls } from '../../lib/urls';
import { demoSeller, testDb } from '../../test/demo';
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

const fulfilledList = () => screen.findByRole('list', { name: 'Fulfilled listings' });

/** The list once its first page is all there (it reveals a screenful first). */
async function firstPage() {
  await fulfilledList();
  return waitFor(() => {
    const list = screen.getByRole('list', { name: 'Fulfilled listings' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    return list;
  });
}

/** The list's titles, and each link's inventory id. */
function shownRows(list: HTMLElement) {
  return within(list)
    .getAllByRole('link')
    .map((link) => ({
      title: link.textContent,
      inventory: new URL(link.getAttribute('href')!, 'http://x').searchParams.get('inventory')!,
    }));
}

/** The simulator's current not-available units of an inventory. */
const notAvailable = (inventoryId: string) =>
  testDb().fulfillment.inventories.get(inventoryId)!.operations.at(-1)!.result.not_available_quantity;

describe('fulfilled listings', () => {
  it("lists the seller's first fulfilled listings in catalog order, each title a link to its inventory's stock", async () => {
    const fulfilled = [...testDb().items.values()].filter((item) => item.seller_id === demoSeller.id && item.inventory_id !== null);
    renderAt(urls.fulfillment.index());
    const expected = fulfilled.map((item) => ({ title: item.title, inventory: item.inventory_id }));
    // The seed holds more fulfilled listings than a first view shows, so "Show more" has something to add.
    expect(fulfilled.length).toBeGreaterThan(20);
    expect(fulfilled.length).toBeLessThanOrEqual(40);
    expect(shownRows(await firstPage())).toEqual(expected.slice(0, 20));
    expect(within(await fulfilledList()).getByRole('link', { name: fulfilled[0]!.title })).toHaveAttribute(
      'href',
      urls.fulfillment.index({ inventory: fulfilled[0]!.inventory_id! }),
    );
    expect(screen.getByText('The first 20 fulfilled listings; sorting orders these only.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(shownRows(screen.getByRole('list', { name: 'Fulfilled listings' }))).toEqual(expected));
    expect(screen.getByText(`${expected.length} fulfilled listings.`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('draws the rows before their stock; each row fills in its units when its own read answers', async () => {
    const fulfilled = [...testDb().items.values()].filter((item) => item.seller_id === demoSeller.id && item.inventory_id !== null);
    const held = fulfilled[0]!;
    holdGet(`/inventories/${held.inventory_id}/stock/fulfillment`);
    renderAt(urls.fulfillment.index());
    const rows = within(await firstPage()).getAllByRole('listitem');
    expect(within(rows[0]!).getByRole('link', { name: held.title })).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Reading stock…')).toBeInTheDocument();
    expect(await within(rows[1]!).findByText(/ available$/)).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Reading stock…')).toBeInTheDocument();
  });

  it('a row says when its stock read failed, and its Retry reads it; the other rows show theirs', async () => {
    const [first, second] = [...testDb().items.values()].filter((item) => item.seller_id === demoSeller.id && item.inventory_id !== null);
    const recover = failGet(`/inventories/${first!.inventory_id}/stock/fulfillment`);
    renderAt(urls.fulfillment.index());
    const rowOf = async (title: string) => (await within(await fulfilledList()).findByRole('link', { name: title })).closest('li')!;
    const unitsOf = (id: string) =>
      new RegExp(
        `^${testDb().fulfillment.inventories.get(id)!.operations.at(-1)!.result.available_quantity.toLocaleString('en')} available$`,
      );
    const failed = await rowOf(first!.title);
    expect(await within(failed).findByText(/^Stock could not be read: The server failed \(500\)/)).toBeInTheDocument();
    expect(await within(await rowOf(second!.title)).findByText(unitsOf(second!.inventory_id!))).toBeInTheDocument();
    recover();
    await userEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    expect(await within(failed).findByText(unitsOf(first!.inventory_id!))).toBeInTheDocument();
  });

  it('a listing whose inventory the operator does not know (404) stays, saying so', async () => {
    const [gone] = [...testDb().items.values()].filter((item) => item.seller_id === demoSeller.id && item.inventory_id !== null);
    testDb().fulfillment.inventories.delete(gone!.inventory_id!);
    renderAt(urls.fulfillment.index());
    const row = (await within(await fulfilledList()).findByRole('link', { name: gone!.title })).closest('li')!;
    expect(await within(row).findByText('The fulfillment operator has no stock for this inventory.')).toBeInTheDocument();
  });

  it('sorted by "not available", the same rows come most not-available units first', async () => {
    renderAt(urls.fulfillment.index());
    const catalogOrder = shownRows(await firstPage());
    const units = (rows: typeof catalogOrder) => rows.map((row) => notAvailable(row.inventory));
    const descending = (values: number[]) => values.toSorted((a, b) => b - a);
    // The seed's catalog order is not already sorted, so this test can fail.
    expect(units(catalogOrder)).not.toEqual(descending(units(catalogOrder)));
    await userEvent.click(screen.getByRole('combobox', { name: 'Sort' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Not available, most first' }));
    const sorted = shownRows(await firstPage());
    expect(units(sorted)).toEqual(descending(units(catalogOrder)));
    expect(sorted.map((row) => row.title).toSorted()).toEqual(catalogOrder.map((row) => row.title).toSorted());
  });

  it('an inventory id typed by hand still opens its stock, without the list', async () => {
    renderAt(urls.fulfillment.index());
    await fulfilledList();
    await userEvent.type(screen.getByRole('textbox', { name: 'Inventory id' }), 'inv00001x');
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('heading', { name: 'Inventory INV00001X' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Fulfilled listings' })).not.toBeInTheDocument();
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
    expect(await screen.findByText('No operation matches these filters.')).toBeInTheDocument();
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
