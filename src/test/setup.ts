import '@testing-library/jest-dom/vitest';
import { i18n, type Messages } from '@lingui/core';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { configureClient } from '../api/client';
import { clearDrift } from '../api/drift';
import { sessionStore } from '../lib/session';
import { demoSeller, resetDb, server } from './demo';
import { TestEventSource } from './eventSource';

// The shell's stylesheet, which index.html carries (vite.config.ts): accessible names depend on what is a block.
import '../app/shell.css';

// jsdom has no EventSource: the app's activity stream (and msw's sse handlers, which need one) get one over fetch.
Object.assign(globalThis, { EventSource: TestEventSource });

// Tests read English: every area's catalog is loaded, as after visiting each page.
const catalogs = import.meta.glob<Messages>('../**/locales/en.po', { eager: true, import: 'messages' });
for (const messages of Object.values(catalogs)) i18n.load('en', messages);
i18n.activate('en');

// Pages render over the simulator (seeding, msw, zod) in jsdom: on a busy 2-core machine the first render of a
// lazily loaded page (its first transform included) has taken over 5 s in CI, so findBy/waitFor wait up to 10 s
// instead of 1 s before a test fails.
configure({ asyncUtilTimeout: 10000 });

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
beforeEach(() => {
  resetDb();
  clearDrift();
  configureClient({
    baseUrl: 'http://localhost/api',
    getToken: () => demoSeller.token,
    ready: () => Promise.resolve(),
    onUnauthorized: undefined,
    credentials: 'same-origin',
  });
  localStorage.clear();
  sessionStorage.clear();
  // Tests run over the simulator, as demo mode does; live-mode tests say otherwise.
  sessionStore.set((session) => ({ ...session, mode: 'demo', server: null, unreachable: false, authProblem: null }));
});
afterEach(() => cleanup());
afterAll(() => server.close());
