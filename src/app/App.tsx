import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { RouteErrorBoundary } from './RouteError';
import { AppRoutes } from './router';
import { useLocale } from '../lib/i18n';
import { createAppTheme } from './theme';

interface AppProps {
  queryClient: QueryClient;
}

/**
 * Providers below the locale: theme (per locale, for MUI's own strings), server state and routing; the shell
 * and its pages inside an error boundary that offers a reload.
 */
export function App({ queryClient }: AppProps) {
  const { locale } = useLocale();
  const theme = createAppTheme(locale);
  return (
    <ThemeProvider theme={theme} defaultMode="system">
      <CssBaseline enableColorScheme />
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          {/* Whatever breaks outside a page (the shell itself) still shows its error; Retry reloads the page. */}
          <RouteErrorBoundary onReset={() => location.reload()}>
            <AppRoutes />
          </RouteErrorBoundary>
        </BrowserRouter>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
