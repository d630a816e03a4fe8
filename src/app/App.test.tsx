import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LocaleProvider } from '../lib/i18n';
import { App } from './App';

// The shell itself fails to render (a bug, or a browser refusing something it needs).
vi.mock('./Shell', () => ({
  Shell: () => {
    throw new Error('The shell broke');
  },
}));

afterEach(() => vi.unstubAllGlobals());

describe('App', () => {
  it('a shell that throws shows the error in words, and Retry reloads the page: never a blank page', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...location, reload });
    render(
      <LocaleProvider>
        <App />
      </LocaleProvider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'This page failed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The shell broke');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(reload).toHaveBeenCalledOnce();
  });
});
