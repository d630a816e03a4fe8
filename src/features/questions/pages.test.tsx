import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { driftRecords } from '../../api/drift';
import { urls } from '../../lib/urls';
import { demoSeller, question, testDb } from '../../test/demo';
import { failGet, holdGet, reshapeGet } from '../../test/http';
import { changeElement } from '../../test/readable';
import { renderWithProviders } from '../../test/render';
import { Component as QuestionPages } from './routes';

const renderAt = (path: string) => renderWithProviders(<QuestionPages />, { path, route: '/questions/*' });
const search = '/questions/search';
const ownQuestion = () => [...testDb().questions.byId.values()].find((q) => q.seller_id === demoSeller.id)!.id;
const panel = (id: number) => screen.findByRole('region', { name: `Question ${id}` });

// jsdom has no layout, so no Element#scrollTo: the virtualized list calls it when a view starts.
beforeAll(() => {
  Element.prototype.scrollTo = () => undefined;
});

describe('questions inbox', () => {
  it('shows loading while the questions are on their way', async () => {
    holdGet(search);
    renderAt(urls.questions.index());
    expect(await screen.findByText('Loading…')).toBeInTheDocument();
  });

  it('a seller without questions sees that no question matches', async () => {
    testDb().questions.byId.clear();
    renderAt(urls.questions.index());
    expect(await screen.findByText('No questions match these filters.')).toBeInTheDocument();
  });

  it('a failed search is an alert in words with a Retry that lists the questions', async () => {
    const recover = failGet(search);
    renderAt(urls.questions.index());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The server failed (500). Try again in a moment.');
    recover();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/^\d+ questions$/)).toBeInTheDocument();
  });

  it('places rows by their fixed height, without measuring them', async () => {
    // A scroller 600 px high, so the virtualizer renders rows; jsdom measures every other element as
    // 0 px high, so a measured row would sit on top of the previous one.
    const viewport = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    renderAt(urls.questions.index());
    const list = await screen.findByRole('list', { name: 'Questions' });
    const rows = await within(list).findAllByRole('listitem');
    expect(rows.slice(0, 3).map((row) => row.style.transform)).toEqual(['translateY(0px)', 'translateY(144px)', 'translateY(288px)']);
    viewport.mockRestore();
  });

  it('sorted by due time, unanswered questions come most urgent first, each saying when it is due', async () => {
    const viewport = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    const minutesAgo = (minutes: number) => Date.now() - minutes * 60_000;
    testDb().questions.byId.clear();
    for (const record of [question(minutesAgo(49.5)), question(minutesAgo(90)), question(minutesAgo(4.5))])
      testDb().questions.byId.set(record.id, record);
    renderAt(urls.questions.index({ status: 'UNANSWERED', sort: 'due', order: 'asc' }));
    const list = await screen.findByRole('list', { name: 'Questions' });
    await waitFor(() => expect(within(list).getAllByText(/^(Overdue: due|Due) /)).toHaveLength(3));
    expect(
      within(list)
        .getAllByText(/^(Overdue: due|Due) /)
        .map((due) => due.textContent),
    ).toEqual(['Overdue: due 30 min. ago', 'Due in 10 min.', 'Due in 55 min.']);
    viewport.mockRestore();
  });

  it('a question it cannot read is a row of the same height that names it and says why; j passes over it', async () => {
    const viewport = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    let odd = 0;
    reshapeGet(search, (body) =>
      changeElement(body, 'questions', 1, ({ text: _text, ...question }) => {
        odd = Number(question.id);
        return question;
      }),
    );
    renderAt(urls.questions.index());
    const list = await screen.findByRole('list', { name: 'Questions' });
    const row = (await within(list).findByText(`Question ${odd}`)).closest<HTMLElement>('[role="listitem"]')!;
    expect(row).toHaveTextContent('Could not be read: a field is missing.');
    expect(row.style).toMatchObject({ transform: 'translateY(144px)', height: '144px' });
    expect(within(row).queryByRole('link')).toBeNull();
    expect(driftRecords()).toContainEqual(expect.objectContaining({ where: 'GET /questions/search' }));
    // From the first question, j moves to the third: the unreadable one has nothing to open.
    const [first, , third] = within(list).getAllByRole('listitem');
    const questionLink = (item: HTMLElement) => item.querySelector<HTMLElement>('[data-question-link]')!;
    questionLink(first!).focus();
    await userEvent.keyboard('j');
    await waitFor(() => expect(questionLink(third!)).toHaveFocus());
    viewport.mockRestore();
  });
});

describe('question detail', () => {
  // The question's own address: the pattern /questions/:id would match the search too.
  it('shows loading while the question is on its way', async () => {
    const id = ownQuestion();
    holdGet(`/questions/${id}`);
    renderAt(urls.questions.detail(id));
    expect(await within(await panel(id)).findByText('Loading…')).toBeInTheDocument();
  });

  it('a deleted question says so in words', async () => {
    const id = ownQuestion();
    testDb().questions.byId.delete(id);
    renderAt(urls.questions.detail(id));
    expect(await within(await panel(id)).findByText('This question does not exist or was deleted.')).toBeInTheDocument();
  });

  it('a failed read is an alert in words with a Retry that shows the question', async () => {
    const id = ownQuestion();
    const recover = failGet(`/questions/${id}`);
    renderAt(urls.questions.detail(id));
    const alert = await within(await panel(id)).findByRole('alert');
    expect(alert).toHaveTextContent('The server failed (500). Try again in a moment.');
    recover();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(await panel(id)).findByText('Buyer ID')).toBeInTheDocument();
  });
});

describe('a question status the API added after this app', () => {
  it('shows as it came and is recorded as contract drift', async () => {
    // An answered one: the detail shows its answer, not the status a second time.
    const id = [...testDb().questions.byId.values()].find((q) => q.seller_id === demoSeller.id && q.answer)!.id;
    Object.assign(testDb().questions.byId.get(id)!, { status: 'ON_HOLD' });
    renderAt(urls.questions.detail(id));
    expect(await within(await panel(id)).findByText('ON_HOLD')).toBeInTheDocument();
    expect(driftRecords()).toContainEqual(expect.objectContaining({ where: 'question status', detail: 'unknown value "ON_HOLD"' }));
  });
});

describe('an item title with a right-to-left override', () => {
  it('is isolated, so the item id after it keeps its direction', async () => {
    const id = ownQuestion();
    const item = testDb().items.get(testDb().questions.byId.get(id)!.item_id)!;
    item.title = '\u202Eexe.txt';
    renderAt(urls.questions.detail(id));
    const region = await within(await panel(id)).findByRole('region', { name: 'Item' });
    const title = await within(region).findByText('\u202Eexe.txt');
    expect(title.tagName).toBe('BDI');
    expect(title.parentElement).toHaveTextContent(`\u202Eexe.txt (${item.id})`);
  });
});
