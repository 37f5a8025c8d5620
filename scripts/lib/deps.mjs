import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM, CHROMIUM_HEADLESS } from './chromium.mjs';
import { capture, npmCommand, paint, ROOT, run, runCollected, say } from './process.mjs';

/**
 * Installs npm dependencies when they are missing or older than the lockfile. `npm ci` keeps
 * the exact versions of package-lock.json.
 */
export async function ensureNodeModules() {
  const marker = join(ROOT, 'node_modules', '.package-lock.json');
  const lock = join(ROOT, 'package-lock.json');
  const fresh =
    existsSync(marker) && (!existsSync(lock) || statSync(marker).mtimeMs >= statSync(lock).mtimeMs);
  if (fresh) return;
  say('Installing npm dependencies (first run or the lockfile changed)…');
  const args = existsSync(lock) ? ['ci', '--no-audit', '--no-fund'] : ['install', '--no-audit', '--no-fund'];
  const code = await run(npmCommand, args);
  if (code !== 0) throw new Error(`npm ${args[0]} failed (exit ${code})`);
}

export function findPostgresBin() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'postgres')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(base, versions[0], 'bin') : undefined;
}

/** The redis-server binary, if installed. */
export function findRedisServer() {
  return ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((path) => existsSync(path));
}

/**
 * Latin text in Arial's and Times' metrics (what the full browser recommends), and a CJK font:
 * Chinese pages render as empty boxes without one.
 */
const FONTS = [
  { name: 'fonts-liberation', present: () => existsSync('/usr/share/fonts/truetype/liberation') },
  { name: 'fonts-noto-cjk', present: () => existsSync('/usr/share/fonts/opentype/noto') },
];
const POSTGRESQL = { name: 'postgresql', present: () => findPostgresBin() !== undefined };

/**
 * Debian packages `npm test` needs, with how to tell each is present; all without their
 * recommended packages. The journeys' browser is chromium-headless-shell: the full browser's
 * recommended packages (printing, Samba, GTK, Perl, upower…, 240 packages) took two minutes to
 * install on a fresh machine and slowed the first checks beside them (decision 0051). Its fonts are
 * the two of `FONTS`.
 */
export const TEST_PACKAGES = [
  // The browser the journeys run in (scripts/lib/chromium.mjs).
  { name: 'chromium-headless-shell', present: () => existsSync(CHROMIUM_HEADLESS) },
  ...FONTS,
  POSTGRESQL,
  // The realtime tests with several server processes (a throw-away Redis, scripts/lib/redis.mjs).
  { name: 'redis-server', present: () => findRedisServer() !== undefined },
  // The security suite's SQL-injection part (scripts/lib/security.mjs).
  { name: 'sqlmap', present: () => existsSync('/usr/bin/sqlmap') },
];

/** What `npm run bench` needs: the full browser (its page figures) and PostgreSQL. */
export const BENCH_PACKAGES = [
  { name: 'chromium', present: () => existsSync(CHROMIUM) },
  ...FONTS,
  POSTGRESQL,
];

/**
 * Installs the missing ones of `packages` with apt-get (as root, the way CI runs), without their
 * recommended packages. apt's output is held and shown only if it fails: it runs beside other work.
 */
export async function ensureSystemPackages(packages) {
  const missing = packages.filter((p) => !p.present()).map((p) => p.name);
  if (missing.length === 0) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const prefix = isRoot ? [] : capture('sudo', ['-n', 'true']) !== undefined ? ['sudo', '-n'] : undefined;
  if (!prefix || !existsSync('/usr/bin/apt-get')) {
    throw new Error(
      `Missing system packages: ${missing.join(', ')}. Install them (Debian: apt-get install ${missing.join(' ')}) and run again.`,
    );
  }
  say(`Installing system packages: ${missing.join(', ')}…`);
  const started = Date.now();
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = async (args) => {
    const [command, ...rest] = [...prefix, 'apt-get', ...args];
    const { code, output } = await runCollected(command, rest, { env });
    if (code !== 0)
      throw new Error(`apt-get ${args.join(' ')} failed (exit ${code}):\n${output.slice(-4000)}`);
  };
  await apt(['update', '-qq']);
  await apt(['install', '-y', '-qq', '--no-install-recommends', ...missing]);
  const still = packages.filter((p) => !p.present()).map((p) => p.name);
  if (still.length) throw new Error(`Still missing after apt-get: ${still.join(', ')}`);
  const seconds = Math.round((Date.now() - started) / 1000);
  process.stdout.write(`${paint('32', '✓')} system packages installed (${seconds}s)\n`);
}
