import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'contract',
    include: ['src/**/*.test.ts'],
    setupFiles: ['../../vitest.fast-check.ts'],
    // Two files at a time, as the web project (projects run together need the same count).
    maxWorkers: 2,
    // The property tests take a second or two alone, more beside another worker on a busy machine.
    testTimeout: 15_000,
  },
});
