/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite';
import react, { reactCompilerPreset } from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import type { LoggerEvent } from 'babel-plugin-react-compiler';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compileHints } from './scripts/compile-hints';
import { demoWorker } from './scripts/demo-worker';
import { muiSelect } from './scripts/mui-select';
import { pageFrames } from './scripts/page-frames';

/**
 * The page's mode is written by Seller Desk's server into the index.html it serves (server/src/web.ts); the
 * build carries none, so a build served any other way shows an error rather than guessing. The dev server
 * writes it likewise: demo, or live when SELLER_DESK_SERVER names a running Seller Desk server, to which it
 * then forwards the server's paths so that sign-in, session and API calls run through the same server code.
 */
const devServer = process.env.SELLER_DESK_SERVER?.replace(/\/+$/, '');
const serverPaths = ['/api', '/auth', '/session', '/events', '/notifications', '/healthz', '/readyz'];

function devMode(): Plugin {
  return {
    name: 'seller-desk-dev-mode',
    apply: 'serve',
    transformIndexHtml: () => [
      { tag: 'meta', attrs: { name: 'seller-desk-mode', content: devServer ? 'live' : 'demo' }, injectTo: 'head-prepend' },
    ],
  };
}

/**
 * The first paint's styles go into index.html as stylesheets, so the page has them before any script runs and
 * without a round trip for a linked file: the theme's CSS variables and CssBaseline (src/app/theme.css, kept
 * equal to what MUI generates by src/app/themeCss.test.tsx; ThemeProvider's disableStyleSheetGeneration), and
 * the shell's own (src/app/shell.css: the frame, loading and error states, drawn without MUI).
 */
function firstPaintStyles(): Plugin {
  const files = ['src/app/theme.css', 'src/app/shell.css'].map((file) => fileURLToPath(new URL(file, import.meta.url)));
  return {
    name: 'seller-desk-first-paint-styles',
    transformIndexHtml: () => files.map((file) => ({ tag: 'style', children: readFileSync(file, 'utf8'), injectTo: 'head' as const })),
  };
}

/**
 * The modules the entry imports, through barrels too: what the first paint may run. The `shared` chunk group
 * must take none of them, or the entry would import the whole group (see `codeSplitting`). Filled once the
 * module graph is complete, before chunks are made. After chunking, the build fails if an entry still reaches a
 * group's chunk, if two chunks import each other (the groups leave their modules' dependencies where they
 * are, and a cycle between chunks could run a module before one it needs), or if the API's chunk, which the
 * boot runs, would run MUI's too.
 */
const firstPaintModules = new Set<string>();
/**
 * The app's modules that import, themselves or through other app modules, a package outside the libraries every
 * page runs anyway (React, react-query, MUI's components and styling, zod, Lingui, the router): the virtualizer,
 * an icon, p-limit. The `shared` group leaves them out, or every page would download what one of them imports
 * (the inbox's virtualizer, 9 KB, and the date range field's icon came with the settings page).
 */
const ownPackageModules = new Set<string>();
const everyPagePackage =
  /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](query-core|react-query)|@mui[\\/](material|system|utils|styled-engine|private-theming)|@emotion|stylis|zod|@lingui|react-router)[\\/]/;
const chunkGroups = ['query', 'api', 'api-areas', 'shared', 'emotion', 'mui-styles', 'mui'];
/** The API's modules of the seller's areas, apart from the boot's own (the client, the session, zod's locale). */
const apiAreaModule = /\/src\/api\/(questions|response-time|stock|categories|catalog|fulfillment|credits|activity|demo)\.ts$/;
function firstPaintGraph(): Plugin {
  return {
    name: 'seller-desk-first-paint-graph',
    apply: 'build',
    buildEnd() {
      firstPaintModules.clear();
      const visit = (id: string) => {
        if (firstPaintModules.has(id)) return;
        firstPaintModules.add(id);
        this.getModuleInfo(id)?.importedIds.forEach(visit);
      };
      for (const id of this.getModuleIds()) if (this.getModuleInfo(id)?.isEntry) visit(id);
      ownPackageModules.clear();
      const checked = new Set<string>();
      const pullsPackage = (id: string): boolean => {
        if (checked.has(id)) return ownPackageModules.has(id);
        checked.add(id);
        const own = (this.getModuleInfo(id)?.importedIds ?? []).some((next) =>
          next.includes('/node_modules/') ? !everyPagePackage.test(next) && !firstPaintModules.has(next) : pullsPackage(next),
        );
        if (own) ownPackageModules.add(id);
        return own;
      };
      for (const id of this.getModuleIds()) if (!id.includes('/node_modules/')) pullsPackage(id);
    },
    generateBundle(_options, bundle) {
      const imports = (file: string) => {
        const chunk = bundle[file];
        return chunk?.type === 'chunk' ? chunk.imports : [];
      };
      const reach = (file: string, seen = new Set<string>()): Set<string> => {
        for (const next of imports(file)) if (!seen.has(next)) reach(next, seen.add(next));
        return seen;
      };
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const reached = reach(chunk.fileName);
        if (reached.has(chunk.fileName)) this.error(`${chunk.fileName} imports itself through other chunks`);
        const group = chunk.isEntry && [...reached].find((file) => chunkGroups.some((name) => file.startsWith(`assets/${name}-`)));
        if (group) this.error(`The first paint would load ${group}: a chunk group took a module the entry imports`);
        const mui = chunk.fileName.startsWith('assets/api-') && [...reached].find((file) => file.startsWith('assets/mui-'));
        if (mui) this.error(`The API's chunk would load ${mui}: the boot would run MUI's modules with the schemas`);
      }
    },
  };
}

/**
 * Fails the build where the React Compiler meets a Lingui macro unexpanded (the plugins' order, below): it would
 * skip that component without a word.
 */
function macrosExpandedFirst(filename: string | null, event: LoggerEvent): void {
  if (event.kind === 'CompileError' && /tagged template/i.test(event.detail.reason))
    throw new Error(`${filename}: the React Compiler met a Lingui macro before Lingui expanded it (see the plugins in vite.config.ts)`);
}

/** A compiled catalog's chunk says whose it is (`messages-app-en-….js`), for the bundle budget and for people. */
function chunkName({ facadeModuleId }: { facadeModuleId: string | null }): string {
  const catalog = facadeModuleId?.match(/\/src\/(?:features\/)?([\w-]+)\/locales\/([\w-]+)\.po$/);
  return catalog ? `assets/messages-${catalog[1]}-${catalog[2]}-[hash].js` : 'assets/[name]-[hash].js';
}

/**
 * `npm start` compiles the app's modules as the browser asks for them, and on a fresh clone the React Compiler was
 * about a third of that (34 % of Vite's main thread in a CPU profile): the first page showed data 16-26 s after the
 * server was ready, 9-11 s without it (2 cores, 2026-12-02). The dev server leaves it out unless `REACT_COMPILER=1`;
 * the build, the tests (vitest) and so every e2e run keep it, so what ships is what is tested.
 */
const reactCompiler = (command: string) => command === 'build' || Boolean(process.env.VITEST) || process.env.REACT_COMPILER === '1';

export default defineConfig(({ command }) => ({
  // The React Compiler memoizes components and values: when one query of a page answers, only what reads it
  // renders again (the inbox drew its filter fields four or five times while loading), and the lists, drawn from
  // deferred values, render in short slices. At 4x CPU throttling, medians of 6 cold loads: inbox TBT 431 → 295 ms
  // (live), 450 → 373 ms (demo); credit leads 232 → 164 ms (live). Lingui's macros expand first (both plugins run
  // before Vite's own, in this order): the compiler cannot compile a tagged template with interpolations, and
  // skipped every component with a t`…${…}…` (the inbox among them), 77 of the app's 203.
  plugins: [
    react(),
    lingui({ macroTransform: true }),
    ...(reactCompiler(command) ? [babel({ presets: [reactCompilerPreset({ logger: { logEvent: macrosExpandedFirst } })] })] : []),
    devMode(),
    firstPaintStyles(),
    demoWorker(),
    muiSelect(),
    firstPaintGraph(),
    compileHints(),
    pageFrames(),
  ],
  // The browser demo backend never uses cookies; see src/demo/no-cookies.ts.
  resolve: {
    alias: [
      { find: 'tough-cookie', replacement: fileURLToPath(new URL('src/demo/no-cookies.ts', import.meta.url)) },
      // Exactly the shim: `…/shim/with-selector` (recharts) stays as it is.
      { find: /^use-sync-external-store\/shim$/, replacement: fileURLToPath(new URL('src/lib/useSyncExternalStore.ts', import.meta.url)) },
    ],
  },
  // The first `npm start` pre-bundles the dependencies that a scan of index.html and all it imports finds (3–5 s on 2
  // cores, then kept in node_modules/.vite). Only the app's page is scanned: a build beside it (OUT_DIR=dist-…) has an
  // index.html too, whose chunks the scan crawled as well. No `server.warmup`: a start is CPU-bound on 2 cores (the React
  // Compiler is half of compiling a module), and compiling the home's and the inbox's modules ahead slowed the scan and
  // the first response as much as it saved later (fresh starts, from "ready" to data: home 11 s either way, inbox 14 s
  // without and 14–15 s with it).
  optimizeDeps: { entries: ['index.html'] },
  server: {
    port: 5173,
    strictPort: true,
    proxy: devServer ? Object.fromEntries(serverPaths.map((path) => [path, { target: devServer }])) : undefined,
  },
  build: {
    outDir: process.env.OUT_DIR ?? 'dist',
    target: 'es2022',
    sourcemap: false,
    // Read by the server (server/src/web.ts) to preload each area's route chunks from its pages.
    manifest: true,
    rolldownOptions: {
      output: {
        chunkFileNames: chunkName,
        // Fewer, larger chunks. Split only by which lazy parts share each module, a page asked for 65–77 chunks:
        // the HTML's parse, which starts each preload, was the longest task of every page (about a millisecond per
        // request at 1x). React, react-query, MUI's modules used by three or more lazy parts, and the app's shared
        // modules each come in one chunk, so a page asks for 22–28 chunks for about as many bytes; React's group
        // is first, or the others would take it in as a dependency and into the first paint.
        codeSplitting: {
          groups: [
            // With the shim that stands in for use-sync-external-store's (a chunk of 0.2 KB of its own otherwise).
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|[\\/]src[\\/]lib[\\/]useSyncExternalStore\.ts$/,
              priority: 2,
            },
            // Every page queries, after the first paint; the shell's provider is all of it the entry takes. The app's
            // query client comes with it, not in a chunk of its own.
            {
              name: 'query',
              test: (id) =>
                (/node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/.test(id) && !id.endsWith('QueryClientProvider.js')) ||
                /[\\/]src[\\/]app[\\/]queryClient\.ts$/.test(id),
              includeDependenciesRecursively: false,
              priority: 2,
            },
            // The API's modules (schemas, limits) that two or more lazy parts share, apart from the components: the
            // demo's simulator and live mode's session check load them at boot, which then runs zod's and the
            // schemas' modules without MUI's (together they were one long task, 140 ms at 1x in the demo). The
            // areas' schemas are a chunk of their own, which the boot runs in a task of its own (src/main.tsx):
            // building every schema at once was a task of 20-60 ms at 1x.
            {
              name: 'api-areas',
              test: (id) => apiAreaModule.test(id) && !firstPaintModules.has(id),
              minShareCount: 2,
              includeDependenciesRecursively: false,
              priority: 1,
            },
            // With them, the rules of core/ that two or more lazy parts share (the stock form's quantity, formula cells):
            // left to themselves they joined whichever chunk came first, DateRangeField's, which then imported itself
            // through the API's. A core module that imports a package of its own (the contact guard's phone library)
            // stays with its pages, or the boot would download the package with the schemas.
            {
              name: 'api',
              test: (id) =>
                (/\/src\/api\/[\w.-]+\.ts$/.test(id) || (/\/core\/[\w.-]+\.ts$/.test(id) && !ownPackageModules.has(id))) &&
                !firstPaintModules.has(id),
              minShareCount: 2,
              includeDependenciesRecursively: false,
              priority: 1,
            },
            // The app's other modules that two or more lazy parts share (query keys, components): without this
            // group, each set of sharers made a chunk of its own, most under a kilobyte.
            {
              name: 'shared',
              test: (id) =>
                /\/src\/(lib|components|features\/[\w-]+)\/[\w.-]+\.(ts|tsx|css)$/.test(id) &&
                !/\/routes\.tsx$/.test(id) &&
                !firstPaintModules.has(id) &&
                !ownPackageModules.has(id),
              minShareCount: 2,
              includeDependenciesRecursively: false,
              priority: 0,
            },
            // MUI's styling apart from its components, in two chunks: Emotion, then MUI's theming. The boot runs
            // each in a task of its own (./src/app/commonModules.ts): together they were one of 14-29 ms at 1x.
            {
              name: 'emotion',
              test: /node_modules[\\/](@emotion|stylis)[\\/]/,
              minShareCount: 3,
              priority: 2,
            },
            {
              name: 'mui-styles',
              test: /node_modules[\\/]@mui[\\/](system|styled-engine|utils|private-theming|material[\\/](styles|colors))[\\/]/,
              minShareCount: 3,
              priority: 2,
            },
            {
              name: 'mui',
              test: /node_modules[\\/](@mui|@popperjs|react-transition-group)[\\/]/,
              minShareCount: 3,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'core/**/*.test.ts', 'scripts/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // Stylesheets reach jsdom, as Emotion's rules do: accessible names depend on what is a block.
    css: true,
    // Room for a few of setup.ts's 10 s waits on a busy machine.
    testTimeout: 30000,
  },
}));
