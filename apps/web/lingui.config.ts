import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * The feature files every /app page loads with the shell: the app layout renders quick add's and
 * quick search's buttons and the review outbox's sync (with what it imports) on every page, and
 * the entry clears the kept study queues on sign-out. Their messages go into the shell's catalog,
 * not their feature's, so that an /app page loads only its own feature's catalog; the parts of
 * those features that load later (quick add's dialog, quick search's palette) load their
 * feature's catalog with their code. `app/routes/app-layout.test.tsx` fails when a feature file
 * reached from the entry or the layout by a static import is missing here.
 */
export const shellFeatureFiles = [
  'src/features/card/components/quick-add.tsx',
  'src/features/search/components/quick-search.tsx',
  'src/features/study/components/review-outbox-sync.tsx',
  'src/features/study/api/outbox-lock.ts',
  'src/features/study/api/outbox-send.ts',
  'src/features/study/api/outbox-storage.ts',
  'src/features/study/api/outbox-sync.ts',
  'src/features/study/api/queue-keys.ts',
  'src/features/study/api/review-outbox.ts',
  'src/features/study/api/study-requests.ts',
  'src/features/study/api/use-review-outbox.ts',
];

// The interface's catalogs (decision 0037). `npm run i18n:extract -w @glossa/web` gathers the
// messages: those of the shell (src/app, src/components, src/lib and the feature files above),
// which every page shows, into src/locales/<locale>/messages.po, loaded before the first render;
// each feature's into src/features/<name>/locales/<locale>.po, loaded with the feature's pages
// (lib/i18n.ts). The Vite plugin compiles a catalog when the page imports it (one chunk per
// catalog and locale) and fails the build when a translation is missing.
// ar-XB is a pseudo-locale, right to left, made from English: it exists for the RTL screenshots.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es', 'fr', 'de', 'ar-XB'],
  pseudoLocale: 'ar-XB',
  fallbackLocales: { 'ar-XB': 'en', default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: [
        '<rootDir>/src/app',
        '<rootDir>/src/components',
        '<rootDir>/src/lib',
        ...shellFeatureFiles.map((file) => `<rootDir>/${file}`),
      ],
      exclude: ['**/*.test.*'],
    },
    {
      path: '<rootDir>/src/features/{name}/locales/{locale}',
      include: ['<rootDir>/src/features/{name}'],
      exclude: [
        '**/*.test.*',
        '**/*test-support*',
        ...shellFeatureFiles.map((file) => `<rootDir>/${file}`),
      ],
    },
  ],
  format: formatter({ lineNumbers: false }),
});
