// `npm test`: installs what is missing (npm packages; Debian's chromium, postgresql and
// redis-server), then runs every check: lint, translations, types, unit and integration tests,
// the server tests on a real PostgreSQL (with a Redis) and the engine-sensitive ones again on
// PGlite, the browser journeys, and the security suite (scripts/lib/security.mjs), the last ones
// in two lanes side by side. Prints each step's time and ends with `N passed, N failed`.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureNodeModules, ensureSystemPackages, TEST_PACKAGES } from './lib/deps.mjs';
import { atLowerPriority, freePortRange, paint, ROOT, run, runCollected, say } from './lib/process.mjs';
import { webBuildOnce } from './lib/web-build.mjs';

const startedAt = Date.now();
const reports = mkdtempSync(join(tmpdir(), 'linkstore-test-reports-'));
const results = [];
/** Set when what the steps need could not be installed: the remaining steps are skipped. */
let halted = false;
const only = process.argv.slice(2); // e.g. `npm test -- server e2e` runs just those steps

/**
 * Runs one step and records its outcome. A step of a lane (`held`) runs beside other steps: its
 * output is held back and printed in one piece, under its heading, when it ends.
 */
async function step(name, fn, { held = false } = {}) {
  if (only.length && !only.some((o) => name.includes(o))) return;
  if (halted) return;
  if (!held) process.stdout.write(`\n${paint('1;36', `━━ ${name}`)}\n`);
  const started = Date.now();
  let outcome;
  try {
    outcome = await fn();
  } catch (error) {
    outcome = { passed: 0, failed: 1, output: `${error instanceof Error ? error.message : String(error)}\n` };
  }
  const seconds = Math.round((Date.now() - started) / 100) / 10;
  const { output, ...counts } = outcome;
  results.push({ name, ...counts, seconds });
  if (held) process.stdout.write(`\n${paint('1;36', `━━ ${name}`)}\n`);
  if (output) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
  const mark = outcome.failed ? paint('31', '✗') : paint('32', '✓');
  process.stdout.write(`${mark} ${name}: ${outcome.passed} passed, ${outcome.failed} failed (${seconds}s)\n`);
}

/**
 * Steps one after another: one lane of work that runs beside another. A `held` lane prints each
 * step's output in one piece when it ends (see `step`), so two lanes never mix their lines.
 */
async function lane(steps, { held = true, then = [] } = {}) {
  for (const [name, fn] of steps) await step(name, fn, { held });
  // Then the steps shared with another lane: whichever is free first takes the next one.
  for (let next = then.shift(); next; next = then.shift()) await step(next[0], next[1], { held });
}

/** A command that is one check: it passes or fails as a whole (its output held, see `step`). */
const check = (command, args) => async () => {
  const { code, output } = await runCollected(command, args);
  return { passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, output };
};

const node = process.execPath;
const bin = (pkg, file) => join(ROOT, 'node_modules', pkg, file);

/** The first line of a failure's message, without colour codes. */
const firstLine = (message = '') =>
  String(message)
    // eslint-disable-next-line no-control-regex -- colour codes start with the escape character
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .find((line) => line.trim())
    ?.trim()
    .slice(0, 300) ?? '';

/**
 * What a vitest failure says, in one line. Vitest's JSON report keeps an error's stack, not its
 * message, and a test or hook that runs past its time limit carries the stack of the place it was
 * declared, whose first line is only "Error: STACK_TRACE_ERROR".
 */
const vitestGist = (message) => {
  const first = firstLine(message);
  return first === 'Error: STACK_TRACE_ERROR'
    ? 'timed out (the test or one of its hooks ran past its time limit)'
    : first;
};

/** The failed tests of a vitest JSON report (a file that did not load counts as one). */
function vitestFailures(report) {
  return (report.testResults ?? []).flatMap((file) => {
    const where = file.name.replace(`${ROOT}/`, '');
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    if (!failedTests.length && file.status === 'failed') return [`${where}: ${vitestGist(file.message)}`];
    return failedTests.map((t) => `${where} › ${t.fullName}: ${vitestGist(t.failureMessages?.[0])}`);
  });
}

/** `file:line` of the step a journey stopped at. */
const attemptWhere = (error) =>
  error?.location ? `${error.location.file.split(/[\\/]e2e[\\/]/).pop()}:${error.location.line}` : 'unknown';

/** The first line of an error and the line naming the locator it waited for. */
function errorGist(message = '') {
  const lines = String(message)
    // eslint-disable-next-line no-control-regex -- colour codes start with the escape character
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const locator = lines.find((line) => line.startsWith('Locator:') || line.startsWith('Expected'));
  return [lines[0], locator].filter(Boolean).join(' — ');
}

/** The journeys that failed (or passed only on retry) in a Playwright JSON report. */
function playwrightFailures(report) {
  const out = [];
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const kind = test.status === 'flaky' ? 'flaky (passed on retry)' : 'failed';
        // Each failed attempt: where it stopped and what it waited for (the locator line), so the
        // log's tail alone says which step failed.
        const attempts = (test.results ?? [])
          .filter((r) => r.error)
          .map((r, i) => `attempt ${i + 1} at ${attemptWhere(r.error)}: ${errorGist(r.error.message)}`);
        out.push(`${spec.file}:${spec.line} › ${spec.title} [${kind}]\n      ${attempts.join('\n      ')}`);
      }
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report.suites ?? []) visit(suite);
  return out;
}

/** Runs vitest in a workspace and counts its tests from the JSON report (`held`: see `step`). */
const vitest =
  (cwd, label, env = {}, { held = false } = {}) =>
  async () => {
    const file = join(reports, `${label}.json`);
    const args = [
      bin('vitest', 'vitest.mjs'),
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${file}`,
    ];
    const options = { cwd: join(ROOT, cwd), env };
    const { code, output } = held
      ? await runCollected(node, args, options)
      : { code: await run(node, args, options), output: undefined };
    if (!existsSync(file)) return { passed: 0, failed: 1, output };
    const report = JSON.parse(readFileSync(file, 'utf8'));
    const failed = report.numFailedTests + (code !== 0 && report.numFailedTests === 0 ? 1 : 0);
    return { passed: report.numPassedTests, failed, failures: vitestFailures(report), output };
  };
const heldVitest = (cwd, label) => vitest(cwd, label, {}, { held: true });

/** Every server test on PostgreSQL, with a throw-away Redis too. */
async function serverOnPostgres() {
  const { startPostgres } = await import('./lib/postgres.mjs');
  const { startRedis } = await import('./lib/redis.mjs');
  const pg = await startPostgres();
  const redis = await startRedis().catch(async (error) => {
    await pg.stop();
    throw error;
  });
  try {
    return await vitest('apps/server', 'server-postgres', {
      TEST_DATABASE_URL: pg.url,
      TEST_REDIS_URL: redis.url,
    })();
  } finally {
    await Promise.all([pg.stop(), redis.stop()]);
  }
}

/** The browser journeys (e2e/), their progress shown as they run. */
async function journeys() {
  await webBuildOnce();
  const file = join(reports, 'e2e.json');
  const dataDir = mkdtempSync(join(tmpdir(), 'linkstore-e2e-'));
  try {
    const code = await run(
      node,
      [bin('@playwright/test', 'cli.js'), 'test', '--config', join(ROOT, 'e2e/playwright.config.ts')],
      {
        env: {
          PLAYWRIGHT_JSON_OUTPUT_NAME: file,
          E2E_PORT: String(await freePortRange(4)),
          E2E_DATA_DIR: dataDir,
        },
      },
    );
    if (!existsSync(file)) return { passed: 0, failed: 1 };
    const report = JSON.parse(readFileSync(file, 'utf8'));
    const { stats } = report;
    const failed = stats.unexpected + (code !== 0 && stats.unexpected === 0 ? 1 : 0);
    if (stats.flaky > 0)
      say(
        paint(
          '33',
          `${stats.flaky} journey(s) passed only on retry: flaky, look at e2e/test-results/journeys`,
        ),
      );
    return { passed: stats.expected + stats.flaky, failed, failures: playwrightFailures(report) };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/*
 * Debian's packages (chromium-headless-shell, postgresql, redis-server…), needed only from the
 * server tests on, install from the start: beside the npm packages (both mostly wait on downloads),
 * then beside the first checks.
 */
const systemPackages = ensureSystemPackages(TEST_PACKAGES).then(
  () => undefined,
  (error) => error,
);

try {
  await ensureNodeModules();
} catch (error) {
  process.stderr.write(
    `\nnpm test could not install what it needs: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.stdout.write('\n0 passed, 1 failed\n');
  process.exit(1);
}

/*
 * Two cores, and the first checks each use one. The type check and ESLint share TypeScript's work
 * (scripts/check-code.mjs): the web app's in one lane, then its build and the contract tests; the
 * other projects' in the other, then the format and translation checks (the two lanes end within
 * seconds of each other). Debian's packages finish installing beside them.
 */
const checkCode = (...args) => check(node, [join(ROOT, 'scripts/check-code.mjs'), ...args]);
await Promise.all([
  lane([
    ['types and lint: web', checkCode('apps/web')],
    ['web build', check(node, [join(ROOT, 'scripts/build-web.mjs'), '--if-stale'])],
    ['contract tests', heldVitest('packages/contract', 'contract')],
  ]),
  lane([
    ['types and lint: the rest', checkCode('packages/contract', 'apps/server', 'e2e', '--others')],
    ['format', check(node, [bin('prettier', 'bin/prettier.cjs'), '--check', '--log-level', 'warn', '.'])],
    ['translations', check(node, [join(ROOT, 'scripts/i18n-check.mjs')])],
  ]),
]);
const installFailure = await systemPackages;
if (installFailure) {
  process.stderr.write(
    `\nnpm test could not install what it needs: ${installFailure instanceof Error ? installFailure.message : String(installFailure)}\n`,
  );
  results.push({ name: 'system packages', passed: 0, failed: 1, seconds: 0 });
  halted = true;
}

/*
 * Then every server test on PostgreSQL, alone: with a throw-away Redis too (the tests of several
 * server processes, realtime fan-out, shared limits, jobs once per cluster), and the checks that
 * race a limit of their own (the realtime cap, the code generator's round trip) have both cores.
 */
const { createSecurityRun } = await import('./lib/security.mjs');
const security = createSecurityRun();
await step('server tests on PostgreSQL', serverOnPostgres);

/*
 * Then two lanes. The browser journeys stream their progress in one; a journey waits on the page
 * and the server in turn and leaves about a third of two cores idle (decision 0051). The other
 * lane fills that idle time, its output held step by step: the web tests, on the embedded PGlite
 * the server tests where the engine can make a difference, the security suite's server parts and
 * SQL injection. It runs at `nice -n 3`, so the journeys keep most of their pace, and no nicer:
 * its steps have time limits of their own (a web test's 20 s, a wait's 5 s), which hold only while
 * they get a fair part of a core. At `nice -n 10` they got a tenth of one whenever the journeys
 * kept both cores busy, and a web test that takes 1.5 s ran past its 20 s in CI; at 3, a third.
 * The security suite's browser parts go to whichever lane is free first (each lane's length varies
 * with the machine).
 */
const eitherLane = [['security: browser parts', () => security.run('browser parts')]];
await Promise.all([
  lane([['browser journeys', journeys]], { held: false, then: eitherLane }),
  atLowerPriority(3, () =>
    lane(
      [
        ['web tests', heldVitest('apps/web', 'web')],
        [
          'server tests on PGlite',
          vitest(
            'apps/server',
            'server-pglite',
            { TEST_DATABASE_URL: '', TEST_SCOPE: 'engine' },
            { held: true },
          ),
        ],
        ['security: server parts', () => security.run('server parts')],
        ['security: SQL injection', () => security.run('SQL injection')],
      ],
      { then: eitherLane },
    ),
  ),
]);
security.finish();

rmSync(reports, { recursive: true, force: true });
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
// Wall time: steps run in two lanes side by side, so their times add up to more than it took.
const seconds = (Date.now() - startedAt) / 1000;
process.stdout.write(`\n${paint('1', 'Summary')}\n`);
for (const r of results) {
  process.stdout.write(
    `  ${r.failed ? paint('31', '✗') : paint('32', '✓')} ${r.name.padEnd(28)} ${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(3)} failed ${String(r.seconds).padStart(6)}s\n`,
  );
}
// What failed, by name, where the last lines of a long log are all that is read.
const failures = results.flatMap((r) => (r.failures ?? []).map((f) => `${r.name}: ${f}`));
if (failures.length) {
  process.stdout.write(`\n${paint('1', 'Failed or flaky')}\n`);
  for (const failure of failures) process.stdout.write(`  ${paint('31', '✗')} ${failure}\n`);
}
say(`total time ${Math.round(seconds)}s; failure screenshots, if any, are in e2e/test-results`);
process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
process.exit(failed > 0 ? 1 : 0);
