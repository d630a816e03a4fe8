import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { DateRangeField } from './DateRangeField';

const renderField = (props: Partial<Parameters<typeof DateRangeField>[0]> = {}) =>
  renderWithProviders(<DateRangeField from="2026-03-01" to="2026-03-31" onChange={vi.fn()} fromLabel="From" toLabel="To" {...props} />);

describe('DateRangeField', () => {
  it('says the range in one button and mounts no picker until it is opened', () => {
    renderField();
    expect(screen.getByRole('button', { name: 'From: Mar 1, 2026 · To: Mar 31, 2026' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'From' })).not.toBeInTheDocument();
  });

  it('shows a date that is not a real day as written, and an empty one as a dash', () => {
    renderField({ from: '2026-02-30', to: '' });
    expect(screen.getByRole('button', { name: 'From: 2026-02-30 · To: —' })).toBeInTheDocument();
  });

  it('ties the refusal to the button', () => {
    renderField({ error: 'Choose both dates.' });
    expect(screen.getByRole('button', { name: /^From:/ })).toHaveAccessibleDescription('Choose both dates.');
  });

  it('opens into both pickers with the focus in the first', async () => {
    renderField();
    await userEvent.click(screen.getByRole('button', { name: /^From:/ }));
    const from = await screen.findByRole('group', { name: 'From' });
    expect(screen.getByRole('group', { name: 'To' })).toBeInTheDocument();
    await waitFor(() => expect(from).toContainElement(document.activeElement as HTMLElement));
  });

  it('sends a picked day as YYYY-MM-DD', async () => {
    const onChange = vi.fn();
    renderField({ onChange });
    await userEvent.click(screen.getByRole('button', { name: /^From:/ }));
    const from = await screen.findByRole('group', { name: 'From' });
    await userEvent.click(within(from).getByRole('spinbutton', { name: 'Day' }));
    await userEvent.keyboard('15');
    expect(onChange).toHaveBeenLastCalledWith({ from: '2026-03-15', to: '2026-03-31' });
  });
});
