import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { urls } from '../../lib/urls';
import { question, testDb } from '../../test/demo';
import { renderWithProviders } from '../../test/render';
import { Component as QuestionPages } from './routes';

/** Four waiting on one item, the oldest first: two buyers ask what the first asks, one asks something else. */
function seed() {
  const texts = ['¿Hay talle 42 disponible?', '¿Tenés talle 42?', '¿Hacen factura A?', 'hay talle 42 disponible??'];
  testDb().questions.byId.clear();
  return texts.map((text, index) => {
    const record = { ...question(Date.now() - (90 - index) * 60_000), text, answer: null };
    testDb().questions.byId.set(record.id, record);
    return record.id;
  });
}

const answers = () => testDb().traffic.writes['POST /answers']?.received ?? 0;
const heading = () => screen.findByRole('heading', { level: 2, name: /\?$/ });

beforeAll(() => {
  Element.prototype.scrollTo = () => undefined;
});

describe('a grouped answer in the queue', () => {
  it('sends the text once to each buyer checked; a failed one says why and is retried alone; the queue skips those answered', async () => {
    const [first, same, invoice, copy] = seed();
    renderWithProviders(<QuestionPages />, { path: urls.questions.queue(), route: '/questions/*' });
    expect(await heading()).toHaveTextContent('¿Hay talle 42 disponible?');
    const group = screen.getByRole('region', { name: 'Also answer these similar questions' });
    const box = (text: string) => within(group).getByRole('checkbox', { name: new RegExp(`^${text.replace(/[?¿]/g, '.')} Asked`) });
    expect(box('hay talle 42 disponible??')).toBeChecked();
    expect(box('¿Tenés talle 42?')).toBeChecked();
    expect(within(group).queryByText('¿Hacen factura A?')).toBeNull();

    // The marketplace refuses one of them (moderated meanwhile).
    testDb().questions.byId.get(same!)!.status = 'UNDER_REVIEW';
    const before = answers();
    await userEvent.type(screen.getByRole('textbox', { name: 'Your answer' }), 'Sí, hay talle 42.');
    await userEvent.dblClick(screen.getByRole('button', { name: 'Send answer' }));
    const failed = await within(group).findByRole('alert');
    expect(failed).toHaveTextContent('This question is no longer unanswered');
    expect(answers() - before).toBe(3);
    expect(testDb().questions.byId.get(first!)?.answer?.text).toBe('Sí, hay talle 42.');
    expect(testDb().questions.byId.get(copy!)?.answer?.text).toBe('Sí, hay talle 42.');
    expect(within(group).getByRole('status')).toHaveTextContent('Sent: this question is answered.');
    // Still here: the failed one waits for its Retry.
    expect(await heading()).toHaveTextContent('¿Hay talle 42 disponible?');

    testDb().questions.byId.get(same!)!.status = 'UNANSWERED';
    await userEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    await waitFor(async () => expect(await heading()).toHaveTextContent('¿Hacen factura A?'));
    expect(answers() - before).toBe(4);
    expect(testDb().questions.byId.get(same!)?.answer?.text).toBe('Sí, hay talle 42.');
    expect(screen.getByText('0 left after this one')).toBeInTheDocument();
    expect(testDb().questions.byId.get(invoice!)?.status).toBe('UNANSWERED');
  });

  it('leaves an unchecked one waiting, for its own turn', async () => {
    const [first, same] = seed();
    renderWithProviders(<QuestionPages />, { path: urls.questions.queue(), route: '/questions/*' });
    expect(await heading()).toHaveTextContent('¿Hay talle 42 disponible?');
    const group = screen.getByRole('region', { name: 'Also answer these similar questions' });
    await userEvent.click(within(group).getByRole('checkbox', { name: /^¿Tenés talle 42\? Asked/ }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Your answer' }), 'Sí.{Control>}{Enter}{/Control}');
    await waitFor(async () => expect(await heading()).toHaveTextContent('¿Tenés talle 42?'));
    expect(testDb().questions.byId.get(first!)?.answer?.text).toBe('Sí.');
    expect(testDb().questions.byId.get(same!)?.status).toBe('UNANSWERED');
  });
});
