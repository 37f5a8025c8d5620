import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { createJobs, type Jobs } from './jobs';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

/** Runs older than this are deleted by the daily `job-runs-prune` job. */
export const JOB_RUNS_KEPT_DAYS = 30;

/**
 * `app.jobs`: modules register their scheduled and queued jobs while the app is built; once it is
 * ready the rows are created and the worker's one timer starts (unref'd). Closing the app stops
 * the timer first and waits for the runs in progress, before any plugin closes what they use.
 */
export const jobsPlugin = fp(
  async (app: FastifyInstance) => {
    const jobs = createJobs({ db: app.database.db, log: app.log });
    app.decorate('jobs', jobs);
    jobs.schedule({
      name: 'job-runs-prune',
      everyMs: 24 * 3_600_000,
      firstDelayMs: 10 * 60_000,
      run: async ({ now }) => {
        await app.database.db.execute(
          sql`delete from job_runs where outcome <> 'running'
                and started_at < ${now.toISOString()}::timestamptz - ${JOB_RUNS_KEPT_DAYS} * interval '1 day'`,
        );
      },
    });
    app.addHook('onReady', () => jobs.start());
    app.addHook('preClose', () => jobs.stop());
  },
  { name: 'jobs' },
);
