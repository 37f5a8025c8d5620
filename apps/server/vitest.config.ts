import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * `npm test` runs every server test on PostgreSQL, and on the embedded PGlite again only the files
 * where the engine can make a difference (decision 0051, `TEST_SCOPE=engine`): the database layer
 * itself and the job queue's claims, the embedded start and seed, money (sums and ledger figures as each driver parses them),
 * and the storefront and shop events (raw SQL aggregates, change notifications in-process). The
 * journeys and the security suite run the whole product on PGlite besides.
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

export default defineConfig({
  test: {
    name: process.env.TEST_DATABASE_URL ? 'server (postgres)' : 'server (pglite)',
    include: process.env.TEST_SCOPE === 'engine' ? ENGINE_SENSITIVE : ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    pool: 'forks',
    // At least two workers: Vitest's default (cores − 1) is one on CI's 2 cores, leaving one idle.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
