// `node scripts/bench/explain-creator-reads.mjs`: the plans of the creator reads' queries at scale.
// Starts a throw-away PostgreSQL with auto_explain (every statement's EXPLAIN ANALYZE, buffers
// included, in the server log), the storefront bench server on it with the scale shop
// (BENCH_SCALE_ORDERS, default 100,000), asks each creator read of the scale creator once, and
// prints the plans the server logged for them. Kills everything it started.
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { startPostgres } from '../lib/postgres.mjs';
import { startServers } from './storefront.mjs';

/** What was appended to `file` after byte `from`. */
function readFrom(file, from) {
  const size = statSync(file).size;
  const buffer = Buffer.alloc(size - from);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, buffer, 0, buffer.length, from);
  } finally {
    closeSync(fd);
  }
  return buffer.toString('utf8');
}

const postgres = await startPostgres();
try {
  const admin = new pg.Client({ connectionString: postgres.url });
  admin.on('error', () => {});
  await admin.connect();
  // Loaded here first, so ALTER SYSTEM knows its settings; every new session then loads it.
  await admin.query("load 'auto_explain'");
  const { rows } = await admin.query('show data_directory');
  for (const statement of [
    "alter system set session_preload_libraries = 'auto_explain'",
    // Off while the scale shop is generated (its statements would fill the disk); on below.
    'alter system set auto_explain.log_min_duration = -1',
    'alter system set auto_explain.log_analyze = on',
    'alter system set auto_explain.log_buffers = on',
    'alter system set auto_explain.log_nested_statements = on',
  ])
    await admin.query(statement);
  await admin.query('select pg_reload_conf()');
  const log = join(rows[0].data_directory, '..', 'server.log');
  const servers = await startServers({ driver: 'postgres', databaseUrl: postgres.url, scale: true });
  try {
    // A reload reaches the app's open sessions too: from now on every statement is explained.
    await admin.query('alter system set auto_explain.log_min_duration = 0');
    await admin.query('select pg_reload_conf()');
    await admin.end();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const app = `http://127.0.0.1:${servers.app}`;
    const login = await fetch(`${app}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'scale@linkstore.local', password: 'Bench-pass-2026' }),
    });
    const token = (await login.json()).data.accessToken;
    for (const path of [
      '/api/v1/orders',
      '/api/v1/earnings',
      '/api/v1/shop/products?pageNum=1&pageSize=20',
      '/api/v1/pricing/products?pageNum=1&pageSize=20',
    ]) {
      const from = statSync(log).size;
      const res = await fetch(`${app}${path}`, { headers: { authorization: `Bearer ${token}` } });
      await res.arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, 300));
      process.stdout.write(`\n=== GET ${path} (${res.status})\n${readFrom(log, from)}`);
    }
  } finally {
    await servers.stop();
  }
} finally {
  await postgres.stop();
}
