import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { configureClient } from './api/client';
import { App } from './app/App';
import { createQueryClient } from './app/queryClient';
import { LocaleProvider, startI18n } from './lib/i18n';
import { demoToken, reportAuthProblem, sessionStore, setMode, type Mode } from './lib/session';

/**
 * Boot: paint the shell at once, and meanwhile learn the mode from the serving host (demo unless it
 * proxies a real API) and, in demo mode, start the in-browser backend. API calls wait for that.
 */
async function detectMode(): Promise<Mode> {
  try {
    const response = await fetch('/__seller-desk/mode', { cache: 'no-store' });
    const body = (await response.json()) as { mode?: string };
    return body.mode === 'live' ? 'live' : 'demo';
  } catch {
    return 'demo';
  }
}

async function prepareBackend(): Promise<void> {
  const mode = await detectMode();
  setMode(mode);
  if (mode === 'demo') {
    const { startDemoBackend } = await import('./demo/browser');
    await startDemoBackend();
    return;
  }
  // Live: a worker left by an earlier demo visit must not answer for the real API.
  const registrations = (await navigator.serviceWorker?.getRegistrations()) ?? [];
  await Promise.all(registrations.filter((r) => r.active?.scriptURL.endsWith('/mockServiceWorker.js')).map((r) => r.unregister()));
}

configureClient({
  baseUrl: '/api',
  ready: prepareBackend(),
  getToken: () => {
    const session = sessionStore.get();
    return session.mode === 'demo' ? demoToken : session.token;
  },
  // The app's AuthRedirect takes the seller to Settings, where this reason is shown.
  onUnauthorized: (error) => {
    if (sessionStore.get().mode === 'live') reportAuthProblem(error.message);
  },
});

// The shell's messages in the seller's language come before the first render (one small chunk). Not a
// top-level await: the bundler would then split the entry's shared modules into many small chunks.
const root = createRoot(document.getElementById('root')!);
void startI18n((locale) => import(`./app/locales/${locale}.po`)).then(() =>
  // A transition lets React render the first screen in slices that keep the main thread responsive.
  startTransition(() => {
    root.render(
      <StrictMode>
        <LocaleProvider>
          <App queryClient={createQueryClient()} />
        </LocaleProvider>
      </StrictMode>,
    );
  }),
);
