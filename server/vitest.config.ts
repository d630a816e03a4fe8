import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The server's tests: Node, over real HTTP; separate from the browser app's jsdom project.
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('..', import.meta.url)),
    environment: 'node',
    include: ['server/test/**/*.test.ts'],
    // PGlite's first start (a Postgres initdb in WASM) takes 10-40 s on a busy 2-core machine.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
