import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../../core/roles.ts';
import { getThresholds } from '../../api/lowStock';
import { demoSeller } from '../../test/demo';
import { actAs } from '../../test/roles';
import { urls } from '../../lib/urls';
import { renderWithProviders } from '../../test/render';
import { Component as SettingsPage } from './routes';

// Settings reads no server data: no loading, empty or error state, only its render.
describe('settings page', () => {
  it('renders its sections with the current language; in demo mode no sign-in and no token field', () => {
    renderWithProviders(<SettingsPage />, { path: urls.settings.index() });
    expect(screen.getByRole('heading', { name: 'Settings' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Appearance' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Connection' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveTextContent('English');
    expect(screen.getByText(/Demo mode: .* No sign-in is needed/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Access token')).not.toBeInTheDocument();
  });
});

describe('the default low-stock alert in settings', () => {
  it.each<Role>(['owner', 'manager'])('%s sets it: a bad figure is said, a good one saved for the team', async (role) => {
    actAs(role);
    renderWithProviders(<SettingsPage />, { path: urls.settings.index() });
    const section = await screen.findByRole('region', { name: 'Low-stock alerts' });
    const field = await within(section).findByRole('textbox', { name: 'Default alert at (units or fewer)' });
    await userEvent.type(field, '2.5');
    await userEvent.click(within(section).getByRole('button', { name: 'Save default' }));
    expect(within(section).getByText('Type a whole number from 0, or leave it empty.')).toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.type(field, '4');
    await userEvent.click(within(section).getByRole('button', { name: 'Save default' }));
    await waitFor(async () => expect((await getThresholds(demoSeller.id)).accountDefault).toBe(4));
  });

  it.each<Role>(['answerer', 'stock_keeper', 'viewer'])('is not shown to a %s', async (role) => {
    actAs(role);
    renderWithProviders(<SettingsPage />, { path: urls.settings.index() });
    await screen.findByRole('heading', { name: 'Connection' });
    expect(screen.queryByRole('region', { name: 'Low-stock alerts' })).not.toBeInTheDocument();
  });
});
