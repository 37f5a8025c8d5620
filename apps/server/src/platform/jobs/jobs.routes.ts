import {
  ErrorCode,
  jobsRoutes,
  type TJobFailuresQuery,
  type TJobFailurePage,
  type TJobList,
  type TJobRun,
} from '@linkstore/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppDatabase } from '../db/database';
import { AppError } from '../errors/app-error';
import { registerRoute } from '../http/routes';
import { queryRows } from '../db/rows';

interface RunRow {
  id: string | number;
  job: string;
  trigger: TJobRun['trigger'];
  attempt: number;
  startedAt: string;
  finishedAt: string | null;
  durationMs: number | null;
  outcome: TJobRun['outcome'];
  error: string | null;
}

const toRun = (row: RunRow): TJobRun => ({
  id: String(row.id),
  job: row.job,
  trigger: row.trigger,
  attempt: Number(row.attempt),
  startedAt: row.startedAt,
  finishedAt: row.finishedAt,
  durationMs: row.durationMs === null ? null : Number(row.durationMs),
  outcome: row.outcome,
  error: row.error,
});

/** A moment as ISO 8601 UTC text (both drivers then answer the same). */
const isoOf = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const RUN_COLUMNS = sql`r.id, r.job, r.trigger, r.attempt, ${isoOf(sql`r.started_at`)} as "startedAt",
  ${isoOf(sql`r.finished_at`)} as "finishedAt", r.duration_ms as "durationMs", r.outcome, r.error`;

/** The scheduled jobs this app registered, in that order, with their rows and last runs. */
export async function listJobs(db: AppDatabase, names: string[]): Promise<TJobList> {
  const found = await queryRows<
    RunRow & { name: string; everyMs: number; nextRunAt: string; running: boolean; failures: number }
  >(
    db,
    sql`select s.name, s.every_ms as "everyMs", ${isoOf(sql`s.next_run_at`)} as "nextRunAt", s.failures,
          coalesce(s.locked_until > now(), false) as running, ${RUN_COLUMNS}
        from scheduled_jobs s
        left join lateral (
          select * from job_runs where job_runs.job = s.name and job_runs.queue_id is null
          order by started_at desc, id desc limit 1) r on true`,
  );
  const [queue] = await queryRows<{ waiting: number | string; failed: number | string }>(
    db,
    sql`select count(*) filter (where state = 'queued') as waiting,
          count(*) filter (where state = 'failed') as failed
        from job_queue`,
  );
  const byName = new Map(found.map((row) => [row.name, row]));
  return {
    jobs: names.flatMap((name) => {
      const row = byName.get(name);
      if (!row) return [];
      return [
        {
          name,
          everyMs: Number(row.everyMs),
          nextRunAt: row.nextRunAt,
          running: Boolean(row.running),
          failures: Number(row.failures),
          lastRun: row.id === null ? null : toRun(row),
        },
      ];
    }),
    queue: { waiting: Number(queue?.waiting ?? 0), failed: Number(queue?.failed ?? 0) },
  };
}

/** Failed runs, newest first, of one job or all. */
export async function jobFailures(db: AppDatabase, query: TJobFailuresQuery): Promise<TJobFailurePage> {
  const where = sql`r.outcome = 'failure'${query.job ? sql` and r.job = ${query.job}` : sql``}`;
  const [count] = await queryRows<{ total: number | string }>(
    db,
    sql`select count(*) as total from job_runs r where ${where}`,
  );
  const list = await queryRows<RunRow>(
    db,
    sql`select ${RUN_COLUMNS} from job_runs r where ${where}
        order by r.started_at desc, r.id desc
        limit ${query.pageSize} offset ${(query.pageNum - 1) * query.pageSize}`,
  );
  return { list: list.map(toRun), total: Number(count?.total ?? 0) };
}

/** The console's Scheduled jobs page. */
export async function jobsConsoleModule(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  const r = jobsRoutes;
  registerRoute(app, r.list, () => listJobs(db, app.jobs.scheduledNames()));
  registerRoute(app, r.failures, ({ query }) => jobFailures(db, query));
  registerRoute(app, r.runNow, async ({ params }) => {
    if (!app.jobs.scheduledNames().includes(params.name)) {
      throw AppError.of(ErrorCode.NOT_FOUND, 'error.notFound');
    }
    const started = await app.jobs.runNow(params.name);
    // The run goes on after the answer; its outcome is recorded (and logged if it fails).
    void started?.done.catch((err: unknown) => app.log.error({ err, job: params.name }, 'Job run failed'));
    return { started: started !== null };
  });
}
