import { describe, expect, it } from 'vitest';
import { SEVERAL_PROCESSES_NEED_POSTGRES } from './platform/config/config';
import { startServer } from './test/server-process';

/**
 * The server process refuses to start, before it opens any database, with one message naming
 * what to change and no stack trace. Outside the engine-sensitive files (vitest.config.ts): the
 * refusals are the same whatever the database, so `npm test` runs them once.
 */
interface TRefusal {
  what: string;
  env: Record<string, string>;
  says: string[];
}

describe('the server process refuses to start', () => {
  it.each<TRefusal>([
    {
      what: 'on a bad configuration value, naming it',
      env: { PORT: 'eighty' },
      says: ['Invalid configuration', 'PORT must be a port number (got "eighty")'],
    },
    {
      what: 'a deployment on the default sandbox, naming PAYMENT_PROVIDER',
      env: { NODE_ENV: 'production' },
      says: ['PAYMENT_PROVIDER must be set when NODE_ENV is production or DATABASE_URL is set'],
    },
    {
      what: 'more than one process on the embedded database, naming WEB_CONCURRENCY and DATABASE_URL',
      env: { WEB_CONCURRENCY: '2' },
      says: [SEVERAL_PROCESSES_NEED_POSTGRES],
    },
  ])('$what', async ({ env, says }) => {
    const server = startServer(env);
    expect(await server.exited).toBe(1);
    const { stderr, stdout } = server.output();
    for (const message of says) expect(stderr).toContain(message);
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(stdout).not.toContain('is running');
  });
});
