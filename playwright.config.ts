import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './scripts/chromium.ts';

// E2E runs against the production server in demo mode (`npm run build:serve` first: the app into OUT_DIR and
// the server into server/dist). PREVIEW_PORT and OUT_DIR let several builds be served side by side.
const port = Number(process.env.PREVIEW_PORT ?? 4173);
const outDir = process.env.OUT_DIR ?? 'dist';
const teamsPort = Number(process.env.TEAMS_PORT ?? 4311);
const chromiumUse = {
  ...devices['Desktop Chrome'],
  launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
};
// People and passkeys (e2e/teams.spec.ts, and roles-live.spec.ts on the next port) start a live server of their own at
// http://localhost:TEAMS_PORT: WebAuthn refuses an IP address as its origin, so that project alone runs on a domain.
const teamsSpec = /(teams|roles-live)\.spec\.ts$/;

export default defineConfig({
  testDir: 'e2e',
  outputDir: process.env.PW_OUTPUT ?? 'test-results',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Recording a trace doubles each test's time on a 2-core machine (e2e/questions.spec.ts: 4.7 min with it,
    // 2.3 without): CI records one only when it runs a failed test again; locally a failure keeps its trace.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    serviceWorkers: 'allow',
  },
  projects: [
    { name: 'chromium', testIgnore: teamsSpec, use: chromiumUse },
    { name: 'teams', testMatch: teamsSpec, use: { ...chromiumUse, baseURL: `http://localhost:${teamsPort}` } },
  ],
  webServer: {
    command: 'node server/dist/server/src/main.js',
    // Demo mode with no settings but where to listen and what to serve; an exported SELLER_API_URL would turn
    // it into live mode. Request logs stay out of the test output; warnings and errors show.
    env: { PORT: String(port), HOST: '127.0.0.1', OUT_DIR: outDir, SELLER_API_URL: '', LOG_LEVEL: 'warn' },
    url: `http://127.0.0.1:${port}/healthz`,
    // Never a server it did not start (one left running, another worktree's, a dev server): its build, mode or
    // settings could differ, and the tests would pass or fail for it. A port in use fails the run: set PREVIEW_PORT.
    reuseExistingServer: false,
    stdout: 'pipe',
    timeout: 60_000,
  },
});
