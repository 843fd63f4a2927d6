import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react(), lingui({ cwd: import.meta.dirname, macroTransform: true })],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // The files of a worker share their modules and their jsdom instead of each building both
    // again (four fifths of the project's time), and two files run at a time (vitest's default on
    // two cores is one). A test cleans up what it renders and stubs (src/test/setup.ts), and a
    // test must not depend on a lazy chunk being loaded or not: an earlier file may have loaded it.
    isolate: false,
    maxWorkers: 2,
    // A test that types into a form takes a second or two alone, more beside another worker on a
    // busy machine; vitest's 5 s left no margin there.
    testTimeout: 15_000,
  },
});
