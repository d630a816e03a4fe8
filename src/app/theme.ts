import { createTheme, type ThemeOptions } from '@mui/material/styles';
import { formatMessage, type Locale } from '../lib/i18n';
import { appMessages } from './messages';

/**
 * MUI's own strings for the components we use, from our catalogue. Not `@mui/material/locale`: it builds
 * an Intl.NumberFormat per locale when imported, about 40 ms of first-paint script on a phone.
 */
function muiStrings(locale: Locale): ThemeOptions {
  const m = appMessages[locale];
  const pageLabels = { first: m.muiFirstPage, last: m.muiLastPage, next: m.muiNextPage, previous: m.muiPreviousPage };
  return {
    components: {
      MuiAlert: { defaultProps: { closeText: m.muiClose } },
      MuiBreadcrumbs: { defaultProps: { expandText: m.muiShowPath } },
      MuiPagination: {
        defaultProps: {
          getItemAriaLabel: (type, page, selected) =>
            type === 'page' || type === 'start-ellipsis' || type === 'end-ellipsis'
              ? formatMessage(selected ? m.muiCurrentPage : m.muiGoToPage, locale, { page: page ?? '' })
              : pageLabels[type],
        },
      },
    },
  };
}

/**
 * Light and dark schemes through CSS variables: MUI follows the OS until the seller picks one, and
 * remembers the pick. Colours are chosen for AA contrast in both schemes.
 */
export function createAppTheme(locale: Locale) {
  return createTheme(
    {
      cssVariables: { colorSchemeSelector: 'class' },
      colorSchemes: {
        light: {
          palette: {
            primary: { main: '#1565c0' },
            secondary: { main: '#6a1b9a' },
            success: { main: '#2e7d32', dark: '#1b5e20' },
            warning: { main: '#b45309', dark: '#92400e' },
            background: { default: '#f5f7fa' },
          },
        },
        dark: {
          palette: {
            primary: { main: '#90caf9' },
            secondary: { main: '#ce93d8' },
            background: { default: '#0f1419', paper: '#161c23' },
          },
        },
      },
      shape: { borderRadius: 8 },
      typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
    },
    muiStrings(locale),
  );
}
