import { i18n } from '@lingui/core';
import { plural, t } from '@lingui/core/macro';
import { useLingui as useLinguiContext } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerSession } from '../api/session';
import { detectLanguage, loadArea, localeOf, LocaleProvider, setLanguage, startI18n, useLocale, type Locale } from '../lib/i18n';
import { acceptServerSession, setMode } from '../lib/session';
import { spanishOfSite } from '../../core/spanish.ts';
import { navEntries } from './nav';

const shell = (locale: Locale) => import(`./locales/${locale}.po`);
const questions = (locale: Locale) => import(`../features/questions/locales/${locale}.po`);
// The same message as the nav badge, so it has the shell catalog's translations.
const unanswered = (count: number) => t`${plural(count, { one: '# unanswered question', other: '# unanswered questions' })}`;

function LanguageProbe() {
  const { locale } = useLocale();
  const { i18n: active } = useLinguiContext();
  return (
    <button type="button" lang={locale} onClick={() => void setLanguage(locale === 'es-AR' ? 'en' : 'es-AR')}>
      {active._(navEntries[0]!.label)}
    </button>
  );
}

/** A shell message that reads differently in the two registers. */
function RegisterProbe() {
  const { t } = useLingui();
  const { locale } = useLocale();
  return <p lang={locale}>{t`The server could not be reached. Check your connection and try again.`}</p>;
}
const vos = 'No se pudo contactar al servidor. Revisá tu conexión y volvé a intentar.';
const tu = 'No se pudo contactar al servidor. Revisa tu conexión e inténtalo de nuevo.';
// A questions-area message that addresses the seller.
const deletedForGood = () => t`The question is deleted for good, for you and the buyer.`;

const renderIn = (probe: ReactNode) => render(<LocaleProvider>{probe}</LocaleProvider>);

/** Live mode's answer to who is signed in, with the active account on `site`. */
function signedInOn(site: string): ServerSession {
  return {
    mode: 'live',
    signedIn: true,
    oauth: true,
    accounts: [{ id: '7', nickname: 'VENDEDOR', site_id: site, active: true, unread: 0 }],
    activeAccountId: '7',
  };
}

afterEach(async () => {
  document.querySelector('meta[name="seller-desk-spanish"]')?.remove();
  await act(() => startI18n(shell, 'en'));
});

describe('i18n', () => {
  it('follows the browser language, mapping pt to Brazilian Portuguese and Spanish of any region to Spanish', () => {
    expect(detectLanguage(['pt-PT', 'en'])).toBe('pt-BR');
    expect(detectLanguage(['es-AR'])).toBe('es');
    expect(detectLanguage(['es-MX', 'en'])).toBe('es');
    expect(detectLanguage(['de-DE', 'en-GB'])).toBe('en');
    expect(detectLanguage(['fr'])).toBe('en');
  });

  it('addresses sellers of the Argentine, Uruguayan and Paraguayan sites with vos, every other site with tú', () => {
    expect(['MLA', 'MLU', 'MPY'].map(spanishOfSite)).toEqual(['es-AR', 'es-AR', 'es-AR']);
    expect(
      ['MLM', 'MCO', 'MLC', 'MPE', 'MEC', 'MLV', 'MBO', 'MCR', 'MPA', 'MRD', 'MGT', 'MHN', 'MNI', 'MSV', 'MLB'].map(spanishOfSite),
    ).toEqual(Array(15).fill('es-419'));
  });

  it("chooses Spanish's variant by the account's site, by the browser's region without an account, and by a pick above both", () => {
    // The account's site beats the browser's region, both ways.
    expect(localeOf('es', 'es-419', ['es-AR'])).toBe('es-419');
    expect(localeOf('es', 'es-AR', ['es-MX'])).toBe('es-AR');
    // Nobody signed in: the browser's region.
    expect(localeOf('es', undefined, ['es-UY', 'en'])).toBe('es-AR');
    expect(localeOf('es', undefined, ['en-US', 'es-PY'])).toBe('es-AR');
    expect(localeOf('es', undefined, ['es-CO'])).toBe('es-419');
    expect(localeOf('es', undefined, ['es'])).toBe('es-419');
    expect(localeOf('es', undefined, ['en'])).toBe('es-419');
    // A picked variant wins over the site; other languages ignore it.
    expect(localeOf('es-AR', 'es-419', ['es-MX'])).toBe('es-AR');
    expect(localeOf('es-419', 'es-AR', ['es-AR'])).toBe('es-419');
    expect(localeOf('pt-BR', 'es-AR', ['es-AR'])).toBe('pt-BR');
  });

  it('chooses plural forms by the locale rules and formats the number in the locale', async () => {
    await startI18n(shell, 'pt-BR');
    expect(unanswered(1)).toBe('1 pergunta sem resposta');
    expect(unanswered(1500)).toBe('1.500 perguntas sem resposta');
    await startI18n(shell, 'es-419');
    expect(unanswered(1)).toBe('1 pregunta sin responder');
    expect(unanswered(1500)).toBe('1,500 preguntas sin responder');
    await startI18n(shell, 'en');
    expect(unanswered(1500)).toBe('1,500 unanswered questions');
  });

  it('switching language loads the catalogs of the areas seen so far and re-renders, without a reload', async () => {
    await startI18n(shell, 'en');
    await loadArea(questions);
    renderIn(<LanguageProbe />);
    await userEvent.click(screen.getByRole('button', { name: 'Home' }));
    expect(await screen.findByRole('button', { name: 'Inicio' })).toHaveAttribute('lang', 'es-AR');
    expect(document.documentElement.lang).toBe('es-AR');
    // The questions area, loaded before the switch, now speaks Spanish too.
    expect(t`Unanswered`).toBe('Sin responder');
  });

  it("demo mode's Spanish is the demo seller's: vos, its site being Argentina's", async () => {
    setMode('demo');
    await startI18n(shell, 'es');
    renderIn(<RegisterProbe />);
    expect(screen.getByText(vos)).toHaveAttribute('lang', 'es-AR');
  });

  it('switching to an account of another site switches the Spanish variant without a reload, unless a variant was picked', async () => {
    setMode('live');
    acceptServerSession(signedInOn('MLA'));
    await startI18n(shell, 'es');
    await loadArea(questions);
    renderIn(<RegisterProbe />);
    expect(screen.getByText(vos)).toHaveAttribute('lang', 'es-AR');
    expect(deletedForGood()).toBe('La pregunta se elimina definitivamente, para vos y para el comprador.');

    act(() => acceptServerSession(signedInOn('MCO')));
    expect(await screen.findByText(tu)).toHaveAttribute('lang', 'es-419');
    // The areas seen so far speak the new variant too.
    expect(deletedForGood()).toBe('La pregunta se elimina definitivamente, para ti y para el comprador.');

    // Picked explicitly, a variant stays whatever account is active.
    await act(() => setLanguage('es-AR'));
    expect(screen.getByText(vos)).toBeInTheDocument();
    act(() => acceptServerSession(signedInOn('MLM')));
    await act(() => Promise.resolve());
    expect(screen.getByText(vos)).toHaveAttribute('lang', 'es-AR');
    expect(localStorage.getItem('seller-desk.locale')).toBe('es-AR');
  });

  it('in live mode, before the server says who is signed in, uses the variant the server wrote into the page for the account', async () => {
    // jsdom's browser speaks en-US: without the page's word, Spanish would be es-419.
    document.head.insertAdjacentHTML('beforeend', '<meta name="seller-desk-spanish" content="es-AR" />');
    setMode('live');
    await startI18n(shell, 'es');
    expect(t`The server could not be reached. Check your connection and try again.`).toBe(vos);
  });

  it('a Spanish pick stored before there were two variants still means Spanish, in the variant of the account', async () => {
    localStorage.setItem('seller-desk.locale', 'es');
    setMode('live');
    acceptServerSession(signedInOn('MLU'));
    await startI18n(shell);
    expect(i18n.locale).toBe('es-AR');
  });
});
