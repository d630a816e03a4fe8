import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { configureClient } from './api/client';
import { App } from './app/App';
import { configureQueryClient, loadQueryClient } from './app/queries';
import { LocaleProvider, startI18n } from './lib/i18n';
import { nextTask } from './lib/nextTask';
import { demoToken, handleUnauthorized, readMode, refreshServerSession, setMode } from './lib/session';
import { tabStorage } from './lib/store';

/**
 * Boot: paint the shell at once, and prepare the backend the page's mode names: in live mode the server's answer
 * to who is signed in, asked at once; in demo mode the in-browser simulator, started when the app first asks it
 * something. API calls wait for that. A page without a mode starts nothing: the app says so
 * (src/app/router.tsx) instead of guessing.
 */
const mode = readMode();
setMode(mode);
// The demo's scenario (`?latency=`, `?fail=`, `?seed=`) is kept for the tab; live mode never applies it, and
// drops one a demo left in this tab.
const scenarioKey = 'seller-desk.scenario';
// Demo mode's team, invitations and "See as", as the simulated server keeps them (src/demo/team.ts): for the tab.
const teamKey = 'seller-desk.demo-team';
// Its accounts' answer templates (src/demo/templates.ts), as the simulated server keeps them: for the tab.
const templatesKey = 'seller-desk.demo-templates';
// As the page was opened: the app may rewrite its query before the simulator starts.
const openedWith = location.search;

async function prepareBackend(): Promise<void> {
  if (mode !== 'demo' && mode !== 'live') throw new Error('The page did not say whether Seller Desk runs in demo or live mode.');
  // Both backends need zod and the API's schemas first (the simulator's handlers, the session check): they run in
  // a task of their own (the API's chunk: vite.config.ts), not in one long task with the simulator's modules
  // (160 ms at 1x in the demo).
  await import('./api/zodLocale');
  await nextTask();
  // The areas' schemas (one chunk: vite.config.ts), which the simulator and every page's queries need: built in a
  // task of their own rather than with the simulator's modules or the page's.
  await import('./api/questions');
  await nextTask();
  if (mode === 'demo') {
    // After the frame the first request came with (the page's first screen) has painted.
    await new Promise((painted) => requestAnimationFrame(() => setTimeout(painted)));
    // msw's modules, then the simulator's, each in a task of its own (together one of 17-28 ms at 1x).
    await import('msw/browser');
    await nextTask();
    const { startDemoBackend } = await import('./demo/browser');
    const kept = (key: string) => ({ read: () => tabStorage.get(key), write: (value: string) => tabStorage.set(key, value) });
    await startDemoBackend(openedWith, { scenario: kept(scenarioKey), team: kept(teamKey), templates: kept(templatesKey) });
    // Who is signed in, and as which role, as live mode asks the server (src/demo/team.ts answers): not awaited,
    // the pages treat the person as the owner until it comes, which the seeded person is.
    void refreshServerSession();
    return;
  }
  tabStorage.remove(scenarioKey);
  tabStorage.remove(teamKey);
  tabStorage.remove(templatesKey);
  // Live: a worker left by an earlier demo visit must not answer for the real API.
  const registrations = (await navigator.serviceWorker?.getRegistrations()) ?? [];
  await Promise.all(registrations.filter((r) => r.active?.scriptURL.endsWith('/mockServiceWorker.js')).map((r) => r.unregister()));
  await refreshServerSession();
}

let backend: Promise<void> | undefined;
const ready = () => (backend ??= prepareBackend());
// The demo's simulator (msw and the seeded data, 52 KB brotli) downloads when the first page asks for its data,
// after that page's first screen: downloaded beside the app, it was part of every demo page's wait for its
// largest paint, and most pages show their frame and words before their data (the operations log: 2.0 s
// instead of 2.5 at Lighthouse's mobile settings). Pages whose largest paint is their data wait a little longer
// for it (the demo home: 2.3 to 2.4 s).
// Requests await `ready` and show its failure; the catch only keeps an unknown mode from being an unhandled
// rejection.
if (mode !== 'demo') ready().catch(() => undefined);

// Downloaded beside the first page that asks for data, after first paint (src/app/queries.tsx).
configureQueryClient(() => import('./app/queryClient').then((module) => module.createQueryClient()));

configureClient({
  baseUrl: '/api',
  ready,
  // Live mode sends no token: the server adds the active account's.
  getToken: () => (mode === 'demo' ? demoToken : ''),
  // The demo worker's msw reads document.cookie for every request that would carry cookies (about 60 ms of a
  // page's load at 4x CPU throttling); the demo API never uses them.
  credentials: mode === 'demo' ? 'omit' : 'same-origin',
  onUnauthorized: (error) => handleUnauthorized(error, () => void loadQueryClient().then((client) => client.clear())),
});

// A page restored from the back/forward cache after sign-out would show the seller's data as it was: reload it.
if (mode === 'live') addEventListener('pageshow', (event) => event.persisted && location.reload());

// The shell's messages in the seller's language come before the first render (one small chunk). Not a
// top-level await: the bundler would then split the entry's shared modules into many small chunks.
const root = createRoot(document.getElementById('root')!);
void startI18n((locale) => import(`./app/locales/${locale}.po`)).then(() =>
  // A transition lets React render the first screen in slices that keep the main thread responsive.
  startTransition(() => {
    root.render(
      <StrictMode>
        <LocaleProvider>
          <App />
        </LocaleProvider>
      </StrictMode>,
    );
  }),
);
