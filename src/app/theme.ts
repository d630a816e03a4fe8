import { createTheme } from '@mui/material/styles';
import { enUS, esES, ptBR } from '@mui/material/locale';
import type { Locale } from '../lib/i18n';

const muiLocales = { en: enUS, es: esES, 'pt-BR': ptBR } as const;

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
    muiLocales[locale],
  );
}
