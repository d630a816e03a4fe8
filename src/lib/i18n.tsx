import { i18n, type Messages } from '@lingui/core';
import { I18nProvider, useLingui } from '@lingui/react';
import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { deviceStorage } from './store';

export const locales = ['en', 'es', 'pt-BR'] as const;
export type Locale = (typeof locales)[number];

/**
 * One area's catalog compiled for one locale, e.g. `(locale) => import(`./locales/${locale}.po`)`:
 * translators edit the PO files, and the build downloads only the active locale's.
 */
export type CatalogLoader = (locale: Locale) => Promise<{ messages: Messages }>;

/** Intl objects are costly to build (locale data loads on first use), so each is built once per locale. */
export function memoPerLocale<T>(build: (locale: Locale) => T): (locale: Locale) => T {
  const built = new Map<Locale, T>();
  return (locale) => {
    let value = built.get(locale);
    if (value === undefined) built.set(locale, (value = build(locale)));
    return value;
  };
}

// index.html's inline script reads it too, to warm the browser's locale data before any module runs.
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
  const saved = deviceStorage.get(storageKey);
  return (locales as readonly string[]).includes(saved ?? '') ? (saved as Locale) : detectLocale();
}

// Every area loaded so far, so that a language switch fetches their catalogs in the new locale.
const loaders = new Set<CatalogLoader>();
// The locale being switched to; equals the active one when no switch is under way.
let target: Locale = 'en';

async function loadCatalogs(locale: Locale, from: Iterable<CatalogLoader>): Promise<void> {
  const catalogs = await Promise.all(Array.from(from, (load) => load(locale)));
  for (const { messages } of catalogs) i18n.load(locale, messages);
}

/** Before the first render: the shell's catalog in the seller's language, then activate it. */
export async function startI18n(shell: CatalogLoader, locale: Locale = initialLocale()): Promise<void> {
  loaders.add(shell);
  target = locale;
  await loadCatalogs(locale, [shell]);
  i18n.activate(locale);
}

/**
 * An area's catalog, before its pages render: in the active locale, and in the one a switch under way is
 * heading to (the switch may have listed its areas before this one was added).
 */
export async function loadArea(loader: CatalogLoader): Promise<void> {
  loaders.add(loader);
  await Promise.all([...new Set([i18n.locale as Locale, target])].map((locale) => loadCatalogs(locale, [loader])));
}

async function switchLocale(next: Locale): Promise<void> {
  target = next;
  await loadCatalogs(next, loaders);
  if (target === next) i18n.activate(next);
}

interface LocaleState {
  locale: Locale;
  setLocale: (locale: Locale) => Promise<void>;
}

const SetLocaleContext = createContext<LocaleState['setLocale'] | null>(null);

/** Lingui's provider over the shared instance; a language switch loads the catalogs and re-renders, no reload. */
export function LocaleProvider({ children }: { children: ReactNode }) {
  const setLocale = useMemo(
    () => (next: Locale) => {
      deviceStorage.set(storageKey, next);
      return switchLocale(next);
    },
    [],
  );
  return (
    <I18nProvider i18n={i18n}>
      <SetLocaleContext.Provider value={setLocale}>
        <DocumentLanguage />
        {children}
      </SetLocaleContext.Provider>
    </I18nProvider>
  );
}

function DocumentLanguage() {
  const { locale } = useLocale();
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return null;
}

export function useLocale(): LocaleState {
  const setLocale = useContext(SetLocaleContext);
  const { i18n: active } = useLingui();
  if (!setLocale) throw new Error('useLocale needs a LocaleProvider');
  return { locale: active.locale as Locale, setLocale };
}
