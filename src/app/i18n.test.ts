import { describe, expect, it } from 'vitest';
import { detectLocale, formatMessage, locales, type Catalogue } from '../lib/i18n';
import { appMessages } from './messages';
import { commonMessages } from '../components/messages';

const catalogues = import.meta.glob<Record<string, Catalogue<string>>>('../features/*/messages.ts', { eager: true });

describe('i18n', () => {
  it('fills placeholders and formats numbers in the locale', () => {
    expect(formatMessage('Hola {name}', 'es', { name: 'Ana' })).toBe('Hola Ana');
    expect(formatMessage('{n} items', 'pt-BR', { n: 12345 })).toBe('12.345 items');
    expect(formatMessage('{n} items', 'en', { n: 12345 })).toBe('12,345 items');
  });

  it('chooses plural forms by the locale rules', () => {
    const template = '{count, plural, =0 {none} one {# question} other {# questions}}';
    expect(formatMessage(template, 'en', { count: 0 })).toBe('none');
    expect(formatMessage(template, 'en', { count: 1 })).toBe('1 question');
    expect(formatMessage(template, 'en', { count: 1500 })).toBe('1,500 questions');
  });

  it('follows the browser language, mapping pt to Brazilian Portuguese', () => {
    expect(detectLocale(['pt-PT', 'en'])).toBe('pt-BR');
    expect(detectLocale(['es-AR'])).toBe('es');
    expect(detectLocale(['de-DE', 'en-GB'])).toBe('en');
    expect(detectLocale(['fr'])).toBe('en');
  });

  it('every catalogue is complete and non-empty in English, Spanish and Brazilian Portuguese', () => {
    const all: Catalogue<string>[] = [appMessages, commonMessages, ...Object.values(catalogues).flatMap((module) => Object.values(module))];
    expect(all.length).toBeGreaterThan(8);
    for (const catalogue of all) {
      const keys = Object.keys(catalogue.en).sort();
      for (const locale of locales) {
        expect(Object.keys(catalogue[locale]).sort()).toEqual(keys);
        for (const key of keys) expect(catalogue[locale][key]?.trim(), `${locale}.${key}`).toBeTruthy();
      }
    }
  });
});
