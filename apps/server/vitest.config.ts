import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * `npm test` runs every server test on PostgreSQL, and on the embedded PGlite again only the files
 * where the engine can make a difference (decision 0051, `TEST_SCOPE=engine`): the database layer
 * itself and the job queue's claims, the embedded start and seed, money (sums and ledger figures as
 * each driver parses them), and the storefront and shop events (raw SQL aggregates, change
 * notifications in-process). The journeys and the security suite run the whole product on PGlite
 * besides.
 */
const ENGINE_SENSITIVE = [
  'src/platform/db/**/*.test.ts',
  'src/platform/jobs/**/*.test.ts',
  'src/main.test.ts',
  'src/seed-scale.test.ts',
  'src/modules/**/*.seed.test.ts',
  'src/modules/{payments,payouts,refunds,earnings,reconciliation,orders,dashboard,pricing}/**/*.test.ts',
  'src/modules/{storefront,shop-events}/**/*.test.ts',
];
/**
 * In those folders, what the engine has no part in: the PayPal adapters' HTTP exchanges with the
 * local PayPal (their ledger rows are the same code as their sandbox siblings'), a spreadsheet
 * export and a request rate limit.
 */
const ENGINE_INDIFFERENT = [
  'src/modules/**/*-paypal.test.ts',
  'src/modules/payments/{paypal,sandbox}.provider.test.ts',
  'src/modules/payments/sandbox-payouts.test.ts',
  'src/modules/**/*.xlsx.test.ts',
  'src/modules/orders/webhook-limit.test.ts',
];

/** Test files that replace a module with `vi.mock`, found rather than listed: they run with modules of their own. */
function isolatedTestFiles(dir = 'src'): string[] {
  return readdirSync(fileURLToPath(new URL(dir, import.meta.url)), { withFileTypes: true }).flatMap(
    (entry) => {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) return isolatedTestFiles(path);
      if (!entry.name.endsWith('.test.ts')) return [];
      return /\bvi\.mock\(/.test(readFileSync(fileURLToPath(new URL(path, import.meta.url)), 'utf8'))
        ? [path]
        : [];
    },
  );
}
const ISOLATED_TEST_FILES = isolatedTestFiles();

/** A glob (`**`, `*`, `{a,b}`) as a regular expression over a file's path from `apps/server`. */
function globRegExp(glob: string): RegExp {
  const source = glob
    .replace(/[.+^$()|[\]\\]/g, '\\$&')
    .replace(/\{([^}]*)\}/g, (_, options: string) => `(?:${options.split(',').join('|')})`)
    .split('**/')
    .map((part) => part.replace(/\*/g, '[^/]*'))
    .join('(?:.*/)?');
  return new RegExp(`^${source}$`);
}
const scoped = process.env.TEST_SCOPE === 'engine';
/** Whether a file belongs to this run (on PGlite, the engine-sensitive files only). */
const inScope = (file: string) =>
  !scoped ||
  (ENGINE_SENSITIVE.some((glob) => globRegExp(glob).test(file)) &&
    !ENGINE_INDIFFERENT.some((glob) => globRegExp(glob).test(file)));
const ownModules = ISOLATED_TEST_FILES.filter(inScope);
const name = process.env.TEST_DATABASE_URL ? 'server (postgres)' : 'server (pglite)';

export default defineConfig({
  test: {
    globalSetup: ['src/test/global-setup.ts'],
    pool: 'forks',
    // Files share a worker's loaded modules: each builds its own app on its own database copy, so
    // nothing a file needs is module state, and loading Fastify, Drizzle and every module once per
    // worker rather than per file halved the runs (PostgreSQL 410 s → 199 s, the PGlite subset
    // 272 s → 139 s; decision 0051). A file that replaces a module (`vi.mock`) keeps its own.
    projects: [
      ...(ownModules.length
        ? [{ extends: true as const, test: { name: `${name} (own modules)`, include: ownModules } }]
        : []),
      {
        extends: true,
        test: {
          name,
          include: scoped ? ENGINE_SENSITIVE : ['src/**/*.test.ts'],
          exclude: [...ISOLATED_TEST_FILES, ...(scoped ? ENGINE_INDIFFERENT : []), '**/node_modules/**'],
          isolate: false,
        },
      },
    ],
    // At least two workers: Vitest's default (cores − 1) is one on CI's 2 cores, leaving one idle.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
