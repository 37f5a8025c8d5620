import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { startPostgres } from '../lib/postgres.mjs';
import { ROOT } from '../lib/process.mjs';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const CONNECTIONS = 32;

/** bench-server.ts on the embedded database, or on PostgreSQL at `databaseUrl` (through DATABASE_URL). */
function startServers(databaseUrl) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'apps/server/bench/bench-server.ts')],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: databaseUrl ?? '' },
    },
  );
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`bench server exited (${code})`)));
    createInterface({ input: child.stdout }).once('line', (line) => resolve({ child, ...JSON.parse(line) }));
  });
}

async function load(url) {
  const run = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, pipelining: 1 });
  return {
    // All requests over the run's own length: a short run's per-second samples can miss a tick.
    requestsPerSecond: Math.round(run.requests.total / run.duration),
    p50Ms: run.latency.p50,
    p99Ms: run.latency.p99,
    errors: run.errors + run.non2xx,
  };
}

/** /api/health (envelope, contract serialisation, a database round trip) next to a bare route. */
async function benchOne(driver) {
  const postgres = driver === 'postgres' ? await startPostgres() : undefined;
  try {
    const servers = await startServers(postgres?.url);
    try {
      const appUrl = `http://127.0.0.1:${servers.app}/api/health`;
      const bareUrl = `http://127.0.0.1:${servers.bare}/bare`;
      await autocannon({ url: appUrl, connections: 8, duration: 2 });
      await autocannon({ url: bareUrl, connections: 8, duration: 2 });
      const app = await load(appUrl);
      const bare = await load(bareUrl);
      return {
        driver: servers.driver,
        durationSeconds: DURATION_S,
        connections: CONNECTIONS,
        app,
        bare,
        ratio: Math.round((app.requestsPerSecond / bare.requestsPerSecond) * 1000) / 1000,
      };
    } finally {
      servers.child.removeAllListeners('exit');
      const exited = new Promise((resolve) => servers.child.once('exit', resolve));
      servers.child.kill('SIGTERM');
      await exited;
      // bench-server.ts leaves its fresh data folder behind.
      if (servers.dataDir) rmSync(servers.dataDir, { recursive: true, force: true });
    }
  } finally {
    await postgres?.stop();
  }
}

/** `figures.http.{pglite,postgres}`: the health probe on each database. */
export async function benchHttp({ drivers = ['pglite', 'postgres'] } = {}) {
  const figures = {};
  for (const driver of drivers) figures[driver] = await benchOne(driver);
  return figures;
}
