import { defineConfig } from 'vitest/config';
import { serverTestOptions } from './vitest.config';

/**
 * The standing fuzz suite (test/fuzz): its parts (fuzz-part-N.test.ts) are independent, each on
 * an app and database of its own, so they run side by side, one worker each, where the rest of
 * the server's suite runs in two workers. On PostgreSQL a part
 * waits for the database about half of the time, so four workers on two cores took half the time
 * of two; on SQLite, where a part keeps its core busy, it made no difference. After that suite,
 * not beside it: a group of its own.
 */
export default defineConfig({
  test: {
    name: 'server-fuzz',
    include: ['test/fuzz/**/*.test.ts'],
    ...serverTestOptions,
    maxWorkers: 4,
    sequence: { groupOrder: 1 },
  },
});
