import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { BrowserRouter } from 'react-router';
import { RouteErrorBoundary } from './RouteError';
import { AppRoutes } from './router';
import { useLocale } from '../lib/i18n';
import { createAppTheme } from './theme';

/**
 * Providers below the locale: theme (per locale, for MUI's own strings) and routing (server state comes with
 * the lazy parts that query, see ./queries); the shell and its pages inside an error boundary that offers a
 * reload.
 */
export function App() {
  const { locale } = useLocale();
  const theme = createAppTheme(locale);
  return (
    // The theme's CSS variables are a stylesheet in index.html (see src/app/themeCss.test.tsx).
    <ThemeProvider theme={theme} defaultMode="system" disableStyleSheetGeneration>
      <CssBaseline enableColorScheme />
      <BrowserRouter>
        {/* Whatever breaks outside a page (the shell itself) still shows its error; Retry reloads the page. */}
        <RouteErrorBoundary onReset={() => location.reload()}>
          <AppRoutes />
        </RouteErrorBoundary>
      </BrowserRouter>
    </ThemeProvider>
  );
}
