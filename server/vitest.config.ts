import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The server's tests: Node, over real HTTP; separate from the browser app's jsdom project.
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('..', import.meta.url)),
    environment: 'node',
    include: ['server/test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
