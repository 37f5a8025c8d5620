import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_NODE_ARGS } from '../../../../scripts/lib/server-build.mjs';

/**
 * Runs the real entry point as `npm start` does (its bundle, which the test run's global setup
 * builds when the sources changed), and collects what it prints.
 */
export function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, SERVER_NODE_ARGS, {
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
