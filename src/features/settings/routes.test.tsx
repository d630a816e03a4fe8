import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
