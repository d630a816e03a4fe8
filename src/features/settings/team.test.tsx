import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { permissionsOf, type Role } from '../../../core/roles.ts';
import type { ServerSession } from '../../api/session';
import type { Team } from '../../api/team';
import { AppRoutes } from '../../app/router';
import { refreshServerSession, sessionStore, setMode } from '../../lib/session';
import { demoSeller, server } from '../../test/demo';
import { renderWithProviders } from '../../test/render';

/**
 * Live mode's people pages against Seller Desk's own paths as docs/teams.md describes them: the join page, the
 * Team section of Settings and a person left with no account.
 */
const accountId = String(demoSeller.id);
const person = { id: 'p-ana', name: 'Ana', methods: ['marketplace' as const] };
function sessionAs(role: Role | null): ServerSession {
  return {
    mode: 'live',
    signedIn: role !== null,
    oauth: true,
    person: role === null ? null : person,
    accounts:
      role === null ? [] : [{ id: accountId, nickname: demoSeller.nickname, site_id: demoSeller.site_id, active: true, unread: 0, role }],
    activeAccountId: role === null ? null : accountId,
    permissions: role === null ? [] : [...permissionsOf(role)],
  };
}

/** Every request to Seller Desk's own paths, with its address and body. */
const requests: { url: string; body: string }[] = [];
afterEach(() => {
  requests.length = 0;
});

function serve(session: ServerSession, routes: Parameters<typeof server.use> = []) {
  server.use(
    http.all('http://localhost/*', async ({ request }) => {
      requests.push({ url: request.url, body: request.method === 'GET' ? '' : await request.clone().text() });
      return undefined;
    }),
    http.get('http://localhost/session', () => HttpResponse.json(session)),
    ...routes,
  );
}

async function renderLive(path: string) {
  setMode('live');
  await refreshServerSession();
  return renderWithProviders(<AppRoutes />, { path });
}

const secret = 'the-secret-of-the-link';
const lookup = {
  kind: 'join',
  account: { nickname: demoSeller.nickname, site_id: demoSeller.site_id },
  role: 'answerer',
  invitedBy: 'Owner Olga',
  expiresAt: '2030-01-08T10:00:00.000Z',
  person: null,
};

describe('join page', () => {
  it.each([
    ['invitation_used', 410, 'This invitation was already used'],
    ['invitation_revoked', 410, 'This invitation was revoked'],
    ['invitation_expired', 410, 'This invitation has expired'],
    ['invitation_not_found', 404, 'This invitation link is not valid'],
  ])('a link the server answers %s for gets a page that says so', async (error, status, heading) => {
    serve(sessionAs(null), [
      http.post('http://localhost/invitations/lookup', () => HttpResponse.json({ error, message: error }, { status })),
    ]);
    window.location.hash = `#${secret}`;
    await renderLive('/join');
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByText(/Ask the person who invited you|Each invitation link works once/)).toBeInTheDocument();
  });

  it('signed out: the secret is posted, never put in an address; a name is asked before a passkey or the marketplace', async () => {
    serve(sessionAs(null), [http.post('http://localhost/invitations/lookup', () => HttpResponse.json(lookup))]);
    window.location.hash = `#${secret}`;
    await renderLive('/join');
    expect(await screen.findByRole('heading', { level: 1, name: `Join ${demoSeller.nickname}` })).toBeInTheDocument();
    expect(
      screen.getByText(`Owner Olga invites you to work on ${demoSeller.nickname} (${demoSeller.site_id}) as Answerer.`, { exact: false }),
    );
    const create = screen.getByRole('button', { name: 'Create a passkey' });
    expect(create).toBeDisabled();
    await userEvent.setup().type(screen.getByRole('textbox', { name: 'Your name' }), 'Teo');
    expect(create).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Sign in with the marketplace' })).toBeEnabled();
    expect(requests.find((r) => r.url.endsWith('/invitations/lookup'))?.body).toBe(JSON.stringify({ secret }));
    expect(requests.every((r) => !r.url.includes(secret))).toBe(true);
  });

  it('signed in: the person accepts as themselves and lands on the account', async () => {
    let accepted = false;
    serve(sessionAs('viewer'), [
      http.post('http://localhost/invitations/lookup', () => HttpResponse.json(lookup)),
      http.post('http://localhost/invitations/accept', () => {
        accepted = true;
        return HttpResponse.json(sessionAs('answerer'));
      }),
    ]);
    window.location.hash = `#${secret}`;
    await renderLive('/join');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Accept as Ana' }));
    await waitFor(() => expect(accepted).toBe(true));
    expect(await screen.findByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
  });
});

describe('no account left', () => {
  it('a person signed in with no seller account is told so, not shown an error', async () => {
    serve({ ...sessionAs(null), signedIn: true, person });
    await renderLive('/questions');
    expect(await screen.findByRole('heading', { level: 1, name: 'You are no longer a member of any seller account' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });
});

describe('Settings → Team', () => {
  const team: Team = {
    people: [
      { id: 'p-ana', name: 'Ana', methods: ['marketplace'], role: 'owner', accountUser: true, lastActiveAt: null, you: true },
      {
        id: 'p-teo',
        name: 'Teo',
        methods: ['passkey'],
        role: 'answerer',
        accountUser: false,
        lastActiveAt: '2026-12-01T10:00:00.000Z',
        you: false,
      },
    ],
    invitations: [
      {
        id: 'i-1',
        kind: 'join',
        role: 'viewer',
        person: null,
        createdBy: 'Ana',
        createdAt: '2026-12-01T10:00:00.000Z',
        expiresAt: '2026-12-08T10:00:00.000Z',
      },
    ],
  };

  it('an owner sees the people and pending invitations, invites with a link to copy, and is told why the last owner stays', async () => {
    serve(sessionAs('owner'), [
      http.get('http://localhost/team', () => HttpResponse.json(team)),
      http.get('http://localhost/me/passkeys', () => HttpResponse.json({ passkeys: [] })),
      http.post('http://localhost/team/invitations', () =>
        HttpResponse.json(
          { invitation: { ...team.invitations[0], id: 'i-2', role: 'answerer' }, link: '/join#new-secret' },
          { status: 201 },
        ),
      ),
      http.delete('http://localhost/team/people/p-ana', () =>
        HttpResponse.json({ error: 'account_user', message: 'The account user stays an owner' }, { status: 409 }),
      ),
    ]);
    await renderLive('/settings');
    const people = await screen.findByRole('table', { name: 'People' });
    expect(within(people).getByText('Ana (you)')).toBeInTheDocument();
    expect(within(people).getByRole('combobox', { name: 'Role of Teo' })).toHaveTextContent('Answerer');
    expect(within(screen.getByRole('table', { name: 'Pending invitations' })).getByText('Join as Viewer')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByRole('textbox', { name: 'Invitation link' })).toHaveValue(`${location.origin}/join#new-secret`);

    await user.click(within(people).getByRole('button', { name: 'Remove Ana' }));
    expect(await screen.findByText("The account's own marketplace user always stays an owner.")).toBeInTheDocument();
  });

  it('an answerer has no Team section, but their passkeys and signing out everywhere', async () => {
    serve(sessionAs('answerer'), [
      http.get('http://localhost/me/passkeys', () =>
        HttpResponse.json({ passkeys: [{ id: 'k1', name: 'Laptop', createdAt: '2026-12-01T10:00:00.000Z', lastUsedAt: null }] }),
      ),
    ]);
    await renderLive('/settings');
    expect(await screen.findByRole('table', { name: 'Your passkeys' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Team' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out everywhere' })).toBeInTheDocument();
    // Ana also signs in with the marketplace: her one passkey is not her last way in.
    expect(screen.getByRole('button', { name: 'Remove Laptop' })).toBeInTheDocument();
  });

  it("lists the person's own sign-ins, newest first, with how; says so when there are none or they cannot be read", async () => {
    let answer: Response | undefined;
    serve(sessionAs('viewer'), [
      http.get('http://localhost/me/passkeys', () => HttpResponse.json({ passkeys: [] })),
      http.get('http://localhost/me/sign-ins', () =>
        answer
          ? answer.clone()
          : HttpResponse.json({
              signIns: [
                { method: 'passkey', at: '2026-12-03T10:00:00.000Z' },
                { method: 'marketplace', at: '2026-12-01T09:00:00.000Z' },
                { method: 'smartcard', at: '2026-11-30T09:00:00.000Z' },
              ],
            }),
      ),
    ]);
    const { unmount } = await renderLive('/settings');
    const table = await screen.findByRole('table', { name: 'Your recent sign-ins' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[1]!.textContent);
    expect(rows).toEqual(['With a passkey', 'With the marketplace', 'smartcard']);
    unmount();

    answer = HttpResponse.json({ signIns: [] });
    const empty = await renderLive('/settings');
    expect(await screen.findByText('No sign-in recorded yet.')).toBeInTheDocument();
    empty.unmount();

    answer = HttpResponse.json({ error: 'unavailable', message: 'down' }, { status: 503 });
    await renderLive('/settings');
    const section = await screen.findByRole('region', { name: 'Your recent sign-ins' });
    expect(await within(section).findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('demo mode', () => {
  it('shows the simulated team and passkeys; says a demo cannot make a passkey, and signing out everywhere keeps its person', async () => {
    // The simulator's own answers (src/demo/team.ts), as demo mode asks them after it started.
    setMode('demo');
    await refreshServerSession();
    renderWithProviders(<AppRoutes />, { path: '/settings' });
    const people = await screen.findByRole('table', { name: 'People' });
    expect(within(people).getAllByRole('row')).toHaveLength(5);
    expect(within(people).getByRole('combobox', { name: 'Role of Martín Ruiz' })).toHaveTextContent('Answerer');
    expect(await screen.findByRole('table', { name: 'Your passkeys' })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Name of the new passkey' }), 'Tablet');
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(
      await screen.findByText('Demo mode cannot create passkeys: your device makes a passkey for a real Seller Desk server.'),
    ).toBeInTheDocument();

    // Every session the page takes from now on: demo mode's person is never signed out (there is no way back in).
    const sessions: (ServerSession | null)[] = [];
    const stop = sessionStore.subscribe(() => sessions.push(sessionStore.get().server));
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(sessions.length).toBeGreaterThan(0));
    stop();
    expect(sessions.map((session) => session?.signedIn)).not.toContain(false);
    expect(await screen.findByRole('table', { name: 'People' })).toBeInTheDocument();
  });
});
