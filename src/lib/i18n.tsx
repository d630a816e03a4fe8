import { i18n, type Messages } from '@lingui/core';
import { I18nProvider, useLingui } from '@lingui/react';
import { useEffect, type ReactNode } from 'react';
import { demoAccount } from './demoAccount';
import { sessionStore, type Session } from './session';
import { spanishOfSite, spanishOfTag, type Spanish } from '../../core/spanish.ts';
import { createStore, deviceStorage, useStore } from './store';

/** The catalogs' locales; Spanish in two registers (./spanish.ts). */
export const locales = ['en', 'es-AR', 'es-419', 'pt-BR'] as const;
export type Locale = (typeof locales)[number];

/**
 * What a person may pick in Settings: a locale, or `es`, Spanish in the variant of the active account's site. The
 * one Spanish of earlier versions was stored as `es` too: whoever picked it keeps Spanish, now in their site's
 * register.
 */
export const languages = ['en', 'es', 'es-AR', 'es-419', 'pt-BR'] as const;
export type Language = (typeof languages)[number];

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

const baseOf = (tag: string) => tag.toLowerCase().split('-')[0];

/** The browser's preferred language among Seller Desk's (pt → pt-BR; Spanish without a variant). */
export function detectLanguage(preferred: readonly string[] = navigator.languages): Language {
  for (const tag of preferred) {
    const base = baseOf(tag);
    if (base === 'es') return 'es';
    if (base === 'pt') return 'pt-BR';
    if (base === 'en') return 'en';
  }
  return 'en';
}

/**
 * The locale of a language: Spanish without a variant takes the active account's (`account`) or, with no account
 * signed in, the one of the browser's region. server/src/web.ts chooses the same for the catalogs it preloads.
 */
export function localeOf(language: Language, account: Spanish | undefined, preferred: readonly string[] = navigator.languages): Locale {
  if (language !== 'es') return language;
  return account ?? spanishOfTag(preferred.find((tag) => baseOf(tag) === 'es') ?? 'es');
}

/** Written by Seller Desk's server for the account the page was served to (server/src/web.ts). */
function pageSpanish(): Spanish | undefined {
  const content = document.querySelector('meta[name="seller-desk-spanish"]')?.getAttribute('content');
  return content === 'es-AR' || content === 'es-419' ? content : undefined;
}

/**
 * The Spanish of the active account's site: demo mode's seller (whom /users/me describes), live mode's active
 * account, and until the server has said who is signed in, the one it wrote into the page, whose catalogs it
 * preloaded. None when nobody is signed in.
 */
function accountSpanish(session: Session): Spanish | undefined {
  if (session.mode === 'demo') return spanishOfSite(demoAccount.site_id);
  if (!session.server) return pageSpanish();
  const active = session.server.accounts.find((account) => account.active);
  return active && spanishOfSite(active.site_id);
}

const languageStore = createStore<Language>('en');

/**
 * The server writes the page's first words (its heading, server/src/web.ts) in the language picked on this device,
 * which it cannot read from local storage: a plain cookie carries the pick, a preference and no secret.
 */
function mirrorLanguage(language: Language): void {
  document.cookie = `seller-desk-language=${language}; path=/; max-age=31536000; samesite=lax${location.protocol === 'https:' ? '; secure' : ''}`;
}

function initialLanguage(): Language {
  const saved = deviceStorage.get(storageKey);
  if (!(languages as readonly string[]).includes(saved ?? '')) return detectLanguage();
  mirrorLanguage(saved as Language);
  return saved as Language;
}

const currentLocale = () => localeOf(languageStore.get(), accountSpanish(sessionStore.get()));

// Every area loaded so far, so that a language switch fetches their catalogs in the new locale.
const loaders = new Set<CatalogLoader>();
// The locale being switched to; equals the active one when no switch is under way.
let target: Locale = 'en';
let followingAccounts = false;

async function loadCatalogs(locale: Locale, from: Iterable<CatalogLoader>): Promise<void> {
  const catalogs = await Promise.all(Array.from(from, (load) => load(locale)));
  for (const { messages } of catalogs) i18n.load(locale, messages);
}

async function switchLocale(next: Locale): Promise<void> {
  target = next;
  await loadCatalogs(next, loaders);
  if (target === next) i18n.activate(next);
}

/**
 * Before the first render: the shell's catalog in the seller's language, then activate it. From then on, a switch
 * to an account of another site switches the Spanish variant as a language change does.
 */
export async function startI18n(shell: CatalogLoader, language: Language = initialLanguage()): Promise<void> {
  loaders.add(shell);
  languageStore.set(language);
  target = currentLocale();
  await loadCatalogs(target, [shell]);
  i18n.activate(target);
  if (followingAccounts) return;
  followingAccounts = true;
  sessionStore.subscribe(() => {
    const next = currentLocale();
    // A catalog that fails to download leaves the page in its language; the next change tries again.
    if (next !== target) switchLocale(next).catch(() => undefined);
  });
}

/**
 * An area's catalog, before its pages render: in the active locale, and in the one a switch under way is
 * heading to (the switch may have listed its areas before this one was added).
 */
export async function loadArea(loader: CatalogLoader): Promise<void> {
  loaders.add(loader);
  await Promise.all([...new Set([i18n.locale as Locale, target])].map((locale) => loadCatalogs(locale, [loader])));
}

/** The person's pick, kept on this device: loads the catalogs of the areas seen so far and re-renders, no reload. */
export function setLanguage(language: Language): Promise<void> {
  deviceStorage.set(storageKey, language);
  mirrorLanguage(language);
  languageStore.set(language);
  return switchLocale(currentLocale());
}

/** Lingui's provider over the shared instance, and the page's `lang` in the active locale. */
export function LocaleProvider({ children }: { children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <DocumentLanguage />
      {children}
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

/** The active locale, and the language it comes from (picked, or the browser's). */
export function useLocale(): { locale: Locale; language: Language } {
  const { i18n: active } = useLingui();
  return { locale: active.locale as Locale, language: useStore(languageStore) };
}
