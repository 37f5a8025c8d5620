// The SQL injection part of the security stage (docs/security.md, "SQL injection"): Debian's
// sqlmap against every list and search endpoint of the contract and the sign-in body, on the
// real server with a fresh embedded database, time-boxed. A target passes when sqlmap ran its
// tests against a normal answer (200 before anything is injected) and found nothing injectable.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, ROOT, spawnProcess } from './process.mjs';
import { ensureServerBuild, SERVER_NODE_ARGS } from './server-build.mjs';

export const SQLMAP = '/usr/bin/sqlmap';
/** Each target's box, and the whole part's: a target not reached in time fails. */
const TARGET_SECONDS = 60;
const TOTAL_SECONDS = 300;
const PASSWORD = 'sqlmap-seed-pass-1';

/** Runs a command with its output collected; kills it after `seconds`. */
function collect(command, args, { seconds, cwd = ROOT, env = {} } = {}) {
  return new Promise((resolvePromise) => {
    const child = spawnProcess(command, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    let timedOut = false;
    const timer = seconds
      ? setTimeout(() => {
          timedOut = true;
          child.kill('SIGKILL');
        }, seconds * 1000)
      : undefined;
    child.on('error', (error) => {
      clearTimeout(timer);
      resolvePromise({ code: 127, output: `${output}\n${error.message}`, timedOut });
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolvePromise({ code: code ?? 1, output, timedOut });
    });
  });
}

/** The real server on a fresh embedded database (seeded operators and demo shop). */
async function startServer(dataDir) {
  await ensureServerBuild();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawnProcess(process.execPath, SERVER_NODE_ARGS, {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SEED_PASSWORD: PASSWORD,
      CAPTCHA_ENABLED: 'false',
      // sqlmap's `xforwardedfor` tamper gives each sign-in attempt its own address, so the
      // per-address sign-in limit does not answer every payload the same.
      TRUST_PROXY: 'true',
      PAYMENT_PROVIDER: 'sandbox',
      DATABASE_URL: '',
    },
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server stopped: ${stderr}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) {
        return { url, stop: () => new Promise((done) => (child.once('exit', done), child.kill('SIGTERM'))) };
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 300));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not answer /api/health within 120 s: ${stderr}`);
}

async function signIn(url, username) {
  const answer = await fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  const body = await answer.json();
  if (!body?.data?.accessToken) throw new Error(`${username} could not sign in: ${JSON.stringify(body)}`);
  return body.data.accessToken;
}

/** The contract's list and search routes with their free-text parameters (sqlmap-targets.ts). */
async function contractTargets() {
  const { code, output } = await collect(
    process.execPath,
    ['--import', 'tsx', 'src/security/sqlmap-targets.ts'],
    {
      cwd: join(ROOT, 'apps/server'),
      seconds: 60,
    },
  );
  if (code !== 0) throw new Error(`sqlmap-targets.ts failed: ${output}`);
  return JSON.parse(output.trim().split('\n').pop());
}

const INJECTABLE = [
  /sqlmap identified the following injection point/i,
  /parameter '[^']*' (?:is|appears to be) '[^']*' injectable/i,
  /parameter '[^']*' is vulnerable/i,
];
const NOTHING_FOUND = /all tested parameters do not appear to be injectable/i;

/** One sqlmap run; the verdict is read from its output and its output folder. */
async function sqlmap(target, work, index) {
  const dir = join(work, `target-${index}`);
  mkdirSync(dir, { recursive: true });
  const traffic = join(dir, 'traffic.txt');
  const args = [
    '-u',
    target.url,
    '-p',
    target.params.join(','),
    '--batch',
    '--flush-session',
    '--disable-coloring',
    '--dbms=PostgreSQL',
    '--level=2',
    '--risk=1',
    // Boolean, error, union, and a short time-based pass (pg_sleep of 1 s).
    '--technique=BEUT',
    '--time-sec=1',
    '--timeout=10',
    '--retries=1',
    `--output-dir=${dir}`,
    '-t',
    traffic,
    ...(target.headers.length ? ['--headers', target.headers.join('\n')] : []),
    ...(target.data ? ['--data', target.data] : []),
    ...(target.tamper ? [`--tamper=${target.tamper}`] : []),
  ];
  const started = Date.now();
  const run = await collect(SQLMAP, args, { seconds: TARGET_SECONDS, cwd: dir, env: { HOME: dir } });
  const seconds = Math.round((Date.now() - started) / 100) / 10;
  const requests = existsSync(traffic)
    ? (readFileSync(traffic, 'utf8').match(/^HTTP request \[#/gm) ?? []).length
    : 0;
  // sqlmap writes a `log` of the injection points it found in <output-dir>/<host>/.
  const found = readdirSync(dir).some((host) => {
    const log = join(dir, host, 'log');
    return existsSync(log) && statSync(log).size > 0;
  });
  const injectable = found || INJECTABLE.some((pattern) => pattern.test(run.output));
  const completed = NOTHING_FOUND.test(run.output);
  let verdict = 'passed';
  if (injectable) verdict = 'INJECTABLE';
  else if (run.timedOut) verdict = `timed out after ${TARGET_SECONDS} s`;
  else if (!completed)
    verdict = `sqlmap did not finish its tests (exit ${run.code}): ${run.output.slice(-600)}`;
  return { verdict, seconds, requests };
}

/**
 * The part: `{ name: 'sql-injection', passed, failed, seconds, figures }` with one entry per
 * target in `figures.targets`.
 */
export async function runSqlInjectionPart() {
  const work = mkdtempSync(join(tmpdir(), 'linkstore-sqlmap-'));
  const started = Date.now();
  const results = [];
  let server;
  try {
    if (!existsSync(SQLMAP)) throw new Error(`${SQLMAP} is missing (apt-get install sqlmap)`);
    const routes = await contractTargets();
    server = await startServer(join(work, 'data'));
    const tokens = {
      operator: await signIn(server.url, 'admin'),
      creator: await signIn(server.url, 'demo@linkstore.local'),
    };
    const targets = routes
      .filter((route) => route.params.length > 0)
      .map((route) => ({
        name: `GET ${route.path}`,
        // Path parameters: the demo shop (the only one among the search routes today).
        url: `${server.url}${route.path.replace(':slug', 'demo')}?${route.params.map((p) => `${p}=a`).join('&')}`,
        params: route.params,
        headers: route.access === 'public' ? [] : [`Authorization: Bearer ${tokens[route.access]}`],
      }));
    targets.push({
      name: 'POST /api/v1/auth/login (body)',
      url: `${server.url}/api/v1/auth/login`,
      params: ['username'],
      data: JSON.stringify({ username: 'sqlmap-probe', password: 'not-the-password' }),
      headers: ['Content-Type: application/json'],
      tamper: 'xforwardedfor',
    });
    for (const [index, target] of targets.entries()) {
      const entry = { target: target.name, params: target.params };
      if ((Date.now() - started) / 1000 > TOTAL_SECONDS) {
        results.push({
          ...entry,
          verdict: `not run: the part's ${TOTAL_SECONDS} s were spent`,
          seconds: 0,
          requests: 0,
        });
        continue;
      }
      if (target.name.startsWith('GET')) {
        const before = await fetch(target.url, {
          headers: Object.fromEntries(target.headers.map((h) => h.split(': '))),
        });
        if (before.status !== 200) {
          results.push({
            ...entry,
            verdict: `the unmodified request answered ${before.status}`,
            seconds: 0,
            requests: 1,
          });
          continue;
        }
      }
      results.push({ ...entry, ...(await sqlmap(target, work, index)) });
    }
    const skippedParams = routes.flatMap((route) => route.skipped.map((p) => `${route.path} ${p}`));
    const failed = results.filter((r) => r.verdict !== 'passed');
    for (const r of results) {
      const mark = r.verdict === 'passed' ? '✓' : '✗';
      process.stdout.write(
        `  ${mark} sqlmap ${r.target} [${r.params.join(', ')}]: ${r.verdict} (${r.requests} requests, ${r.seconds} s)\n`,
      );
    }
    return {
      name: 'sql-injection',
      passed: results.length - failed.length,
      failed: failed.length,
      seconds: Math.round((Date.now() - started) / 100) / 10,
      figures: {
        tool: 'sqlmap (Debian), --level=2 --risk=1 --technique=BEUT --time-sec=1 --dbms=PostgreSQL',
        targets: results,
        parameters: results.reduce((n, r) => n + r.params.length, 0),
        requests: results.reduce((n, r) => n + r.requests, 0),
        routesWithoutFreeText: routes.filter((route) => route.params.length === 0).map((route) => route.path),
        parametersNotTried: skippedParams.length,
      },
    };
  } catch (error) {
    return {
      name: 'sql-injection',
      passed: 0,
      failed: 1,
      seconds: Math.round((Date.now() - started) / 100) / 10,
      figures: { error: String(error?.stack ?? error), targets: results },
    };
  } finally {
    await server?.stop();
    rmSync(work, { recursive: true, force: true });
  }
}
