import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, openApp, receivedBodies, test } from './fixtures';
import { CreditLeadsPage } from './pages/credits';
import { StockPage } from './pages/stock';
import { urls } from '../src/lib/urls';

/**
 * Demo mode's team (src/demo/team.ts): the simulated server's people paths over a seeded team, and "See as",
 * which shows the app as a role will see it while the simulator's door refuses what the role may not do, with
 * the server's 403 (core/permissions.ts).
 */
test.describe.configure({ timeout: 90_000 });
test.use({ locale: 'en-US', viewport: { width: 1366, height: 900 } });

const userProduct = 'MLAU3000001';

/** Chooses a role in the app bar's "See as" menu and waits for the session to say it. */
async function seeAs(page: Page, role: string) {
  await page.getByRole('button', { name: /^See as: / }).click();
  await page.getByRole('menuitemradio', { name: role, exact: true }).click();
  await expect(page.getByRole('button', { name: `See as: ${role}` })).toBeVisible();
}

/** A write the page's own code would not send for this role, sent by hand from the page (the worker answers it). */
function forcedStockWrite(page: Page) {
  return page.evaluate(async (id) => {
    const response = await fetch(`/api/user-products/${id}/stock/type/selling_address`, {
      method: 'PUT',
      headers: { Authorization: 'Bearer demo-seller-token', 'Content-Type': 'application/json' },
      body: JSON.stringify({ quantity: 1 }),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  }, userProduct);
}

test('Settings → Team lists the seeded four and the pending invitations, and an invitation makes a link that joins once', async ({
  page,
}) => {
  await openApp(page, urls.settings.index());
  const people = page.getByRole('table', { name: 'People' });
  await expect(people.getByRole('row')).toHaveCount(5);
  for (const [name, role] of [
    ['TIENDA_DEMO (you)', 'Owner'],
    ['Lucía Gómez', 'Manager'],
    ['Martín Ruiz', 'Answerer'],
    ['João Pereira', 'Credit reviewer'],
  ] as const)
    await expect(people.getByRole('row').filter({ hasText: name })).toContainText(role);
  // The person in use was active just now.
  await expect(people.getByRole('row').filter({ hasText: '(you)' })).not.toContainText('Never');
  const pending = page.getByRole('table', { name: 'Pending invitations' });
  await expect(pending.getByRole('row').filter({ hasText: 'Join as Stock keeper' })).toBeVisible();
  await expect(pending.getByRole('row').filter({ hasText: 'Join as Viewer' })).toBeVisible();
  // The person's own passkeys and sign-ins, from the simulated server too.
  await expect(page.getByRole('table', { name: 'Your passkeys' }).getByRole('row')).toHaveCount(3);
  await expect(page.getByRole('table', { name: 'Your recent sign-ins' }).getByRole('row')).toHaveCount(4);
  await expectNoA11yViolations(page);
  // The theme follows the system until the seller picks one.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expectNoA11yViolations(page);

  await page.getByRole('combobox', { name: 'Role of the person invited' }).click();
  await page.getByRole('option', { name: 'Credit reviewer' }).click();
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  const link = page.getByRole('textbox', { name: 'Invitation link' });
  await expect(link).toHaveValue(/\/join#[\w-]{43}$/);
  await expect(pending.getByRole('row').filter({ hasText: 'Join as Credit reviewer' })).toBeVisible();

  // Opened in this tab (the simulated server keeps its team for the tab), accepted by the signed-in person, once.
  const address = await link.inputValue();
  await page.goto(address);
  await expect(page.getByRole('heading', { level: 1, name: 'Join TIENDA_DEMO' })).toBeVisible();
  await page.getByRole('button', { name: 'Accept as TIENDA_DEMO' }).click();
  await expect(page).toHaveURL(urls.home());
  await page.goto(address);
  await expect(page.getByRole('heading', { level: 1, name: 'This invitation was already used' })).toBeVisible();
});

test('seen as an answerer, stock has no controls and a forced stock write is refused; the credit leads say why', async ({ page }) => {
  await new StockPage(page).open(userProduct);
  await expect(page.getByRole('button', { name: 'Edit the quantity of the selling address' })).toBeVisible();
  await seeAs(page, 'Answerer');
  await expect(page.getByText('Your role, Answerer, does not include stock changes.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Edit the quantity of/ })).toHaveCount(0);
  expect(await forcedStockWrite(page)).toEqual({
    status: 403,
    body: { error: 'forbidden', message: 'Your role, Answerer, does not include stock changes', role: 'answerer', lacks: 'stock.write' },
  });

  // Kept for the tab: a page opened by its address is the role's too.
  await openApp(page, urls.credits.index());
  await expect(page.getByText('Your role, Answerer, does not include credit leads.')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Credit leads' })).toHaveCount(0);
  await expectNoA11yViolations(page);

  await seeAs(page, 'Owner');
  expect((await forcedStockWrite(page)).status).not.toBe(403);
});

test('seen as a viewer, no buyer’s contact reaches the page, and a reveal by hand is refused', async ({ page }) => {
  const received = receivedBodies(page);
  await openApp(page, urls.settings.index());
  await seeAs(page, 'Viewer');
  // Settings → Team is an owner's and a manager's.
  await expect(page.getByRole('table', { name: 'People' })).toHaveCount(0);

  const credits = new CreditLeadsPage(page);
  await credits.open();
  await credits.openRow(0);
  await expect(credits.panel.getByRole('button', { name: 'Reveal contact' })).toHaveCount(0);
  const refused = await page.evaluate(async () => {
    const lead = window.__demo!.db.creditLeads.live[0]!;
    const response = await fetch(`/reveal/credit-leads/${lead.id}`, { method: 'POST' });
    return { status: response.status, lacks: ((await response.json()) as { lacks: string }).lacks };
  });
  expect(refused).toEqual({ status: 403, lacks: 'credits.reveal' });

  const buyers = await page.evaluate(() => window.__demo!.db.creditLeads.live.map((lead) => lead.buyer.email));
  const bodies = await received.all();
  for (const email of buyers) expect(bodies).not.toContain(email);
  await expect(page.getByText(/@/)).toHaveCount(0);
});
