import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyTemplateDatabase, openTestDatabase } from '../../test/helper';
import { openDatabase, type AppDatabase, type DatabaseHandle } from '../db/database';
import { withTransaction } from '../db/transaction';
import { createJobs, type Jobs } from './jobs';
import { queryRows } from '../db/rows';

/**
 * The job system on its own, as two "processes" (two job systems; on PostgreSQL two connection
 * pools) on one database. No timers: every run is started by `runDue` at a given moment.
 */
let handles: DatabaseHandle[] = [];
let drop: () => Promise<void> = () => Promise.resolve();
const log = { error: () => undefined };

beforeAll(async () => {
  const copy = await copyTemplateDatabase();
  if (copy) {
    handles = [
      await openDatabase({ kind: 'postgres', url: copy.url, poolSize: 4 }),
      await openDatabase({ kind: 'postgres', url: copy.url, poolSize: 4 }),
    ];
    drop = copy.drop;
  } else {
    // PGlite is one process: both job systems share its one handle.
    const opened = await openTestDatabase();
    handles = [opened.database, opened.database];
  }
});
afterAll(async () => {
  for (const handle of new Set(handles)) await handle.close();
  await drop();
});

const db = (i: 0 | 1): AppDatabase => {
  const handle = handles[i];
  if (!handle) throw new Error('the databases open in beforeAll');
  return handle.db;
};

const rows = <T>(query: ReturnType<typeof sql>): Promise<T[]> => queryRows<T>(db(0), query);

const MINUTE = 60_000;
let seq = 0;
/** A fresh job name per test (the tests share one database). */
const unique = (what: string) => `${what}-${++seq}`;

/** Two processes with the same jobs registered, not started. */
function twoProcesses(register: (jobs: Jobs, process: 0 | 1) => void): [Jobs, Jobs] {
  const a = createJobs({ db: db(0), log });
  const b = createJobs({ db: db(1), log });
  register(a, 0);
  register(b, 1);
  return [a, b];
}

function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('scheduled jobs', () => {
  it('run once per period whatever the number of processes, each period', async () => {
    const name = unique('probe');
    const ran: number[] = [];
    const [a, b] = twoProcesses((jobs, process) =>
      jobs.schedule({ name, everyMs: 10 * MINUTE, run: async () => void ran.push(process) }),
    );
    await a.start({ poll: false });
    await b.start({ poll: false });
    const start = Date.now();

    // Not due before its first period.
    await Promise.all([a.runDue(new Date(start + 5 * MINUTE)), b.runDue(new Date(start + 5 * MINUTE))]);
    expect(ran).toHaveLength(0);

    for (let period = 1; period <= 4; period++) {
      const at = new Date(start + period * 11 * MINUTE);
      // Both processes look at once, three times each: one run in all.
      await Promise.all([a.runDue(at), b.runDue(at), a.runDue(at), b.runDue(at), a.runDue(at), b.runDue(at)]);
      expect(ran).toHaveLength(period);
    }
    const runs = await rows<{ outcome: string; trigger: string }>(
      sql`select outcome, trigger from job_runs where job = ${name}`,
    );
    expect(runs).toEqual(Array.from({ length: 4 }, () => ({ outcome: 'success', trigger: 'schedule' })));
    await Promise.all([a.stop(), b.stop()]);
  });

  it('never overlap: while one process runs a job, the other neither runs it nor runs it now', async () => {
    const name = unique('slow');
    const started = gate();
    const release = gate();
    let runs = 0;
    const [a, b] = twoProcesses((jobs) =>
      jobs.schedule({
        name,
        everyMs: MINUTE,
        run: async () => {
          runs += 1;
          started.open();
          await release.opened;
        },
      }),
    );
    await a.start({ poll: false });
    await b.start({ poll: false });
    const at = new Date(Date.now() + 2 * MINUTE);
    const first = a.runDue(at);
    await started.opened;
    // Past its period, still held by the first run (its lease lasts 2 minutes, renewed while it runs).
    await b.runDue(new Date(at.getTime() + MINUTE));
    expect(await b.runNow(name)).toBeNull();
    expect(runs).toBe(1);
    release.open();
    expect((await first).map((r) => r.outcome)).toEqual(['success']);
    // Released: the other process may run it now.
    const manual = await b.runNow(name);
    expect(manual).not.toBeNull();
    expect((await manual?.done)?.outcome).toBe('success');
    expect(runs).toBe(2);
    await Promise.all([a.stop(), b.stop()]);
  });

  it('a run whose process stopped is taken over once its lease runs out, and kept as failed', async () => {
    const name = unique('orphan');
    let runs = 0;
    const jobs = createJobs({ db: db(1), log });
    jobs.schedule({ name, everyMs: MINUTE, run: async () => void (runs += 1) });
    await jobs.start({ poll: false });
    const now = Date.now();
    // Another process claimed it and died: its lease is still live, then it has run out.
    await db(0).execute(
      sql`update scheduled_jobs set next_run_at = ${new Date(now - MINUTE).toISOString()}::timestamptz,
            locked_by = 'gone:1:abc', locked_until = ${new Date(now + 2 * MINUTE).toISOString()}::timestamptz
          where name = ${name}`,
    );
    await db(0).execute(
      sql`insert into job_runs (job, trigger, started_at, outcome, run_by)
          values (${name}, 'schedule', now(), 'running', 'gone:1:abc')`,
    );
    await jobs.runDue(new Date(now + MINUTE));
    expect(runs).toBe(0);
    await jobs.runDue(new Date(now + 3 * MINUTE));
    expect(runs).toBe(1);
    const kept = await rows<{ outcome: string; error: string | null; runBy: string }>(
      sql`select outcome, error, run_by as "runBy" from job_runs where job = ${name} order by id`,
    );
    expect(kept).toEqual([
      { outcome: 'failure', error: expect.stringContaining('lease ran out'), runBy: 'gone:1:abc' },
      { outcome: 'success', error: null, runBy: jobs.id },
    ]);
    await jobs.stop();
  });

  it('a failure is kept with its error and retried with growing backoff, sooner than the period', async () => {
    const name = unique('failing');
    let calls = 0;
    const jobs = createJobs({ db: db(0), log });
    jobs.schedule({
      name,
      everyMs: 60 * MINUTE,
      run: async () => {
        calls += 1;
        if (calls <= 2) throw new Error(`relay down (${calls})`);
      },
    });
    await jobs.start({ poll: false });
    const t0 = Date.now() + 61 * MINUTE;
    const next = async () =>
      (
        await rows<{ at: number; failures: number }>(
          sql`select (extract(epoch from next_run_at) * 1000)::float8 as at, failures
              from scheduled_jobs where name = ${name}`,
        )
      ).map((row) => ({ at: new Date(Math.round(Number(row.at))), failures: row.failures }))[0];

    expect((await jobs.runDue(new Date(t0)))[0]).toMatchObject({
      outcome: 'failure',
      error: 'Error: relay down (1)',
    });
    expect(await next()).toEqual({ at: new Date(t0 + 30_000), failures: 1 });
    expect(await jobs.runDue(new Date(t0 + 29_000))).toEqual([]);
    expect((await jobs.runDue(new Date(t0 + 30_000)))[0]?.outcome).toBe('failure');
    expect(await next()).toEqual({ at: new Date(t0 + 30_000 + 60_000), failures: 2 });
    expect((await jobs.runDue(new Date(t0 + 90_000)))[0]?.outcome).toBe('success');
    expect(await next()).toEqual({ at: new Date(t0 + 90_000 + 60 * MINUTE), failures: 0 });

    const kept = await rows<{ outcome: string; error: string | null; durationMs: number | null }>(
      sql`select outcome, error, duration_ms as "durationMs" from job_runs where job = ${name} order by id`,
    );
    expect(kept.map((r) => [r.outcome, r.error])).toEqual([
      ['failure', 'Error: relay down (1)'],
      ['failure', 'Error: relay down (2)'],
      ['success', null],
    ]);
    expect(kept.every((r) => typeof r.durationMs === 'number')).toBe(true);
    await jobs.stop();
  });
});

describe('queued jobs', () => {
  it('are retried with backoff until they succeed, then removed; each runs in one process only', async () => {
    const name = unique('flaky');
    const done: string[] = [];
    let failuresLeft = 2;
    const [a, b] = twoProcesses((jobs) =>
      jobs.define<{ n: number }>({
        name,
        maxAttempts: 5,
        backoffMs: (attempt) => attempt * 10_000,
        run: async ({ n }) => {
          if (n === 0 && failuresLeft-- > 0) throw new Error('not yet');
          done.push(String(n));
        },
      }),
    );
    await a.start({ poll: false });
    await b.start({ poll: false });
    const t0 = Date.now();
    for (let n = 0; n < 5; n++) await a.enqueue(name, { n }, { runAt: new Date(t0) });

    await Promise.all([a.runDue(new Date(t0)), b.runDue(new Date(t0))]);
    expect(done.sort()).toEqual(['1', '2', '3', '4']);
    // First retry after 10 s, the second 20 s after that.
    await Promise.all([a.runDue(new Date(t0 + 9_000)), b.runDue(new Date(t0 + 9_000))]);
    expect(done).toHaveLength(4);
    await Promise.all([a.runDue(new Date(t0 + 10_000)), b.runDue(new Date(t0 + 10_000))]);
    expect(done).toHaveLength(4);
    await Promise.all([a.runDue(new Date(t0 + 29_000)), b.runDue(new Date(t0 + 29_000))]);
    expect(done).toHaveLength(4);
    await Promise.all([a.runDue(new Date(t0 + 30_000)), b.runDue(new Date(t0 + 30_000))]);
    expect(done.sort()).toEqual(['0', '1', '2', '3', '4']);

    expect(await rows(sql`select id from job_queue where name = ${name}`)).toEqual([]);
    const runs = await rows<{ outcome: string; attempt: number }>(
      sql`select outcome, attempt from job_runs where job = ${name} and outcome = 'failure' order by id`,
    );
    expect(runs).toEqual([
      { outcome: 'failure', attempt: 1 },
      { outcome: 'failure', attempt: 2 },
    ]);
    await Promise.all([a.stop(), b.stop()]);
  });

  it('out of attempts, a job is kept as failed with its last error and not run again', async () => {
    const name = unique('doomed');
    let calls = 0;
    const jobs = createJobs({ db: db(0), log });
    jobs.define({
      name,
      maxAttempts: 2,
      backoffMs: () => 1000,
      run: async () => {
        calls += 1;
        throw new Error(`refused ${calls}`);
      },
    });
    await jobs.start({ poll: false });
    const t0 = Date.now();
    await jobs.enqueue(name, { to: 'x@example.com' }, { runAt: new Date(t0) });
    await jobs.runDue(new Date(t0));
    await jobs.runDue(new Date(t0 + 1000));
    await jobs.runDue(new Date(t0 + 3_600_000));
    expect(calls).toBe(2);
    expect(
      await rows(
        sql`select state, attempts, last_error as "lastError", payload from job_queue where name = ${name}`,
      ),
    ).toEqual([
      { state: 'failed', attempts: 2, lastError: 'Error: refused 2', payload: { to: 'x@example.com' } },
    ]);
    await jobs.stop();
  });

  it('kept as failed, a job keeps only the part of its payload it names (a mail: not its body)', async () => {
    const name = unique('secret');
    const jobs = createJobs({ db: db(0), log });
    jobs.define<{ to: string; text: string }>({
      name,
      maxAttempts: 2,
      backoffMs: () => 1000,
      keepWhenFailed: ({ to }) => ({ to }),
      run: () => Promise.reject(new Error('relay down')),
    });
    await jobs.start({ poll: false });
    const t0 = Date.now();
    await jobs.enqueue(name, { to: 'x@example.com', text: 'Your code is 123456' }, { runAt: new Date(t0) });
    const payload = sql`select state, payload from job_queue where name = ${name}`;
    await jobs.runDue(new Date(t0));
    // While it may still be sent, the message is whole.
    expect(await rows(payload)).toEqual([
      { state: 'queued', payload: { to: 'x@example.com', text: 'Your code is 123456' } },
    ]);
    await jobs.runDue(new Date(t0 + 1000));
    expect(await rows(payload)).toEqual([{ state: 'failed', payload: { to: 'x@example.com' } }]);
    await jobs.stop();
  });

  it('queued in a transaction that rolls back, a job does not exist', async () => {
    const name = unique('in-tx');
    const jobs = createJobs({ db: db(0), log });
    jobs.define({ name, run: async () => undefined });
    await jobs.start({ poll: false });
    await expect(
      withTransaction(db(0), async (tx) => {
        await jobs.enqueue(name, {}, { db: tx });
        throw new Error('the work failed');
      }),
    ).rejects.toThrow('the work failed');
    expect(await rows(sql`select id from job_queue where name = ${name}`)).toEqual([]);
    await jobs.stop();
  });
});
