import { act, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { demoSeller, testDb } from '../../test/demo';
import { renderHookWithProviders } from '../../test/render';
import { localTimestamp } from '../../lib/localTime';

/** The demo seller's leads created since `since` (the simulator also holds a few of OTRO_VENDEDOR's). */
const createdSince = (leads: { date_created: string; seller_id: number }[], since: string) => {
  const now = localTimestamp(new Date());
  return leads.filter((lead) => lead.seller_id === demoSeller.id && lead.date_created >= since && lead.date_created <= now).length;
};

/** A fresh navBadge module (its store reads localStorage when loaded), with the sandbox switch as given. */
async function loadBadge(lastVisit: string | null, sandbox = false) {
  if (lastVisit) localStorage.setItem('seller-desk.credits.last-visit', JSON.stringify(lastVisit));
  localStorage.setItem('seller-desk.sandbox', String(sandbox));
  vi.resetModules();
  // The fresh module graph has a fresh client: point it at the test server like src/test/setup.ts does.
  const { configureClient } = await import('../../api/client');
  configureClient({ baseUrl: 'http://localhost/api', getToken: () => demoSeller.token, ready: () => Promise.resolve() });
  return import('./navBadge');
}

const daysAgo = (days: number) => localTimestamp(new Date(Date.now() - days * 24 * 3600_000));

describe('useNewCreditLeadsCount (navigation badge)', () => {
  it('counts every lead, any status, created since the last visit', async () => {
    // One instant for the visit and the count: a lead seeded a second from the boundary counts the same in both.
    const since = daysAgo(10);
    const { useNewCreditLeadsCount } = await loadBadge(since);
    const expected = createdSince(testDb().creditLeads.live, since);
    expect(expected).toBeGreaterThan(0);
    const { result } = renderHookWithProviders(() => useNewCreditLeadsCount(), { path: '/questions' });
    await waitFor(() => expect(result.current).toBe(expected));
  });

  it('without a recorded visit counts the default 30-day window', async () => {
    const { useNewCreditLeadsCount, countSince } = await loadBadge(null);
    const since = countSince(null, new Date());
    expect(since).toMatch(/T00:00:00$/);
    const { result } = renderHookWithProviders(() => useNewCreditLeadsCount(), { path: '/questions' });
    await waitFor(() => expect(result.current).toBe(createdSince(testDb().creditLeads.live, since)));
  });

  it('counts the sandbox dataset when the sandbox switch is on', async () => {
    const since = daysAgo(10);
    const { useNewCreditLeadsCount } = await loadBadge(since, true);
    const expected = createdSince(testDb().creditLeads.sandbox, since);
    expect(expected).not.toBe(createdSince(testDb().creditLeads.live, since));
    const { result } = renderHookWithProviders(() => useNewCreditLeadsCount(), { path: '/questions' });
    await waitFor(() => expect(result.current).toBe(expected));
  });

  it('drops to 0 once /credits is visited, and is 0 while it is open', async () => {
    const { useNewCreditLeadsCount, markCreditLeadsVisited } = await loadBadge(daysAgo(10));
    const { result } = renderHookWithProviders(() => useNewCreditLeadsCount(), { path: '/questions' });
    await waitFor(() => expect(result.current).toBeGreaterThan(0));
    act(() => markCreditLeadsVisited());
    await waitFor(() => expect(result.current).toBe(0));
    const onPage = renderHookWithProviders(() => useNewCreditLeadsCount(), { path: '/credits/abc' });
    expect(onPage.result.current).toBe(0);
  });

  it('never asks for more than the 3 months a search allows', async () => {
    const { countSince } = await loadBadge(null);
    expect(countSince('2000-01-01T00:00:00', new Date()) > daysAgo(91)).toBe(true);
  });
});
