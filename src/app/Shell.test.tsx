import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storageBlocked } from '../lib/store';
import { dismissToast, showToast, toastStore } from '../lib/toast';
import { renderShell } from '../test/shell';

afterEach(() => {
  vi.unstubAllGlobals();
  storageBlocked.set(false);
  act(() => toastStore.get().forEach((toast) => dismissToast(toast.id)));
});

describe('Shell', () => {
  it('on a wide screen lists every area in the navigation, the current one marked, with live counts', async () => {
    renderShell({ wide: true, path: '/settings' });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/',
      '/questions',
      '/response-time',
      '/stock',
      '/categories',
      '/fulfillment',
      '/credits',
      '/activity',
      '/audit',
      '/settings',
    ]);
    expect(within(nav).getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
    // Home is `/`, a prefix of every path: it is marked only on itself.
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    expect(await within(nav).findByRole('link', { name: /^Questions \d+ \(\d+ unanswered questions\)$/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument();
  });

  it('shows the mode badge with its explanation', () => {
    renderShell({ wide: true, path: '/settings' });
    const badge = screen.getByTestId('mode-badge');
    expect(badge).toHaveTextContent('DEMO');
    expect(badge).toHaveAttribute('title', expect.stringMatching(/demo/i));
  });

  it('on a phone opens the navigation as a menu that closes on navigating and gives focus back on Escape', async () => {
    const user = userEvent.setup();
    renderShell({ wide: false, path: '/settings' });
    expect(screen.queryByRole('link', { name: 'Stock' })).not.toBeInTheDocument();
    const menuButton = screen.getByRole('button', { name: 'Open menu' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');

    await user.click(menuButton);
    const menu = await screen.findByRole('dialog');
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await user.click(within(menu).getByRole('link', { name: 'Stock' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');

    await user.click(menuButton);
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(menuButton).toHaveFocus();
  });

  it('shows a queued toast, one at a time, until it is closed', async () => {
    const user = userEvent.setup();
    renderShell({ wide: true, path: '/settings' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    act(() => {
      showToast('Token saved.', 'success');
      showToast('Token forgotten.');
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Token saved.');
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Token forgotten.');
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(toastStore.get()).toEqual([]);
  });

  it('says once, in a toast the seller can close, that a browser refusing storage will not remember settings', async () => {
    storageBlocked.set(true);
    renderShell({ wide: true, path: '/settings' });
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('settings and drafts will be forgotten when you leave');
    await userEvent.setup().click(within(notice).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    // The shell mounts again (another account, say): the seller was told already.
    cleanup();
    renderShell({ wide: true, path: '/settings' });
    expect(await screen.findByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(toastStore.get()).toEqual([]);
  });
});
