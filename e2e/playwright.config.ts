import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from '../scripts/lib/chromium.mjs';
import { E2E_SEED_PASSWORD } from './support/ports';

const root = resolve(import.meta.dirname, '..');
const port = Number(process.env.E2E_PORT ?? 8181);
const baseURL = `http://127.0.0.1:${port}`;
// `E2E_SUITE=security`: the security stage's browser parts (e2e/security), kept out of the journeys.
const security = process.env.E2E_SUITE === 'security';

/**
 * Journeys run in Debian's chromium (never a downloaded browser) against the real server,
 * started on its own port with a fresh embedded database. Screenshots of failures are kept in
 * e2e/test-results.
 */
export default defineConfig({
  testDir: '.',
  testMatch: security ? 'security/**/*.spec.ts' : '**/*.spec.ts',
  testIgnore: security ? [] : ['security/**'],
  outputDir: 'test-results',
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // One retry on CI: a journey that passes on retry is reported as flaky (see the JSON report), not hidden.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: `node --import tsx ${join(root, 'e2e/support/stack.ts')}`,
    cwd: root,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'linkstore-e2e-')),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      E2E_PORT: String(port),
      // Journeys sign in like scripted clients; the captcha has its own server tests.
      CAPTCHA_ENABLED: 'false',
      // Short-lived access tokens, so a journey can wait for one to expire.
      ACCESS_TOKEN_TTL_SECONDS: '10',
      SEED_PASSWORD: E2E_SEED_PASSWORD,
      // Payouts in flight are followed every 2 s, so a journey can watch one settle.
      PAYOUT_POLL_SECONDS: '2',
    },
  },
});
