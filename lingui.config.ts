import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/**
 * One catalog per area and locale, so each lazily loaded area downloads only its own messages in the active
 * locale: the shell's (app, shared components, lib) before the first render, a feature's with its pages.
 */
const features = ['home', 'questions', 'response-time', 'stock', 'categories', 'fulfillment', 'credits', 'settings', 'activity', 'audit'];

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es-AR', 'es-419', 'pt-BR'],
  // Line numbers would change the catalogs on every edit above a message.
  format: formatter({ lineNumbers: false }),
  catalogs: [
    {
      path: '<rootDir>/src/app/locales/{locale}',
      include: ['<rootDir>/src/app', '<rootDir>/src/components', '<rootDir>/src/lib'],
      exclude: ['**/*.test.*'],
    },
    ...features.map((feature) => ({
      path: `<rootDir>/src/features/${feature}/locales/{locale}`,
      include: [`<rootDir>/src/features/${feature}`],
      exclude: ['**/*.test.*'],
    })),
  ],
});
