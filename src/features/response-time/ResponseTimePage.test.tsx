import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoSeller, question, siteTime, testDb } from '../../test/demo';
import { failGet, holdGet } from '../../test/http';
import { renderWithProviders } from '../../test/render';
import { ResponseTimePage } from './ResponseTimePage';

function renderPage() {
  renderWithProviders(<ResponseTimePage />, { path: '/response-time' });
}

describe('response time page', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(siteTime('2026-11-18T15:00'));
    testDb().questions.byId.clear();
  });
  afterEach(() => vi.useRealTimers());

  it('shows a callout only for a slot above 60 minutes; a slot without questions reads 0 min', async () => {
    for (const record of [
      question(siteTime('2026-11-16T10:00'), { answeredAfter: 30 }),
      question(siteTime('2026-11-14T10:00'), { answeredAfter: 120 }),
    ]) {
      testDb().questions.byId.set(record.id, record);
    }
    renderPage();
    const table = await screen.findByRole('table', { name: 'Average response time per time slot, in minutes' });
    const cells = (name: string) => within(within(table).getByRole('row', { name: new RegExp(`^${name}`) })).getAllByRole('cell');
    expect(cells('Weekdays 9:00–18:00').map((c) => c.textContent)).toEqual(['30 min', 'None (60 min or less)']);
    expect(cells('Weekdays 18:00–24:00').map((c) => c.textContent)).toEqual(['0 min', 'None (60 min or less)']);
    expect(cells('Weekend').map((c) => c.textContent)).toEqual(['120 min (2 h 0 min)', '+6 %']);
    expect(cells('Total').map((c) => c.textContent)).toEqual(['75 min (1 h 15 min)', '—']);
    expect(screen.getAllByRole('note').map((n) => n.textContent)).toEqual([
      'Weekend (Saturday and Sunday): answer within 1 hour: +6 % sales',
    ]);
  });

  it('shows the signed-in seller without questions a friendly empty state quoting the server', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No response time yet' })).toBeInTheDocument();
    expect(screen.getByText(`The server answered: “Response time not found for user id: ${demoSeller.id}”`)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('response time page, loading and failure', () => {
  const path = '/users/:id/questions/response_time';

  it('shows loading while the figures are on their way', async () => {
    holdGet(path);
    renderPage();
    expect(await screen.findByText('Loading…')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Average by time slot' })).not.toBeInTheDocument();
  });

  it('a failed read is an alert in words with a Retry that shows the figures', async () => {
    const recover = failGet(path);
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The server failed (500). Try again in a moment.');
    recover();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Average by time slot' })).toBeInTheDocument();
  });
});
