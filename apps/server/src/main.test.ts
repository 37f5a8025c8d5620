import { get } from 'node:http';
import { createServer } from 'node:net';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { restartDelayMs } from './cluster';
import { copyTemplateDatabase } from './test/helper';
import { startServer } from './test/server-process';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The real entry point with two workers on PostgreSQL, logging each request. */
function startTwoWorkers(port: number, databaseUrl: string) {
  return startServer({
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    PAYMENT_PROVIDER: 'sandbox',
    WEB_CONCURRENCY: '2',
    LOG_LEVEL: 'info',
  });
}

async function waitFor(check: () => boolean, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('the server process', () => {
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
      // A sign-in's log row waits in memory (about a second): the shutdown writes it before the
      // database closes.
      const signIn = await fetch(`http://127.0.0.1:${port}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'nobody-at-shutdown', password: 'not-the-password-1' }),
      });
      expect(signIn.status).toBeGreaterThanOrEqual(400);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(server.output().stdout + server.output().stderr).not.toContain('Could not write operation logs');
      if (database) {
        const client = new pg.Client({ connectionString: database.url });
        await client.connect();
        try {
          const { rows } = await client.query<{ n: string }>(
            "select count(*) as n from operation_logs where request_uri = '/api/v1/auth/login'",
          );
          expect(Number(rows[0]?.n)).toBe(1);
        } finally {
          await client.end();
        }
      }
    } finally {
      server.child.kill('SIGKILL');
      await database?.drop();
    }
  }, 60_000);
});

/** A GET on a connection of its own (the cluster hands out connections, not requests). */
function getOnNewConnection(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    }).on('error', reject);
  });
}

/** A GET on a connection of its own, with its answer's text. */
function fetchOnNewConnection(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    }).on('error', reject);
  });
}

interface LogLine {
  msg?: string;
  pid?: number;
  worker?: number;
}

/** The JSON log lines printed after `after` characters of stdout. */
function logLines(stdout: string, after = 0): LogLine[] {
  return stdout
    .slice(after)
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
}

/** Which processes answered, from the request logs (pino writes each line's pid). */
function answeringPids(stdout: string, after: number): Set<number> {
  return new Set(
    logLines(stdout, after).flatMap((l) => (l.msg === 'request completed' && l.pid ? [l.pid] : [])),
  );
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('several API processes (WEB_CONCURRENCY)', () => {
  it('backs off restarts that keep failing: 0.5 s doubling, at most 30 s', () => {
    expect([0, 1, 2, 3, 10].map(restartDelayMs)).toEqual([500, 1000, 2000, 4000, 30_000]);
  });

  // On PostgreSQL runs only: PGlite's data folder belongs to one process.
  it.skipIf(inject('testDatabase').kind === 'pglite')(
    'migrates once, serves from two workers, starts a killed one again, and stops them all on SIGTERM',
    async () => {
      const port = await freePort();
      const database = await copyTemplateDatabase();
      if (!database) throw new Error('expected a PostgreSQL template');
      const server = startTwoWorkers(port, database.url);
      const pids: number[] = [];
      try {
        await waitFor(() => server.output().stdout.includes('is running'), 45_000);
        const listed = /Processes: 2 \(pids (\d+), (\d+);/.exec(server.output().stdout);
        expect(listed).not.toBeNull();
        pids.push(Number(listed?.[1]), Number(listed?.[2]));
        expect(new Set(pids).size).toBe(2);
        expect(pids).not.toContain(server.child.pid);
        expect(pids.every(isAlive)).toBe(true);

        // Both answer: connections go to the workers in turn.
        const url = `http://127.0.0.1:${port}/api/health`;
        let mark = server.output().stdout.length;
        for (let i = 0; i < 6; i++) expect(await getOnNewConnection(url)).toBe(200);
        await waitFor(() => answeringPids(server.output().stdout, mark).size === 2, 5_000);
        expect([...answeringPids(server.output().stdout, mark)].sort()).toEqual([...pids].sort());

        // A worker that dies is started again; the other keeps answering meanwhile.
        const [killed = 0, kept = 0] = pids;
        process.kill(killed, 'SIGKILL');
        await waitFor(
          () => server.output().stdout.includes('an API process exited; starting another'),
          5_000,
        );
        expect(await getOnNewConnection(url)).toBe(200);
        const startedAgain = () =>
          logLines(server.output().stdout).find((l) => l.msg === 'API process started again')?.worker;
        await waitFor(() => startedAgain() !== undefined, 20_000);
        const fresh = startedAgain() ?? 0;
        pids.push(fresh);
        expect(isAlive(fresh)).toBe(true);
        expect(isAlive(killed)).toBe(false);
        mark = server.output().stdout.length;
        for (let i = 0; i < 6; i++) expect(await getOnNewConnection(url)).toBe(200);
        await waitFor(() => answeringPids(server.output().stdout, mark).size === 2, 5_000);
        expect([...answeringPids(server.output().stdout, mark)].sort()).toEqual([kept, fresh].sort());

        // Migrated and seeded once: no worker printed the banner or ran the seed.
        expect(server.output().stdout.match(/is running/g)).toHaveLength(1);

        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
        await waitFor(() => !pids.some(isAlive), 5_000);
      } finally {
        server.child.kill('SIGKILL');
        for (const pid of pids) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
        await database.drop();
      }
    },
    90_000,
  );
  // Decision 0031 across real processes: each worker keeps its own storefront answers, and a
  // change committed by anyone reaches both through the database's notifications.
  it.skipIf(inject('testDatabase').kind === 'pglite')(
    'forgets a saved price on both workers at once, while their caches would keep it for 30 s',
    async () => {
      const port = await freePort();
      const database = await copyTemplateDatabase();
      if (!database) throw new Error('expected a PostgreSQL template');
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      const one = async (text: string, values: unknown[] = []) =>
        (await client.query<{ id: number }>(text, values)).rows[0]?.id ?? 0;
      const owner = await one(
        `insert into users (username, nickname) values ('cache-owner', 'o') returning id`,
      );
      const shop = await one(
        `insert into shops (owner_user_id, slug, name, paypal_email) values ($1, 'two-workers', 'Two', 'two@example.com') returning id`,
        [owner],
      );
      const parent = await one(`insert into categories (parent_id, name) values (0, 'P') returning id`);
      const child = await one(`insert into categories (parent_id, name) values ($1, 'C') returning id`, [
        parent,
      ]);
      const product = await one(
        `insert into products (category_id, title) values ($1, 'Kept') returning id`,
        [child],
      );
      await client.query(
        `insert into product_variants (product_id, sku, platform_price_minor, stock) values ($1, 'KEPT-1', 1000, 5)`,
        [product],
      );
      await client.query(
        `insert into shop_products (shop_id, product_id, override_price_minor) values ($1, $2, 2000)`,
        [shop, product],
      );
      const server = startTwoWorkers(port, database.url);
      const url = `http://127.0.0.1:${port}/api/v1/public/shops/two-workers/products/${product}`;
      const priceOf = (body: string) =>
        (JSON.parse(body) as { data: { priceMinor: number } }).data.priceMinor;
      try {
        await waitFor(() => server.output().stdout.includes('is running'), 45_000);
        // Both workers answer and keep the answer (connections go to them in turn).
        const mark = server.output().stdout.length;
        for (let i = 0; i < 6; i++) expect(priceOf((await fetchOnNewConnection(url)).body)).toBe(2000);
        await waitFor(() => answeringPids(server.output().stdout, mark).size === 2, 5_000);
        // Kept: a change the feed is not told of (triggers off) is not seen by either.
        await client.query('begin');
        await client.query('set local session_replication_role = replica');
        await client.query('update shop_products set override_price_minor = 2500 where shop_id = $1', [shop]);
        await client.query('commit');
        for (let i = 0; i < 6; i++) expect(priceOf((await fetchOnNewConnection(url)).body)).toBe(2000);
        // A saved price: both workers forget within a second.
        await client.query('update shop_products set override_price_minor = 3000 where shop_id = $1', [shop]);
        const started = Date.now();
        let fresh = 0;
        while (fresh < 6) {
          if (Date.now() - started > 1000)
            throw new Error(`only ${fresh} answers in a row had the new price`);
          fresh = priceOf((await fetchOnNewConnection(url)).body) === 3000 ? fresh + 1 : 0;
        }
        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
      } finally {
        server.child.kill('SIGKILL');
        await client.end();
        await database.drop();
      }
    },
    90_000,
  );
});
