import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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

/**
 * Shared components that only some pages show. Their messages go into the catalogs (features' or
 * parts') of the pages that show them (a message may sit in two catalogs), not into the shell's,
 * which every page loads before it shows: the dashboard does not wait for the study answer's
 * diff. The test beside the app layout fails when a feature or part reaches one of these files by
 * a static import and is not listed, or when one is reached from the entry or the layout.
 */
export const sharedComponentCatalogs: Record<string, readonly string[]> = {
  'src/components/answer-diff.tsx': ['study', 'wiki'],
  'src/components/deck-preview.tsx': ['explore', 'organize'],
  'src/components/form/changed-elsewhere.tsx': ['card', 'organize'],
  'src/components/form/password-strength-meter.tsx': ['reset-password', 'settings', 'signup'],
  'src/components/interval-plot.tsx': ['settings', 'wiki'],
  'src/components/plan-limit-message.tsx': ['browse', 'card', 'explore', 'organize'],
};

/**
 * Parts with a catalog of their own (src/locales/parts/<name>/<locale>.po), out of their
 * feature's, each loaded only by a dynamic import: lazily loaded parts load theirs with their
 * code (`withFeatureCatalogs` in lib/i18n.ts), the dashboard's statistics (drawn after its
 * figures) and the feedback dialog (opened from the user menu); pages load theirs with the page
 * (app/router.tsx), so that the sign-in page does not wait for the sign-up page's messages.
 */
export const partCatalogs: Record<string, readonly string[]> = {
  feedback: ['src/components/feedback-dialog.tsx'],
  'forget-password': ['src/features/auth/pages/forget-password-page.tsx'],
  'reset-password': ['src/features/auth/pages/reset-password-page.tsx'],
  signup: ['src/features/auth/pages/signup-page.tsx'],
  statistics: ['src/features/dashboard/statistics'],
  'verify-email': ['src/features/auth/pages/verify-email-page.tsx'],
};

const features = fs
  .readdirSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'src/features'))
  .filter((name) => !name.includes('.'))
  .sort();

const partFiles = Object.values(partCatalogs).flat();
const sharedFiles = Object.keys(sharedComponentCatalogs);
const sharedBy = (feature: string) =>
  sharedFiles.filter((file) => sharedComponentCatalogs[file]?.includes(feature));
const rooted = (file: string) => `<rootDir>/${file}`;

// The interface's catalogs (decision 0037). `npm run i18n:extract -w @glossa/web` gathers the
// messages: those of the shell (src/app, src/components, src/lib and the feature files above),
// which every page shows, into src/locales/<locale>/messages.po, loaded before the first render;
// each feature's (with the shared components it shows) into src/features/<name>/locales/<locale>.po,
// loaded with the feature's pages (lib/i18n.ts); each part's into
// src/locales/parts/<name>/<locale>.po, loaded with the part. The Vite plugin compiles a catalog
// when the page imports it (one chunk per catalog and locale) and fails the build when a
// translation is missing.
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
        ...shellFeatureFiles.map(rooted),
      ],
      exclude: ['**/*.test.*', ...sharedFiles.map(rooted), ...partFiles.map(rooted)],
    },
    ...features.map((feature) => ({
      path: `<rootDir>/src/features/${feature}/locales/{locale}`,
      include: [rooted(`src/features/${feature}`), ...sharedBy(feature).map(rooted)],
      exclude: [
        '**/*.test.*',
        '**/*test-support*',
        ...shellFeatureFiles.map(rooted),
        ...partFiles.map(rooted),
      ],
    })),
    ...Object.entries(partCatalogs).map(([name, files]) => ({
      path: `<rootDir>/src/locales/parts/${name}/{locale}`,
      include: [...files, ...sharedBy(name)].map(rooted),
      exclude: ['**/*.test.*'],
    })),
  ],
  format: formatter({ lineNumbers: false }),
});
