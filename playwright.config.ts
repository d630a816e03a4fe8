import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

// E2E runs against the production build (`npm run build` first). PREVIEW_PORT and OUT_DIR let several
// builds be served side by side.
const port = Number(process.env.PREVIEW_PORT ?? 4173);
const outDir = process.env.OUT_DIR ?? 'dist';
const chromium = '/usr/bin/chromium';

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
    trace: 'retain-on-failure',
    serviceWorkers: 'allow',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: existsSync(chromium) ? chromium : undefined,
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: {
    command: `node_modules/.bin/vite preview --host 127.0.0.1 --strictPort --port ${port} --outDir ${outDir}`,
    url: `http://127.0.0.1:${port}`,
    reuseExistingServer: !process.env.CI,
    stdout: 'pipe',
    timeout: 60_000,
  },
});
