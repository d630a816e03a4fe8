import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import pluginQuery from '@tanstack/eslint-plugin-query';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

const features = ['questions', 'response-time', 'stock', 'categories', 'fulfillment', 'credits', 'settings', 'activity'];

// Import boundaries (see README "Architecture"): a feature never imports another feature;
// api, lib and components never import features or the app shell.
const boundaryZones = [
  // The home screen shows every area's figures under the areas' own query keys, so live updates and the areas'
  // writes refresh its cards: it may import their keys.ts (keys only, no queries or pages), and the activity's
  // describe.ts, the words of an entry the shell's live updates already share.
  {
    target: './src/features/home',
    from: './src/features/**',
    except: ['**/src/features/home/**', '**/src/features/*/keys.ts', '**/src/features/activity/describe.ts'],
    message: "The home screen may import only the areas' keys.ts (and activity/describe.ts); move shared code to src/lib.",
  },
  ...features.map((f) => ({
    target: `./src/features/${f}`,
    from: './src/features',
    except: [`./${f}`],
    message: 'A feature must not import another feature; move shared code to src/lib or src/components.',
  })),
  ...['api', 'lib', 'components'].map((layer) => ({
    target: `./src/${layer}`,
    from: ['./src/features', './src/app'],
    message: `src/${layer} must not import features or the app shell.`,
  })),
  // The simulator is the server side of the contract: the app (tests included) reaches it only over HTTP,
  // tests through src/test/demo.ts; src/main.tsx lazily starts it in demo mode. The server's tests (server/test)
  // start it as the marketplace they sign in against; the server itself never runs it.
  {
    target: ['./src/api', './src/app', './src/components', './src/features', './src/lib', './server/src'],
    from: './src/demo',
    message:
      'Only src/test (src/test/demo.ts), src/main.tsx and the server tests (server/test, which start it as their marketplace) may import the demo simulator; the app and the server talk to it over HTTP.',
  },
  // core/ holds the decisions the server and the simulator share (roles, team rules …): pure modules that both
  // import, so neither side keeps a copy. They import nothing of the app, the simulator or the server.
  {
    target: './core',
    from: ['./src', './server', './e2e', './scripts'],
    message: 'core/ is shared by the server and the app: it must not import either (see core/README.md).',
  },
  // The simulator may use the API's zod schemas and types, nothing else of the app.
  {
    target: './src/demo',
    from: ['./src/app', './src/features', './src/components', './src/lib', './src/test', './src/main.tsx'],
    message: 'The demo simulator must not import the app; it may use the zod schemas and types of src/api only.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-*',
      'server/dist',
      '.data',
      'public/mockServiceWorker.js',
      'playwright-report',
      'test-results',
      'bench-results',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...pluginQuery.configs['flat/recommended'],
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['scripts/**', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
  // Tests that measure against a labelled set (core/*.test.ts) report their figures in npm test's output.
  {
    files: ['core/**/*.test.ts'],
    rules: { 'no-console': ['error', { allow: ['info', 'warn', 'error'] }] },
  },
  // The browser's schemas use zod/mini: classic zod would put its whole API (toJSONSchema…) back in the bundle.
  // The server (server/) keeps classic zod.
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['zod', 'zod/v4', 'zod/v4/classic'].map((name) => ({
            name,
            message: "Import { z } from 'zod/mini' in src (src/api/zodLocale.ts gives its issues English messages).",
          })),
        },
      ],
    },
  },
);
