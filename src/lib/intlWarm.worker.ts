/**
 * The browser loads its locale data (ICU) once per process, on the first number, plural or date formatter:
 * 25–60 ms on a desktop, four times that on a phone. Made here, in a worker, that cost leaves the main thread:
 * the page's own first formatters then take well under a millisecond (src/lib/i18n.tsx, `warmIntl`).
 */
addEventListener('message', ({ data: locale }: MessageEvent<string>) => {
  new Intl.NumberFormat(locale).format(1);
  new Intl.PluralRules(locale).select(1);
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(0);
  close();
});
