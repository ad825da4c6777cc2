import path from 'node:path';
import { defineConfig } from '@playwright/test';

/** The portal under test runs on its own port and a fresh data dir (see serve.ts). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const MAIN_SITE_URL = 'https://main-site.test/';
/** The secret the main site signs hand-over keys with (getApiKey), shared with the portal under test. */
export const LOGIN_KEY_SECRET = 'e2e-main-site-shared-secret';
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './flows',
  // E2E_OUTPUT_DIR keeps two runs on one machine (another checkout's, a helper's) from sharing artifacts.
  outputDir: path.resolve(process.env.E2E_OUTPUT_DIR ?? path.resolve(import.meta.dirname, '../test-results/e2e')),
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? path.resolve(import.meta.dirname, '../test-results/e2e.json') }]],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    viewport: { width: 1280, height: 800 },
    // A trace is recorded on a failed flow's retry (CI retries once): recording every flow's actions
    // and snapshots, to keep only the failures', made the flows about 30 % slower (docs/decisions.md).
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic'],
    },
  },
  webServer: {
    command: 'npx tsx e2e/serve.ts',
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `http://127.0.0.1:${E2E_PORT}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { PORT: String(E2E_PORT), MAIN_SITE_URL, LOGIN_KEY_SECRET, LOG_LEVEL: 'warn' },
  },
});
