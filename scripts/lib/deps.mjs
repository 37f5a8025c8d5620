import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM, CHROMIUM_HEADLESS } from './chromium.mjs';
import { capture, npmCommand, paint, ROOT, run, say } from './process.mjs';

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

/** Debian packages the test suite needs, with how to tell each is present. */
const SYSTEM_PACKAGES = [
  // With its recommended packages: they bring the fonts pages render with.
  { name: 'chromium', present: () => existsSync(CHROMIUM), withRecommends: true },
  // The browser the journeys run in (scripts/lib/chromium.mjs).
  { name: 'chromium-headless-shell', present: () => existsSync(CHROMIUM_HEADLESS), withRecommends: false },
  { name: 'postgresql', present: () => findPostgresBin() !== undefined, withRecommends: false },
  // The realtime tests with several server processes (a throw-away Redis, scripts/lib/redis.mjs).
  { name: 'redis-server', present: () => findRedisServer() !== undefined, withRecommends: false },
  // The security suite's SQL-injection part (scripts/lib/security.mjs).
  { name: 'sqlmap', present: () => existsSync('/usr/bin/sqlmap'), withRecommends: false },
  // Chinese pages render as empty boxes without a CJK font.
  {
    name: 'fonts-noto-cjk',
    present: () => existsSync('/usr/share/fonts/opentype/noto'),
    withRecommends: true,
  },
];

/** Installs the missing Debian packages with apt-get (as root, the way CI runs). */
export async function ensureSystemPackages() {
  const missingPackages = SYSTEM_PACKAGES.filter((p) => !p.present());
  const missing = missingPackages.map((p) => p.name);
  if (missing.length === 0) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const prefix = isRoot ? [] : capture('sudo', ['-n', 'true']) !== undefined ? ['sudo', '-n'] : undefined;
  if (!prefix || !existsSync('/usr/bin/apt-get')) {
    throw new Error(
      `Missing system packages: ${missing.join(', ')}. Install them (Debian: apt-get install ${missing.join(' ')}) and run again.`,
    );
  }
  say(`Installing system packages: ${missing.join(', ')}…`);
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (args) =>
    prefix.length
      ? run(prefix[0], [...prefix.slice(1), 'apt-get', ...args], { env })
      : run('apt-get', args, { env });
  if ((await apt(['update', '-qq'])) !== 0) throw new Error('apt-get update failed');
  for (const withRecommends of [true, false]) {
    const names = missingPackages.filter((p) => p.withRecommends === withRecommends).map((p) => p.name);
    if (names.length === 0) continue;
    const flags = withRecommends ? [] : ['--no-install-recommends'];
    const code = await apt(['install', '-y', '-qq', ...flags, ...names]);
    if (code !== 0) throw new Error(`apt-get install ${names.join(' ')} failed (exit ${code})`);
  }
  const still = SYSTEM_PACKAGES.filter((p) => !p.present()).map((p) => p.name);
  if (still.length) throw new Error(`Still missing after apt-get: ${still.join(', ')}`);
  process.stdout.write(`${paint('32', '✓')} system packages installed\n`);
}
