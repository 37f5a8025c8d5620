import {
  SCHEDULED_JOB_NAMES,
  ZJobFailurePage,
  ZJobList,
  type TJobFailurePage,
  type TJobList,
} from '@linkstore/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { apiCalls } from '../../test/api-calls';
import { copyTemplateDatabase, openTestDatabase, testConfig, type TestContext } from '../../test/helper';
import { accessTokenFor, operatorWith } from '../../test/users';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { startSmtpSink, type SmtpSink } from '../mail/mail-testing';
import { SEND_MAIL_JOB } from '../mail/mail-plugin';
import { queryRows } from '../db/rows';

/**
 * Two app instances — two processes of one cluster — on one database (PGlite: one handle shared,
 * as in one process; PostgreSQL: a pool each), both with their worker running. Every scheduled
 * job of the app runs once per period in all; mail survives a relay that refuses for a while;
 * the console's routes list the jobs and failures and run one now, behind their permissions.
 */
let sink: SmtpSink;
let handles: DatabaseHandle[] = [];
const apps: FastifyInstance[] = [];
let drop: () => Promise<void> = () => Promise.resolve();
const tokens: Record<string, string> = {};
const first = () => {
  const app = apps[0];
  if (!app) throw new Error('the apps are built in beforeAll');
  return app;
};
const { call, ok, expectForbidden } = apiCalls(first, tokens);

beforeAll(async () => {
  sink = await startSmtpSink();
  const copy = await copyTemplateDatabase();
  if (copy) {
    handles = [
      await openDatabase({ kind: 'postgres', url: copy.url, poolSize: 4 }),
      await openDatabase({ kind: 'postgres', url: copy.url, poolSize: 4 }),
    ];
    drop = copy.drop;
  } else {
    const opened = await openTestDatabase();
    handles = [opened.database, opened.database];
  }
  const config = testConfig({ SMTP_URL: sink.url, CAPTCHA_ENABLED: 'false' });
  for (const database of handles) {
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    apps.push(app);
  }
  const ctx = { app: first(), database: handles[0], config } as TestContext;
  tokens.viewer = await operatorWith(ctx, 'job-viewer', ['sys:job:query']);
  tokens.runner = await operatorWith(ctx, 'job-runner', ['sys:job:query', 'sys:job:run']);
  tokens.guest = await accessTokenFor(first(), 'test');
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  for (const handle of new Set(handles)) await handle.close();
  await drop();
  await sink.close();
});

const rows = <T>(query: ReturnType<typeof sql>): Promise<T[]> => queryRows<T>(first().database.db, query);

const HOUR = 3_600_000;

describe('scheduled jobs in a cluster of two processes', () => {
  it('each of the app’s scheduled jobs runs once per period, whichever process takes it', async () => {
    const names = first().jobs.scheduledNames();
    expect([...names].sort()).toEqual([...SCHEDULED_JOB_NAMES].sort());
    const before = new Map(
      (
        await rows<{ job: string; n: string | number }>(
          sql`select job, count(*) as n from job_runs group by job`,
        )
      ).map((r) => [r.job, Number(r.n)]),
    );
    // Three periods a day apart (the longest period is a day): both processes look at once.
    const start = Date.now();
    for (let day = 1; day <= 3; day++) {
      const at = new Date(start + day * 25 * HOUR);
      await Promise.all(apps.flatMap((app) => [app.jobs.runDue(at), app.jobs.runDue(at)]));
    }
    await Promise.all(apps.map((app) => app.jobs.idle()));
    const after = await rows<{
      job: string;
      n: string | number;
      failed: string | number;
      by: string | number;
    }>(
      sql`select job, count(*) as n, count(*) filter (where outcome <> 'success') as failed,
            count(distinct run_by) as by
          from job_runs where queue_id is null group by job`,
    );
    for (const name of names) {
      const row = after.find((r) => r.job === name);
      expect({
        name,
        runs: Number(row?.n ?? 0) - (before.get(name) ?? 0),
        failed: Number(row?.failed),
      }).toEqual({
        name,
        runs: 3,
        failed: 0,
      });
    }
  });
});

describe('mail through the queue', () => {
  it('a relay that refuses for a while delays mail and loses none; each message arrives once', async () => {
    sink.refusing = true;
    const addresses = Array.from({ length: 6 }, (_v, i) => `outage-${i}@example.com`);
    // Sent from both processes, as requests would be.
    await Promise.all(
      addresses.map((to, i) =>
        (apps[i % 2] ?? first()).mailer.send({ to, subject: `During the outage ${i}`, text: `Message ${i}` }),
      ),
    );
    await Promise.all(apps.map((app) => app.jobs.idle()));
    expect(sink.refused).toBeGreaterThanOrEqual(addresses.length);
    expect(sink.messages.filter((m) => m.to[0]?.startsWith('outage-'))).toEqual([]);
    const waiting = await rows<{ attempts: number; lastError: string | null }>(
      sql`select attempts, last_error as "lastError" from job_queue where name = ${SEND_MAIL_JOB}`,
    );
    expect(waiting).toHaveLength(addresses.length);
    expect(waiting.every((w) => w.attempts >= 1 && /451|try again/i.test(w.lastError ?? ''))).toBe(true);

    // Still refusing at the first retry; then the relay is back.
    const now = Date.now();
    await Promise.all(apps.map((app) => app.jobs.runDue(new Date(now + 15_000))));
    sink.refusing = false;
    await Promise.all(apps.map((app) => app.jobs.runDue(new Date(now + 2 * HOUR))));
    await Promise.all(apps.map((app) => app.jobs.idle()));

    const arrived = sink.messages.filter((m) => m.to[0]?.startsWith('outage-'));
    expect(arrived.map((m) => m.to[0]).sort()).toEqual([...addresses].sort());
    expect(await rows(sql`select id from job_queue where name = ${SEND_MAIL_JOB}`)).toEqual([]);
  });
});

describe('the console’s routes', () => {
  it('list the jobs with their period, last run and next run, to those allowed to see them', async () => {
    const list = ZJobList.parse(await ok<TJobList>('viewer', 'GET', '/system/jobs'));
    const sweep = list.jobs.find((j) => j.name === 'checkout-sweep');
    expect(sweep).toMatchObject({ everyMs: 60_000, running: false, failures: 0 });
    expect(sweep?.lastRun).toMatchObject({ outcome: 'success', trigger: 'schedule' });
    expect(Date.parse(sweep?.nextRunAt ?? '')).toBeGreaterThan(Date.now());
    expect(list.queue).toEqual({ waiting: 0, failed: 0 });
    await expectForbidden('guest', [
      ['GET', '/system/jobs'],
      ['GET', '/system/jobs/failures'],
      ['POST', '/system/jobs/checkout-sweep/run'],
    ]);
    await expectForbidden('viewer', [['POST', '/system/jobs/checkout-sweep/run']]);
    expect((await call(null, 'GET', '/system/jobs')).statusCode).toBe(401);
  });

  it('run a job now once, list its failure with the error, and refuse unknown or malformed names', async () => {
    const mailFailures = ZJobFailurePage.parse(
      await ok<TJobFailurePage>('viewer', 'GET', `/system/jobs/failures?job=${SEND_MAIL_JOB}&pageSize=100`),
    );
    // The outage above: every refused attempt is listed, newest first, with what the relay said.
    expect(mailFailures.total).toBeGreaterThanOrEqual(6);
    expect(mailFailures.list[0]).toMatchObject({ job: SEND_MAIL_JOB, trigger: 'queue', outcome: 'failure' });
    expect(mailFailures.list[0]?.error).toMatch(/451|try again/i);

    const before = await rows<{ n: string | number }>(
      sql`select count(*) as n from job_runs where job = 'logs-prune' and trigger = 'manual'`,
    );
    expect(await ok('runner', 'POST', '/system/jobs/logs-prune/run')).toEqual({ started: true });
    await Promise.all(apps.map((app) => app.jobs.idle()));
    const after = await rows<{ n: string | number }>(
      sql`select count(*) as n from job_runs where job = 'logs-prune' and trigger = 'manual' and outcome = 'success'`,
    );
    expect(Number(after[0]?.n)).toBe(Number(before[0]?.n) + 1);

    expect((await call('runner', 'POST', '/system/jobs/no-such-job/run')).json()).toMatchObject({
      code: 'A0404',
    });
    const malformed = await call('runner', 'POST', '/system/jobs/Bad%20Name/run');
    expect(malformed.statusCode).toBe(400);
    expect((await call('viewer', 'GET', '/system/jobs/failures?pageSize=1000')).statusCode).toBe(400);
  });
});
