import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getAudit } from '../../api/audit';
import { clearDrift, driftRecords } from '../../api/drift';
import { urls } from '../../lib/urls';
import { apiPath, demoSeller, server, testDb } from '../../test/demo';
import { afterWrite } from '../../test/http';
import { renderWithProviders } from '../../test/render';
import { Component as QuestionPages } from './routes';

const text = 'Sí, hay stock.';
const month = 30 * 24 * 60 * 60 * 1000;

/** One of the seller's unanswered questions, well inside its 7 months. */
function unanswered(): number {
  const recent = Date.now() - month;
  return [...testDb().questions.byId.values()].find(
    (q) => q.seller_id === demoSeller.id && q.status === 'UNANSWERED' && q.date_created > recent,
  )!.id;
}

/** Opens the question and sends `text` from its composer (having lost the network first when `offline`); returns its panel. */
async function answer(id: number, offline = false): Promise<HTMLElement> {
  renderWithProviders(<QuestionPages />, { path: urls.questions.detail(id), route: '/questions/*' });
  const panel = await screen.findByRole('region', { name: `Question ${id}` });
  await userEvent.type(await within(panel).findByLabelText('Your answer'), text);
  if (offline) act(() => onlineManager.setOnline(false));
  await userEvent.click(within(panel).getByRole('button', { name: 'Send answer' }));
  return panel;
}

/** The question shows its answer (the composer is gone) and the simulator holds it once. */
async function expectAnswered(panel: HTMLElement, id: number) {
  await waitFor(() => expect(within(panel).queryByLabelText('Your answer')).toBeNull());
  expect(within(within(panel).getByRole('region', { name: 'Answer' })).getByText(text)).toBeInTheDocument();
  expect(within(panel).queryByRole('alert')).toBeNull();
  expect(testDb().questions.byId.get(id)).toMatchObject({ status: 'ANSWERED', answer: { text } });
}

/** Every POST /answers that reached the network. */
let posts = 0;
const countPosts = ({ request }: { request: Request }) => {
  if (request.method === 'POST' && new URL(request.url).pathname.endsWith('/api/answers')) posts += 1;
};

// jsdom has no layout, so no Element#scrollTo: the virtualized list calls it when a view starts.
beforeAll(() => {
  Element.prototype.scrollTo = () => undefined;
});
beforeEach(() => {
  posts = 0;
  clearDrift();
  server.events.on('request:start', countPosts);
});
afterEach(() => {
  server.events.removeListener('request:start', countPosts);
  onlineManager.setOnline(true);
});

describe('an answer is sent exactly once', () => {
  it('a 2xx with a body of another shape is a sent answer, recorded as contract drift', async () => {
    const id = unanswered();
    afterWrite('post', '/answers', () => HttpResponse.json({ ok: true }));
    const panel = await answer(id);
    await expectAnswered(panel, id);
    expect(posts).toBe(1);
    expect(driftRecords()).toEqual([expect.objectContaining({ where: 'POST /answers', count: 1 })]);
  });

  it('a connection dropped after the answer left: the question is read again and shown answered, no Retry', async () => {
    const id = unanswered();
    afterWrite('post', '/answers', () => HttpResponse.error());
    const panel = await answer(id);
    await expectAnswered(panel, id);
    expect(posts).toBe(1);
  });

  it('when that read fails too, Retry reads the question first and does not post again', async () => {
    const id = unanswered();
    const post = afterWrite('post', '/answers', () => HttpResponse.error());
    let readFailed = false;
    server.use(
      http.get(apiPath('/questions/:id'), () => {
        if (post.requests === 0 || readFailed) return undefined;
        readFailed = true;
        return HttpResponse.error();
      }),
    );
    const panel = await answer(id);
    const alert = await within(panel).findByRole('alert');
    expect(alert).toHaveTextContent('The answer could not be sent: no connection. Your draft is kept.');
    expect(within(panel).getByLabelText('Your answer')).toHaveValue(text);
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await expectAnswered(panel, id);
    expect(posts).toBe(1);
  });

  it('offline: says it will send when back, keeps the draft and the button disabled, then sends once', async () => {
    const id = unanswered();
    const panel = await answer(id, true);
    expect(
      await within(panel).findByText('Offline: the answer will be sent when the connection is back. Your draft is kept.'),
    ).toBeInTheDocument();
    expect(within(panel).getByLabelText('Your answer')).toHaveValue(text);
    expect(within(panel).getByRole('button', { name: 'Sending…' })).toBeDisabled();
    // The keyboard shortcut does not send a second one either.
    await userEvent.type(within(panel).getByLabelText('Your answer'), '{Control>}{Enter}{/Control}');
    expect(posts).toBe(0);
    act(() => onlineManager.setOnline(true));
    await expectAnswered(panel, id);
    expect(posts).toBe(1);
  });
});

describe('the contact-data guard holds an answer with contact data', () => {
  const disguised = 'Escribime al wpp once 4567 89O1 y coordinamos.';

  /** Opens the question, types `typed` and presses Send; returns its panel. */
  async function sendText(id: number, typed: string): Promise<HTMLElement> {
    renderWithProviders(<QuestionPages />, { path: urls.questions.detail(id), route: '/questions/*' });
    const panel = await screen.findByRole('region', { name: `Question ${id}` });
    await userEvent.type(await within(panel).findByLabelText('Your answer'), typed);
    await userEvent.click(within(panel).getByRole('button', { name: 'Send answer' }));
    return panel;
  }

  it('underlines what it found with the reason, sends nothing, and sends once edited', async () => {
    const id = unanswered();
    const panel = await sendText(id, disguised);
    const alert = await within(panel).findByRole('alert');
    expect(alert).toHaveTextContent('This looks like contact data, which the marketplace does not allow in answers');
    const found = within(alert).getByRole('list', { name: 'Contact data found' });
    // Each finding underlined (a mark) in its context, with the reason.
    expect(
      within(found)
        .getAllByRole('listitem')
        .map((item) => [item.querySelector('mark')?.textContent, item.textContent]),
    ).toEqual([
      ['wpp', 'Escribime al wpp once 4567 89O1 y coordi…: a social network, handle or messaging app'],
      ['once 4567 89O1', 'Escribime al wpp once 4567 89O1 y coordinamos.: a phone number'],
    ]);
    expect(posts).toBe(0);
    const field = within(panel).getByLabelText('Your answer');
    await userEvent.clear(field);
    await userEvent.type(field, text);
    await waitFor(() => expect(within(panel).queryByRole('alert')).toBeNull());
    await userEvent.click(within(panel).getByRole('button', { name: 'Send answer' }));
    await expectAnswered(panel, id);
    expect(posts).toBe(1);
  });

  it('"Send anyway" sends a false alarm with the override, which the trail records', async () => {
    const id = unanswered();
    const overrides: (string | null)[] = [];
    const listen = ({ request }: { request: Request }) => {
      if (request.method === 'POST' && new URL(request.url).pathname.endsWith('/api/answers'))
        overrides.push(request.headers.get('x-guard-override'));
    };
    server.events.on('request:start', listen);
    const typed = 'El modelo es el 1145678901, en whatsapp no.';
    const panel = await sendText(id, typed);
    await userEvent.click(within(await within(panel).findByRole('alert')).getByRole('button', { name: 'Send anyway' }));
    await waitFor(() => expect(testDb().questions.byId.get(id)).toMatchObject({ status: 'ANSWERED', answer: { text: typed } }));
    server.events.removeListener('request:start', listen);
    expect(overrides).toEqual(['1']);
    const [outcome, attempt] = (await getAudit({ action: 'answer' }, undefined)).entries;
    expect(attempt).toMatchObject({ target: { id: String(id) }, details: { length: typed.length, guardOverride: true }, phase: 'attempt' });
    expect(outcome).toMatchObject({ phase: 'outcome', status: 200 });
  });
});
