import { configDefaults, defineConfig } from 'vitest/config';

/** What the server's two projects share: the build, the template databases, the setup. */
export const serverTestOptions = {
  globalSetup: ['test/global-setup.ts'],
  setupFiles: ['../../vitest.fast-check.ts', 'test/setup.ts'],
  // The files of a worker share its modules instead of each loading the whole app again
  // (about half the suite's CPU time). Every test builds its own app on its own database,
  // so nothing else is shared; a file that watches a module spies on it (vi.spyOn) and
  // restores it, since a vi.mock would not reach modules already loaded by an earlier file.
  isolate: false,
  // A bound for a test that hangs, not a target: on a slow host with the journeys beside it, the
  // PostgreSQL run's heavier tests take several times what they take on a quiet one.
  testTimeout: 90_000,
  hookTimeout: 120_000,
};

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The fuzz suite is a project of its own (vitest.fuzz.config.ts).
    exclude: [...configDefaults.exclude, 'test/fuzz/**'],
    ...serverTestOptions,
    // Two files at a time (vitest's default on two cores is one): a file spends much of its time
    // waiting for its database (PostgreSQL's round trips, SQLite's fsync), which the other fills.
    maxWorkers: 2,
  },
});
