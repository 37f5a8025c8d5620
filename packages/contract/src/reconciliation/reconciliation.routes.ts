import { defineRoutes } from '../platform/route';
import {
  ZReconciliationRun,
  ZReconciliationRunDetail,
  ZReconciliationRunPage,
  ZReconciliationRunParams,
  ZReconciliationRunQuery,
  ZReconciliationRunsQuery,
} from './reconciliation.schema';

const tags = ['reconciliation'] as const;

/** The operators' money check: run it now, and the runs (newest first) with their differences. */
export const reconciliationRoutes = defineRoutes({
  run: {
    method: 'POST',
    path: '/api/v1/system/reconciliation/run',
    summary: 'Compares the ledger with orders, captures, refunds and payouts now and stores the run',
    tags,
    response: ZReconciliationRun,
    access: { permission: 'sys:reconcile:run' },
  },
  runs: {
    method: 'GET',
    path: '/api/v1/system/reconciliation/runs',
    summary: 'Reconciliation runs, newest first',
    tags,
    query: ZReconciliationRunsQuery,
    response: ZReconciliationRunPage,
    access: { permission: 'sys:reconcile:query' },
  },
  detail: {
    method: 'GET',
    path: '/api/v1/system/reconciliation/runs/:id',
    summary: 'A run with its differences, a page of them or all (capped)',
    tags,
    params: ZReconciliationRunParams,
    query: ZReconciliationRunQuery,
    response: ZReconciliationRunDetail,
    access: { permission: 'sys:reconcile:query' },
  },
});
