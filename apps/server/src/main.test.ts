import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { copyTemplateDatabase } from './test/helper';

const MAIN = join(dirname(fileURLToPath(import.meta.url)), 'main.ts');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Runs the real entry point as `npm start` does, and collects what it prints. */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      PATH: process.env.PATH,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'linkstore-main-')),
      LOG_LEVEL: 'warn',
      // The sample catalogue takes seconds to draw; catalog.seed.test.ts covers it.
      SEED_DEMO: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

async function waitFor(check: () => boolean, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('the server process', () => {
  it('stops on a bad configuration value with a message naming it, and no stack trace', async () => {
    const server = startServer({ PORT: 'eighty' });
    expect(await server.exited).toBe(1);
    const { stderr } = server.output();
    expect(stderr).toContain('Invalid configuration');
    expect(stderr).toContain('PORT must be a port number (got "eighty")');
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('refuses to start a deployment on the default sandbox, naming PAYMENT_PROVIDER', async () => {
    const server = startServer({ NODE_ENV: 'production' });
    expect(await server.exited).toBe(1);
    const { stderr, stdout } = server.output();
    expect(stderr).toContain(
      'PAYMENT_PROVIDER must be set when NODE_ENV is production or DATABASE_URL is set',
    );
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(stdout).not.toContain('is running');
  });

  it('migrates, seeds, serves, prints its URL, and shuts down cleanly on SIGTERM', async () => {
    const port = await freePort();
    const database = await copyTemplateDatabase();
    // With a DATABASE_URL the sandbox must be chosen explicitly (config.ts); without, it is the default.
    const server = startServer({
      PORT: String(port),
      ...(database ? { DATABASE_URL: database.url, PAYMENT_PROVIDER: 'sandbox' } : {}),
    });
    try {
      await waitFor(() => server.output().stdout.includes('is running'), 45_000);
      expect(server.output().stdout).toContain(`Open:      http://127.0.0.1:${port}/`);
      expect(server.output().stdout).toContain(
        'Payments:  !! SANDBOX: offline test payments, NO MONEY MOVES !!',
      );
      expect(server.output().stdout).toContain(
        `anyone can approve their own order at http://127.0.0.1:${port}/payauth`,
      );
      const health = (await (await fetch(`http://127.0.0.1:${port}/api/health`)).json()) as { code: number };
      expect(health.code).toBe(1);
      const countries = (await (await fetch(`http://127.0.0.1:${port}/api/v1/countries`)).json()) as {
        data: unknown[];
      };
      expect(countries.data.length).toBeGreaterThan(30);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      server.child.kill('SIGKILL');
      await database?.drop();
    }
  }, 60_000);
});
