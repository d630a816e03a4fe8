import { expect, test } from '@playwright/test';
import { expectNoA11yViolations, openApp } from './fixtures';

test.use({ locale: 'en-US' });

/** Demo mode shows issue #16 without a server: the simulator emits the events through the same stream shape. */
test('demo: a recategorization and a buyer question arrive on their own, the review shows the fee difference', async ({ page }) => {
  test.slow(); // two simulated events, an axe check and a review: about 25 s on a shared 2-core machine
  await openApp(page, '/activity');
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
  const entries = page.getByRole('list', { name: 'Activity, newest first' }).getByRole('listitem');

  // The demo's first item (the seed's history has moved another one already).
  await page.getByRole('button', { name: 'The marketplace recategorizes an item' }).click();
  const review = entries.filter({ hasText: 'Smartphone Moto G84 256 GB Azul moved to another category' });
  await expect(review).toBeVisible();
  await expect(review.getByText('›').first()).toBeVisible();
  await expect(review.getByTestId('fee-change')).toHaveText(/→ .*\((\+|−|±)/);
  await expectNoA11yViolations(page);
  await review.getByRole('button', { name: 'Mark reviewed' }).click();
  await expect(review.getByText(/^Reviewed /)).toBeVisible();

  // A buyer's question appears here and moves the inbox's count, without a reload.
  const questions = page.getByRole('link', { name: /^Questions/ });
  await expect(questions).toHaveAccessibleName(/\d+ unanswered questions?/);
  const before = Number((await questions.innerText()).match(/\d+/)?.[0]);
  const asked = await page.evaluate(() => window.__demo!.db.questions.nextId);
  await page.getByRole('button', { name: 'A buyer asks a question' }).click();
  await expect(entries.first().getByRole('link', { name: /^New question on / })).toHaveAttribute('href', `/questions/${asked}`);
  await expect(questions).toHaveAccessibleName(new RegExp(`${before + 1} unanswered questions`));
});

test('demo: a question about to miss the response-time target is announced, 15 minutes before it is due', async ({ page }) => {
  await openApp(page, '/activity');
  const entries = page.getByRole('list', { name: 'Activity, newest first' }).getByRole('listitem');
  const asked = await page.evaluate(() => window.__demo!.db.questions.nextId);
  await page.getByRole('button', { name: 'A buyer asks a question' }).click();
  await expect(entries.first().getByRole('link', { name: /^New question on / })).toHaveAttribute('href', `/questions/${asked}`);
  const dueSoon = entries.getByRole('link', { name: /^A question on .+ is due soon$/ }).and(page.locator(`[href="/questions/${asked}"]`));
  // The default target is 60 minutes, every day all day: due soon from minute 45.
  await page.evaluate(() => window.__demo!.advanceClock(46 * 60_000));
  await expect(dueSoon).toHaveCount(1);
});
