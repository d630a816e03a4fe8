import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { RouterProvider } from 'react-router/dom';
import type { createRouter } from './router';
import { useLocale } from '../lib/i18n';
import { createAppTheme } from './theme';

interface AppProps {
  queryClient: QueryClient;
  router: ReturnType<typeof createRouter>;
}

/** Providers below the locale: theme (per locale, for MUI's own strings), server state and routing. */
export function App({ queryClient, router }: AppProps) {
  const { locale } = useLocale();
  const theme = useMemo(() => createAppTheme(locale), [locale]);
  return (
    <ThemeProvider theme={theme} defaultMode="system">
      <CssBaseline enableColorScheme />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
