import { bigserial, index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Scheduled jobs (decision 0052): one row per job for the whole cluster. A process runs a job
 * only after claiming its row (`next_run_at` due, no live lease), so each period runs once
 * whatever the number of processes, and never two runs of one job at once.
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: varchar('name', { length: 64 }).primaryKey(),
  /** The period as the code registered it (updated at each start). */
  everyMs: integer('every_ms').notNull(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  /** The lease of the running process; past or null: free. Renewed while the run lasts. */
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  lockedBy: varchar('locked_by', { length: 64 }),
  /** Failures in a row (the retry's backoff grows with it); 0 after a success. */
  failures: integer('failures').notNull().default(0),
});

/** One-off jobs (sending a mail): deleted once done, kept with their error once out of attempts. */
export const jobQueue = pgTable(
  'job_queue',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: varchar('name', { length: 64 }).notNull(),
    payload: jsonb('payload').notNull(),
    /** `queued` (waiting or retrying) or `failed` (out of attempts, kept for the console). */
    state: varchar('state', { length: 16 }).$type<'queued' | 'failed'>().notNull().default('queued'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: varchar('locked_by', { length: 64 }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.state, t.runAt)],
);

/** Every run of a job, scheduled or queued: the console's history and its list of failures. */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    job: varchar('job', { length: 64 }).notNull(),
    /** `schedule`, `manual` (run now from the console) or `queue`. */
    trigger: varchar('trigger', { length: 16 }).$type<'schedule' | 'manual' | 'queue'>().notNull(),
    /** The queued job's id (a retry has the same one). */
    queueId: integer('queue_id'),
    attempt: integer('attempt').notNull().default(1),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    durationMs: integer('duration_ms'),
    /** `running`, `success` or `failure`. */
    outcome: varchar('outcome', { length: 16 }).$type<'running' | 'success' | 'failure'>().notNull(),
    error: text('error'),
    /** Which process ran it (host:pid). */
    runBy: varchar('run_by', { length: 64 }).notNull(),
  },
  (t) => [index().on(t.job, t.startedAt), index().on(t.outcome, t.startedAt)],
);
