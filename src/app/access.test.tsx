import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configureClient } from '../api/client';
import type { ServerSession } from '../api/session';
import { acceptServerSession, handleUnauthorized, refreshServerSession, sessionStore, setMode } from '../lib/session';
import { dismissToast, toastStore } from '../lib/toast';
import { AnswerComposer } from '../features/questions/AnswerComposer';
import { readDraft, writeDraft } from '../lib/drafts';
import { apiPath, demoSeller, otherSeller, server, testDb } from '../test/demo';
import { gateGet } from '../test/http';
import { renderWithProviders } from '../test/render';
import { AppRoutes } from './router';

/**
 * Live mode's access: the server's session decides between the sign-in screen and the pages, and every change of
 * account drops what was cached for the previous one. The seller API is the simulator; Seller Desk's own server
 * paths (`/session`, `/auth/…`) are answered here as server/README.md describes them.
 */
const account = (seller: typeof demoSeller, active: boolean, unread = 0) => ({
  id: String(seller.id),
  nickname: seller.nickname,
  site_id: seller.site_id,
  active,
  unread,
});
const signedOut: ServerSession = { mode: 'live', signedIn: false, oauth: true, accounts: [], activeAccountId: null };
const both: ServerSession = {
  mode: 'live',
  signedIn: true,
  oauth: true,
  accounts: [account(demoSeller, true), account(otherSeller, false)],
  activeAccountId: String(demoSeller.id),
};

/** Seller Desk's server with `session` as its answer to GET /session; records the writes it gets. */
function serveSession(session: ServerSession) {
  let current = session;
  const writes: { path: string; appHeader: string | null; body: unknown }[] = [];
  const write =
    (answer: (path: string, body: unknown) => Response) =>
    async ({ request }: { request: Request }) => {
      const path = new URL(request.url).pathname;
      const text = await request.text();
      writes.push({ path, appHeader: request.headers.get('x-seller-desk'), body: text ? JSON.parse(text) : undefined });
      return answer(path, text ? JSON.parse(text) : undefined);
    };
  server.use(
    http.get('http://localhost/session', () => HttpResponse.json(current)),
    http.post(
      'http://localhost/session/accounts/:id/activate',
      write((path) => {
        const id = path.split('/')[3]!;
        current = { ...current, activeAccountId: id, accounts: current.accounts.map((a) => ({ ...a, active: a.id === id })) };
        return HttpResponse.json(current);
      }),
    ),
    http.delete(
      'http://localhost/session/accounts/:id',
      write((path) => {
        const id = path.split('/')[3]!;
        const accounts = current.accounts.filter((a) => a.id !== id).map((a, index) => ({ ...a, active: index === 0 }));
        current = { ...current, accounts, activeAccountId: accounts[0]?.id ?? null, signedIn: accounts.length > 0 };
        return HttpResponse.json(current);
      }),
    ),
    http.post(
      'http://localhost/auth/logout',
      write(() => {
        current = signedOut;
        return new HttpResponse(null, { status: 204 });
      }),
    ),
    http.post(
      'http://localhost/session/token',
      write((_path, body) => {
        if ((body as { token: string }).token !== demoSeller.token)
          return HttpResponse.json({ error: 'invalid_token', message: 'The marketplace did not accept this token' }, { status: 401 });
        current = { ...current, signedIn: true, accounts: [account(demoSeller, true)], activeAccountId: String(demoSeller.id) };
        return HttpResponse.json(current);
      }),
    ),
  );
  return writes;
}

let rendered: ReturnType<typeof renderWithProviders> | undefined;

/** The app's routes in live mode at `path`, once the server has said who is signed in. */
async function renderLive(path: string) {
  setMode('live');
  await refreshServerSession();
  rendered = renderWithProviders(<AppRoutes />, { path });
  const { queryClient } = rendered;
  configureClient({ onUnauthorized: (error) => handleUnauthorized(error, () => queryClient.clear()) });
  return rendered;
}

// jsdom has no layout, so no Element#scrollTo: the inbox's virtualized list calls it when it opens.
beforeAll(() => {
  Element.prototype.scrollTo = () => undefined;
});

// A request still in flight would answer into the next test's client configuration: let each test settle first.
afterEach(async () => {
  await waitFor(() => expect(rendered?.queryClient.isFetching() ?? 0).toBe(0));
  rendered = undefined;
  act(() => toastStore.get().forEach((toast) => dismissToast(toast.id)));
});

describe('live mode access', () => {
  it('signed out, every address shows the sign-in screen, whose button comes back to that address', async () => {
    serveSession(signedOut);
    await renderLive('/credits?status=approved');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in with the marketplace' })).toHaveAttribute(
      'href',
      '/auth/login?returnTo=%2Fcredits%3Fstatus%3Dapproved',
    );
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
  });

  it('without a marketplace app, a personal token is checked before it is sent, then posted to the server only', async () => {
    const writes = serveSession({ ...signedOut, oauth: false });
    await renderLive('/questions');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in with the marketplace' })).not.toBeInTheDocument();
    const user = userEvent.setup();
    const connect = screen.getByRole('button', { name: 'Connect with this token' });

    await user.click(connect);
    expect(screen.getByText('Paste an access token first.')).toBeInTheDocument();
    expect(writes).toEqual([]);

    await user.type(screen.getByLabelText('Access token'), 'not-a-token');
    await user.click(connect);
    expect(await screen.findByText(/did not accept this token/)).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Access token'));
    await user.type(screen.getByLabelText('Access token'), demoSeller.token);
    await user.click(connect);
    expect(await screen.findByRole('button', { name: `Account: ${demoSeller.nickname}` })).toBeInTheDocument();
    expect(writes).toEqual([
      { path: '/session/token', appHeader: '1', body: { token: 'not-a-token' } },
      { path: '/session/token', appHeader: '1', body: { token: demoSeller.token } },
    ]);
    expect([...Object.values(localStorage), ...Object.values(sessionStorage)].join()).not.toContain(demoSeller.token);
  });

  it('a 401 from the marketplace shows the sign-in screen with its reason, drops the cached data, and offers the other accounts', async () => {
    serveSession(both);
    const { queryClient } = await renderLive('/response-time');
    expect(await screen.findByRole('button', { name: `Account: ${demoSeller.nickname}` })).toBeInTheDocument();
    await waitFor(() => expect(queryClient.getQueryData(['users', 'me'])).toBeDefined());

    server.use(
      http.get(apiPath('/users/me'), () =>
        HttpResponse.json({ message: 'invalid access token', error: 'unauthorized', status: 401, cause: [] }, { status: 401 }),
      ),
    );
    await act(() => queryClient.refetchQueries({ queryKey: ['users', 'me'] }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByText(/refused the last request \(invalid access token\)/)).toBeInTheDocument();
    expect(queryClient.getQueryData(['users', 'me'])).toBeUndefined();
    // The refused account is not offered again; the other one is, and nothing switches by itself.
    expect(screen.getAllByRole('button', { name: /^Continue as / }).map((button) => button.textContent)).toEqual([
      `Continue as ${otherSeller.nickname}`,
    ]);
  });

  it('when the server ends the sign-in, the sign-in screen says so and the seller may go on with a connected account', async () => {
    const writes = serveSession(both);
    const { queryClient } = await renderLive('/response-time');
    await waitFor(() => expect(queryClient.getQueryData(['users', 'me'])).toBeDefined());
    server.use(
      http.get(apiPath('/users/me'), () => HttpResponse.json({ error: 'signed_out', message: 'Sign in to continue' }, { status: 401 })),
    );
    await act(() => queryClient.refetchQueries({ queryKey: ['users', 'me'] }));
    expect(await screen.findByText(/Your sign-in has ended/)).toBeInTheDocument();
    server.resetHandlers();
    serveSession(both);
    await userEvent.setup().click(screen.getByRole('button', { name: `Continue as ${otherSeller.nickname}` }));
    expect(await screen.findByRole('button', { name: `Account: ${otherSeller.nickname}` })).toBeInTheDocument();
    expect(writes).toEqual([]);
  });

  it('a person removed from their last account whose request is refused before the session says so is told they were removed', async () => {
    serveSession(both);
    const { queryClient } = await renderLive('/response-time');
    await waitFor(() => expect(queryClient.getQueryData(['users', 'me'])).toBeDefined());
    // The server removed them: its session has no account, and the API answers signed_out (server/src/door.ts).
    serveSession({ ...both, accounts: [], activeAccountId: null });
    server.use(
      http.get(apiPath('/users/me'), () => HttpResponse.json({ error: 'signed_out', message: 'Sign in to continue' }, { status: 401 })),
    );
    await act(() => queryClient.refetchQueries({ queryKey: ['users', 'me'] }));
    expect(await screen.findByRole('heading', { level: 1, name: 'You are no longer a member of any seller account' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Sign in' })).not.toBeInTheDocument();
  });

  it('a page starts its reads with the active account the session names, before /users/me answers', async () => {
    serveSession(both);
    // Held until the list is there, then answered by the simulator as usual.
    const answer = gateGet('/users/me');
    const { queryClient } = await renderLive('/fulfillment');
    expect(await screen.findByRole('list', { name: 'Fulfilled listings' })).toBeInTheDocument();
    expect(queryClient.getQueryState(['users', 'me'])?.status).toBe('pending');
    answer();
    await waitFor(() => expect(queryClient.getQueryData(['users', 'me'])).toMatchObject({ id: demoSeller.id }));
  });

  it('switching account drops the cached data, goes home and shows the new account', async () => {
    const writes = serveSession(both);
    const { queryClient } = await renderLive('/response-time');
    const user = userEvent.setup();
    await waitFor(() => expect(queryClient.getQueryData(['users', 'me'])).toBeDefined());
    const seen = queryClient.getQueryCache().find({ queryKey: ['users', 'me'] });
    await user.click(await screen.findByRole('button', { name: `Account: ${demoSeller.nickname}` }));
    const menu = screen.getByRole('menu');
    expect(within(menu).getByRole('menuitemradio', { name: new RegExp(demoSeller.nickname) })).toHaveAttribute('aria-checked', 'true');
    expect(within(menu).getByRole('menuitem', { name: 'Add account' })).toHaveAttribute(
      'href',
      '/auth/login?returnTo=%2Fresponse-time&add=1',
    );

    await user.click(within(menu).getByRole('menuitemradio', { name: new RegExp(otherSeller.nickname) }));
    expect(await screen.findByRole('button', { name: `Account: ${otherSeller.nickname}` })).toBeInTheDocument();
    expect(writes).toEqual([{ path: `/session/accounts/${otherSeller.id}/activate`, appHeader: '1', body: undefined }]);
    expect(queryClient.getQueryCache().find({ queryKey: ['users', 'me'] })).not.toBe(seen);
    // The home screen's lazy parts may swap its frame once more while they arrive: wait until the heading stays.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument());
  });

  it("the account menu shows the other accounts' unread activity, asked again when it opens", async () => {
    serveSession({ ...both, accounts: [account(demoSeller, true, 5), account(otherSeller, false, 3)] });
    await renderLive('/response-time');
    const user = userEvent.setup();
    // The active account's own unread count is the navigation's; the button speaks of the others only.
    const button = await screen.findByRole('button', { name: `Account: ${demoSeller.nickname} (3 unread entries in your other accounts)` });
    serveSession({ ...both, accounts: [account(demoSeller, true, 5), account(otherSeller, false, 4)] });
    await user.click(button);
    const menu = screen.getByRole('menu');
    expect(await within(menu).findByRole('menuitemradio', { name: new RegExp(`${otherSeller.nickname}.*4 unread`) })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitemradio', { name: new RegExp(demoSeller.nickname) })).not.toHaveTextContent('unread');
  });

  it('sign out ends the session on the server and leaves nothing of the seller on screen or in the cache', async () => {
    const writes = serveSession(both);
    const { queryClient } = await renderLive('/questions');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Account: ${demoSeller.nickname}` }));
    await user.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(writes.map((write) => write.path)).toEqual(['/auth/logout']);
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
    expect(screen.queryByText(demoSeller.nickname)).not.toBeInTheDocument();
  });

  it('disconnecting the active account drops its cached data and goes on with the other one', async () => {
    const writes = serveSession(both);
    const { queryClient } = await renderLive('/settings');
    const disconnect = await screen.findByRole('button', { name: `Disconnect ${demoSeller.nickname}` });
    queryClient.setQueryData(['credit-leads', 'of the active account'], ['a lead']);
    await userEvent.setup().click(disconnect);
    expect(await screen.findByRole('button', { name: `Account: ${otherSeller.nickname}` })).toBeInTheDocument();
    expect(writes.map((write) => write.path)).toEqual([`/session/accounts/${demoSeller.id}`]);
    expect(queryClient.getQueryData(['credit-leads', 'of the active account'])).toBeUndefined();
  });

  it("answer drafts are kept per account: a 401 keeps them, and another account's composer does not show them", async () => {
    const question = [...testDb().questions.byId.values()].find((q) => q.seller_id === demoSeller.id && q.status === 'UNANSWERED')!;
    serveSession(both);
    const { queryClient } = await renderLive(`/questions/${question.id}`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Your answer'), 'Yes, in stock');
    expect(readDraft(String(demoSeller.id), question.id)).toBe('Yes, in stock');

    server.use(
      http.get(apiPath('/users/me'), () =>
        HttpResponse.json({ message: 'invalid access token', error: 'unauthorized', status: 401, cause: [] }, { status: 401 }),
      ),
    );
    await act(() => queryClient.refetchQueries({ queryKey: ['users', 'me'] }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    server.resetHandlers();
    serveSession(both);
    act(() => acceptServerSession(both));
    expect(await screen.findByLabelText('Your answer')).toHaveValue('Yes, in stock');
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    rendered?.unmount();

    // The same question id under the other account starts empty (were it ever shown there).
    act(() => acceptServerSession({ ...both, activeAccountId: String(otherSeller.id) }));
    renderWithProviders(<AnswerComposer questionId={question.id} />);
    expect(screen.getByLabelText('Your answer')).toHaveValue('');
  });

  it('sign out with unsent drafts asks whether to keep them on this device: keep is the default, delete removes them', async () => {
    const writes = serveSession(both);
    writeDraft(String(demoSeller.id), 1, 'Draft of the active account');
    writeDraft(String(otherSeller.id), 2, 'Draft of the other account');
    writeDraft('someone-else', 3, 'Draft of an account not in this session');
    await renderLive('/response-time');
    const user = userEvent.setup();
    const signOut = async () => {
      await user.click(await screen.findByRole('button', { name: `Account: ${demoSeller.nickname}` }));
      await user.click(screen.getByRole('menuitem', { name: 'Sign out' }));
      return screen.findByRole('dialog', { name: 'Keep your unsent drafts?' });
    };

    let dialog = await signOut();
    expect(dialog).toHaveTextContent('You have 2 unsent answer drafts on this device.');
    expect(within(dialog).getByRole('button', { name: 'Keep drafts and sign out' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes).toEqual([]);

    dialog = await signOut();
    await user.click(within(dialog).getByRole('button', { name: 'Delete drafts and sign out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(writes.map((write) => write.path)).toEqual(['/auth/logout']);
    expect(readDraft(String(demoSeller.id), 1)).toBe('');
    expect(readDraft(String(otherSeller.id), 2)).toBe('');
    expect(readDraft('someone-else', 3)).toBe('Draft of an account not in this session');
  });

  it('sign out keeping the drafts leaves them for the next sign-in', async () => {
    serveSession(both);
    writeDraft(String(demoSeller.id), 1, 'Kept');
    await renderLive('/response-time');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Account: ${demoSeller.nickname}` }));
    await user.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Keep your unsent drafts?' });
    expect(dialog).toHaveTextContent('You have 1 unsent answer draft on this device.');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(readDraft(String(demoSeller.id), 1)).toBe('Kept');
  });

  it('Settings lists the connected accounts, each to switch to or disconnect', async () => {
    serveSession(both);
    await renderLive('/settings');
    const table = await screen.findByRole('table', { name: 'Connected accounts' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      `${demoSeller.nickname} (active)${demoSeller.site_id}Disconnect ${demoSeller.nickname}`,
      `${otherSeller.nickname}${otherSeller.site_id}Switch to ${otherSeller.nickname}Disconnect ${otherSeller.nickname}`,
    ]);
  });
});

describe('session state', () => {
  it('an answer to an older question about the session does not undo a switch made meanwhile', async () => {
    setMode('live');
    let answer = () => undefined as void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('http://localhost/session', async () => {
        await held;
        return HttpResponse.json(both);
      }),
    );
    const refresh = refreshServerSession();
    const switched = {
      ...both,
      activeAccountId: String(otherSeller.id),
      accounts: [account(demoSeller, false), account(otherSeller, true)],
    };
    acceptServerSession(switched);
    answer();
    await refresh;
    expect(sessionStore.get().server).toEqual(switched);
  });
});

describe('boot', () => {
  it('a page that does not carry its mode shows an error and asks nothing of any backend', async () => {
    const requests = vi.fn();
    server.events.on('request:start', requests);
    setMode(null);
    renderWithProviders(<AppRoutes />, { path: '/questions' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Seller Desk cannot start' })).toBeInTheDocument();
    expect(screen.getByText('This page did not say how to run')).toBeInTheDocument();
    expect(screen.queryByTestId('mode-badge')).not.toBeInTheDocument();
    expect(requests).not.toHaveBeenCalled();
    server.events.removeAllListeners();
  });

  it('a server that does not answer who is signed in shows an error with a retry', async () => {
    let down = true;
    server.use(http.get('http://localhost/session', () => (down ? HttpResponse.error() : HttpResponse.json(signedOut))));
    setMode('live');
    await refreshServerSession();
    renderWithProviders(<AppRoutes />, { path: '/questions' });
    expect(await screen.findByText('The Seller Desk server did not answer')).toBeInTheDocument();
    down = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
  });

  it('reads the mode from the page, and deletes a token an older version left in browser storage', async () => {
    localStorage.setItem('seller-desk.token', 'old-remembered');
    sessionStorage.setItem('seller-desk.token', 'old-tab');
    vi.resetModules();
    const { readMode, sessionStore: fresh } = await import('../lib/session');
    expect(fresh.get().mode).toBeNull();
    expect(localStorage.getItem('seller-desk.token')).toBeNull();
    expect(sessionStorage.getItem('seller-desk.token')).toBeNull();

    const page = document.implementation.createHTMLDocument();
    expect(readMode(page)).toBeNull();
    page.head.innerHTML = '<meta name="seller-desk-mode" content="live">';
    expect(readMode(page)).toBe('live');
    page.head.innerHTML = '<meta name="seller-desk-mode" content="anything">';
    expect(readMode(page)).toBeNull();
    expect(sessionStore.get().mode).toBe('demo');
  });
});
