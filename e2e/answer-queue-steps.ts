import { expect, type Page } from '@playwright/test';
import { expectNoA11yViolations, layoutShifts, recordLayoutShifts } from './fixtures';

/**
 * The answer queue's acceptance (issue 51), one set of steps for demo mode (answer-queue.spec.ts) and live mode
 * (answer-queue-live.spec.ts): each spec seeds its backend its own way and runs the same steps on the page.
 */

/** An earlier answer of the account on the item, whose question resembles the first waiting one. */
export const earlier = { question: '¿Viene en talle 42?', answer: 'Sí, tenemos talle 42 en negro y en azul.' };
/** The three questions the queue takes first, in its order. */
export const waiting = ['¿Hay talle 42 disponible?', '¿Hacen factura A?', '¿Cuánto tarda el envío a Córdoba?'] as const;

/** Home's "Answer next (count)", from any page of the app (navigating inside it: the demo backend stays). */
export async function queueFromHome(page: Page) {
  await page.getByRole('navigation').getByRole('link', { name: 'Home', exact: true }).click();
  await page.getByRole('link', { name: /^Answer next \(\d+\)$/ }).click();
}

/**
 * From home, "Answer next" answers the `waiting` questions (`ids`) in a row by keyboard: the first with the
 * earlier answer inserted and edited, the second held for a disguised phone number, explained, and sent once
 * edited. `answerOf` reads what the marketplace keeps as a question's answer.
 */
export async function answerThreeInARow(page: Page, ids: number[], answerOf: (id: number) => Promise<string | undefined>) {
  const [size, invoice, shipping] = ids;
  await queueFromHome(page);

  const question = page.locator('#queue-question');
  const composer = page.getByRole('textbox', { name: 'Your answer' });
  await expect(question).toHaveText(waiting[0]);
  await expect(composer).toBeFocused();
  const suggestions = page.getByRole('region', { name: 'Suggested answers' });
  // In live mode the earlier answer reaches the server's copy through its notification, read by the worker in the
  // rate budget's background turn after the test's own burst of answers: seconds on a loaded machine.
  await expect(suggestions.getByText(earlier.answer)).toBeVisible({ timeout: 30_000 });
  await page.keyboard.press('Alt+KeyI');
  await expect(composer).toHaveValue(earlier.answer);
  await page.keyboard.type(' Te esperamos.');
  await page.keyboard.press('Control+Enter');

  await expect(question).toHaveText(waiting[1]);
  await expect(composer).toBeFocused();
  await page.keyboard.type('Sí. Escribime al wpp once 4567 89O1');
  await page.keyboard.press('Control+Enter');
  const held = page.getByRole('alert').filter({ hasText: 'This looks like contact data, which the marketplace does not allow in answers' });
  await expect(held).toBeVisible();
  await expect(held.getByRole('listitem').filter({ hasText: 'a phone number' }).locator('mark')).toHaveText('once 4567 89O1');
  await expect(held.getByRole('listitem').filter({ hasText: 'a social network, handle or messaging app' }).locator('mark')).toHaveText(
    'wpp',
  );
  expect(await answerOf(invoice!)).toBeUndefined();
  await composer.fill('Sí, hacemos factura A.');
  await composer.press('Control+Enter');

  await expect(question).toHaveText(waiting[2]);
  await page.keyboard.type('Llega en 48 horas hábiles.');
  await page.keyboard.press('Control+Enter');
  // Then the next question, or (live mode, where these are the last) the queue's summary.
  await expect.poll(() => answerOf(shipping!)).toBe('Llega en 48 horas hábiles.');
  expect(await answerOf(size!)).toBe(`${earlier.answer} Te esperamos.`);
  expect(await answerOf(invoice!)).toBe('Sí, hacemos factura A.');
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/questions\?status=UNANSWERED&sort=due&order=asc$/);
}

/** Settings → the response-time target, saved for the team, then back home. */
async function setTarget(page: Page, minutes: number) {
  await page.getByRole('navigation').getByRole('link', { name: 'Settings', exact: true }).click();
  await page.getByRole('spinbutton', { name: 'Answer within (minutes)' }).fill(String(minutes));
  await page.getByRole('button', { name: 'Save target' }).click();
  await expect(page.getByText('Response-time target saved for the whole team.')).toBeVisible();
  await page.getByRole('navigation').getByRole('link', { name: 'Home', exact: true }).click();
}

/**
 * On home (open, with the default target of 60 minutes and questions older than that): a week's target leaves
 * none overdue, and 60 minutes again brings back as many as before (so the target is left as found).
 */
export async function overdueFollowsTarget(page: Page) {
  const urgent = page.getByRole('region', { name: 'Questions' }).getByText(/^Overdue: \d+\+? · due within 15 min: \d+\+?$/);
  await expect(urgent).toBeVisible({ timeout: 30_000 });
  const before = (await urgent.textContent())!;
  expect(Number(before.match(/^Overdue: (\d+)/)![1])).toBeGreaterThan(0);

  await setTarget(page, 10080);
  await expect(page.getByRole('region', { name: 'Questions' }).getByText(/^Overdue: 0 · due within 15 min: 0$/)).toBeVisible();
  await setTarget(page, 60);
  await expect(page.getByRole('region', { name: 'Questions' }).getByText(before)).toBeVisible();
}

/**
 * With every stock read delayed (`delayStock`, the simulator's control), the queue opened by `open` shows the
 * item's facts and takes typing while the units by location load, then shows them.
 */
export async function factsWhileStockIsSlow(page: Page, delayStock: (ms: number) => Promise<void>, open: () => Promise<void>) {
  await delayStock(5_000);
  await open();
  const facts = page.getByRole('region', { name: 'Item facts' });
  const stock = facts.getByRole('group', { name: 'Stock by location' });
  await expect(facts.getByText('Available quantity')).toBeVisible({ timeout: 30_000 });
  await expect(stock.getByRole('status')).toHaveText('Loading…');
  const composer = page.getByRole('textbox', { name: 'Your answer' });
  await composer.fill('Sí, hay stock.');
  await expect(composer).toHaveValue('Sí, hay stock.');
  await expect(stock.getByRole('status')).toHaveText('Loading…');
  await expect(stock.getByRole('term').first()).toBeVisible({ timeout: 20_000 });
  await delayStock(0);
}

/** On a phone in `scheme`, the queue opened by `open` fits the screen, folds the facts, never shifts, and passes axe. */
export async function queueOnAPhone(page: Page, scheme: 'light' | 'dark', open: () => Promise<void>) {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: scheme });
  await recordLayoutShifts(page);
  await open();
  await expect(page.locator('#queue-question')).not.toBeEmpty({ timeout: 30_000 });
  const suggestions = page.getByRole('region', { name: 'Suggested answers' });
  await expect(
    suggestions
      .getByRole('button', { name: /^Insert suggestion / })
      .first()
      .or(suggestions.getByText('No earlier answer resembles this question.')),
  ).toBeVisible();
  // The suggestions arrive after the question: their box keeps its height, so the composer never moves.
  expect(await layoutShifts(page)).toEqual([]);
  const facts = page.getByRole('button', { name: 'Item facts' });
  await expect(facts).toHaveAttribute('aria-expanded', 'false');
  await facts.click();
  await expect(page.getByRole('region', { name: 'Item facts' }).getByText('Available quantity')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await expectNoA11yViolations(page);
}

/** Two buyers ask the same about one item, in other words: the queue offers to answer them together. */
export const alike = ['¿Tenés talle 44 disponible?', '¿Hay talle 44?'] as const;

/** The POSTs to /answers the page sends, counted at the network layer (both modes). */
export function countAnswerPosts(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/answers')) count += 1;
  });
  return () => count;
}

/** The queue opened on the first of `alike`, with the second offered checked under it. */
async function openGroup(page: Page) {
  await queueFromHome(page);
  await expect(page.locator('#queue-question')).toHaveText(alike[0], { timeout: 30_000 });
  const group = page.getByRole('region', { name: 'Also answer these similar questions' });
  const other = group.getByRole('checkbox', { name: new RegExp(`^${alike[1].replace(/[?¿]/g, '.')} Asked `) });
  await expect(other).toBeChecked();
  return group;
}

/**
 * The two `alike` questions (`ids`), first in the queue, answered together by a double click on Send: exactly two
 * POSTs (`posts`, counted by the spec: the page's in demo mode, the marketplace's in live mode), both answered, and
 * the queue moves past both.
 */
export async function groupedAnswer(
  page: Page,
  ids: number[],
  posts: () => Promise<number>,
  answerOf: (id: number) => Promise<string | undefined>,
) {
  const before = await posts();
  await openGroup(page);
  await page.getByRole('textbox', { name: 'Your answer' }).fill('Sí, hay talle 44.');
  await page.getByRole('button', { name: 'Send answer' }).dblclick();
  // On to the next question, or (live mode, where these are the last) the summary: the second is never shown.
  await expect(page.locator('#queue-question', { hasText: alike[0] })).toBeHidden();
  await expect(page.locator('#queue-question', { hasText: alike[1] })).toBeHidden();
  for (const id of ids) expect(await answerOf(id)).toBe('Sí, hay talle 44.');
  expect((await posts()) - before).toBe(2);
}

/**
 * The same with the second one's POST failing (`failSecond`, the spec's way): one shown sent, the other failed with
 * its meaning; its Retry (after `recover`) sends that one alone, and the queue moves on.
 */
export async function groupedAnswerOneFails(
  page: Page,
  ids: number[],
  failSecond: () => Promise<void>,
  recover: () => Promise<void>,
  answerOf: (id: number) => Promise<string | undefined>,
) {
  const [first, second] = ids;
  const posts = countAnswerPosts(page);
  const group = await openGroup(page);
  await failSecond();
  await page.getByRole('textbox', { name: 'Your answer' }).fill('Sí, hay talle 44.');
  await page.getByRole('button', { name: 'Send answer' }).click();
  const failed = group.getByRole('alert').filter({ hasText: 'Not sent to this buyer' });
  await expect(failed).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Sent: this question is answered.' })).toBeVisible();
  expect(posts()).toBe(2);
  expect(await answerOf(first!)).toBe('Sí, hay talle 44.');
  expect(await answerOf(second!)).toBeUndefined();

  await recover();
  await failed.getByRole('button', { name: 'Retry' }).click();
  await expect(page.locator('#queue-question', { hasText: alike[0] })).toBeHidden();
  await expect(page.locator('#queue-question', { hasText: alike[1] })).toBeHidden();
  await expect.poll(() => answerOf(second!)).toBe('Sí, hay talle 44.');
  expect(posts()).toBe(3);
}
