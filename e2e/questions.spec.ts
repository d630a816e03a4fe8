import { expect, expectNoA11yViolations, failNext, receivedBodies, test } from './fixtures';
import { QuestionsPage } from './pages/questions';
import { urls } from '../src/lib/urls';

test.use({ locale: 'en-US', viewport: { width: 1400, height: 900 } });
// Each test boots the demo backend once or twice; the shared CI machine is slow.
test.describe.configure({ timeout: 60_000 });

test.describe('question inbox', () => {
  test('filtering by status and by item through the UI puts both in the URL, and the list agrees', async ({ page }) => {
    const inbox = new QuestionsPage(page);
    await inbox.open();
    await inbox.statusChip(/^Unanswered \d+$/).click();
    await expect(page).toHaveURL(/status=UNANSWERED/);
    await expect(inbox.statusChip(/^Unanswered \d+$/)).toHaveAttribute('aria-pressed', 'true');
    await expect(inbox.rows.first()).toContainText('Unanswered');
    for (const row of await inbox.rows.all()) await expect(row).toContainText('Unanswered');

    // An item with a question waiting (the seed's depend on the day the demo is opened).
    const [item, title] = await page.evaluate(() => {
      const db = window.__demo!.db;
      const waiting = [...db.questions.byId.values()].find((q) => q.status === 'UNANSWERED')!;
      return [waiting.item_id, db.items.get(waiting.item_id)!.title];
    });
    await page.getByRole('textbox', { name: 'Item ID' }).fill(item);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(new RegExp(`item=${item}`));
    await expect(page).toHaveURL(/status=UNANSWERED/);
    await expect(inbox.rows.first()).toContainText(title);
    for (const row of await inbox.rows.all()) {
      await expect(row).toContainText(title);
      await expect(row).toContainText('Unanswered');
    }
    const total = await inbox.total.textContent();

    // A pasted link opens the same view.
    await inbox.reload();
    await expect(inbox.total).toHaveText(total!);
    await expect(page.getByRole('textbox', { name: 'Item ID' })).toHaveValue(item);
    await expect(inbox.statusChip(/^Unanswered \d+$/)).toHaveAttribute('aria-pressed', 'true');
  });

  test('an unanswered question close to its 7-month deletion says so (the large seed’s backlog)', async ({ page }) => {
    const inbox = new QuestionsPage(page);
    await inbox.open(urls.questions.index('seed=large&status=UNANSWERED&order=asc'));
    await expect(inbox.rows.first()).toContainText(/Deleted in \d+ days? if unanswered/);
    // The newest waiting question is far from it.
    await page.getByRole('combobox', { name: 'Order' }).click();
    await page.getByRole('option', { name: /Descending/ }).click();
    await expect(page).toHaveURL(/order=desc/);
    await expect(inbox.rows.first()).toContainText('Unanswered');
    await expect(inbox.rows.first()).not.toContainText('Deleted in');
  });

  test('from a question to its item, then to one asker (the asker filter needs the item)', async ({ page }) => {
    const inbox = new QuestionsPage(page);
    await inbox.open();
    await expect(page.getByRole('textbox', { name: 'Asker ID' })).toBeDisabled();
    const id = await inbox.questionId({ status: 'ANSWERED', vehicle: false });
    const [item, asker] = await page.evaluate((q) => {
      const record = window.__demo!.db.questions.byId.get(q)!;
      return [record.item_id, record.from.id] as const;
    }, id);
    await inbox.openQuestion(id);
    await inbox.detail.getByRole('button', { name: 'Questions on this item' }).click();
    await expect(page).toHaveURL(new RegExp(`/questions\\?item=${item}$`));
    await page.getByRole('textbox', { name: 'Asker ID' }).fill(String(asker));
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(new RegExp(`from=${asker}`));
    await expect(inbox.rows.first()).toContainText(`Buyer ${asker}`);
    for (const row of await inbox.rows.all()) await expect(row).toContainText(`Buyer ${asker}`);
  });

  test('a bad item id is explained and not searched', async ({ page }) => {
    const inbox = new QuestionsPage(page);
    await inbox.open();
    await page.getByRole('textbox', { name: 'Item ID' }).fill('toyota');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('An item ID is the site followed by digits')).toBeVisible();
    await expect(page).not.toHaveURL(/item=/);
  });

  test('sorting by item, ascending, lives in the URL', async ({ page }) => {
    const inbox = new QuestionsPage(page);
    await inbox.open();
    await page.getByRole('combobox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: 'Item' }).click();
    await page.getByRole('combobox', { name: 'Order' }).click();
    await page.getByRole('option', { name: /Ascending/ }).click();
    await expect(page).toHaveURL(/sort=item/);
    await expect(page).toHaveURL(/order=asc/);
    await expect(inbox.rows.first()).toContainText('Smartphone Moto G84');
  });

  test('a question opens by link, beside the list, and answering it shows ANSWERED in detail and list', async ({ page }) => {
    const inbox = new QuestionsPage(page);
    await inbox.open();
    const id = await inbox.questionId({ status: 'UNANSWERED', vehicle: false });
    await inbox.openQuestion(id);
    await expect(inbox.detail).toBeVisible();
    await expect(inbox.list).toBeVisible();
    await expect(inbox.detail.getByText('Unanswered', { exact: true })).toBeVisible();
    await inbox.composer.fill('¡Hola! Sí, hay stock.');
    await expect(page.getByText('21 / 2,000')).toBeVisible();
    await inbox.composer.press('Control+Enter');
    await expect(inbox.detail.getByText('Answered', { exact: true })).toBeVisible();
    await expect(inbox.detail.getByText('¡Hola! Sí, hay stock.')).toBeVisible();
    const row = inbox.rows.filter({ has: page.locator(`[data-question-link="${id}"]`) });
    await expect(row).toContainText('Answered');
    await expect(row).toContainText('Answer: ¡Hola! Sí, hay stock.');
    expect(await inbox.questionStatus(id)).toBe('ANSWERED');
  });

  test('a draft survives a reload and is kept per question', async ({ page }) => {
    const inbox = new QuestionsPage(page);
    await inbox.open();
    const id = await inbox.questionId({ status: 'UNANSWERED', vehicle: false });
    await inbox.openQuestion(id);
    await inbox.composer.fill('Borrador a medio escribir');
    await inbox.reload();
    await expect(inbox.composer).toHaveValue('Borrador a medio escribir');
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(inbox.detail).toBeHidden();
    await inbox.openQuestion(id);
    await expect(inbox.composer).toHaveValue('Borrador a medio escribir');
  });

  test('a send that fails keeps the draft and offers a retry, in words', async ({ page }) => {
    const inbox = new QuestionsPage(page);
    await inbox.open();
    const id = await inbox.questionId({ status: 'UNANSWERED', vehicle: false });
    await inbox.openQuestion(id);
    await inbox.composer.fill('Respuesta que falla');
    await failNext(page, { method: 'POST', path: '^/answers$', status: 500 });
    await page.getByRole('button', { name: 'Send answer' }).click();
    const alert = inbox.detail.getByRole('alert');
    await expect(alert).toContainText('The answer was not sent. Your draft is kept; try again.');
    await expect(inbox.composer).toHaveValue('Respuesta que falla');
    await inbox.reload();
    await expect(inbox.composer).toHaveValue('Respuesta que falla');

    await failNext(page, { method: 'POST', path: '^/answers$', status: 'network' });
    await page.getByRole('button', { name: 'Send answer' }).click();
    await expect(alert).toContainText('no connection');
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(inbox.detail.getByText('Answered', { exact: true })).toBeVisible();
    // Drafts are kept per account (demo mode's one seller): the sent one is gone, and it was the only one.
    expect(await page.evaluate(() => localStorage.getItem('seller-desk.drafts.demo'))).toBeNull();
  });

  test('an answer that is already answered elsewhere says so', async ({ page }) => {
    const inbox = new QuestionsPage(page);
    await inbox.open();
    const id = await inbox.questionId({ status: 'UNANSWERED', vehicle: false });
    await inbox.openQuestion(id);
    await inbox.composer.fill('Respuesta tardía');
    await failNext(page, { method: 'POST', path: '^/answers$', status: 400, error: 'not_unanswered_question', message: 'not unanswered' });
    await page.getByRole('button', { name: 'Send answer' }).click();
    await expect(inbox.detail.getByRole('alert')).toContainText('no longer unanswered');
  });

  test('over-long or empty text cannot be sent and says why', async ({ page }) => {
    const inbox = new QuestionsPage(page);
    await inbox.open();
    const id = await inbox.questionId({ status: 'UNANSWERED', vehicle: false });
    await inbox.openQuestion(id);
    await page.getByRole('button', { name: 'Send answer' }).click();
    await expect(page.getByText('Write an answer to send it.')).toBeVisible();
    await inbox.composer.fill('x'.repeat(2001));
    await expect(page.getByText('1 character too many: the limit is 2,000.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send answer' })).toBeDisabled();
    await inbox.composer.press('Control+Enter');
    expect(await inbox.questionStatus(id)).toBe('UNANSWERED');
  });

  test('a BANNED question shows as moderated, with the reason link', async ({ page }) => {
    const inbox = new QuestionsPage(page);
    await inbox.open();
    await inbox.statusChip(/^Moderated \d+$/).click();
    const row = inbox.rows.first();
    await expect(row.getByRole('link', { name: 'Moderated question: its text is hidden.' })).toBeVisible();
    await expect(row.getByRole('link', { name: 'Why?' })).toHaveAttribute('href', /moderations\/infractions/);
    await row.getByRole('link', { name: 'Moderated question: its text is hidden.' }).click();
    await expect(inbox.detail.getByText('Moderated question: its text is hidden.')).toBeVisible();
  });

  test('a vehicle asker’s contact reaches the browser only on a reveal, per question, not remembered', async ({ page }) => {
    const received = receivedBodies(page);
    const inbox = new QuestionsPage(page);
    await inbox.open();
    const id = await inbox.questionId({ vehicle: true, status: 'ANSWERED' });
    const email = await page.evaluate((q) => window.__demo!.db.questions.byId.get(q)!.from.contact!.email, id);
    await inbox.openQuestion(id);
    const contact = inbox.detail.getByRole('region', { name: 'Contact' });
    await expect(contact.getByRole('button', { name: 'Reveal contact' })).toBeVisible();
    expect(await received.all()).not.toContain(email);
    await contact.getByRole('button', { name: 'Reveal contact' }).click();
    await expect(contact.getByRole('link', { name: email })).toBeVisible();
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    await inbox.openQuestion(id);
    await expect(contact.getByRole('button', { name: 'Reveal contact' })).toBeVisible();
    await expect(page.getByText(email)).toHaveCount(0);
    expect(page.url()).not.toContain(encodeURIComponent(email));
  });

  test('delete asks for confirmation and shows the confirmation the API returns', async ({ page }) => {
    const inbox = new QuestionsPage(page);
    await inbox.open();
    const id = await inbox.questionId({ status: 'ANSWERED' });
    await inbox.openQuestion(id);
    await inbox.detail.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: `Delete question ${id}?` });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(`The server confirmed: Question ${id} deleted.`)).toBeVisible();
    await expect(page).toHaveURL(/\/questions$/);
    await expect(page.locator(`[data-question-link="${id}"]`)).toHaveCount(0);
    expect(await inbox.questionStatus(id)).toBeUndefined();
  });

  test('bulk hide removes the selected questions from the inbox', async ({ page }) => {
    const inbox = new QuestionsPage(page);
    await inbox.open();
    const before = await inbox.count();
    const first = inbox.rows.nth(0);
    const second = inbox.rows.nth(1);
    const ids = await Promise.all([first, second].map((row) => row.locator('[data-question-link]').getAttribute('data-question-link')));
    await first.getByRole('checkbox').check();
    await second.getByRole('checkbox').check();
    await expect(page.getByText('2 selected')).toBeVisible();
    await page.getByRole('button', { name: 'Hide selected' }).click();
    await expect(page.getByText('2 questions hidden.')).toBeVisible();
    await expect(inbox.total).toHaveText(`${before - 2} questions`);
    for (const id of ids) await expect(page.locator(`[data-question-link="${id}"]`)).toHaveCount(0);
  });

  test('keyboard: j/k move, Enter opens, r focuses the reply, Esc closes, ? lists the shortcuts', async ({ page }) => {
    const inbox = new QuestionsPage(page);
    await inbox.open(urls.questions.index({ status: 'UNANSWERED' }));
    await expect(inbox.rows.first()).toBeVisible();
    const link = (n: number) => inbox.rows.nth(n).locator('[data-question-link]');
    await page.keyboard.press('j');
    await expect(link(0)).toBeFocused();
    await page.keyboard.press('j');
    await expect(link(1)).toBeFocused();
    await page.keyboard.press('k');
    await expect(link(0)).toBeFocused();
    const id = await link(0).getAttribute('data-question-link');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/questions/${id}\\?status=UNANSWERED$`));
    await expect(inbox.composer).toBeVisible();
    await page.keyboard.press('r');
    await expect(inbox.composer).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/\/questions\?status=UNANSWERED$/);
    await expect(inbox.detail).toBeHidden();
    await page.keyboard.press('?');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  });

  test('answer templates: the team’s, saved on the server; create, insert with a click or Alt+4, kept over a reload, edit and delete', async ({
    page,
  }) => {
    const inbox = new QuestionsPage(page);
    await inbox.open();
    const id = await inbox.questionId({ status: 'UNANSWERED', vehicle: false });
    await inbox.openQuestion(id);
    await page.getByRole('button', { name: 'Insert template' }).click();
    // The demo account's team already has three.
    await expect(page.getByRole('menuitem', { name: '1. Hay stock' })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Manage templates…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Templates' });
    await dialog.getByRole('textbox', { name: 'Template name' }).fill('Stock');
    await dialog.getByRole('textbox', { name: 'Template text' }).fill('Sí, hay stock.');
    await dialog.getByRole('button', { name: 'Add template' }).click();
    await expect(dialog.getByText('4. Stock')).toBeVisible();
    await dialog.getByRole('button', { name: 'Edit Stock' }).click();
    await dialog.getByRole('textbox', { name: 'Template text' }).fill('¡Hola! Sí, hay stock.');
    await dialog.getByRole('button', { name: 'Save template' }).click();
    await expect(dialog.getByText('¡Hola! Sí, hay stock.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();

    await inbox.reload();
    await page.getByRole('button', { name: 'Insert template' }).click();
    await page.getByRole('menuitem', { name: '4. Stock' }).click();
    await expect(inbox.composer).toHaveValue('¡Hola! Sí, hay stock.');
    await inbox.composer.fill('');
    await inbox.composer.press('Alt+4');
    await expect(inbox.composer).toHaveValue('¡Hola! Sí, hay stock.');

    await page.getByRole('button', { name: 'Insert template' }).click();
    await page.getByRole('menuitem', { name: 'Manage templates…' }).click();
    await dialog.getByRole('button', { name: 'Delete Stock' }).click();
    await expect(dialog.getByText('4. Stock')).toBeHidden();
    await expect(dialog.getByText('3. Factura')).toBeVisible();
  });

  test('answer templates: a contact number is held when saved, and saved only by "Save anyway"', async ({ page }) => {
    const inbox = new QuestionsPage(page);
    await inbox.open();
    await inbox.openQuestion(await inbox.questionId({ status: 'UNANSWERED', vehicle: false }));
    await page.getByRole('button', { name: 'Insert template' }).click();
    await page.getByRole('menuitem', { name: 'Manage templates…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Templates' });
    await dialog.getByRole('textbox', { name: 'Template name' }).fill('WhatsApp');
    await dialog.getByRole('textbox', { name: 'Template text' }).fill('Escribime al 11 4567-8901');
    await dialog.getByRole('button', { name: 'Add template' }).click();
    await dialog.getByRole('button', { name: 'Save anyway' }).click();
    await expect(dialog.getByText('4. WhatsApp')).toBeVisible();
  });

  test('a simulated buyer question arrives with the "new" notice, without moving the list', async ({ page }) => {
    const inbox = new QuestionsPage(page);
    await inbox.open();
    const before = await inbox.count();
    const top = await inbox.rows.first().locator('[data-question-link]').getAttribute('data-question-link');
    await page.getByRole('button', { name: 'Simulate a buyer question' }).click();
    const notice = page.getByRole('button', { name: /1 new question · Show/ });
    await expect(notice).toBeVisible();
    await expect(inbox.rows.first().locator('[data-question-link]')).toHaveAttribute('data-question-link', top!);
    await notice.click();
    await expect(inbox.total).toHaveText(`${before + 1} questions`);
    await expect(inbox.rows.first()).toContainText('Is it still available?');
    await expect(notice).toBeHidden();
  });

  test('no axe violations with an open question, light and dark', async ({ page }) => {
    const inbox = new QuestionsPage(page);
    await inbox.open();
    const id = await inbox.questionId({ vehicle: true, status: 'UNANSWERED' });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await inbox.openQuestion(id);
      await expect(inbox.composer).toBeVisible();
      await expect(inbox.detail.getByText('Toyota Corolla', { exact: false }).or(inbox.detail.getByText(/Amarok|Cronos/))).toBeVisible();
      await expect(inbox.rows.first()).toBeVisible();
      await expectNoA11yViolations(page);
    }
  });
});

test.describe('large seed', () => {
  test('the DOM holds at most 150 rows while scrolling to the end of 10,000+ questions', async ({ page }) => {
    test.setTimeout(90_000);
    const inbox = new QuestionsPage(page);
    await inbox.open(urls.questions.index('seed=large'));
    await expect(inbox.rows.first().locator('[data-question-link]')).toBeVisible();
    const total = await inbox.count();
    expect(total).toBeGreaterThanOrEqual(10_000);
    const scroller = inbox.list.locator('..');
    for (let step = 1; step <= 8; step += 1) {
      await scroller.evaluate((el, fraction) => el.scrollTo({ top: el.scrollHeight * fraction }), step / 8);
      expect(await inbox.rows.count()).toBeLessThanOrEqual(150);
    }
    const last = inbox.list.locator(`[aria-posinset="${total}"]`);
    await expect(last.locator('[data-question-link]')).toBeVisible();
    expect(await inbox.rows.count()).toBeLessThanOrEqual(150);
  });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the question opens full screen, and nothing scrolls sideways', async ({ page }) => {
    const inbox = new QuestionsPage(page);
    await inbox.open();
    await expect(inbox.rows.first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await inbox.rows.first().locator('[data-question-link]').click();
    await expect(inbox.detail).toBeVisible();
    await expect(inbox.list).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Back to the list' }).click();
    await expect(inbox.list).toBeVisible();
  });

  test('the filters are folded until asked for, and keep what was typed when folded again', async ({ page }) => {
    const inbox = new QuestionsPage(page);
    await inbox.open();
    await expect(inbox.rows.first()).toBeVisible();
    const toggle = page.getByRole('button', { name: 'Item, asker and sort' });
    const item = page.getByRole('textbox', { name: 'Item ID' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(item).toHaveCount(0);
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await item.fill('MLA1234');
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toBeVisible();
    await toggle.click();
    await expect(item).toBeHidden();
    await toggle.click();
    await expect(item).toHaveValue('MLA1234');
  });
});
