import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { sql, type SQL } from 'drizzle-orm';
import type { AppDatabase } from '../db/database';
import { queryRows } from '../db/rows';

/**
 * The job system (decision 0052): scheduled jobs that run once per period for the whole cluster,
 * and one-off queued jobs retried with backoff. Both live in PostgreSQL (or the embedded PGlite)
 * and are claimed with a lease, so any number of processes can run the worker.
 */

/** What a scheduled run knows: the moment it was due for (tests pass their own), and why it runs. */
export interface JobContext {
  now: Date;
  trigger: JobTrigger;
}
export type JobTrigger = 'schedule' | 'manual' | 'queue';

export interface ScheduledJobDefinition {
  /** Unique, `a-z0-9-`: the console translates it. */
  name: string;
  everyMs: number;
  /** The first run after the job's row is created waits this long (default: one period). */
  firstDelayMs?: number;
  run(context: JobContext): Promise<unknown>;
}

export interface QueuedJobDefinition<P> {
  name: string;
  /** Attempts before the job is kept as failed (default 10). */
  maxAttempts?: number;
  /** Wait before attempt `attempt + 1` after `attempt` failed (default: 10 s doubling, at most 30 min). */
  backoffMs?: (attempt: number) => number;
  /**
   * What of the payload stays in the row once the job is kept as failed (default: all of it). A
   * payload that carries secrets (a mail's body with a sign-in code or a reset link) keeps only
   * what an operator needs to see what failed.
   */
  keepWhenFailed?: (payload: P) => unknown;
  run(payload: P): Promise<unknown>;
}

export interface RunResult {
  job: string;
  trigger: JobTrigger;
  outcome: 'success' | 'failure';
  error: string | null;
  /** What the job answered (a scheduled run), for tests and the caller of `runNow`. */
  value?: unknown;
}

interface JobLog {
  error(details: object, message: string): void;
  warn?(details: object, message: string): void;
}

export interface JobsOptions {
  db: AppDatabase;
  log: JobLog;
  /** The worker's poll (default 1 s): other processes' queued jobs and due schedules are seen within it. */
  pollMs?: number;
  /** How long a claim holds a job without renewal (default 2 min); renewed at every poll while it runs. */
  leaseMs?: number;
}

/** A scheduled job that fails is tried again after this (doubling), but never later than its period. */
const SCHEDULE_RETRY_MS = 30_000;
const QUEUE_BATCH = 20;
const ERROR_MAX = 2000;

export const defaultBackoff = (attempt: number): number => Math.min(10_000 * 2 ** (attempt - 1), 30 * 60_000);

const describeError = (err: unknown): string => {
  const text = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  return text.length > ERROR_MAX ? `${text.slice(0, ERROR_MAX - 1)}…` : text;
};

/** `at` as a query moment, or the database's clock when the worker runs on its own. */
const moment = (at: Date | undefined): SQL => (at ? sql`${at.toISOString()}::timestamptz` : sql`now()`);
const plusMs = (at: SQL, ms: number): SQL => sql`(${at} + ${ms} * interval '1 millisecond')`;
const nameList = (names: string[]): SQL =>
  sql.join(
    names.map((n) => sql`${n}`),
    sql`, `,
  );

export type Jobs = ReturnType<typeof createJobs>;

export function createJobs(options: JobsOptions) {
  const { db, log } = options;
  const pollMs = options.pollMs ?? 1000;
  const leaseMs = options.leaseMs ?? 120_000;
  /** This process (several apps in one test process each get their own). */
  const me = `${hostname().slice(0, 40)}:${process.pid}:${randomBytes(3).toString('hex')}`;

  const scheduled = new Map<string, ScheduledJobDefinition>();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- payloads are checked by each job
  const queued = new Map<string, QueuedJobDefinition<any>>();
  /** Jobs this process holds a lease on: renewed at every poll. */
  const heldSchedules = new Set<string>();
  const heldQueue = new Set<number>();
  const inFlight = new Set<Promise<unknown>>();
  let ready = false;
  /** The worker runs on its own (off in tests that call `runDue` for every run). */
  let polling = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | null = null;
  let tickAgain = false;

  const track = <T>(work: Promise<T>): Promise<T> => {
    inFlight.add(work);
    const forget = () => inFlight.delete(work);
    void work.then(forget, forget);
    return work;
  };

  async function startRun(job: string, trigger: JobTrigger, queueId: number | null, attempt: number) {
    const [row] = await queryRows<{ id: string | number }>(
      db,
      sql`insert into job_runs (job, trigger, queue_id, attempt, started_at, outcome, run_by)
          values (${job}, ${trigger}, ${queueId}, ${attempt}, now(), 'running', ${me}) returning id`,
    );
    return { id: Number(row?.id), started: performance.now() };
  }

  async function finishRun(run: { id: number; started: number }, error: string | null): Promise<void> {
    const duration = Math.max(0, Math.round(performance.now() - run.started));
    await db.execute(
      sql`update job_runs set finished_at = now(), duration_ms = ${duration},
            outcome = ${error === null ? 'success' : 'failure'}, error = ${error}
          where id = ${run.id}`,
    );
  }

  /** A run another process left `running` when its lease ran out (it stopped): kept as a failure. */
  async function closeAbandoned(job: string, queueId: number | null): Promise<void> {
    await db.execute(
      sql`update job_runs set finished_at = now(), outcome = 'failure',
            error = 'The process running it stopped before it finished (its lease ran out)'
          where job = ${job} and outcome = 'running' and run_by <> ${me}
            and ${queueId === null ? sql`queue_id is null` : sql`queue_id = ${queueId}`}`,
    );
  }

  /** Runs a claimed scheduled job, records the run, and sets its next time (or its retry). */
  async function runScheduled(
    name: string,
    trigger: JobTrigger,
    at: Date | undefined,
    claimedNext: string,
  ): Promise<RunResult> {
    const job = scheduled.get(name);
    if (!job) throw new Error(`unknown scheduled job ${name}`);
    heldSchedules.add(name);
    let error: string | null = null;
    let value: unknown;
    try {
      await closeAbandoned(name, null);
      const run = await startRun(name, trigger, null, 1);
      try {
        value = await job.run({ now: at ?? new Date(), trigger });
      } catch (err) {
        error = describeError(err);
        log.error({ err, job: name }, `Job ${name} failed`);
      }
      await finishRun(run, error);
    } finally {
      heldSchedules.delete(name);
      // A run may have queued work in its transactions (mail): the worker looks at once.
      if (polling && !stopped) queueMicrotask(() => void tick());
      // Due again one period after this run was due, or sooner to retry a failure. A manual run
      // leaves the schedule alone; a `runSoon` during the run (the row moved) is kept.
      const now = moment(at);
      const failed = error !== null;
      await db
        .execute(
          sql`update scheduled_jobs set locked_until = null, locked_by = null,
                failures = ${failed ? sql`failures + 1` : sql`0`},
                next_run_at = case
                  when ${sql.raw(String(trigger === 'manual'))} or next_run_at <> ${claimedNext}::timestamptz
                    then next_run_at
                  when ${sql.raw(String(failed))}
                    then least(${plusMs(now, job.everyMs)},
                      ${now} + least(${SCHEDULE_RETRY_MS} * power(2, least(failures, 16)), ${job.everyMs})
                        * interval '1 millisecond')
                  else ${plusMs(now, job.everyMs)}
                end
              where name = ${name} and locked_by = ${me}`,
        )
        .catch((err: unknown) => log.error({ err, job: name }, 'Could not release a scheduled job'));
    }
    return { job: name, trigger, outcome: error === null ? 'success' : 'failure', error, value };
  }

  async function claimScheduled(at: Date | undefined): Promise<{ name: string; nextRunAt: string }[]> {
    if (scheduled.size === 0) return [];
    const now = moment(at);
    return queryRows<{ name: string; nextRunAt: string }>(
      db,
      sql`update scheduled_jobs set locked_until = ${plusMs(now, leaseMs)}, locked_by = ${me}
          where name in (${nameList([...scheduled.keys()])}) and next_run_at <= ${now}
            and (locked_until is null or locked_until < ${now})
          returning name, next_run_at::text as "nextRunAt"`,
    );
  }

  interface QueueRow {
    id: string | number;
    name: string;
    payload: unknown;
    attempts: number;
    maxAttempts: number;
  }

  async function claimQueue(at: Date | undefined): Promise<QueueRow[]> {
    if (queued.size === 0) return [];
    const now = moment(at);
    return queryRows<QueueRow>(
      db,
      sql`update job_queue set locked_until = ${plusMs(now, leaseMs)}, locked_by = ${me},
            attempts = attempts + 1
          where id in (
            select id from job_queue
            where state = 'queued' and name in (${nameList([...queued.keys()])}) and run_at <= ${now}
              and (locked_until is null or locked_until < ${now})
            order by run_at, id limit ${QUEUE_BATCH}
            for update skip locked)
          returning id, name, payload, attempts, max_attempts as "maxAttempts"`,
    );
  }

  async function runQueued(row: QueueRow, at: Date | undefined): Promise<RunResult> {
    const id = Number(row.id);
    const job = queued.get(row.name);
    if (!job) throw new Error(`unknown queued job ${row.name}`);
    heldQueue.add(id);
    let error: string | null = null;
    try {
      await closeAbandoned(row.name, id);
      const run = await startRun(row.name, 'queue', id, row.attempts);
      try {
        await job.run(row.payload);
      } catch (err) {
        error = describeError(err);
        log.error({ err, job: row.name, attempt: row.attempts }, `Job ${row.name} failed`);
      }
      await finishRun(run, error);
      if (error === null) {
        await db.execute(sql`delete from job_queue where id = ${id} and locked_by = ${me}`);
      } else {
        const last = row.attempts >= row.maxAttempts;
        const wait = (job.backoffMs ?? defaultBackoff)(row.attempts);
        // The payload is rewritten only when a job given up on keeps less of it.
        const kept =
          last && job.keepWhenFailed
            ? sql`, payload = ${JSON.stringify(job.keepWhenFailed(row.payload))}::jsonb`
            : sql``;
        await db.execute(
          sql`update job_queue set locked_until = null, locked_by = null, last_error = ${error},
                state = ${last ? 'failed' : 'queued'}, run_at = ${plusMs(moment(at), wait)}${kept}
              where id = ${id} and locked_by = ${me}`,
        );
      }
    } finally {
      heldQueue.delete(id);
    }
    return { job: row.name, trigger: 'queue', outcome: error === null ? 'success' : 'failure', error };
  }

  /** Claims what is due now (or at `at`) and starts it; answers the runs' promises. */
  async function claimAndStart(at: Date | undefined): Promise<{ runs: Promise<RunResult>[]; full: boolean }> {
    const runs: Promise<RunResult>[] = [];
    for (const { name, nextRunAt } of await claimScheduled(at)) {
      runs.push(track(runScheduled(name, 'schedule', at, nextRunAt)));
    }
    const batch = await claimQueue(at);
    if (batch.length > 0) {
      // One after another: a batch of mail is not a burst of connections to the relay.
      const all = (async () => {
        const results: RunResult[] = [];
        for (const row of batch) results.push(await runQueued(row, at));
        return results;
      })();
      void track(all);
      runs.push(...batch.map((_row, i) => all.then((results) => results[i] as RunResult)));
    }
    return { runs, full: batch.length === QUEUE_BATCH };
  }

  async function renewLeases(): Promise<void> {
    const lease = plusMs(sql`now()`, leaseMs);
    if (heldSchedules.size > 0) {
      await db.execute(
        sql`update scheduled_jobs set locked_until = greatest(locked_until, ${lease})
            where locked_by = ${me} and name in (${nameList([...heldSchedules])})`,
      );
    }
    if (heldQueue.size > 0) {
      await db.execute(
        sql`update job_queue set locked_until = greatest(locked_until, ${lease})
            where locked_by = ${me} and id in (${sql.join(
              [...heldQueue].map((id) => sql`${id}`),
              sql`, `,
            )})`,
      );
    }
  }

  /** One pass of the worker: renew what it holds, start what is due. Never two passes at once. */
  function tick(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (ticking) {
      tickAgain = true;
      return ticking;
    }
    ticking = (async () => {
      try {
        do {
          tickAgain = false;
          // A pass asked for before the stop still runs (the stop waits for it): mail queued
          // just before the app closes leaves before it closes.
          if (!polling) return;
          await renewLeases();
          const { runs, full } = await claimAndStart(undefined);
          // A full batch: there is more waiting; take it once this one is done.
          if (full) {
            await Promise.allSettled(runs);
            tickAgain = true;
          }
        } while (tickAgain);
      } catch (err) {
        log.error({ err }, 'The job worker could not poll the database');
      }
    })().finally(() => {
      ticking = null;
    });
    return ticking;
  }

  function arm(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      void tick().finally(arm);
    }, pollMs);
    timer.unref();
  }

  return {
    /** This process's name in `locked_by` and `run_by`. */
    id: me,

    /** Registers a scheduled job (modules, while the app is built). */
    schedule(job: ScheduledJobDefinition): void {
      if (ready) throw new Error(`job ${job.name} registered after start`);
      if (scheduled.has(job.name) || queued.has(job.name))
        throw new Error(`job ${job.name} registered twice`);
      scheduled.set(job.name, job);
    },

    /** Registers a kind of one-off job; `enqueue` adds one. */
    define<P>(job: QueuedJobDefinition<P>): void {
      if (scheduled.has(job.name) || queued.has(job.name))
        throw new Error(`job ${job.name} registered twice`);
      queued.set(job.name, job);
    },

    /**
     * Adds a one-off job. Pass the transaction as `db` to have the job exist only if the work that
     * asks for it commits. Without a transaction the worker is woken at once.
     */
    async enqueue<P>(name: string, payload: P, at: { db?: AppDatabase; runAt?: Date } = {}): Promise<number> {
      const job = queued.get(name);
      if (!job) throw new Error(`unknown queued job ${name}`);
      const [row] = await queryRows<{ id: string | number }>(
        at.db ?? db,
        sql`insert into job_queue (name, payload, max_attempts, run_at)
            values (${name}, ${JSON.stringify(payload)}::jsonb, ${job.maxAttempts ?? 10}, ${moment(at.runAt)})
            returning id`,
      );
      if (!at.db) void tick();
      return Number(row?.id);
    },

    /**
     * Creates the rows of the scheduled jobs registered (a new job waits its first delay) and
     * starts the worker's timer (tests that drive every run with `runDue` pass `poll: false`).
     */
    async start(worker: { poll?: boolean } = {}): Promise<void> {
      for (const job of scheduled.values()) {
        await db.execute(
          sql`insert into scheduled_jobs (name, every_ms, next_run_at)
              values (${job.name}, ${job.everyMs}, ${plusMs(sql`now()`, job.firstDelayMs ?? job.everyMs)})
              on conflict (name) do update set every_ms = excluded.every_ms,
                next_run_at = least(scheduled_jobs.next_run_at, ${plusMs(sql`now()`, job.everyMs)})`,
        );
      }
      ready = true;
      polling = worker.poll !== false;
      if (polling) arm();
    },

    /** Stops the timer and waits for the runs in progress (the app's close). */
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await ticking;
      await Promise.allSettled([...inFlight]);
    },

    /**
     * Tests and the worker: waits for runs in progress in this process, then runs every job due
     * at `at` (default now) — scheduled and queued — and answers their results.
     */
    async runDue(at?: Date): Promise<RunResult[]> {
      await ticking;
      await Promise.allSettled([...inFlight]);
      const { runs } = await claimAndStart(at);
      return Promise.all(runs);
    },

    /**
     * Runs a scheduled job now, outside its schedule (the console's "run now"); refused (null)
     * while a run of it holds its lease anywhere in the cluster. `done` settles with the run.
     */
    async runNow(name: string, at?: Date): Promise<{ done: Promise<RunResult> } | null> {
      if (!scheduled.has(name)) return null;
      const now = moment(at);
      const [claimed] = await queryRows<{ nextRunAt: string }>(
        db,
        sql`update scheduled_jobs set locked_until = ${plusMs(now, leaseMs)}, locked_by = ${me}
            where name = ${name} and (locked_until is null or locked_until < ${now})
            returning next_run_at::text as "nextRunAt"`,
      );
      if (!claimed) return null;
      return { done: track(runScheduled(name, 'manual', at, claimed.nextRunAt)) };
    },

    /** Makes a scheduled job due now (another run follows if one is in progress) and wakes the worker. */
    async runSoon(name: string): Promise<void> {
      await db.execute(sql`update scheduled_jobs set next_run_at = now() where name = ${name}`);
      void tick();
    },

    /** Waits until this process has nothing in progress (tests). */
    async idle(): Promise<void> {
      while (ticking || inFlight.size > 0) {
        await ticking;
        await Promise.allSettled([...inFlight]);
      }
    },

    /** The registered scheduled jobs (the console lists them in this order). */
    scheduledNames(): string[] {
      return [...scheduled.keys()];
    },
  };
}
