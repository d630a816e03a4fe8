import { expect, test, type Page } from '@playwright/test';
import {
  alike,
  answerThreeInARow,
  earlier,
  factsWhileStockIsSlow,
  groupedAnswer,
  groupedAnswerOneFails,
  overdueFollowsTarget,
  queueFromHome,
  queueOnAPhone,
  waiting,
} from './answer-queue-steps';
import { signIn, startLiveServers, type LiveServers } from './live';

/**
 * The answer queue's acceptance in live mode (answer-queue.spec.ts runs the same steps in demo mode): the production
 * server in live mode over the simulator served by Node, seeded through the marketplace's own API and its /__demo
 * triggers. ANSWERS_PORT: the live server's port (no other spec's).
 */
const port = Number(process.env.ANSWERS_PORT ?? 4330);
let servers: LiveServers | undefined;

// One simulator and one live server for the file, its tests one after the other: the answering test comes last,
// since it answers every question of the seed.
test.describe.configure({ mode: 'serial', timeout: 120_000 });
test.use({ locale: 'en-US', viewport: { width: 1400, height: 900 } });

test.beforeAll(async () => {
  // The embedded store's first start (a Postgres initdb in WASM) takes 30-40 s on a busy 2-core machine.
  test.setTimeout(120_000);
  servers = await startLiveServers({ port, portSetting: 'ANSWERS_PORT', host: '127.0.0.1' });
});

test.afterAll(async () => {
  await servers?.stop();
});

/** The marketplace (the simulator) called as the demo seller: a read, or with `body`, a write that must succeed. */
async function marketplace<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${servers!.marketplace}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${servers!.token}`, 'content-type': 'application/json' },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  expect(response.ok, `${path}: ${response.status}`).toBe(true);
  return (await response.json()) as T;
}

interface Question {
  id: number;
  answer: { text: string } | null;
}

const ask = async (text: string, item_id?: string) => (await marketplace<Question>('/__demo/questions', { text, item_id })).id;
const answer = (id: number, text: string) => marketplace('/answers', { question_id: id, text });
const signInAt = (page: Page, path: string) => signIn(page, servers!.url(path), 'TIENDA_DEMO');

test('the home card’s overdue count changes when the target changes', async ({ page }) => {
  await signInAt(page, '/');
  await overdueFollowsTarget(page);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`on a phone the queue fits the screen, folds the facts and has no axe violations (${scheme})`, async ({ page }) => {
    await queueOnAPhone(page, scheme, () => signInAt(page, '/questions/queue'));
  });
}

test('the facts show while the stock read is slow, and the composer takes typing', async ({ page }) => {
  await signInAt(page, '/');
  await factsWhileStockIsSlow(
    page,
    async (ms) => {
      await marketplace('/__demo/stock-delay', { ms });
    },
    () => queueFromHome(page),
  );
});

test('the device’s templates are carried over to the account once, and one saved is the server’s after a reload', async ({ page }) => {
  // Templates this browser kept before they moved to the server.
  await page.addInitScript(() => {
    if (localStorage.getItem('seller-desk.questions.templates') === null)
      localStorage.setItem(
        'seller-desk.questions.templates',
        JSON.stringify([{ id: 'd1', name: 'Horario', text: 'Atendemos de 9 a 18.' }]),
      );
  });
  await signInAt(page, '/');
  await queueFromHome(page);
  const insertTemplate = page.getByRole('button', { name: 'Insert template' });
  await insertTemplate.click();
  await expect(page.getByRole('menuitem', { name: '1. Horario' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Manage templates…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Templates' });
  await dialog.getByRole('textbox', { name: 'Template name' }).fill('Envíos');
  await dialog.getByRole('textbox', { name: 'Template text' }).fill('Enviamos a todo el país.');
  await dialog.getByRole('button', { name: 'Add template' }).click();
  await expect(dialog.getByText('2. Envíos')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();

  await page.reload();
  await insertTemplate.click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: '2. Envíos' })).toBeVisible();
  // Carried once: the reload added no second copy.
  await expect(menu.getByRole('menuitem')).toHaveText(['1. Horario', '2. Envíos', 'Manage templates…']);
});

test('from home, three answers in a row by keyboard: a suggestion inserted and edited, a disguised phone held, explained and sent once edited', async ({
  page,
}) => {
  // The queue takes the oldest first: the seed's waiting questions are answered at the marketplace, so the
  // three asked now come first.
  const me = await marketplace<{ id: number }>('/users/me');
  const unanswered = async () =>
    (await marketplace<{ questions: Question[] }>(`/questions/search?api_version=4&seller_id=${me.id}&status=UNANSWERED&limit=100`))
      .questions;
  for (let batch = await unanswered(); batch.length > 0; batch = await unanswered())
    for (const { id } of batch) await answer(id, 'Gracias por tu pregunta.');
  await answer(await ask(earlier.question), earlier.answer);
  const ids: number[] = [];
  for (const text of waiting) ids.push(await ask(text));

  await signInAt(page, '/settings');
  await answerThreeInARow(page, ids, async (id) => (await marketplace<Question>(`/questions/${id}?api_version=4`)).answer?.text);
});

// After the test above: the seed's questions are all answered, so the two asked now are the queue's first.
/** The `alike` questions asked now about one item (the third of the seller's, none of the tests above asked on it). */
async function askAlike(): Promise<number[]> {
  const me = await marketplace<{ id: number }>('/users/me');
  const items = await marketplace<{ results: string[] }>(`/users/${me.id}/items/search`);
  const ids: number[] = [];
  for (const text of alike) ids.push(await ask(text, items.results[2]));
  return ids;
}

const answerAt = async (id: number) => (await marketplace<Question>(`/questions/${id}?api_version=4`)).answer?.text;

test('a grouped answer to two buyers posts exactly twice, even on a double click, and answers both', async ({ page }) => {
  const ids = await askAlike();
  // The POSTs that reached the marketplace (its own count, /__demo/traffic).
  const posts = async () =>
    (await marketplace<{ writes: Record<string, { received: number }> }>('/__demo/traffic')).writes['POST /answers']?.received ?? 0;
  await signInAt(page, '/settings');
  await groupedAnswer(page, ids, posts, answerAt);
});

test('a grouped answer where one of the two fails shows one sent and one failed; its Retry sends only that one', async ({ page }) => {
  const ids = await askAlike();
  await signInAt(page, '/settings');
  // The live server answers the second one's first POST with a 500 (a failure before the marketplace).
  let failing = false;
  await page.route('**/api/answers', async (route) => {
    const body = route.request().postDataJSON() as { question_id: number };
    if (failing && body.question_id === ids[1]) {
      failing = false;
      await route.fulfill({ status: 500, json: { message: 'Internal error', error: 'internal_error', status: 500, cause: [] } });
    } else await route.fallback();
  });
  await groupedAnswerOneFails(
    page,
    ids,
    async () => {
      failing = true;
    },
    async () => undefined,
    answerAt,
  );
});
