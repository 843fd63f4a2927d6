import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

// The interface's catalogs (decision 0037). `npm run i18n:extract -w @glossa/web` gathers the
// messages of src/ into src/locales/<locale>/messages.po; the Vite plugin compiles a catalog when
// the page imports it (one chunk per locale), and fails the build when a translation is missing.
// ar-XB is a pseudo-locale, right to left, made from English: it exists for the RTL screenshots.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es', 'fr', 'de', 'ar-XB'],
  pseudoLocale: 'ar-XB',
  fallbackLocales: { 'ar-XB': 'en', default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: ['**/*.test.*', '**/test/**'],
    },
  ],
  format: formatter({ lineNumbers: false }),
});
