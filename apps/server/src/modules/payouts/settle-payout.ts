import { PAYOUTS_QUEUE, queueOf, type TPayoutNews } from '@linkstore/contract';
import { withTransaction } from '../../platform/db/transaction';
import { returnPayout } from '../earnings/earnings.api';
import {
  RETURNED_AFTER_PAID,
  RETURNED_STATUSES,
  type PayoutBatch,
  type PayoutItem,
  type PayoutsDeps,
} from './payout-deps';
import {
  markPaid,
  markProcessing,
  markReturned,
  noteProviderStatus,
  type PayoutRow,
} from './payouts.repository';

type SettleDeps = Pick<PayoutsDeps, 'db' | 'log' | 'realtime' | 'creatorMails'>;

/** Tells the creator's open studios; a failure is only logged (the payout is settled). */
function announce(
  deps: SettleDeps,
  row: Pick<PayoutRow, 'id' | 'userId' | 'amountMinor' | 'currencyCode'>,
  kind: TPayoutNews['kind'],
): void {
  const news: TPayoutNews = {
    kind,
    payoutId: String(row.id),
    amountMinor: row.amountMinor,
    currencyCode: row.currencyCode,
  };
  deps.realtime
    .toUser(String(row.userId), queueOf(PAYOUTS_QUEUE), news)
    .catch((err: unknown) => deps.log.warn({ err, payoutId: row.id }, 'Could not send the live payout news'));
}

/**
 * → returned with the `payout_return` entry, in one transaction (a conditional update, so once);
 * nothing when already settled that way.
 */
export async function settleReturned(
  deps: SettleDeps,
  row: PayoutRow,
  status: string,
  reason: string,
): Promise<string> {
  const outcome = await withTransaction(deps.db, async (tx) => {
    const moved = await markReturned(tx, row.id, {
      providerStatus: status,
      reason,
      fromPaid: RETURNED_AFTER_PAID.has(status),
    });
    if (!moved) return 'unchanged';
    await returnPayout(tx, {
      userId: moved.userId,
      shopId: moved.shopId,
      payoutId: moved.id,
      amountMinor: moved.amountMinor,
      currencyCode: moved.currencyCode,
    });
    await deps.creatorMails.queuePayoutMail(tx, {
      kind: 'returned',
      payoutId: moved.id,
      userId: moved.userId,
      shopId: moved.shopId,
      amountMinor: moved.amountMinor,
      currencyCode: moved.currencyCode,
      reason,
    });
    return 'returned';
  });
  if (outcome === 'returned') announce(deps, row, 'payoutReturned');
  return outcome;
}

/** Applies an item status, once whatever the order of poll, webhook and replay. */
export async function applyItem(deps: SettleDeps, row: PayoutRow, item: PayoutItem): Promise<string> {
  const { db } = deps;
  const status = item.transactionStatus.toUpperCase();
  if (status === 'SUCCESS') {
    // Paid once, with the creator's mail queued in the same transaction.
    const paid = await withTransaction(db, async (tx) => {
      if (!(await markPaid(tx, row.id, status, item.payoutItemId))) return false;
      await deps.creatorMails.queuePayoutMail(tx, {
        kind: 'sent',
        payoutId: row.id,
        userId: row.userId,
        shopId: row.shopId,
        amountMinor: row.amountMinor,
        currencyCode: row.currencyCode,
      });
      return true;
    });
    if (!paid) return 'unchanged';
    announce(deps, row, 'payoutPaid');
    return 'paid';
  }
  if (RETURNED_STATUSES.has(status)) return settleReturned(deps, row, status, item.errorName ?? status);
  if (row.status === 'requested' && item.payoutBatchId) {
    await markProcessing(db, row.id, {
      payoutBatchId: item.payoutBatchId,
      payoutItemId: item.payoutItemId,
      providerStatus: status,
    });
  } else {
    await noteProviderStatus(db, row.id, status);
  }
  return 'processing';
}

/** Applies a batch as the provider reports it: its item's status, or a denied/cancelled batch. */
export async function applyBatch(deps: SettleDeps, row: PayoutRow, batch: PayoutBatch): Promise<string> {
  const item = batch.item;
  await markProcessing(deps.db, row.id, {
    payoutBatchId: batch.payoutBatchId,
    payoutItemId: item?.payoutItemId,
    providerStatus: item?.transactionStatus ?? batch.batchStatus,
  });
  if (item) return applyItem(deps, row, item);
  if (batch.batchStatus === 'DENIED' || batch.batchStatus === 'CANCELED') {
    return settleReturned(deps, row, batch.batchStatus, `Batch ${batch.batchStatus}`);
  }
  return 'processing';
}
