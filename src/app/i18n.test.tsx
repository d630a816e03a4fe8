import { plural, t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { detectLocale, loadArea, LocaleProvider, startI18n, useLocale, type Locale } from '../lib/i18n';
import { navEntries } from './nav';

const shell = (locale: Locale) => import(`./locales/${locale}.po`);
const questions = (locale: Locale) => import(`../features/questions/locales/${locale}.po`);
// The same message as the nav badge, so it has the shell catalog's translations.
const unanswered = (count: number) => t`${plural(count, { one: '# unanswered question', other: '# unanswered questions' })}`;

function LanguageProbe() {
  const { locale, setLocale } = useLocale();
  const { i18n: active } = useLingui();
  return (
    <button type="button" lang={locale} onClick={() => void setLocale(locale === 'es' ? 'en' : 'es')}>
      {active._(navEntries[0]!.label)}
    </button>
  );
}

describe('i18n', () => {
  it('follows the browser language, mapping pt to Brazilian Portuguese', () => {
    expect(detectLocale(['pt-PT', 'en'])).toBe('pt-BR');
    expect(detectLocale(['es-AR'])).toBe('es');
    expect(detectLocale(['de-DE', 'en-GB'])).toBe('en');
    expect(detectLocale(['fr'])).toBe('en');
  });

  it('chooses plural forms by the locale rules and formats the number in the locale', async () => {
    await startI18n(shell, 'pt-BR');
    expect(unanswered(1)).toBe('1 pergunta sem resposta');
    expect(unanswered(1500)).toBe('1.500 perguntas sem resposta');
    await startI18n(shell, 'en');
    expect(unanswered(1500)).toBe('1,500 unanswered questions');
  });

  it('switching language loads the catalogs of the areas seen so far and re-renders, without a reload', async () => {
    await startI18n(shell, 'en');
    await loadArea(questions);
    render(
      <LocaleProvider>
        <LanguageProbe />
      </LocaleProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Home' }));
    expect(await screen.findByRole('button', { name: 'Inicio' })).toHaveAttribute('lang', 'es');
    expect(document.documentElement.lang).toBe('es');
    // The questions area, loaded before the switch, now speaks Spanish too.
    expect(t`Unanswered`).toBe('Sin responder');
    await act(() => startI18n(shell, 'en'));
  });
});
