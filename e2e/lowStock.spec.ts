import { expect, expectNoA11yViolations, openApp, test } from './fixtures';
import { StockPage } from './pages/stock';
import { urls } from '../src/lib/urls';

test.use({ locale: 'en-US' });

/** MLAU3000001 holds 8 units at the selling address and 19 in fulfillment: 27 in all. */
const userProductId = 'MLAU3000001';

test.describe('low-stock alerts (demo)', () => {
  test('a threshold set on the stock page; lowering the stock to it, then under it, says so once on the home card and in the activity', async ({
    page,
  }) => {
    test.slow(); // two writes, each shown after the simulator's propagation, and three pages
    const thresholdWrites: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && new URL(request.url()).pathname.startsWith('/low-stock/')) thresholdWrites.push(request.url());
    });
    const stock = new StockPage(page);
    await stock.open(userProductId);
    const alert = page.getByRole('region', { name: 'Low-stock alert' });
    const field = alert.getByRole('textbox', { name: 'Alert at (units or fewer)' });
    for (const bad of ['-2', '1.5', 'five']) {
      await field.fill(bad);
      await alert.getByRole('button', { name: 'Save alert' }).click();
      await expect(alert.getByText('Type a whole number from 0, or leave it empty.')).toBeVisible();
    }
    expect(thresholdWrites).toEqual([]);
    await field.fill('22');
    await alert.getByRole('button', { name: 'Save alert' }).click();
    await expect(alert).toContainText('falls to 22 or under');
    expect(thresholdWrites).toHaveLength(1);

    // 3 + 19 = 22: at the threshold. Then 1 + 19 = 20: still low, no second alert.
    for (const quantity of ['3', '1']) {
      await stock.startEdit();
      await stock.save(quantity);
      await expect(stock.status).toHaveAttribute('data-phase', 'confirmed');
    }

    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Activity' }).click();
    const entries = page.getByRole('list', { name: 'Activity, newest first' }).getByRole('listitem');
    await expect(entries.filter({ hasText: `Stock of ${userProductId} changed` }).first()).toBeVisible();
    await expect(entries.filter({ hasText: `Low stock: ${userProductId} has 22 left, at or under its alert of 22` })).toHaveCount(1);
    await expect(entries.filter({ hasText: 'Low stock:' })).toHaveCount(1);

    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Home' }).click();
    const alerts = page.getByRole('region', { name: 'Stock' }).getByRole('list', { name: 'Low-stock alerts' }).getByRole('listitem');
    await expect(alerts).toHaveCount(1);
    await expect(alerts.first()).toContainText(`${userProductId} 22 left (alert at 22)`);
    await expect(alerts.first().getByRole('link', { name: userProductId })).toHaveAttribute('href', urls.stock.detail(userProductId));
  });

  test.describe('phone', () => {
    test.use({ viewport: { width: 360, height: 740 } });
    test('the threshold field, the account default in Settings and the home card fit at 360 px and pass axe', async ({ page }) => {
      const sideways = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      const stock = new StockPage(page);
      await stock.open(userProductId);
      await expect(page.getByRole('region', { name: 'Low-stock alert' }).getByRole('textbox')).toBeVisible();
      expect(await sideways()).toBeLessThanOrEqual(0);
      await expectNoA11yViolations(page);

      await openApp(page, urls.settings.index());
      const defaults = page.getByRole('region', { name: 'Low-stock alerts' });
      await defaults.getByRole('textbox', { name: 'Default alert at (units or fewer)' }).fill('x');
      await defaults.getByRole('button', { name: 'Save default' }).click();
      await expect(defaults.getByText('Type a whole number from 0, or leave it empty.')).toBeVisible();
      await defaults.getByRole('textbox', { name: 'Default alert at (units or fewer)' }).fill('5');
      await defaults.getByRole('button', { name: 'Save default' }).click();
      await expect(page.getByText('Default low-stock alert saved for the whole team.')).toBeVisible();
      expect(await sideways()).toBeLessThanOrEqual(0);
      await expectNoA11yViolations(page);

      await openApp(page, urls.home());
      await expect(page.getByRole('region', { name: 'Stock' }).getByText('No low-stock alert.')).toBeVisible();
      expect(await sideways()).toBeLessThanOrEqual(0);
      await expectNoA11yViolations(page);
    });
  });
});
