import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { urls } from '../../lib/urls';
import { question, testDb, type QuestionRecord } from '../../test/demo';
import { holdGet } from '../../test/http';
import { renderWithProviders } from '../../test/render';
import { Component as QuestionPages } from './routes';

const minutesAgo = (minutes: number) => Date.now() - minutes * 60_000;
const asked = (minutes: number, text: string, answer?: string): QuestionRecord => {
  const record = question(minutesAgo(minutes), answer === undefined ? {} : { answeredAfter: 5 });
  return { ...record, text, answer: record.answer && answer !== undefined ? { ...record.answer, text: answer } : null };
};

/** Three waiting (the oldest first in the queue) and the account's earlier answers on the same item. */
function seed() {
  const records = [
    asked(3000, '¿Viene en talle 42?', 'Sí, tenemos talle 42 en negro y en azul.'),
    asked(2900, '¿Hacen envíos a Córdoba?', 'Sí, enviamos a todo el país por Mercado Envíos.'),
    asked(2800, '¿Es original?', 'Sí, es original con garantía de fábrica.'),
    asked(90, '¿Hay talle 42?'),
    asked(50, '¿Envían a Rosario?'),
    asked(10, '¿Tiene garantía?'),
  ];
  testDb().questions.byId.clear();
  for (const record of records) testDb().questions.byId.set(record.id, record);
  return records.slice(3).map((record) => record.id);
}

const heading = () => screen.findByRole('heading', { level: 2, name: /\?$/ });
const composer = () => screen.getByRole('textbox', { name: 'Your answer' });

beforeAll(() => {
  Element.prototype.scrollTo = () => undefined;
});

describe('the answer queue', () => {
  it('answers in a row by keyboard, most urgent first: a suggestion inserted and edited, a skip, then the summary', async () => {
    const [size, shipping, warranty] = seed();
    renderWithProviders(<QuestionPages />, { path: urls.questions.queue(), route: '/questions/*' });

    expect(await heading()).toHaveTextContent('¿Hay talle 42?');
    expect(screen.getByText('2 left after this one')).toBeInTheDocument();
    const suggestions = await screen.findByRole('region', { name: 'Suggested answers' });
    await within(suggestions).findByText('Sí, tenemos talle 42 en negro y en azul.');
    await userEvent.keyboard('{Alt>}i{/Alt}');
    expect(composer()).toHaveValue('Sí, tenemos talle 42 en negro y en azul.');
    // Inserted, never sent as it is: the seller edits it, then sends.
    await userEvent.type(composer(), ' Te esperamos.{Control>}{Enter}{/Control}');
    await waitFor(() =>
      expect(testDb().questions.byId.get(size!)?.answer?.text).toBe('Sí, tenemos talle 42 en negro y en azul. Te esperamos.'),
    );

    await waitFor(async () => expect(await heading()).toHaveTextContent('¿Envían a Rosario?'));
    await userEvent.keyboard('{Alt>}s{/Alt}');
    await waitFor(async () => expect(await heading()).toHaveTextContent('¿Tiene garantía?'));
    expect(testDb().questions.byId.get(shipping!)?.status).toBe('UNANSWERED');

    await userEvent.type(composer(), 'Sí, 12 meses.{Control>}{Enter}{/Control}');
    expect(await screen.findByText(/^Answered: 2 · skipped: 1 · time: 1 min$/)).toBeInTheDocument();
    expect(testDb().questions.byId.get(warranty!)?.answer?.text).toBe('Sí, 12 meses.');
  });

  it('shows the question and its composer while the item facts are still on their way', async () => {
    seed();
    holdGet('/items/:id');
    renderWithProviders(<QuestionPages />, { path: urls.questions.queue(), route: '/questions/*' });
    expect(await heading()).toHaveTextContent('¿Hay talle 42?');
    expect(composer()).toBeEnabled();
    // On a phone (jsdom's width) the facts fold under their heading.
    await userEvent.click(screen.getByRole('button', { name: 'Item facts' }));
    expect(within(await screen.findByRole('region', { name: 'Item facts' })).getByText('Loading…')).toBeInTheDocument();
  });
});
