import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { configureClient } from '../api/client';
import { demoSeller, resetDb, server } from './demo';

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
beforeEach(() => {
  resetDb();
  configureClient({ baseUrl: 'http://localhost/api', getToken: () => demoSeller.token, ready: Promise.resolve() });
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => cleanup());
afterAll(() => server.close());
