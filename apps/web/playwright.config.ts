import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests against the real server (scripts/start.mjs) on Debian's Chromium.
 * Never `npx playwright install`: the browser is /usr/bin/chromium.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${PORT}`;

// One fresh data directory per run; workers inherit it through the environment.
process.env.GESTCAVA_E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'gestcava-e2e-'));

export default defineConfig({
  testDir: 'e2e',
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results/artifacts',
  // margins for a shared two-core machine that can run two or three times slower than usual;
  // they only cost time when a test fails (docs/operations.md "Tests: npm test")
  timeout: 90_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.E2E_REPORT ?? 'test-results/e2e-report.json' }],
  ],
  use: {
    baseURL,
    locale: 'it-IT',
    // The service worker is the offline specs' subject and they allow it (offline-*, yard-offline);
    // elsewhere it only adds a worker to every page load of a fresh browser, a fifth of a spec's
    // time (docs/operations.md "Tests: npm test")
    serviceWorkers: 'block',
    timezoneId: 'Europe/Rome',
    viewport: { width: 1366, height: 768 },
    // A failed test keeps its trace with the page's DOM at each step, without the screencast: its
    // frames, encoded for every test although kept only for a failed one, made a spec file take
    // 1.8 times as long (docs/operations.md "Tests: npm test"). The failure's screenshot is kept.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 768 } },
    },
  ],
  webServer: {
    command: 'node e2e/server.mjs',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    // the build and the demo seed take longer on a loaded shared machine: E2E_SERVER_TIMEOUT_MS
    timeout: Number(process.env.E2E_SERVER_TIMEOUT_MS ?? 120_000),
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.GESTCAVA_E2E_DATA_DIR,
      LOGIN_MAX_FAILURES_ACCOUNT: '1000',
      LOGIN_MAX_FAILURES_IP: '10000',
    },
  },
});
