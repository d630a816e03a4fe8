// The browser loads its locale data (ICU) once per process, on the first number, plural or date formatter:
// 25-60 ms at 1x CPU, four times that on a phone. index.html starts this worker before any module downloads,
// so that cost is paid here, off the main thread, and the page's own first formatters (MUI's pagination makes
// one as its module loads) take well under a millisecond. A plain script at a fixed address: index.html's
// inline script names it before the build's hashed modules exist.
addEventListener('message', (event) => {
  const locale = event.data || navigator.language;
  new Intl.NumberFormat(locale).format(1);
  new Intl.PluralRules(locale).select(1);
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(0);
  close();
});
