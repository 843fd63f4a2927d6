import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

// The interface's catalogs (decision 0037). `npm run i18n:extract -w @glossa/web` gathers the
// messages: those of the shell (src/app, src/components, src/lib), which every page shows, into
// src/locales/<locale>/messages.po, loaded before the first render; each feature's into
// src/features/<name>/locales/<locale>.po, loaded with the feature's pages (lib/i18n.ts). The Vite
// plugin compiles a catalog when the page imports it (one chunk per catalog and locale) and fails
// the build when a translation is missing.
// ar-XB is a pseudo-locale, right to left, made from English: it exists for the RTL screenshots.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es', 'fr', 'de', 'ar-XB'],
  pseudoLocale: 'ar-XB',
  fallbackLocales: { 'ar-XB': 'en', default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src/app', '<rootDir>/src/components', '<rootDir>/src/lib'],
      exclude: ['**/*.test.*'],
    },
    {
      path: '<rootDir>/src/features/{name}/locales/{locale}',
      include: ['<rootDir>/src/features/{name}'],
      exclude: ['**/*.test.*', '**/*test-support*'],
    },
  ],
  format: formatter({ lineNumbers: false }),
});
