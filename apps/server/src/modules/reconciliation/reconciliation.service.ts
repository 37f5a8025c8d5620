import {
  MAX_RECONCILIATION_DIFFERENCES,
  type TReconciliationDifference,
  type TReconciliationRun,
  type TReconciliationRunDetail,
  type TReconciliationRunPage,
  type TReconciliationRunQuery,
  type TReconciliationTrigger,
  type TPageQuery,
} from '@linkstore/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDatabase } from '../../platform/db/database';
import { AppError } from '../../platform/errors/app-error';
import type { PayoutRules } from '../earnings/earnings.api';
import { reconcile } from './reconcile';
import { findRun, finishRun, pageRuns, startRun, type RunRow } from './reconciliation.repository';
import type { ReconciliationDifference } from './reconciliation.table';

export interface ReconciliationDeps {
  db: AppDatabase;
  log: FastifyBaseLogger;
  rules: () => PayoutRules;
}

const idText = (value: number | null) => (value === null ? null : String(value));

function toRun(row: Omit<RunRow, 'differences'>): TReconciliationRun {
  return {
    id: String(row.id),
    trigger: row.trigger as TReconciliationTrigger,
    startedBy: idText(row.startedBy),
    startedByName: row.startedByName,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    creatorsChecked: row.creatorsChecked,
    differenceCount: row.differenceCount,
    totals: row.totals,
  };
}

function toDifference(d: ReconciliationDifference): TReconciliationDifference {
  return {
    check: d.check,
    userId: idText(d.userId),
    orderNo: d.orderNo,
    payoutId: idText(d.payoutId),
    refundId: idText(d.refundId),
    expectedMinor: d.expectedMinor,
    actualMinor: d.actualMinor,
    detail: d.detail,
  };
}

export type ReconciliationService = ReturnType<typeof createReconciliationService>;

/** Runs of the reconciliation (the daily job's and the operators'), stored with what they found. */
export function createReconciliationService(deps: ReconciliationDeps) {
  const { db, log } = deps;

  return {
    /** Reconciles now and stores the run (at most MAX_RECONCILIATION_DIFFERENCES differences kept). */
    async run(
      trigger: TReconciliationTrigger,
      startedBy: number | null,
      now = new Date(),
    ): Promise<TReconciliationRun> {
      const id = await startRun(db, { trigger, startedBy, startedAt: now });
      const result = await reconcile(db, deps.rules(), now);
      await finishRun(db, id, {
        creatorsChecked: result.creatorsChecked,
        differenceCount: result.differences.length,
        differences: result.differences.slice(0, MAX_RECONCILIATION_DIFFERENCES),
        totals: result.totals,
        finishedAt: new Date(),
      });
      if (result.differences.length > 0) {
        log.error(
          { runId: id, differences: result.differences.length, first: result.differences.slice(0, 5) },
          'Reconciliation found differences between the ledger and its sources',
        );
      } else {
        log.info({ runId: id, creators: result.creatorsChecked }, 'Reconciliation: the ledger matches');
      }
      const row = await findRun(db, id);
      if (!row) throw AppError.notFound();
      return toRun(row);
    },

    async page(query: TPageQuery): Promise<TReconciliationRunPage> {
      const { rows, total } = await pageRuns(db, {
        limit: query.pageSize,
        offset: (query.pageNum - 1) * query.pageSize,
      });
      return { list: rows.map(toRun), total };
    },

    async detail(id: number, query: TReconciliationRunQuery): Promise<TReconciliationRunDetail> {
      const row = await findRun(db, id);
      if (!row) throw AppError.notFound();
      const stored = row.differences;
      const list = query.all
        ? stored
        : stored.slice((query.pageNum - 1) * query.pageSize, query.pageNum * query.pageSize);
      return { run: toRun(row), differences: { list: list.map(toDifference), total: stored.length } };
    },
  };
}
