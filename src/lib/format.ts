import { memoPerLocale, useLocale, type Locale } from './i18n';

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/**
 * Locale-aware formatters built on Intl; every number, amount and date on screen goes through these.
 * Built once per locale (see memoPerLocale); currency formatters once per currency.
 */
const createFormat = memoPerLocale(buildFormat);

/** Built on first use: the first Intl formatter of each kind costs a few ms (locale data), and a page uses few. */
function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

function buildFormat(locale: Locale) {
  const number = once(() => new Intl.NumberFormat(locale));
  const percent = once(() => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }));
  const currencies = new Map<string, Intl.NumberFormat>();
  const dateTime = once(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }));
  const date = once(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }));
  const relative = once(() => new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' }));
  return {
    number: (value: number | bigint) => number().format(value),
    percent: (value: number) => percent().format(value),
    money: (value: number, currency: string) => {
      let money = currencies.get(currency);
      if (!money) currencies.set(currency, (money = new Intl.NumberFormat(locale, { style: 'currency', currency })));
      return money.format(value);
    },
    dateTime: (value: string | number | Date) => dateTime().format(new Date(value)),
    date: (value: string | number | Date) => date().format(new Date(value)),
    /** "3 h ago": relative to `now`, in the largest whole unit. */
    relative: (value: string | number | Date, now: number = Date.now()) => {
      const seconds = Math.round((new Date(value).getTime() - now) / 1000);
      for (const [unit, size] of units) {
        if (Math.abs(seconds) >= size || unit === 'second') return relative().format(Math.trunc(seconds / size), unit);
      }
      return relative().format(0, 'second');
    },
  };
}

export type Format = ReturnType<typeof buildFormat>;

export function useFormat(): Format {
  const { locale } = useLocale();
  return createFormat(locale);
}
