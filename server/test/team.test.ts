import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionsOf } from '../../core/roles.ts';
import { buyerUser, demoSeller, otherSeller } from '../../src/demo/db/core.ts';
import { hashId, randomId } from '../src/secrets.ts';
import { openStore, type Store } from '../src/store/store.ts';
import { SoftwareAuthenticator } from './authenticator.ts';
import {
  Browser,
  consent,
  openEvents,
  publicUrl,
  signIn,
  simulatorEnv,
  startServer,
  startSimulator,
  storeEngines,
  testCipher,
  twoInstances,
  type Simulator,
  type TestServer,
} from './helpers.ts';

interface SessionAnswer {
  signedIn: boolean;
  person: { id: string; name: string; methods: string[] } | null;
  accounts: { id: string; nickname: string; role: string; active: boolean; needsSignIn: boolean }[];
  activeAccountId: string | null;
  permissions: string[];
}
interface InvitationAnswer {
  id: string;
  kind: string;
  role: string;
  person: { id: string; name: string } | null;
  createdBy: string | null;
  createdAt: string;
  expiresAt: string;
}
interface TeamAnswer {
  people: { id: string; name: string; methods: string[]; role: string; accountUser: boolean; lastActiveAt: string | null; you: boolean }[];
  invitations: InvitationAnswer[];
}
interface Ceremony<T> {
  challengeId: string;
  options: T;
}
type RegistrationOptions = Parameters<SoftwareAuthenticator['create']>[0];
type AuthenticationOptions = Parameters<SoftwareAuthenticator['get']>[0];

const json = async <T>(response: Response | Promise<Response>): Promise<T> => (await (await response).json()) as T;
const session = (browser: Browser) => json<SessionAnswer>(browser.request('/session'));
const errorOf = async (response: Response | Promise<Response>) => (await json<{ error: string }>(response)).error;

const shop = String(demoSeller.id);
const other = String(otherSeller.id);
/** Far sooner than the SSE heartbeat (15 s), which would otherwise be the first to notice. */
const promptly = 5_000;

/** Every invitation secret handed out in this file: none may reach a log line. */
const secrets: string[] = [];

/** An owner or manager makes an invitation; answers it and the secret its link carries. */
async function invite(browser: Browser, role: string, recoveryOf?: string) {
  const response = recoveryOf
    ? await browser.write('/team/invitations/recovery', 'POST', { personId: recoveryOf })
    : await browser.write('/team/invitations', 'POST', { role });
  expect(response.status).toBe(201);
  const { invitation, link } = await json<{ invitation: InvitationAnswer; link: string }>(response);
  expect(link).toMatch(/^\/join#[\w-]{43}$/);
  const secret = link.slice('/join#'.length);
  secrets.push(secret);
  return { invitation, secret };
}

/**
 * The Join page with a new passkey: `invitee` asks for the options (or `optionsFrom`, another instance's
 * browser) and sends the authenticator's answer, getting the session cookie.
 */
async function joinWithPasskey(
  invitee: Browser,
  secret: string,
  name: string | undefined,
  authenticator: SoftwareAuthenticator,
  optionsFrom = invitee,
) {
  const ceremony = await json<Ceremony<RegistrationOptions>>(optionsFrom.write('/invitations/passkey/options', 'POST', { secret, name }));
  const response = authenticator.create(ceremony.options);
  const verified = await invitee.write('/invitations/passkey/verify', 'POST', { challengeId: ceremony.challengeId, secret, response });
  expect(verified.status).toBe(200);
  return json<SessionAnswer>(verified);
}

/** The sign-in screen's "Sign in with a passkey", the options asked of `optionsFrom` (another instance, maybe). */
async function passkeySignIn(browser: Browser, authenticator: SoftwareAuthenticator, optionsFrom = browser) {
  const ceremony = await json<Ceremony<AuthenticationOptions>>(optionsFrom.write('/auth/passkey/options', 'POST'));
  expect(ceremony.options).toMatchObject({ rpId: 'seller-desk.test', userVerification: 'required' });
  const answer = authenticator.get(ceremony.options);
  const response = await browser.write('/auth/passkey/verify', 'POST', { challengeId: ceremony.challengeId, response: answer });
  return { response, answer, challengeId: ceremony.challengeId };
}

describe('Teams over the simulator', () => {
  let simulator: Simulator;
  let store: Store;
  let server: TestServer;
  let owner: Browser;
  let ownerId: string;
  const url = () => server.url;

  beforeAll(async () => {
    simulator = await startSimulator();
    store = await openStore({ dataDir: 'memory://', cipher: testCipher });
    server = await startServer(simulatorEnv(simulator), { store });
    owner = new Browser(server.url);
    await signIn(owner);
    ownerId = (await session(owner)).person!.id;
  });
  afterAll(async () => {
    await server.close();
    await store.close();
    await simulator.close();
  });

  it('makes whoever adds an account they do not sign in as its owner, the last one', async () => {
    await signIn(owner, otherSeller.nickname, '/auth/login?add=1&returnTo=/');
    expect((await session(owner)).accounts.map((a) => [a.id, a.role, a.active])).toEqual([
      [shop, 'owner', false],
      [other, 'owner', true],
    ]);
    const team = await json<TeamAnswer>(owner.request('/team'));
    expect(team.people).toMatchObject([{ id: ownerId, role: 'owner', accountUser: false, you: true, methods: ['marketplace'] }]);
    // Just signed in: active a moment ago, not "Never".
    expect(Date.now() - Date.parse(team.people[0]!.lastActiveAt ?? '')).toBeLessThan(60_000);
    expect(await errorOf(owner.write(`/team/people/${ownerId}`, 'PATCH', { role: 'manager' }))).toBe('last_owner');
    expect(await errorOf(owner.write(`/team/people/${ownerId}`, 'DELETE'))).toBe('last_owner');
    expect((await owner.write(`/session/accounts/${shop}/activate`, 'POST')).status).toBe(200);
  });

  it('invites with a link whose secret only the link holds, and the link works once', async () => {
    const { invitation, secret } = await invite(owner, 'answerer');
    expect(invitation).toMatchObject({ kind: 'join', role: 'answerer', person: null, createdBy: demoSeller.nickname });
    expect(Date.parse(invitation.expiresAt) - Date.parse(invitation.createdAt)).toBe(7 * 24 * 3600_000);
    const rows = await store.db.selectFrom('invitations').selectAll().where('id', '=', invitation.id).execute();
    expect(rows.map((row) => row.secret_hash)).toEqual([hashId(secret)]);
    expect(JSON.stringify(rows)).not.toContain(secret);

    const stranger = new Browser(url());
    expect(await json(stranger.write('/invitations/lookup', 'POST', { secret }))).toEqual({
      kind: 'join',
      account: { nickname: demoSeller.nickname, site_id: demoSeller.site_id },
      role: 'answerer',
      invitedBy: demoSeller.nickname,
      expiresAt: invitation.expiresAt,
      person: null,
    });

    const verified = await joinWithPasskey(new Browser(url()), secret, '  Bea  ', new SoftwareAuthenticator(publicUrl));
    expect(verified).toMatchObject({
      signedIn: true,
      person: { name: 'Bea', methods: ['passkey'] },
      accounts: [{ id: shop, role: 'answerer', active: true }],
      activeAccountId: shop,
      permissions: [...permissionsOf('answerer')],
    });

    // Used: every door refuses it now.
    const used = stranger.write('/invitations/lookup', 'POST', { secret });
    expect((await used).status).toBe(410);
    expect(await errorOf(stranger.write('/invitations/lookup', 'POST', { secret }))).toBe('invitation_used');
    expect(await errorOf(stranger.write('/invitations/passkey/options', 'POST', { secret, name: 'Eve' }))).toBe('invitation_used');
    expect(await errorOf(owner.write('/invitations/accept', 'POST', { secret }))).toBe('invitation_used');
    const team = await json<TeamAnswer>(owner.request('/team'));
    expect(team.people.find((p) => p.name === 'Bea')).toMatchObject({
      role: 'answerer',
      methods: ['passkey'],
      accountUser: false,
      you: false,
    });
    expect(team.invitations.map((i) => i.id)).not.toContain(invitation.id);
  });

  it('refuses an expired, a revoked and an unknown invitation', async () => {
    const expired = await invite(owner, 'viewer');
    await store.db
      .updateTable('invitations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', expired.invitation.id)
      .execute();
    const lookup = (secret: string) => owner.write('/invitations/lookup', 'POST', { secret });
    expect((await lookup(expired.secret)).status).toBe(410);
    expect(await errorOf(lookup(expired.secret))).toBe('invitation_expired');
    expect(await errorOf(owner.write('/invitations/accept', 'POST', { secret: expired.secret }))).toBe('invitation_expired');

    const revoked = await invite(owner, 'viewer');
    expect((await json<TeamAnswer>(owner.request('/team'))).invitations.map((i) => i.id)).toContain(revoked.invitation.id);
    expect((await owner.write(`/team/invitations/${revoked.invitation.id}`, 'DELETE')).status).toBe(204);
    expect(await errorOf(lookup(revoked.secret))).toBe('invitation_revoked');
    expect(await errorOf(new Browser(url()).write('/invitations/passkey/options', 'POST', { secret: revoked.secret, name: 'X' }))).toBe(
      'invitation_revoked',
    );
    expect((await owner.write(`/team/invitations/${revoked.invitation.id}`, 'DELETE')).status).toBe(404);
    const pending = (await json<TeamAnswer>(owner.request('/team'))).invitations.map((i) => i.id);
    expect(pending).not.toContain(revoked.invitation.id);
    expect(pending).not.toContain(expired.invitation.id);

    expect((await lookup(randomId())).status).toBe(404);
    expect(await errorOf(lookup(randomId()))).toBe('invitation_not_found');
  });

  it('accepts through the marketplace as a user who sells nothing: the person is identified, no account connected', async () => {
    const { secret } = await invite(owner, 'viewer');
    const ciro = new Browser(url());
    const started = await ciro.write('/invitations/marketplace', 'POST', { secret, name: 'Ciro' });
    expect(started.status).toBe(200);
    const { location } = await json<{ location: string }>(started);
    const back = await ciro.request(await consent(ciro, { authorization: location, seller: buyerUser.nickname }));
    expect(back.status).toBe(303);
    expect(await session(ciro)).toMatchObject({
      signedIn: true,
      person: { name: 'Ciro', methods: ['marketplace'] },
      accounts: [{ id: shop, role: 'viewer', active: true }],
      permissions: [...permissionsOf('viewer')],
    });
    expect(await store.isConnected(String(buyerUser.id))).toBe(false);
    expect(await errorOf(new Browser(url()).write('/invitations/lookup', 'POST', { secret }))).toBe('invitation_used');

    // Signing in again with the marketplace identifies the same person; still nothing of theirs connected.
    const again = new Browser(url());
    await signIn(again, buyerUser.nickname);
    expect(await session(again)).toMatchObject({ person: { name: 'Ciro' }, accounts: [{ id: shop, role: 'viewer' }] });
    expect(await store.isConnected(String(buyerUser.id))).toBe(false);
  });

  it('adds a signed-in person who opens a link, raising their role, never lowering it', async () => {
    const olga = new Browser(url());
    await signIn(olga, otherSeller.nickname);
    expect((await session(olga)).accounts.map((a) => [a.id, a.role])).toEqual([[other, 'owner']]);
    const roleAfter = async (role: string) => {
      const { secret } = await invite(owner, role);
      const accepted = await json<SessionAnswer>(olga.write('/invitations/accept', 'POST', { secret }));
      expect(accepted.activeAccountId).toBe(shop);
      return accepted.accounts.find((a) => a.id === shop)?.role;
    };
    expect(await roleAfter('viewer')).toBe('viewer');
    expect(await roleAfter('manager')).toBe('manager');
    expect(await roleAfter('answerer')).toBe('manager');
  });

  it('keeps the team’s rules: the account user stays an owner, managers manage everyone but owners', async () => {
    const team = await json<TeamAnswer>(owner.request('/team'));
    const id = (name: string) => team.people.find((p) => p.name === name)!.id;
    expect(team.people.find((p) => p.you)).toMatchObject({ id: ownerId, role: 'owner', accountUser: true });
    expect(await errorOf(owner.write(`/team/people/${ownerId}`, 'PATCH', { role: 'manager' }))).toBe('account_user');
    expect(await errorOf(owner.write(`/team/people/${ownerId}`, 'DELETE'))).toBe('account_user');

    const olga = new Browser(url());
    await signIn(olga, otherSeller.nickname);
    await olga.write(`/session/accounts/${shop}/activate`, 'POST');
    expect((await olga.write('/team/invitations', 'POST', { role: 'owner' })).status).toBe(403);
    expect(await errorOf(olga.write(`/team/people/${ownerId}`, 'PATCH', { role: 'viewer' }))).toBe('forbidden');
    expect(await errorOf(olga.write(`/team/people/${ownerId}`, 'DELETE'))).toBe('forbidden');
    const changed = await json<TeamAnswer>(olga.write(`/team/people/${id('Bea')}`, 'PATCH', { role: 'stock_keeper' }));
    expect(changed.people.find((p) => p.name === 'Bea')?.role).toBe('stock_keeper');
    expect((await olga.write('/team/people/nobody', 'PATCH', { role: 'viewer' })).status).toBe(404);
    expect((await olga.write(`/team/people/${id('Bea')}`, 'PATCH', { role: 'boss' })).status).toBe(400);

    // An owner makes another owner, and may demote them again: they are not the account's user.
    const olgaId = id(otherSeller.nickname);
    await owner.write(`/team/people/${olgaId}`, 'PATCH', { role: 'owner' });
    expect((await json<TeamAnswer>(olga.request('/team'))).people.find((p) => p.you)?.role).toBe('owner');
    const demoted = await json<TeamAnswer>(owner.write(`/team/people/${olgaId}`, 'PATCH', { role: 'manager' }));
    expect(demoted.people.find((p) => p.id === olgaId)?.role).toBe('manager');

    // Without team.manage, the team is not shown.
    const ciro = new Browser(url());
    await signIn(ciro, buyerUser.nickname);
    expect(await errorOf(ciro.request('/team'))).toBe('forbidden');
    expect((await ciro.write('/team/invitations', 'POST', { role: 'viewer' })).status).toBe(403);
  });

  it('ends a removed person’s streams at once, and their next request finds the account gone', async () => {
    const olga = new Browser(url());
    await signIn(olga, otherSeller.nickname);
    await olga.write(`/session/accounts/${shop}/activate`, 'POST');
    const ciro = new Browser(url());
    await signIn(ciro, buyerUser.nickname);
    const [olgaStream, ciroStream] = await Promise.all([openEvents(url(), olga.cookieHeader()), openEvents(url(), ciro.cookieHeader())]);
    expect(olgaStream.response.status).toBe(200);
    const team = await json<TeamAnswer>(owner.request('/team'));
    const id = (name: string) => team.people.find((p) => p.name === name)!.id;

    const removed = await json<TeamAnswer>(owner.write(`/team/people/${id('Ciro')}`, 'DELETE'));
    expect(removed.people.map((p) => p.name)).not.toContain('Ciro');
    await ciroStream.ended(promptly);
    // Ciro has no account left: signed in, with nothing to show ("no longer a member").
    expect(await errorOf(ciro.request('/api/users/me'))).toBe('signed_out');
    expect(await session(ciro)).toMatchObject({ signedIn: true, accounts: [], activeAccountId: null, permissions: [] });

    // Olga's session falls back to her own account.
    await owner.write(`/team/people/${id(otherSeller.nickname)}`, 'DELETE');
    await olgaStream.ended(promptly);
    expect(await session(olga)).toMatchObject({ activeAccountId: other, accounts: [{ id: other }] });
    expect(await json(olga.request('/api/users/me'))).toMatchObject({ id: otherSeller.id });
  });

  it('lets a non-owner leave an account, and an owner disconnect one for everyone', async () => {
    const { secret } = await invite(owner, 'viewer');
    const flor = new Browser(url());
    await joinWithPasskey(flor, secret, 'Flor', new SoftwareAuthenticator(publicUrl));
    const left = await json<SessionAnswer>(flor.write(`/session/accounts/${shop}`, 'DELETE'));
    expect(left).toMatchObject({ signedIn: true, accounts: [], activeAccountId: null });
    expect((await json<TeamAnswer>(owner.request('/team'))).people.map((p) => p.name)).not.toContain('Flor');
    expect(await store.getTokens(shop)).toMatchObject({ accessToken: expect.stringMatching(/^APP_USR-/) as unknown });

    // The owner disconnects the other shop: gone for Olga too (its own user), with its tokens.
    const olga = new Browser(url());
    await signIn(olga, otherSeller.nickname);
    const olgaStream = await openEvents(url(), olga.cookieHeader());
    expect((await session(owner)).accounts.map((a) => a.id)).toContain(other);
    const after = await json<SessionAnswer>(owner.write(`/session/accounts/${other}`, 'DELETE'));
    expect(after.accounts.map((a) => a.id)).toEqual([shop]);
    await olgaStream.ended(promptly);
    expect(await session(olga)).toMatchObject({ signedIn: true, accounts: [] });
    expect(await store.getTokens(other)).toBeUndefined();
    expect(await store.team.members(other)).toEqual([]);
  });

  it('signs a person in with a passkey, and lets them add, rename and remove theirs, never the last way in', async () => {
    const { secret } = await invite(owner, 'answerer');
    const phone = new SoftwareAuthenticator(publicUrl);
    const dora = new Browser(url());
    const joined = await joinWithPasskey(dora, secret, 'Dora', phone);

    const laptop = new Browser(url());
    const { response, answer, challengeId } = await passkeySignIn(laptop, phone);
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ signedIn: true, person: { id: joined.person!.id, name: 'Dora' }, activeAccountId: shop });
    expect((await laptop.request('/api/users/me')).status).toBe(200);
    // A challenge works once; an assertion of a credential nobody registered is refused.
    const replay = await new Browser(url()).write('/auth/passkey/verify', 'POST', { challengeId, response: answer });
    expect(replay.status).toBe(401);
    expect(await errorOf(replay)).toBe('passkey_refused');
    const stranger = new SoftwareAuthenticator(publicUrl);
    stranger.create({ ...(await json<Ceremony<RegistrationOptions>>(dora.write('/me/passkeys/options', 'POST'))).options });
    expect((await passkeySignIn(new Browser(url()), stranger)).response.status).toBe(401);

    const names = async (answer: Response | Promise<Response>) =>
      (await json<{ passkeys: { id: string; name: string }[] }>(answer)).passkeys.map((p) => p.name);
    const [first] = (await json<{ passkeys: { id: string }[] }>(dora.request('/me/passkeys'))).passkeys;
    expect(await names(dora.request('/me/passkeys'))).toEqual(['Passkey']);
    expect(await errorOf(dora.write(`/me/passkeys/${first!.id}`, 'DELETE'))).toBe('last_sign_in_method');

    const tablet = new SoftwareAuthenticator(publicUrl);
    const ceremony = await json<Ceremony<RegistrationOptions>>(dora.write('/me/passkeys/options', 'POST'));
    expect(ceremony.options.excludeCredentials?.map((c) => c.id)).toEqual([answer.id]);
    expect(
      await names(
        dora.write('/me/passkeys/verify', 'POST', {
          challengeId: ceremony.challengeId,
          response: tablet.create(ceremony.options),
          name: 'Tablet',
        }),
      ),
    ).toEqual(['Passkey', 'Tablet']);
    expect(await names(dora.write(`/me/passkeys/${first!.id}`, 'PATCH', { name: 'Phone' }))).toEqual(['Phone', 'Tablet']);
    expect((await dora.write(`/me/passkeys/${first!.id}`, 'PATCH', { name: ' ' })).status).toBe(400);
    expect((await owner.write(`/me/passkeys/${first!.id}`, 'PATCH', { name: 'Mine' })).status).toBe(404);
    expect(await names(dora.write(`/me/passkeys/${first!.id}`, 'DELETE'))).toEqual(['Tablet']);
    expect((await passkeySignIn(new Browser(url()), tablet)).response.status).toBe(200);
    expect((await passkeySignIn(new Browser(url()), phone)).response.status).toBe(401);

    // A person who signs in with the marketplace may remove their only passkey.
    const own = new SoftwareAuthenticator(publicUrl);
    const mine = await json<Ceremony<RegistrationOptions>>(owner.write('/me/passkeys/options', 'POST'));
    await owner.write('/me/passkeys/verify', 'POST', { challengeId: mine.challengeId, response: own.create(mine.options), name: 'Key' });
    const [key] = (await json<{ passkeys: { id: string }[] }>(owner.request('/me/passkeys'))).passkeys;
    expect(await names(owner.write(`/me/passkeys/${key!.id}`, 'DELETE'))).toEqual([]);
    expect((await session(owner)).person?.methods).toEqual(['marketplace']);
  });

  it('replaces a lost passkey through a recovery invitation, for the same person', async () => {
    const team = await json<TeamAnswer>(owner.request('/team'));
    const dora = team.people.find((p) => p.name === 'Dora')!;
    const { invitation, secret } = await invite(owner, 'answerer', dora.id);
    expect(invitation).toMatchObject({ kind: 'recovery', role: 'answerer', person: { id: dora.id, name: 'Dora' } });
    const stranger = new Browser(url());
    expect(await json(stranger.write('/invitations/lookup', 'POST', { secret }))).toMatchObject({
      kind: 'recovery',
      person: { name: 'Dora' },
    });
    expect(await errorOf(owner.write('/invitations/accept', 'POST', { secret }))).toBe('recovery_invitation');
    expect(await errorOf(stranger.write('/invitations/marketplace', 'POST', { secret, name: 'Dora' }))).toBe('recovery_invitation');

    const newPhone = new SoftwareAuthenticator(publicUrl);
    const recovered = await joinWithPasskey(stranger, secret, undefined, newPhone);
    expect(recovered).toMatchObject({ person: { id: dora.id, name: 'Dora' }, accounts: [{ id: shop, role: 'answerer' }] });
    expect((await json<{ passkeys: unknown[] }>(stranger.request('/me/passkeys'))).passkeys).toHaveLength(2);
    expect(await json(new Browser(url()).write('/invitations/lookup', 'POST', { secret }))).toMatchObject({ error: 'invitation_used' });
    const again = await passkeySignIn(new Browser(url()), newPhone);
    expect(await json(again.response)).toMatchObject({ person: { id: dora.id } });
  });

  it('signs a person out everywhere, and nobody else', async () => {
    const team = await json<TeamAnswer>(owner.request('/team'));
    const { secret } = await invite(owner, 'answerer', team.people.find((p) => p.name === 'Dora')!.id);
    const key = new SoftwareAuthenticator(publicUrl);
    const first = new Browser(url());
    await joinWithPasskey(first, secret, undefined, key);
    const second = new Browser(url());
    expect((await passkeySignIn(second, key)).response.status).toBe(200);
    expect((await first.write('/auth/logout-everywhere', 'POST')).status).toBe(204);
    expect((await session(first)).signedIn).toBe(false);
    const stale = await fetch(`${url()}/session`, { headers: { cookie: second.cookieHeader() } });
    expect(((await stale.json()) as SessionAnswer).signedIn).toBe(false);
    expect((await session(owner)).signedIn).toBe(true);
  });

  it('never writes an invitation’s secret to the log', async () => {
    // A whole flow here (look-up, the marketplace's start, a passkey, a refused second use), besides the
    // secrets the tests above posted.
    const { secret } = await invite(owner, 'viewer');
    const invitee = new Browser(url());
    expect((await invitee.write('/invitations/lookup', 'POST', { secret })).status).toBe(200);
    expect((await invitee.write('/invitations/marketplace', 'POST', { secret, name: 'Gus' })).status).toBe(200);
    await joinWithPasskey(invitee, secret, 'Gus', new SoftwareAuthenticator(publicUrl));
    expect((await owner.write('/invitations/accept', 'POST', { secret })).status).toBe(410);
    const log = server.logs();
    expect(log).toContain('/invitations/passkey/verify');
    for (const each of secrets) {
      expect(log, `the log holds ${each.slice(0, 6)}…`).not.toContain(each);
      expect(log).not.toContain(hashId(each));
    }
  });
});

describe.each(await storeEngines('team tests'))('a team on two instances on $name', ({ databaseUrl }) => {
  const instances = twoInstances(databaseUrl);

  it('accepts on one an invitation made on the other, signs in on one with a passkey made on the other, ends on one a removed person’s stream', async () => {
    const { simulator, stores } = instances;
    const [a, b] = await Promise.all(stores.map((store) => startServer(simulatorEnv(simulator), { store })));
    try {
      const owner = new Browser(a!.url);
      await signIn(owner);
      const { secret } = await invite(owner, 'answerer');

      // The invitation made on A: its ceremony begins on A and ends on B.
      const key = new SoftwareAuthenticator(publicUrl);
      const bea = new Browser(b!.url);
      const joined = await joinWithPasskey(bea, secret, 'Bea', key, new Browser(a!.url));
      expect(joined).toMatchObject({ person: { name: 'Bea' }, accounts: [{ id: shop, role: 'answerer' }] });

      // The passkey registered through A and B signs in on A, its challenge asked of B.
      const onA = new Browser(a!.url);
      expect((await passkeySignIn(onA, key, new Browser(b!.url))).response.status).toBe(200);

      // Bea's stream on B ends when the owner removes her on A; her session on A finds no account.
      const stream = await openEvents(b!.url, bea.cookieHeader());
      expect(stream.response.status).toBe(200);
      await owner.write(`/team/people/${joined.person!.id}`, 'DELETE');
      await stream.ended(promptly);
      expect(await session(onA)).toMatchObject({ signedIn: true, accounts: [] });
    } finally {
      await Promise.all([a!.close(), b!.close()]);
    }
  });
});
