import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { accountButton, invite, newBrowser, signIn, startPeopleServers, type LiveServers } from './live';

/**
 * Roles at the server, personal data only on a recorded reveal, the audit trail and shared lead reviews (docs/roles.md),
 * end to end in live mode on the production server at http://localhost (the 'teams' Playwright project: passkeys need
 * a domain), with the owner and teammates who joined through part 1's invitations. The simulator stands in for the
 * marketplace and counts what reaches it (`GET /__demo/traffic`). Its store is PostgreSQL when DATABASE_URL is set (a
 * schema of this run's own), else the embedded one: nothing here needs to reach the database.
 */
// Its own port, next to the teams spec's: both run at once in a full run.
const port = Number(process.env.ROLES_PORT ?? Number(process.env.TEAMS_PORT ?? 4311) + 1);
let servers: LiveServers;
let stop: (() => Promise<void>) | undefined;
const at = (path: string) => servers.url(path);

test.describe.configure({ mode: 'serial' });
test.use({ locale: 'en-US' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  ({ servers, stop } = await startPeopleServers({ port, portSetting: 'ROLES_PORT', databaseUrl: process.env.DATABASE_URL }));
});

test.afterAll(async () => {
  await stop?.();
});

interface Traffic {
  requests: number;
  writes: Record<string, { received: number; applied: number }>;
}

/** What reached the simulator so far: every request, and each write by `METHOD path`. */
async function traffic(): Promise<Traffic> {
  return (await fetch(`${servers.marketplace}/__demo/traffic`)).json() as Promise<Traffic>;
}

const stockWrites = (seen: Traffic) => Object.keys(seen.writes).filter((key) => key.startsWith('PUT /user-products/'));

/** The marketplace's own answer to `path` for the demo seller (not through Seller Desk): what the tests compare with. */
async function marketplace<T>(path: string): Promise<T> {
  const response = await fetch(`${servers.marketplace}${path}`, { headers: { authorization: `Bearer ${servers.token}` } });
  expect(response.status, path).toBe(200);
  return response.json() as Promise<T>;
}

/** A write as the app sends it (same origin, the app's header), made by hand from `page`'s session. */
function writeByHand(page: Page, method: 'PUT' | 'POST', path: string, body: unknown, headers: Record<string, string> = {}) {
  return page.request.fetch(at(path), {
    method,
    headers: { origin: at(''), 'x-seller-desk': '1', 'content-type': 'application/json', ...headers },
    data: body,
  });
}

let owner: Page;
/** Each teammate's page, by role; the credit reviewer's stays open for the later tests. */
let answerer: Page;
let reviewer: Page;

/** A teammate joins the account of the invitation at `link` with a new passkey, in a browser of their own. */
async function join(browser: Browser, link: string, name: string, onContext?: (context: BrowserContext) => void): Promise<Page> {
  const { context, page } = await newBrowser(browser);
  onContext?.(context);
  await page.goto(link);
  await page.getByRole('textbox', { name: 'Your name' }).fill(name);
  await page.getByRole('button', { name: 'Create a passkey' }).click();
  await expect(accountButton(page)).toHaveAccessibleName(/^Account: TIENDA_DEMO\b/);
  return page;
}

const demoSellerId = async () => (await marketplace<{ id: number }>('/users/me')).id;

test('an answerer answers a question (one POST /answers upstream), has no stock controls, and a forced stock PUT is refused before the simulator; the owner’s Audit page shows the answer under their name', async ({
  browser,
}) => {
  test.slow();
  ({ page: owner } = await newBrowser(browser));
  await signIn(owner, at('/settings'), 'TIENDA_DEMO');
  answerer = await join(browser, (await invite(owner, at('/settings'), 'Answerer')).link, 'Ana Answerer');

  const sellerId = await demoSellerId();
  const { questions } = await marketplace<{ questions: { id: number; status: string }[] }>(
    `/questions/search?seller_id=${sellerId}&status=UNANSWERED&api_version=4&limit=50`,
  );
  const question = questions[0]!;
  const before = await traffic();
  await answerer.goto(at(`/questions/${question.id}`));
  await answerer.getByRole('textbox', { name: 'Your answer' }).fill('Sí, hay stock y lo enviamos hoy.');
  const sent = answerer.waitForResponse((r) => new URL(r.url()).pathname === '/api/answers' && r.request().method() === 'POST');
  await answerer.getByRole('button', { name: 'Send answer' }).click();
  expect((await sent).status()).toBe(200);
  await expect(answerer.getByRole('region', { name: `Question ${question.id}` }).getByText('Answered', { exact: true })).toBeVisible();
  const after = await traffic();
  expect((after.writes['POST /answers']?.received ?? 0) - (before.writes['POST /answers']?.received ?? 0)).toBe(1);

  await answerer.goto(at('/stock/MLAU3000001'));
  const locations = answerer.getByRole('table', { name: 'Locations' });
  await expect(locations).toBeVisible({ timeout: 30_000 });
  await expect(locations.getByRole('button')).toHaveCount(0);
  await expect(answerer.getByText('Your role, Answerer, does not include stock changes.')).toBeVisible();
  const forced = await writeByHand(
    answerer,
    'PUT',
    '/api/user-products/MLAU3000001/stock/type/selling_address',
    { quantity: 1 },
    {
      'x-version': '1',
    },
  );
  expect(forced.status()).toBe(403);
  expect(await forced.json()).toMatchObject({ error: 'forbidden', role: 'answerer', lacks: 'stock.write' });
  expect(stockWrites(await traffic())).toEqual([]);

  await owner.goto(at('/audit?action=answer'));
  const entries = owner.getByRole('table', { name: 'Audit entries' });
  const answered = entries.getByRole('row').filter({ hasText: `question ${question.id}` });
  await expect(answered.filter({ hasText: 'Attempt' })).toContainText('Ana Answerer');
  await expect(answered.filter({ hasText: 'Outcome: 200' })).toContainText('Ana Answerer');
});

test('a viewer’s whole session, captured at the network, carries no buyer’s or asker’s email, phone or name, even after pressing reveal controls and calling the API by hand', async ({
  browser,
}) => {
  test.slow();
  const { link } = await invite(owner, at('/settings'), 'Viewer');
  /** Every response body the viewer's browser received. The event stream never ends, so its body cannot be read here: what it carries is activity entries, which hold no contact (server/test/audit.test.ts reads them). */
  const bodies: Promise<string>[] = [];
  const viewer = await join(browser, link, 'Vera Viewer', (context) =>
    context.on('response', (response) => {
      if (!(response.headers()['content-type'] ?? '').includes('text/event-stream')) bodies.push(response.text().catch(() => ''));
    }),
  );

  const sellerId = await demoSellerId();
  // A lead of the page's first screen and a vehicle question with its asker's contact, as the marketplace has them.
  const { results } = await marketplace<{ results: { id: string; expired?: boolean }[] }>(
    `/vis/loans/search?seller_id=${sellerId}&status=all&limit=20&date_from=${day(-60)}T00:00:00&date_to=${day(0)}T23:59:59`,
  );
  const lead = results[0]!;
  const { buyer } = await marketplace<{ buyer: { full_name: string; email: string; phone: string } }>(
    `/vis/loans/${lead.id}?seller_id=${sellerId}`,
  );
  const { questions } = await marketplace<{
    questions: { id: number; from: { email?: string; phone?: { number: string }; first_name?: string; last_name?: string } }[];
  }>(
    // A car's questions (the seed's vehicles: MLA1400000008 to 10): a vehicle question's asker comes with a contact.
    `/questions/search?item=MLA1400000008&api_version=4&limit=100`,
  );
  const vehicle = questions.find((candidate) => candidate.from.email)!;
  expect(vehicle, 'a vehicle question with its asker’s contact').toBeDefined();

  await viewer.goto(at(`/credits/${lead.id}?status=all`));
  await expect(viewer.getByRole('region', { name: /^Lead / })).toBeVisible({ timeout: 30_000 });
  await viewer.goto(at(`/questions/${vehicle.id}`));
  await expect(viewer.getByRole('region', { name: `Question ${vehicle.id}` })).toBeVisible({ timeout: 30_000 });
  // Any reveal control on the pages is pressed; a viewer should have none.
  for (const control of await viewer.getByRole('button', { name: /reveal/i, disabled: false }).all()) await control.click();
  const byHand = [
    await writeByHand(viewer, 'POST', `/reveal/credit-leads/${lead.id}`, {}),
    await writeByHand(viewer, 'POST', `/reveal/questions/${vehicle.id}`, {}),
  ];
  expect(byHand.map((response) => response.status())).toEqual([403, 403]);
  for (const path of [`/api/vis/loans/${lead.id}?seller_id=${sellerId}`, `/api/questions/${vehicle.id}?api_version=4`])
    expect((await viewer.request.get(at(path))).status()).toBe(200);

  const seen = (await Promise.all([...bodies, ...byHand.map((response) => response.text())])).join('\n');
  expect(seen.length).toBeGreaterThan(10_000);
  for (const secret of [buyer.full_name, buyer.email, buyer.phone, vehicle.from.email!, vehicle.from.phone!.number])
    expect(seen, 'a contact the viewer must never receive').not.toContain(secret);
  expect(seen).not.toMatch(/@example\.(com|test)/);
  await viewer.context().close();
});

/** A local day `offset` days from today, as the lead search's dates take it. */
function day(offset: number): string {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
}

test('a credit reviewer reveals a buyer, and the reveal is in the trail; their review appears in the owner’s open list without a reload', async ({
  browser,
}) => {
  test.slow();
  reviewer = await join(browser, (await invite(owner, at('/settings'), 'Credit reviewer')).link, 'Rita Reviewer');
  await owner.goto(at('/credits?status=all'));
  const ownersList = owner.getByRole('table', { name: 'Credit leads found' });
  const firstRow = ownersList.locator('tbody').getByRole('row').filter({ hasNotText: 'Expired' }).first();
  const shortId = (await firstRow.getByRole('link').textContent())!;
  const href = (await firstRow.getByRole('link').getAttribute('href'))!;

  await reviewer.goto(at(href));
  const panel = reviewer.getByRole('region', { name: /^Lead / });
  await panel.getByRole('button', { name: 'Reveal contact' }).click();
  await expect(panel.getByRole('button', { name: 'Copy email' })).toBeVisible();

  const review = panel.getByRole('region', { name: 'Review' });
  await review.getByRole('combobox', { name: 'Review status' }).click();
  await reviewer.getByRole('option', { name: 'Sold', exact: true }).click();
  await review.getByRole('button', { name: 'Save review' }).click();
  await expect(ownersList.locator('tbody').getByRole('row').filter({ hasText: shortId })).toContainText('Sold');

  await owner.goto(at('/audit?action=reveal'));
  const reveal = owner
    .getByRole('table', { name: 'Audit entries' })
    .getByRole('row')
    .filter({ hasText: `credit_lead ${shortId}` });
  await expect(reveal).toContainText('Rita Reviewer');
  await expect(reveal).toContainText('Revealed personal data');
});

test('a credit reviewer of two accounts sees both accounts’ leads in one list; a request naming an account they do not belong to is refused before the marketplace', async ({
  browser,
}) => {
  test.slow();
  const { context, page: otherOwner } = await newBrowser(browser);
  await signIn(otherOwner, at('/settings'), 'OTRO_VENDEDOR');
  const { link } = await invite(otherOwner, at('/settings'), 'Credit reviewer');
  await reviewer.goto(link);
  await reviewer.getByRole('button', { name: 'Accept as Rita Reviewer' }).click();
  // Accepted: the join page lands home, with the account among the person's.
  await expect(reviewer).toHaveURL(at('/'));
  await accountButton(reviewer).click();
  await expect(reviewer.getByRole('menuitemradio', { name: /OTRO_VENDEDOR.*Credit reviewer/ })).toBeVisible();
  await reviewer.keyboard.press('Escape');

  await reviewer.goto(at('/credits?status=all'));
  // The switch is the address (?accounts=all): it shows checked once the router has moved there.
  const allAccounts = reviewer.getByRole('switch', { name: 'All my accounts' });
  await allAccounts.click();
  await expect(allAccounts).toBeChecked();
  await expect(reviewer).toHaveURL(/[?&]accounts=all\b/);
  const list = reviewer.getByRole('table', { name: 'Credit leads of all my accounts' });
  const accountCells = list.locator('tbody tr td:first-child');
  await expect(accountCells.filter({ hasText: 'TIENDA_DEMO' }).first()).toBeVisible({ timeout: 30_000 });
  await expect(accountCells.filter({ hasText: 'OTRO_VENDEDOR' }).first()).toBeVisible();

  const before = await traffic();
  const refused = await writeByHand(
    reviewer,
    'PUT',
    '/api/user-products/MLAU3000001/stock/type/selling_address',
    { quantity: 1 },
    {
      'x-seller-account': '999999',
      'x-version': '1',
    },
  );
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ error: 'not_member' });
  const read = await reviewer.request.get(at('/api/users/me'), { headers: { 'x-seller-account': '999999' } });
  expect(read.status()).toBe(403);
  const after = await traffic();
  expect(stockWrites(after)).toEqual(stockWrites(before));
  await context.close();
});
