import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * The security and reliability suite (`npm test -- security`, issue 15): one file per part in
 * `src/security/`, named `<part>.security.ts`, so the ordinary server runs do not pick them up.
 * The stage runs it on PostgreSQL, the database a production install uses.
 */
export default defineConfig({
  test: {
    name: 'security',
    include: ['src/security/**/*.security.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
