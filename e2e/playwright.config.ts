import { defineConfig } from '@playwright/test';

const port = Number(process.env['E2E_PORT'] ?? 3100);
/** One data folder per port, so journeys on different ports can run side by side. */
export const dataDir = `.data/${port}`;

/**
 * Journeys run against the built web app served by the built server (`npm run build`; both as
 * `npm start` runs them) on a fresh SQLite database, with mail written to the outbox (the
 * embedded defaults), in Debian's Chromium.
 */
export default defineConfig({
  testDir: 'tests',
  outputDir: 'test-results',
  fullyParallel: false,
  // Two spec files at a time against the one server: a journey mostly waits for the browser
  // and the server (about a third of a core), and every spec signs up learners of its own.
  workers: 2,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env['CI'] ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    actionTimeout: 15_000,
    navigationTimeout: 15_000,
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', headless: true } }],
  webServer: {
    command: `rm -rf ${dataDir} && node ../apps/server/dist/main.js`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      AUTH_RATE_LIMIT: '1000',
      LOG_LEVEL: 'warn',
    },
  },
});
