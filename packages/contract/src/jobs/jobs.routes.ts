import { defineRoutes } from '../platform/route';
import {
  JOB_QUERY_PERMISSION,
  JOB_RUN_PERMISSION,
  ZJobFailurePage,
  ZJobFailuresQuery,
  ZJobList,
  ZJobParams,
  ZJobRunNowResult,
} from './jobs.schema';

const tags = ['job'] as const;

/** The console's Scheduled jobs page: the jobs with their last and next run, failures, run now. */
export const jobsRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/api/v1/system/jobs',
    summary: 'Scheduled jobs with their period, last run and next run, and the queue of one-off jobs',
    tags,
    response: ZJobList,
    access: { permission: JOB_QUERY_PERMISSION },
  },
  failures: {
    method: 'GET',
    path: '/api/v1/system/jobs/failures',
    summary: 'Failed job runs, newest first',
    tags,
    query: ZJobFailuresQuery,
    response: ZJobFailurePage,
    access: { permission: JOB_QUERY_PERMISSION },
  },
  runNow: {
    method: 'POST',
    path: '/api/v1/system/jobs/:name/run',
    summary: 'Runs a scheduled job now, unless a run of it is in progress',
    tags,
    params: ZJobParams,
    response: ZJobRunNowResult,
    access: { permission: JOB_RUN_PERMISSION },
  },
});
