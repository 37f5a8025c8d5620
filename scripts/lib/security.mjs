// The security and reliability stage of `npm test` (issue 15; docs/security.md): every part
// prints `N passed, N failed`, and the stage writes a JSON summary to
// security-results/latest.json. Parts:
//   - the server parts, `apps/server/src/security/<part>.security.ts`, run by vitest on a
//     throw-away PostgreSQL (the database a production install uses);
//   - the browser parts, `e2e/security/<part>.spec.ts`, run by Playwright in chromium against
//     the real server on the embedded database (what `npm start` gives);
//   - SQL injection: Debian's sqlmap against the list and search endpoints, time-boxed.
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { freePortRange, paint, ROOT, run, say } from './process.mjs';
import { webBuildOnce } from './web-build.mjs';

const node = process.execPath;
const bin = (pkg, file) => join(ROOT, 'node_modules', pkg, file);

const partOf = (file) => basename(file).replace(/\.(security|spec)\.ts$/, '');

/** Server parts: vitest on PostgreSQL, counted per file. */
async function serverParts(work, figuresDir) {
  const { startPostgres } = await import('./postgres.mjs');
  const pg = await startPostgres();
  const file = join(work, 'security-vitest.json');
  try {
    const code = await run(
      node,
      [
        bin('vitest', 'vitest.mjs'),
        'run',
        '--config',
        'vitest.security.config.ts',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${file}`,
      ],
      {
        cwd: join(ROOT, 'apps/server'),
        env: { TEST_DATABASE_URL: pg.url, SECURITY_FIGURES_DIR: figuresDir },
      },
    );
    if (!existsSync(file)) return [{ name: 'server parts', passed: 0, failed: 1, seconds: 0 }];
    const report = JSON.parse(readFileSync(file, 'utf8'));
    const parts = report.testResults.map((suite) => {
      const tests = suite.assertionResults ?? [];
      const passed = tests.filter((t) => t.status === 'passed').length;
      // A file that failed to load has no tests but a failed status: it counts as one failure.
      const failed =
        tests.filter((t) => t.status === 'failed').length ||
        (suite.status === 'failed' && tests.every((t) => t.status !== 'failed') ? 1 : 0);
      const seconds = Math.round(((suite.endTime ?? 0) - (suite.startTime ?? 0)) / 100) / 10;
      const failures = tests.filter((t) => t.status === 'failed').map((t) => t.fullName);
      if (failed && !failures.length) failures.push(`${partOf(suite.name)} did not load`);
      return { name: partOf(suite.name), passed, failed, seconds, failures };
    });
    if (code !== 0 && parts.every((p) => p.failed === 0)) {
      parts.push({ name: 'server parts (exit code)', passed: 0, failed: 1, seconds: 0 });
    }
    return parts;
  } finally {
    await pg.stop();
  }
}

/** Browser parts: Playwright in chromium, counted per spec file. */
async function browserParts(work) {
  if (!existsSync(join(ROOT, 'e2e/security')) || !readdirSync(join(ROOT, 'e2e/security')).length) return [];
  await webBuildOnce();
  const file = join(work, 'security-e2e.json');
  const dataDir = mkdtempSync(join(tmpdir(), 'linkstore-security-e2e-'));
  try {
    const code = await run(
      node,
      [bin('@playwright/test', 'cli.js'), 'test', '--config', join(ROOT, 'e2e/playwright.config.ts')],
      {
        env: {
          E2E_SUITE: 'security',
          PLAYWRIGHT_JSON_OUTPUT_NAME: file,
          E2E_PORT: String(await freePortRange(4)),
          E2E_DATA_DIR: dataDir,
          SECURITY_FIGURES_DIR: join(work, 'figures'),
        },
      },
    );
    if (!existsSync(file)) return [{ name: 'browser parts', passed: 0, failed: 1, seconds: 0 }];
    const report = JSON.parse(readFileSync(file, 'utf8'));
    const byFile = new Map();
    const walk = (suite) => {
      for (const spec of suite.specs ?? []) {
        const name = partOf(spec.file ?? suite.file);
        const part = byFile.get(name) ?? { name, passed: 0, failed: 0, seconds: 0, failures: [] };
        for (const test of spec.tests ?? []) {
          const last = test.results?.[test.results.length - 1];
          if (test.status === 'expected' || test.status === 'flaky') part.passed += 1;
          else if (test.status !== 'skipped') {
            part.failed += 1;
            part.failures.push(spec.title);
          }
          if (test.status === 'flaky') part.failures.push(`${spec.title} (flaky: passed on retry)`);
          part.seconds += Math.round((last?.duration ?? 0) / 100) / 10;
        }
        byFile.set(name, part);
      }
      for (const child of suite.suites ?? []) walk(child);
    };
    for (const suite of report.suites ?? []) walk(suite);
    const parts = [...byFile.values()];
    if (code !== 0 && parts.every((p) => p.failed === 0)) {
      parts.push({ name: 'browser parts (exit code)', passed: 0, failed: 1, seconds: 0 });
    }
    return parts;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * SQL injection: sqlmap against every list and search endpoint and the sign-in body, on the real
 * server with a fresh embedded database (scripts/lib/sqlmap.mjs); one pass or fail per target.
 */
async function sqlInjectionPart() {
  const { runSqlInjectionPart } = await import('./sqlmap.mjs');
  return [await runSqlInjectionPart()];
}

/**
 * One run of the suite. `npm test` runs each kind of part as a step of its own (`run(kind)`, its
 * time in the summary); `finish` then prints every part's count and writes the JSON summary.
 */
export function createSecurityRun() {
  const work = mkdtempSync(join(tmpdir(), 'linkstore-security-'));
  const figuresDir = join(work, 'figures');
  const started = new Date();
  const parts = [];
  const kinds = {
    'server parts': () => serverParts(work, figuresDir),
    'browser parts': () => browserParts(work),
    'SQL injection': () => sqlInjectionPart(),
  };
  return {
    /** Runs one kind of part; resolves with its counts, as a step of `npm test` records them. */
    async run(kind) {
      const done = await kinds[kind]();
      parts.push(...done);
      return {
        passed: done.reduce((n, p) => n + p.passed, 0),
        failed: done.reduce((n, p) => n + p.failed, 0),
        failures: done.flatMap((p) => (p.failures ?? []).map((f) => `${p.name} › ${f}`)),
      };
    },
    /** Prints the parts' counts and writes security-results/latest.json; removes the work folder. */
    finish() {
      try {
        if (parts.length) writeSummary(parts, figuresDir, started);
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
    },
  };
}

function writeSummary(parts, figuresDir, started) {
  const figures = existsSync(figuresDir)
    ? Object.fromEntries(
        readdirSync(figuresDir).map((f) => [
          f.replace(/\.json$/, ''),
          JSON.parse(readFileSync(join(figuresDir, f), 'utf8')),
        ]),
      )
    : {};
  process.stdout.write(`\n${paint('1', 'Security suite')}\n`);
  for (const p of parts) {
    const mark = p.failed ? paint('31', '✗') : paint('32', '✓');
    process.stdout.write(`  ${mark} ${p.name}: ${p.passed} passed, ${p.failed} failed\n`);
  }
  let commit = '';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    // Not a git checkout: the summary goes without the commit.
  }
  const summary = {
    startedAt: started.toISOString(),
    seconds: Math.round((Date.now() - started.getTime()) / 1000),
    commit,
    passed: parts.reduce((n, p) => n + p.passed, 0),
    failed: parts.reduce((n, p) => n + p.failed, 0),
    parts: parts.map((p) => ({ ...p, figures: p.figures ?? figures[p.name] })),
  };
  const out = join(ROOT, 'security-results');
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'latest.json'), `${JSON.stringify(summary, null, 2)}\n`);
  say(`security summary: security-results/latest.json`);
}
