import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { urls } from '../../lib/urls';
import { apiPath, otherSeller, question, server, testDb } from '../../test/demo';
import { renderWithProviders } from '../../test/render';
import { actAs } from '../../test/roles';
import { Component as QuestionPages } from './routes';

const allAccounts = `${urls.questions.queue()}?accounts=all`;
const minutesAgo = (minutes: number) => Date.now() - minutes * 60_000;
const other = String(otherSeller.id);
const heading = (name: string) => screen.findByRole('heading', { level: 2, name });

/** TIENDA_DEMO's question asked 50 min ago, OTRO_VENDEDOR's 20 min ago. */
function seed() {
  const tienda = { ...question(minutesAgo(50)), text: '¿Hacen factura A?' };
  const otro = { ...question(minutesAgo(20), { seller: otherSeller.id, item: 'MLB1430000001' }), text: 'Tem na cor azul?' };
  testDb().questions.byId.clear();
  for (const record of [tienda, otro]) testDb().questions.byId.set(record.id, record);
  return { tienda, otro };
}

/** What each POST /answers named as its account. */
const posted: (string | null)[] = [];

beforeAll(() => {
  Element.prototype.scrollTo = () => undefined;
});

beforeEach(() => {
  posted.length = 0;
  server.use(
    // TIENDA_DEMO answers within a day; OTRO_VENDEDOR within 30 minutes, every hour of the week.
    http.get('*/account/settings', ({ request }) =>
      HttpResponse.json({
        targetMinutes: request.headers.get('x-seller-account') === other ? 30 : 24 * 60,
        workingHours: Array.from({ length: 7 }, () => ({ from: 0, to: 24 * 60 })),
        timeZone: 'America/Argentina/Buenos_Aires',
      }),
    ),
    http.post(apiPath('/answers'), ({ request }) => {
      posted.push(request.headers.get('x-seller-account'));
    }),
  );
});

describe('the answer queue of all my accounts', () => {
  it('takes each account’s question by its own target, labels it, and answers it as its account', async () => {
    actAs('answerer', [{ seller: otherSeller, role: 'answerer' }]);
    const { tienda, otro } = seed();
    renderWithProviders(<QuestionPages />, { path: allAccounts, route: '/questions/*' });

    // OTRO_VENDEDOR's question is the newer, but due in 10 minutes; TIENDA_DEMO's in 23 hours.
    expect(await heading('Tem na cor azul?')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'All my accounts' })).toBeChecked();
    expect(screen.getByText('Account: OTRO_VENDEDOR')).toBeInTheDocument();
    expect(screen.getByText('1 left after this one')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Your answer' }), 'Sim, temos.{Control>}{Enter}{/Control}');
    await waitFor(() => expect(testDb().questions.byId.get(otro.id)?.answer?.text).toBe('Sim, temos.'));
    expect(posted).toEqual([other]);

    expect(await heading('¿Hacen factura A?')).toBeInTheDocument();
    expect(screen.getByText('Account: TIENDA_DEMO')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Your answer' }), 'Sí.{Control>}{Enter}{/Control}');
    await waitFor(() => expect(testDb().questions.byId.get(tienda.id)?.answer?.text).toBe('Sí.'));
    // The active account's answer names none: it goes as today.
    expect(posted).toEqual([other, null]);
  });

  it('holds a phone number by the rules of the question’s account’s site, as the door will', async () => {
    actAs('answerer', [{ seller: otherSeller, role: 'answerer' }]);
    seed();
    renderWithProviders(<QuestionPages />, { path: allAccounts, route: '/questions/*' });
    expect(await heading('Tem na cor azul?')).toBeInTheDocument();
    // A Brazilian number, which OTRO_VENDEDOR's site (MLB) reads as one and TIENDA_DEMO's (MLA) does not.
    await userEvent.type(screen.getByRole('textbox', { name: 'Your answer' }), 'Ligue (11) 91234-5678{Control>}{Enter}{/Control}');
    expect(await screen.findByRole('button', { name: 'Send anyway' })).toBeInTheDocument();
    expect(posted).toEqual([]);
  });

  it('says which account’s questions could not be read, and works through the others’', async () => {
    actAs('answerer', [{ seller: otherSeller, role: 'answerer' }]);
    seed();
    server.use(
      http.get(apiPath('/questions/search'), ({ request }) =>
        request.headers.get('x-seller-account') === other
          ? HttpResponse.json({ message: 'Internal server error', error: 'internal_error', status: 500, cause: [] }, { status: 500 })
          : undefined,
      ),
    );
    renderWithProviders(<QuestionPages />, { path: allAccounts, route: '/questions/*' });
    expect(await screen.findByText('OTRO_VENDEDOR: its questions could not be read')).toBeInTheDocument();
    expect(await heading('¿Hacen factura A?')).toBeInTheDocument();
    expect(screen.getByText('0 left after this one')).toBeInTheDocument();
  });

  it('is not offered when the role on the other account does not answer: the link opens this account’s queue', async () => {
    actAs('answerer', [{ seller: otherSeller, role: 'viewer' }]);
    seed();
    renderWithProviders(<QuestionPages />, { path: allAccounts, route: '/questions/*' });
    expect(await heading('¿Hacen factura A?')).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup', { name: 'Questions of' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Account: /)).not.toBeInTheDocument();
  });
});
