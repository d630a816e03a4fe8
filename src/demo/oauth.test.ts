import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { within } from '@testing-library/react';
import { bypass } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buyerUser, demoSeller, otherSeller } from './db/core';
import type { DemoOAuth } from './oauth';
import { createDemoServer, type DemoServer } from './server';

/**
 * The simulator's sign-in over real HTTP, as shared/spec/sign-in-and-notifications.md gives it. Requests go
 * through msw's `bypass` so that the msw/node interception of the test setup lets them reach the socket.
 */
const client = { clientId: 'seller-desk-test', clientSecret: 'test-secret' };
const redirectUri = 'http://desk.test/auth/callback';
const verifier = 'a-code-verifier-of-at-least-43-characters-0123456789';
const challenge = createHash('sha256').update(verifier).digest('base64url');

let simulator: DemoServer & { oauth: DemoOAuth };
let base: string;

beforeEach(async () => {
  simulator = createDemoServer({ oauth: { ...client, expiresIn: 600 } });
  await new Promise<void>((resolve) => simulator.server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(simulator.server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  document.body.replaceChildren();
  await new Promise((resolve) => simulator.server.close(resolve));
});

const send = (path: string, init: RequestInit = {}) => fetch(bypass(new Request(base + path, { redirect: 'manual', ...init })));
const postForm = (path: string, fields: Record<string, string>) =>
  send(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(fields).toString(),
  });

function authorizationQuery(overrides: Record<string, string | null> = {}): string {
  const query = new URLSearchParams();
  const fields = {
    response_type: 'code',
    client_id: client.clientId,
    redirect_uri: redirectUri,
    state: 'state-1',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...overrides,
  };
  for (const [name, value] of Object.entries(fields)) if (value !== null) query.set(name, value);
  return query.toString();
}

/** Opens the consent page and shows it in the test's document; answers the parsed page. */
async function openConsent(overrides: Record<string, string | null> = {}): Promise<Document> {
  const response = await send(`/authorization?${authorizationQuery(overrides)}`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  const page = new DOMParser().parseFromString(await response.text(), 'text/html');
  document.body.replaceChildren(...[...page.body.childNodes].map((node) => document.importNode(node, true)));
  return page;
}

/** Submits the consent form shown as a browser would: the seller's radio ticked, then one button clicked. */
async function submitConsent(seller: string, button: 'Allow' | 'Deny'): Promise<URL> {
  const form = document.querySelector('form')!;
  within(form)
    .getByRole('radio', { name: new RegExp(seller) })
    .click();
  const clicked = within(form).getByRole('button', { name: button }) as HTMLButtonElement;
  const fields = new URLSearchParams();
  for (const [name, value] of new FormData(form)) fields.append(name, String(value));
  fields.append(clicked.name, clicked.value);
  const response = await send(form.getAttribute('action')!, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: fields.toString(),
  });
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location')!);
}

async function codeFor(seller = otherSeller.nickname): Promise<string> {
  await openConsent();
  return (await submitConsent(seller, 'Allow')).searchParams.get('code')!;
}

const exchange = (code: string, overrides: Record<string, string> = {}) =>
  postForm('/oauth/token', {
    grant_type: 'authorization_code',
    client_id: client.clientId,
    client_secret: client.clientSecret,
    code,
    redirect_uri: redirectUri,
    code_verifier: verifier,
    ...overrides,
  });

const refresh = (refreshToken: string) =>
  postForm('/oauth/token', {
    grant_type: 'refresh_token',
    client_id: client.clientId,
    client_secret: client.clientSecret,
    refresh_token: refreshToken,
  });

interface Tokens {
  access_token: string;
  refresh_token: string;
}

const me = (token: string) => send('/users/me', { headers: { Authorization: `Bearer ${token}` } });

async function expectRefusal(response: Response, error: string) {
  expect(response.status).toBe(400);
  expect(await response.json()).toEqual({ error, error_description: expect.any(String), status: 400 });
}

describe('the consent page (GET /authorization)', () => {
  it('lets the person pick a demo seller and allow or deny, in an accessible form', async () => {
    const page = await openConsent();
    expect(page.documentElement.lang).toBe('en');
    expect(page.querySelectorAll('h1')).toHaveLength(1);
    const group = within(document.body).getByRole('group', { name: 'Sign in as' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual([
      String(demoSeller.id),
      String(otherSeller.id),
      String(buyerUser.id),
    ]);
    expect(within(group).getByRole('radio', { name: /TIENDA_DEMO/ })).toBeChecked();
    expect(within(group).getByRole('radio', { name: /OTRO_VENDEDOR/ })).not.toBeChecked();
    expect(within(document.body).getByRole('button', { name: 'Allow' })).toBeInTheDocument();
    expect(within(document.body).getByRole('button', { name: 'Deny' })).toBeInTheDocument();
  });

  it('escapes what it echoes', async () => {
    const state = '"><script>alert(1)</script>';
    await openConsent({ state });
    expect(document.querySelector('script')).toBeNull();
    expect(document.querySelector<HTMLInputElement>('input[name=state]')!.value).toBe(state);
  });

  it.each([
    ['an unknown client_id', { client_id: 'someone-else' }],
    ['a plain code challenge', { code_challenge_method: 'plain' }],
    ['no code challenge', { code_challenge: null }],
    ['no redirect_uri', { redirect_uri: null }],
    ['a redirect_uri that is not http(s)', { redirect_uri: 'javascript:alert(1)' }],
    ['another response_type', { response_type: 'token' }],
  ])('refuses %s with a 400 page', async (_case, overrides) => {
    const response = await send(`/authorization?${authorizationQuery(overrides)}`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('<h1>This sign-in request cannot be completed</h1>');
  });
});

describe('the consent form (POST /authorization)', () => {
  it('sends the browser back with a code and the state on Allow', async () => {
    await openConsent();
    const back = await submitConsent(demoSeller.nickname, 'Allow');
    expect(back.origin + back.pathname).toBe(redirectUri);
    expect(back.searchParams.get('code')).toMatch(/^TG-/);
    expect(back.searchParams.get('state')).toBe('state-1');
  });

  it('sends the browser back with access_denied and the state on Deny', async () => {
    await openConsent();
    const back = await submitConsent(demoSeller.nickname, 'Deny');
    expect(back.origin + back.pathname).toBe(redirectUri);
    expect(Object.fromEntries(back.searchParams)).toEqual({
      error: 'access_denied',
      error_description: expect.any(String),
      state: 'state-1',
    });
  });

  it('refuses a form naming no known seller', async () => {
    const response = await postForm('/authorization', {
      ...Object.fromEntries(new URLSearchParams(authorizationQuery())),
      seller_id: '1',
      decision: 'allow',
    });
    expect(response.status).toBe(400);
  });
});

describe('the token endpoint (POST /oauth/token)', () => {
  it('exchanges a code for tokens of the chosen seller, which the API accepts', async () => {
    const response = await exchange(await codeFor(otherSeller.nickname));
    expect(response.status).toBe(200);
    const tokens = (await response.json()) as Tokens;
    expect(tokens).toEqual({
      access_token: expect.stringMatching(/^APP_USR-/),
      token_type: 'Bearer',
      expires_in: 600,
      scope: 'offline_access read write',
      user_id: otherSeller.id,
      refresh_token: expect.stringMatching(/^TG-/),
    });
    const identity = await me(tokens.access_token);
    expect(identity.status).toBe(200);
    expect(await identity.json()).toMatchObject({ id: otherSeller.id, nickname: otherSeller.nickname });
    expect(simulator.oauth.tokenCalls).toEqual([{ grant_type: 'authorization_code' }]);
  });

  it('signs in a buyer who sells nothing: the API knows them and lists no item of theirs', async () => {
    const tokens = (await (await exchange(await codeFor(buyerUser.nickname))).json()) as Tokens;
    expect(await (await me(tokens.access_token)).json()).toMatchObject({ id: buyerUser.id, nickname: 'COMPRADOR_DEMO' });
    const items = await send(`/users/${buyerUser.id}/items/search`, { headers: { Authorization: `Bearer ${tokens.access_token}` } });
    expect(items.status).toBe(200);
    expect(await items.json()).toMatchObject({ results: [], paging: { total: 0 } });
  });

  it('accepts a code once', async () => {
    const code = await codeFor();
    expect((await exchange(code)).status).toBe(200);
    await expectRefusal(await exchange(code), 'invalid_grant');
  });

  it('refuses a code after ten minutes', async () => {
    const code = await codeFor();
    simulator.db.clockOffset += 10 * 60_000;
    await expectRefusal(await exchange(code), 'invalid_grant');
  });

  it('refuses a verifier that does not match the challenge, and the code is spent', async () => {
    const code = await codeFor();
    await expectRefusal(await exchange(code, { code_verifier: `${verifier}-other` }), 'invalid_grant');
    await expectRefusal(await exchange(code), 'invalid_grant');
  });

  it('refuses a redirect_uri other than the authorization request’s', async () => {
    await expectRefusal(await exchange(await codeFor(), { redirect_uri: `${redirectUri}/other` }), 'invalid_grant');
  });

  it('refuses a wrong client id or secret with invalid_client', async () => {
    const code = await codeFor();
    await expectRefusal(await exchange(code, { client_secret: 'wrong' }), 'invalid_client');
    await expectRefusal(await exchange(code, { client_id: 'someone-else' }), 'invalid_client');
    // The refusals did not spend the code.
    expect((await exchange(code)).status).toBe(200);
  });

  it('rotates refresh tokens: each works once', async () => {
    const first = (await (await exchange(await codeFor(demoSeller.nickname))).json()) as Tokens;
    const refreshed = await refresh(first.refresh_token);
    expect(refreshed.status).toBe(200);
    const second = (await refreshed.json()) as Tokens;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(await (await me(second.access_token)).json()).toMatchObject({ id: demoSeller.id });
    await expectRefusal(await refresh(first.refresh_token), 'invalid_grant');
    expect((await refresh(second.refresh_token)).status).toBe(200);
  });

  it('refuses refresh tokens the seller revoked', async () => {
    const tokens = (await (await exchange(await codeFor())).json()) as Tokens;
    simulator.oauth.revokeRefreshTokens();
    await expectRefusal(await refresh(tokens.refresh_token), 'invalid_grant');
  });
});

describe('access tokens issued', () => {
  it('stop working when they expire, with the spec’s 401', async () => {
    const tokens = (await (await exchange(await codeFor())).json()) as Tokens;
    expect((await me(tokens.access_token)).status).toBe(200);
    simulator.db.clockOffset += 600_000;
    const expired = await me(tokens.access_token);
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual({ message: 'invalid access token', error: 'unauthorized', status: 401, cause: [] });
  });

  it('stop working when a test expires them', async () => {
    const tokens = (await (await exchange(await codeFor())).json()) as Tokens;
    simulator.oauth.expireAccessTokens();
    expect((await me(tokens.access_token)).status).toBe(401);
    // The sellers' own tokens are not OAuth tokens and keep working.
    expect((await me(demoSeller.token)).status).toBe(200);
  });
});

describe('the simulator without oauth', () => {
  it('has no sign-in endpoints', async () => {
    const plain = createDemoServer();
    await new Promise<void>((resolve) => plain.server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(plain.server.address() as AddressInfo).port}/authorization?${authorizationQuery()}`;
      expect((await fetch(bypass(new Request(url)))).status).toBe(404);
    } finally {
      await new Promise((resolve) => plain.server.close(resolve));
    }
  });
});
