import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { commonModules } from './commonModules';

/**
 * The query client is not first-paint JS (query-core is about 7 KB gz): the shell paints without it, and what
 * asks for data (the pages, the nav badges, the live updates) comes in lazy chunks loaded through `queried`.
 * Configured once, like the API client: the app with a download (src/main.tsx), tests with a client of their
 * own (src/test/render.tsx).
 */
let source: () => Promise<QueryClient> = () => Promise.reject(new Error('No query client was configured.'));
let loading: Promise<QueryClient> | undefined;
let loaded: QueryClient | undefined;

export function configureQueryClient(client: QueryClient | (() => Promise<QueryClient>)): void {
  loading = undefined;
  loaded = typeof client === 'function' ? undefined : client;
  source = typeof client === 'function' ? client : () => Promise.resolve(client);
}

/** The one client: downloaded by the first call; a failed download is tried again by the next. */
export function loadQueryClient(): Promise<QueryClient> {
  if (loaded) return Promise.resolve(loaded);
  return (loading ??= source().then(
    (client) => (loaded = client),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  ));
}

/**
 * A lazily loaded component that queries: its loader also loads the query client, and it renders with the
 * client configured at the time (in tests, each test's own). The modules most parts share come first, each
 * group in a task of its own (./commonModules).
 */
export function queried<P extends object>(load: () => Promise<ComponentType<P>>): () => Promise<ComponentType<P>> {
  return () =>
    commonModules().then(() =>
      Promise.all([load(), loadQueryClient()]).then(
        ([Component]) =>
          function Queried(props: P) {
            return (
              <QueryClientProvider client={loaded ?? never()}>
                <Component {...props} />
              </QueryClientProvider>
            );
          },
      ),
    );
}

function never(): never {
  throw new Error('A queried component renders only after its loader has loaded the query client.');
}
