import { t } from '@lingui/core/macro';
import { createTheme, type ThemeOptions } from '@mui/material/styles';
import { memoPerLocale } from '../lib/i18n';

// The theme uses CSS variables: this types ThemeProvider's props for them (disableStyleSheetGeneration, see App).
declare module '@mui/material/styles' {
  interface CssThemeVariables {
    enabled: true;
  }
}

/**
 * MUI's own strings for the components we use, from the shell's catalog in the active locale. Not
 * `@mui/material/locale`: it builds an Intl.NumberFormat per locale when imported, about 40 ms of
 * first-paint script on a phone.
 */
function muiStrings(): ThemeOptions {
  const pageLabels = { first: t`Go to first page`, last: t`Go to last page`, next: t`Go to next page`, previous: t`Go to previous page` };
  return {
    components: {
      MuiAlert: { defaultProps: { closeText: t`Close` } },
      MuiBreadcrumbs: { defaultProps: { expandText: t`Show path` } },
      MuiPagination: {
        defaultProps: {
          getItemAriaLabel: (type, page, selected) =>
            type === 'page' || type === 'start-ellipsis' || type === 'end-ellipsis'
              ? selected
                ? t`page ${{ page: page ?? '' }}`
                : t`Go to page ${{ page: page ?? '' }}`
              : pageLabels[type],
        },
      },
    },
  };
}

/** The keyframes of MUI's InputBase that tell it of an autofill. */
export const autofillKeyframes = { fill: 'mui-auto-fill', cancel: 'mui-auto-fill-cancel' } as const;

/**
 * Light and dark schemes through CSS variables: MUI follows the OS until the seller picks one, and
 * remembers the pick. Colours are chosen for AA contrast in both schemes. One theme per locale, built while
 * that locale is active (its shell catalog is loaded before activation).
 */
export const createAppTheme = memoPerLocale(() =>
  createTheme(
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
      components: {
        // MUI's inputs notice a browser's autofill (their label moves up) by the keyframes they run, which each input
        // would insert again as it mounts; here they are in theme.css and every input runs them (themeCss.test.tsx).
        MuiInputBase: {
          defaultProps: { disableInjectingGlobalStyles: true },
          styleOverrides: {
            input: {
              animationName: autofillKeyframes.cancel,
              animationDuration: '10ms',
              '&:-webkit-autofill': { animationName: autofillKeyframes.fill, animationDuration: '5000s' },
            },
          },
        },
      },
      typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
    },
    muiStrings(),
  ),
);
