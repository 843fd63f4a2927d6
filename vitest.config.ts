import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/contract',
      'packages/srs',
      'apps/server',
      'apps/server/vitest.fuzz.config.ts',
      'apps/web',
    ],
  },
});
