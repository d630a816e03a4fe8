import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

export const locales = ['en', 'es', 'pt-BR'] as const;
export type Locale = (typeof locales)[number];

/**
 * One catalogue per area: English defines the keys, and the type makes Spanish and Brazilian Portuguese
 * complete (a missing key is a type error). Messages use `{name}` placeholders and
 * `{count, plural, one {…} other {…}}` with `#` for the number.
 */
export type Catalogue<K extends string> = Record<Locale, Record<K, string>>;

export function defineMessages<const K extends string>(en: Record<K, string>, es: Record<K, string>, pt: Record<K, string>): Catalogue<K> {
  return { en, es, 'pt-BR': pt };
}

export type Vars = Record<string, string | number>;

const pluralPattern = /\{(\w+), plural, ((?:=?\w+ \{[^{}]*\}\s*)+)\}/g;
const optionPattern = /(=?\w+) \{([^{}]*)\}/g;

/** Intl objects are costly to build (locale data loads on first use), so each is built once per locale. */
export function memoPerLocale<T>(build: (locale: Locale) => T): (locale: Locale) => T {
  const built = new Map<Locale, T>();
  return (locale) => {
    let value = built.get(locale);
    if (value === undefined) built.set(locale, (value = build(locale)));
    return value;
  };
}

const numberFormat = memoPerLocale((locale) => new Intl.NumberFormat(locale));
const pluralRules = memoPerLocale((locale) => new Intl.PluralRules(locale));

export function formatMessage(template: string, locale: Locale, vars: Vars = {}): string {
  const withPlurals = template.replace(pluralPattern, (_all, name: string, body: string) => {
    const count = Number(vars[name] ?? 0);
    const options = new Map<string, string>();
    for (const [, key, text] of body.matchAll(optionPattern)) options.set(key as string, text as string);
    const category = pluralRules(locale).select(count);
    const chosen = options.get(`=${count}`) ?? options.get(category) ?? options.get('other') ?? '';
    return chosen.replace(/#/g, numberFormat(locale).format(count));
  });
  return withPlurals.replace(/\{(\w+)\}/g, (all, name: string) => {
    const value = vars[name];
    if (value === undefined) return all;
    return typeof value === 'number' ? numberFormat(locale).format(value) : value;
  });
}

const storageKey = 'seller-desk.locale';

/** The browser's preferred language mapped to a supported locale (pt → pt-BR). */
export function detectLocale(languages: readonly string[] = navigator.languages): Locale {
  for (const language of languages) {
    const base = language.toLowerCase().split('-')[0];
    if (base === 'es') return 'es';
    if (base === 'pt') return 'pt-BR';
    if (base === 'en') return 'en';
  }
  return 'en';
}

function initialLocale(): Locale {
  const saved = localStorage.getItem(storageKey);
  return (locales as readonly string[]).includes(saved ?? '') ? (saved as Locale) : detectLocale();
}

interface LocaleState {
  locale: Locale;
  setLocale: (locale: Locale) => void;
}

const LocaleContext = createContext<LocaleState | null>(null);

export function LocaleProvider({ children }: { children: ReactNode }) {
  const [locale, setLocaleState] = useState<Locale>(initialLocale);
  const setLocale = useCallback((next: Locale) => {
    localStorage.setItem(storageKey, next);
    setLocaleState(next);
  }, []);
  const value = useMemo(() => ({ locale, setLocale }), [locale, setLocale]);
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return <LocaleContext.Provider value={value}>{children}</LocaleContext.Provider>;
}

export function useLocale(): LocaleState {
  const state = useContext(LocaleContext);
  if (!state) throw new Error('useLocale needs a LocaleProvider');
  return state;
}

export type Translate<K extends string> = (key: K, vars?: Vars) => string;

/** The translate function for one catalogue in the active locale. */
export function useMessages<K extends string>(catalogue: Catalogue<K>): Translate<K> {
  const { locale } = useLocale();
  return useCallback((key: K, vars?: Vars) => formatMessage(catalogue[locale][key], locale, vars), [catalogue, locale]);
}
