/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
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

export default defineConfig({
  plugins: [react(), modeEndpoint()],
  // The browser demo backend never uses cookies; see src/mocks/no-cookies.ts.
  resolve: { alias: { 'tough-cookie': fileURLToPath(new URL('src/mocks/no-cookies.ts', import.meta.url)) } },
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: Number(process.env.PREVIEW_PORT ?? 4173), strictPort: true, proxy },
  build: {
    outDir: process.env.OUT_DIR ?? 'dist',
    target: 'es2022',
    sourcemap: false,
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    testTimeout: 15000,
  },
});
