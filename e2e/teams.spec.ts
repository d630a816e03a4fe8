import type pg from 'pg';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { accountButton, consent, invite, newBrowser, signIn, startPeopleServers, type LiveServers } from './live';

/**
 * People who sign in as themselves (docs/teams.md), end to end in live mode: the owner invites, teammates join
 * with a passkey (Chromium's virtual authenticator) or their own marketplace user, links fail once used,
 * revoked or expired, and a removed teammate's open page says so. WebAuthn needs a domain: the server's
 * PUBLIC_URL is http://localhost (the 'teams' Playwright project). Where PostgreSQL answers (DATABASE_URL, or the
 * local one), the store is a schema of this run's own there, so an invitation can be made to expire by moving its
 * expiry, never by waiting; without it the server keeps an embedded store, and only that one step is skipped
 * (server/test/team.test.ts refuses an expired invitation on both stores, and the join page's unit test shows
 * the expired page).
 */
const port = Number(process.env.TEAMS_PORT ?? 4311);
let servers: LiveServers | undefined;
let db: pg.Client | undefined;
let stop: (() => Promise<void>) | undefined;
const at = (path: string) => servers!.url(path);

test.describe.configure({ mode: 'serial' });
test.use({ locale: 'en-US' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  ({ servers, db, stop } = await startPeopleServers({
    port,
    portSetting: 'TEAMS_PORT',
    databaseUrl: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  }));
});

test.afterAll(async () => {
  await stop?.();
});

/** The owner (the account's marketplace user) and their open page. */
let owner: Page;
/** The teammate who joins with a passkey; their page stays open until the owner removes them. */
let teammate: Page;

/** The owner's Settings → Team makes an invitation for `role` and gives its link and id. */
const ownerInvites = (role: string) => invite(owner, at('/settings'), role);

async function expectUnusable(browser: Browser, link: string, heading: string) {
  const { context, page } = await newBrowser(browser);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await context.close();
}

test('the owner invites; the teammate joins with a passkey, signs out and in again with it, and sees the inbox', async ({ browser }) => {
  test.slow();
  // Both pages outlive this test (the browser is the worker's): the later tests go on with them.
  ({ page: owner } = await newBrowser(browser));
  await signIn(owner, at('/settings'), 'TIENDA_DEMO');
  const { link } = await ownerInvites('Answerer');

  ({ page: teammate } = await newBrowser(browser));
  await teammate.goto(link);
  await expect(teammate.getByRole('heading', { level: 1, name: 'Join TIENDA_DEMO' })).toBeVisible();
  await teammate.getByRole('textbox', { name: 'Your name' }).fill('Teo');
  await teammate.getByRole('button', { name: 'Create a passkey' }).click();
  await expect(accountButton(teammate)).toHaveAccessibleName(/^Account: TIENDA_DEMO\b/);
  // The secret never reached an address the server saw: the page is home, without it.
  await expect(teammate).toHaveURL(at('/'));

  await accountButton(teammate).click();
  await expect(teammate.getByRole('menuitemradio', { name: /TIENDA_DEMO.*Answerer/ })).toBeVisible();
  await teammate.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(teammate.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await teammate.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(accountButton(teammate)).toHaveAccessibleName(/^Account: TIENDA_DEMO\b/);
  await teammate.goto(at('/questions'));
  await expect(teammate.getByRole('list', { name: 'Questions' }).getByRole('listitem').first()).toBeVisible({ timeout: 30_000 });

  // The owner's team lists the teammate, who signs in with a passkey.
  await owner.goto(at('/settings'));
  const people = owner.getByRole('table', { name: 'People' });
  await expect(people.getByRole('row', { name: /^Teo Passkey/ })).toBeVisible();
  await expect(people.getByRole('combobox', { name: 'Role of Teo' })).toHaveText('Answerer');

  // A second use of the link fails with a page that says so.
  await expectUnusable(browser, link, 'This invitation was already used');
});

test('a revoked or expired link fails with a page that says so', async ({ browser }) => {
  test.slow();
  const revoked = await ownerInvites('Viewer');
  await owner.getByRole('button', { name: 'Revoke: Join as Viewer' }).click();
  await expect(owner.getByText('No pending invitations.')).toBeVisible();
  await expectUnusable(browser, revoked.link, 'This invitation was revoked');

  test.skip(!db, 'No PostgreSQL to move the expiry in: the server tests cover an expired invitation on the embedded store');
  const expired = await ownerInvites('Viewer');
  await db!.query(`update invitations set expires_at = now() - interval '1 minute' where id = $1`, [expired.id]);
  await expectUnusable(browser, expired.link, 'This invitation has expired');
});

test('a teammate who signs in with a marketplace user that sells nothing joins, and no account of theirs is connected', async ({
  browser,
}) => {
  test.slow();
  const { link } = await ownerInvites('Viewer');
  const { context, page } = await newBrowser(browser);
  await page.goto(link);
  await page.getByRole('textbox', { name: 'Your name' }).fill('Bruno');
  await page.getByRole('button', { name: 'Sign in with the marketplace' }).click();
  await consent(page, 'COMPRADOR_DEMO');
  await expect(accountButton(page)).toHaveAccessibleName(/^Account: TIENDA_DEMO\b/);
  await accountButton(page).click();
  await expect(page.getByRole('menuitemradio')).toHaveCount(1);
  await expect(page.getByRole('menuitemradio', { name: /TIENDA_DEMO.*Viewer/ })).toBeVisible();
  await context.close();
});

test('the owner removes the teammate, whose open page says so within 5 seconds; the last owner cannot be removed', async () => {
  test.slow();
  await teammate.goto(at('/questions'));
  await expect(teammate.getByRole('list', { name: 'Questions' })).toBeVisible({ timeout: 30_000 });

  await owner.goto(at('/settings'));
  const people = owner.getByRole('table', { name: 'People' });
  await people.getByRole('button', { name: 'Remove Teo' }).click();
  await expect(people.getByRole('row', { name: /Teo/ })).toHaveCount(0);
  await expect(teammate.getByRole('heading', { level: 1, name: 'You are no longer a member of any seller account' })).toBeVisible({
    timeout: 5_000,
  });

  await people.getByRole('button', { name: 'Remove TIENDA_DEMO' }).click();
  await expect(owner.getByRole('alert')).toContainText(/always stays an owner|without an owner/);
  await expect(people.getByRole('row', { name: /TIENDA_DEMO \(you\)/ })).toBeVisible();
});
