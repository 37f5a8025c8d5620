import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_HEADLESS } from '../scripts/lib/chromium.mjs';
import { E2E_SEED_PASSWORD } from './support/ports';

const root = resolve(import.meta.dirname, '..');
// `E2E_SUITE=security`: the security stage's browser parts (e2e/security), kept out of the journeys.
const security = process.env.E2E_SUITE === 'security';

/*
 * `E2E_WORKERS=2` runs the journeys in two workers, each against a stack of its own (server,
 * embedded database, mail sink, OpenID provider), so neither meets the other's data: stack i
 * listens on E2E_PORT + 10·i. Playwright evaluates this file in the runner (which starts every
 * stack) and again in each worker, with TEST_PARALLEL_INDEX set: there it points E2E_PORT, which
 * the journeys' helpers read, at the worker's own stack. One worker by default: on a 2-core machine
 * two browsers and two servers were no faster (31 minutes against 28 with one), and pages then
 * took more than an assertion's 10 s to show (decision 0051).
 */
const firstPort = Number(process.env.E2E_PORT ?? 8181);
const stacks = security ? 1 : Math.max(1, Number(process.env.E2E_WORKERS ?? 1));
const stackPort = (slot: number) => firstPort + 10 * slot;
const slot = process.env.TEST_PARALLEL_INDEX;
if (slot !== undefined) process.env.E2E_PORT = String(stackPort(Number(slot) % stacks));
const port = Number(process.env.E2E_PORT ?? firstPort);
const baseURL = `http://127.0.0.1:${port}`;
// Only the runner starts stacks; a worker needs no folder of its own.
const dataRoot =
  process.env.E2E_DATA_DIR ?? (slot === undefined ? mkdtempSync(join(tmpdir(), 'linkstore-e2e-')) : '');

/**
 * Journeys run in Debian's chromium-headless-shell (never a downloaded browser) against the real server,
 * started on its own port with a fresh embedded database. Screenshots of failures are kept in
 * e2e/test-results.
 */
export default defineConfig({
  testDir: '.',
  testMatch: security ? 'security/**/*.spec.ts' : '**/*.spec.ts',
  testIgnore: security ? [] : ['security/**'],
  // Each suite its own folder: Playwright empties it when a run starts, and the security suite's
  // browser part, run after the journeys, used to remove the journeys' failure traces.
  outputDir: security ? 'test-results/security' : 'test-results/journeys',
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: stacks,
  // One retry on CI: a journey that passes on retry is reported as flaky (see the JSON report), not hidden.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL,
    // The browser asks for less motion, which the app honours (antd's motion off, no colour fades):
    // what a journey checks is the same, without waiting for each dialog, menu and theme change to
    // animate. A theme change and the axe check after it took half the time (decision 0051). The
    // motion itself keeps a journey of its own (e2e/console/preferences.spec.ts).
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    // A trace (the page's DOM at each step, the network) is recorded for a retry only: recording
    // one for every journey, to keep it for the failures, was a sixth of their time on 2 cores
    // (decision 0051). A failure keeps its screenshot and the page's accessibility tree
    // (error-context.md); `--trace retain-on-failure` records them all again when one is needed.
    trace: { mode: 'on-first-retry', screenshots: false },
    launchOptions: { executablePath: CHROMIUM_HEADLESS, args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: Array.from({ length: stacks }, (_, index) => ({
    command: `node --import tsx ${join(root, 'e2e/support/stack.ts')}`,
    cwd: root,
    url: `http://127.0.0.1:${stackPort(index)}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(stackPort(index)),
      HOST: '127.0.0.1',
      DATA_DIR: join(dataRoot, `stack-${index}`),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      E2E_PORT: String(stackPort(index)),
      // Journeys sign in like scripted clients; the captcha has its own server tests.
      CAPTCHA_ENABLED: 'false',
      // Short-lived access tokens, so a journey can wait for one to expire.
      ACCESS_TOKEN_TTL_SECONDS: '10',
      SEED_PASSWORD: E2E_SEED_PASSWORD,
      // Payouts in flight are followed every 2 s, so a journey can watch one settle.
      PAYOUT_POLL_SECONDS: '2',
    },
  })),
});
