import { expect, expectNoA11yViolations, layoutShifts, openApp, recordLayoutShifts, test } from './fixtures';
import { urls } from '../src/lib/urls';

test.use({ locale: 'en-US', viewport: { width: 1400, height: 1000 } });

/** The demo seed is relative to the moment it is opened: whenever that is, the home shows a shop at work. */
test('demo: the home screen shows a shop at work, the activity of the last days and one recategorization to review', async ({ page }) => {
  test.slow(); // the five cards' reads, an axe check and the activity page: about 20 s on a shared 2-core machine
  await openApp(page, urls.home());
  const card = (name: string) => page.getByRole('region', { name });

  // Two questions waiting from last night and up to five of today's; the navigation counts the same.
  const questions = card('Questions');
  await expect(questions).toContainText(/\d+\s*unanswered questions/);
  const waiting = Number((await questions.innerText()).match(/(\d+)\s*unanswered questions/)![1]);
  expect(waiting).toBeGreaterThanOrEqual(2);
  expect(waiting).toBeLessThanOrEqual(7);
  await expect(questions.getByText(/^The oldest was asked (\d+ (sec|min|hr)\. ago|yesterday)$/)).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(`^Questions ${waiting} \\(`) })).toBeVisible();

  // Under an hour on average, with a slot to improve.
  const responseTime = card('Response time');
  await expect(responseTime).toContainText(/\d+ min\s*on average/);
  expect(Number((await responseTime.innerText()).match(/(\d+) min/)![1])).toBeLessThan(60);
  await expect(responseTime.getByRole('note')).toHaveText(/^Answering within an hour could raise your sales up to \+\d+ %\.$/);

  // The latest of a few days of activity, and the recategorization the marketplace made this morning.
  const activity = card('Activity');
  await expect(activity.getByRole('list', { name: 'Latest activity' }).getByRole('listitem')).toHaveCount(5);
  await expect(activity.getByText(/^\d+ unread entr(y|ies)$/)).toBeVisible();
  await expect(activity.getByText('Nothing has happened on your account yet.')).toHaveCount(0);
  const waitingReview = activity.getByRole('link', { name: '1 item waiting for recategorization review' });
  await expect(waitingReview).toBeVisible();
  await expectNoA11yViolations(page);

  await waitingReview.click();
  await expect(page).toHaveURL(/\/activity\?kind=recategorization$/);
  const review = page.getByRole('list', { name: 'Activity, newest first' }).getByRole('listitem');
  await expect(review).toHaveCount(1);
  await expect(review).toContainText('Cargador rápido USB-C 30 W moved to another category');
  await expect(review.getByTestId('fee-change')).toHaveText(/→ .*\((\+|−|±)/);
  await review.getByRole('button', { name: 'Mark reviewed' }).click();
  await expect(review.getByText(/^Reviewed /)).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });

  test('demo: the home draws its cards and their figures without moving anything already on screen', async ({ page }) => {
    await recordLayoutShifts(page);
    await openApp(page, urls.home());
    const questions = page.getByRole('region', { name: 'Questions' });
    // The last of the card's lines to arrive: the overdue count, which waits for the account's response-time target.
    await expect(questions.getByText(/^Overdue: /)).toBeVisible();
    await expect(page.getByRole('main').getByText('Loading…')).toHaveCount(0);
    expect(await layoutShifts(page)).toEqual([]);
  });
});
