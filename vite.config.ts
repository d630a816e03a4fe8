/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { fileURLToPath } from 'node:url';

// Live mode: when SELLER_API_URL is set, the dev and preview servers proxy /api/* to it (prefix removed),
// so the browser talks same-origin and never needs CORS. The mode endpoint tells the app which mode it is in.
const apiUrl = process.env.SELLER_API_URL?.replace(/\/+$/, '');
const proxy = apiUrl
  ? {
      '/api': {
        target: apiUrl,
        changeOrigin: true,
        rewrite: (path: string) => path.replace(/^\/api/, ''),
      },
    }
  : undefined;

function modeEndpoint(): Plugin {
  const body = JSON.stringify({ mode: apiUrl ? 'live' : 'demo' });
  const handler = (req: { url?: string }, res: { setHeader(k: string, v: string): void; end(b: string): void }, next: () => void) => {
    if (req.url !== '/__seller-desk/mode') return next();
    res.setHeader('Content-Type', 'application/json');
    res.setHeader('Cache-Control', 'no-store');
    res.end(body);
  };
  return {
    name: 'seller-desk-mode',
    configureServer: (server) => void server.middlewares.use(handler),
    configurePreviewServer: (server) => void server.middlewares.use(handler),
  };
}

/**
 * Demo mode starts the in-browser backend as soon as it knows the mode; its chunks are preloaded from the
 * HTML so they download beside the app rather than after it. They are marked `data-demo-backend`: the live
 * server leaves them out, and the bundle budget does not count them as first-paint JS.
 */
function demoBackendPreload(): Plugin {
  let outDir = 'dist';
  const demoLink = /\s*<link [^>]*data-demo-backend[^>]*>/g;
  return {
    name: 'seller-desk-demo-preload',
    configResolved: (config) => void (outDir = config.build.outDir),
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const backend = Object.values(bundle ?? {}).find(
          (chunk) => chunk.type === 'chunk' && chunk.facadeModuleId?.endsWith('/src/demo/browser.ts'),
        );
        if (backend?.type !== 'chunk') return;
        return [backend.fileName, ...backend.imports]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}`, 'data-demo-backend': true },
            injectTo: 'head',
          }));
      },
    },
    configurePreviewServer(server) {
      if (!apiUrl) return;
      const page = readFileSync(join(outDir, 'index.html'), 'utf8').replace(demoLink, '');
      server.middlewares.use((req, res, next) => {
        const isPage = req.method === 'GET' && req.headers.accept?.includes('text/html') && !req.url?.startsWith('/api/');
        if (!isPage) return next();
        res.setHeader('Content-Type', 'text/html');
        res.end(page);
      });
    },
  };
}

/** A compiled catalog's chunk says whose it is (`messages-app-en-….js`), for the bundle budget and for people. */
function chunkName({ facadeModuleId }: { facadeModuleId: string | null }): string {
  const catalog = facadeModuleId?.match(/\/src\/(?:features\/)?([\w-]+)\/locales\/([\w-]+)\.po$/);
  return catalog ? `assets/messages-${catalog[1]}-${catalog[2]}-[hash].js` : 'assets/[name]-[hash].js';
}

export default defineConfig({
  plugins: [react(), lingui({ macroTransform: true }), modeEndpoint(), demoBackendPreload()],
  // The browser demo backend never uses cookies; see src/demo/no-cookies.ts.
  resolve: {
    alias: [
      { find: 'tough-cookie', replacement: fileURLToPath(new URL('src/demo/no-cookies.ts', import.meta.url)) },
      // Exactly the shim: `…/shim/with-selector` (recharts) stays as it is.
      { find: /^use-sync-external-store\/shim$/, replacement: fileURLToPath(new URL('src/lib/useSyncExternalStore.ts', import.meta.url)) },
    ],
  },
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: Number(process.env.PREVIEW_PORT ?? 4173), strictPort: true, proxy },
  build: {
    outDir: process.env.OUT_DIR ?? 'dist',
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: { output: { chunkFileNames: chunkName } },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    restoreMocks: true,
    testTimeout: 15000,
  },
});
