import { i18n } from '@lingui/core';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { configureQueryClient } from '../app/queries';
import { createQueryClient } from '../app/queryClient';
import { createAppTheme } from '../app/theme';
import { LocaleProvider, type Locale } from '../lib/i18n';

interface ProviderOptions {
  /** The address the router starts at. */
  path?: string;
  /** A route pattern to render the element under (for its `useParams`); without it the element renders as is. */
  route?: string;
  /** Only English catalogs are loaded by the setup; another locale shows message ids. */
  locale?: Locale;
  /**
   * Under StrictMode at the root, as src/main.tsx renders the app: on mount each effect runs, is cleaned up and runs
   * again (React does so only when StrictMode is above everything mounted, not inside the providers).
   */
  strictMode?: boolean;
}

/** The app's query client without retries, so that a failure shows at once. */
function createTestQueryClient(): QueryClient {
  const client = createQueryClient();
  const defaults = client.getDefaultOptions();
  client.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
  return client;
}

/** The providers of src/main.tsx and src/app/App.tsx, with a memory router at `path`. */
function providers({ path = '/', route, locale = 'en' }: Omit<ProviderOptions, 'strictMode'>) {
  const queryClient = createTestQueryClient();
  // The app's lazy parts that query (pages, nav badges) take it from there, as they do in the app.
  configureQueryClient(queryClient);
  // The active locale is global to Lingui: set it on each render so that one test's choice does not leak.
  i18n.activate(locale);
  const theme = createAppTheme(locale);
  function Providers({ children }: { children: ReactNode }) {
    return (
      <LocaleProvider>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <QueryClientProvider client={queryClient}>
            <MemoryRouter initialEntries={[path]}>
              {route === undefined ? (
                children
              ) : (
                <Routes>
                  <Route path={route} element={children} />
                </Routes>
              )}
            </MemoryRouter>
          </QueryClientProvider>
        </ThemeProvider>
      </LocaleProvider>
    );
  }
  return { queryClient, Providers };
}

export function renderWithProviders(ui: ReactNode, { strictMode, ...options }: ProviderOptions = {}) {
  const { queryClient, Providers } = providers(options);
  return { ...render(ui, { wrapper: Providers, reactStrictMode: strictMode }), queryClient };
}

export function renderHookWithProviders<Result>(hook: () => Result, { strictMode, ...options }: ProviderOptions = {}) {
  const { queryClient, Providers } = providers(options);
  return { ...renderHook(hook, { wrapper: Providers, reactStrictMode: strictMode }), queryClient };
}
