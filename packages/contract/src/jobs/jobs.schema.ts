import { z } from 'zod';
import { ZPage, ZPageQuery } from '../platform/page';

/** Who may see the scheduled jobs and their failures. */
export const JOB_QUERY_PERMISSION = 'sys:job:query';
/** Who may run a scheduled job now, outside its schedule. */
export const JOB_RUN_PERMISSION = 'sys:job:run';

/** The app's scheduled jobs, by name (the console has a text for each). */
export const SCHEDULED_JOB_NAMES = [
  'checkout-sweep',
  'idempotency-keys-sweep',
  'reconciliation',
  'refund-follow-up',
  'shop-events-prune',
  'logs-prune',
  'payout-poll',
  'auto-payouts',
  'review-invites',
  'abandoned-checkout-reminders',
  'creator-mail-digest',
  'job-runs-prune',
] as const;
/** The queued jobs, by name. */
export const QUEUED_JOB_NAMES = ['send-mail', 'payment-tracking'] as const;

/** A job's name: lower-case words joined by dashes (the console translates known ones). */
export const ZJobName = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/);

export const ZJobOutcome = z.enum(['running', 'success', 'failure']);
export type TJobOutcome = z.infer<typeof ZJobOutcome>;

export const ZJobTrigger = z.enum(['schedule', 'manual', 'queue']);
export type TJobTrigger = z.infer<typeof ZJobTrigger>;

/** A run of a job; datetimes ISO 8601 (UTC). */
export const ZJobRun = z.object({
  id: z.string(),
  job: z.string(),
  trigger: ZJobTrigger,
  /** Which attempt of a queued job (1 for a scheduled run). */
  attempt: z.number().int(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  outcome: ZJobOutcome,
  /** What the failure said; null unless it failed. */
  error: z.string().nullable(),
});
export type TJobRun = z.infer<typeof ZJobRun>;

/** A scheduled job: it runs once per period for the whole cluster. */
export const ZScheduledJob = z.object({
  name: z.string(),
  /** The period in milliseconds. */
  everyMs: z.number().int(),
  /** When it is due next (it may run up to a second later). */
  nextRunAt: z.string(),
  /** A process holds it now. */
  running: z.boolean(),
  /** Failures in a row (0 after a success). */
  failures: z.number().int(),
  lastRun: ZJobRun.nullable(),
});
export type TScheduledJob = z.infer<typeof ZScheduledJob>;

export const ZJobList = z.object({
  jobs: z.array(ZScheduledJob),
  /** One-off jobs (mail): waiting or retrying, and kept as failed after their last attempt. */
  queue: z.object({ waiting: z.number().int(), failed: z.number().int() }),
});
export type TJobList = z.infer<typeof ZJobList>;

export const ZJobFailuresQuery = ZPageQuery.extend({ job: ZJobName.optional() });
export type TJobFailuresQuery = z.infer<typeof ZJobFailuresQuery>;

export const ZJobFailurePage = ZPage(ZJobRun);
export type TJobFailurePage = z.infer<typeof ZJobFailurePage>;

export const ZJobParams = z.object({ name: ZJobName });

/** `started` false: a run of it is in progress somewhere in the cluster (nothing was started). */
export const ZJobRunNowResult = z.object({ started: z.boolean() });
export type TJobRunNowResult = z.infer<typeof ZJobRunNowResult>;
