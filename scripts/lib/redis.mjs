import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findRedisServer } from './deps.mjs';
import { freePort, spawnProcess } from './process.mjs';

/** Resolves once something answers on the port (or rejects after `ms`). */
function whenListening(port, ms) {
  const until = Date.now() + ms;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = createConnection({ host: '127.0.0.1', port });
      socket.once('connect', () => {
        socket.end();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > until) reject(new Error(`redis-server did not listen on ${port}`));
        else setTimeout(attempt, 50);
      });
    };
    attempt();
  });
}

/**
 * Starts a throw-away Redis on a free loopback port (no persistence, in a private folder), for the
 * tests with several server processes. Resolves with its URL and a stop function.
 */
export async function startRedis() {
  const bin = findRedisServer();
  if (!bin) throw new Error('Redis is not installed (apt-get install redis-server)');
  const dir = mkdtempSync(join(tmpdir(), 'linkstore-redis-'));
  const port = await freePort();
  const child = spawnProcess(
    bin,
    ['--bind', '127.0.0.1', '--port', String(port), '--dir', dir, '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    await whenListening(port, 10_000);
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
