import { expect, expectNoA11yViolations, openApp, test } from './fixtures';
import { CreditLeadsPage } from './pages/credits';
import { urls } from '../src/lib/urls';

/**
 * Roles in demo mode (docs/roles.md): a reveal is recorded in the audit trail, and the Audit page filters through
 * its URL. Demo mode's person is the owner.
 */
test.describe.configure({ timeout: 90_000 });

test('a buyer revealed on a credit lead is in the audit trail, which filters by action in the URL', async ({ page }) => {
  const credits = new CreditLeadsPage(page);
  await credits.open();
  const row = credits.rows().filter({ hasNotText: 'Expired' }).first();
  const shortId = (await row.getByRole('link').textContent())!;
  await row.getByRole('link').click();
  await credits.panel.getByRole('button', { name: 'Reveal contact' }).click();
  await expect(credits.panel.getByRole('button', { name: 'Copy email' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Audit' }).click();
  const entries = page.getByRole('table', { name: 'Audit entries' });
  const newest = entries.getByRole('row').nth(1);
  await expect(newest).toContainText('Revealed personal data');
  await expect(newest).toContainText(`credit_lead ${shortId}`);
  await expect(newest).toContainText('TIENDA_DEMO');
  await expectNoA11yViolations(page);

  await page.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'Reviewed a credit lead' }).click();
  await expect(page).toHaveURL(/[?&]action=lead\.review/);
  await expect(entries.getByRole('row').nth(1)).toContainText('Reviewed a credit lead');
  for (const text of await entries.getByRole('row').allTextContents()) expect(text).not.toContain('Revealed personal data');
  // The filter is the address: opened again, the same view.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Action' })).toHaveText('Reviewed a credit lead');
});

test('the Audit page opened by address lists the seeded week', async ({ page }) => {
  await openApp(page, urls.audit.index());
  await expect(page.getByRole('heading', { level: 1, name: 'Audit' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Audit entries' }).getByRole('row')).not.toHaveCount(1);
});
