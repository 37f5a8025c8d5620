import { dispatchPayout } from './dispatch-payout';
import {
  PAID_FOLLOW_MS,
  PAID_RECHECK_MS,
  RECONCILE_AFTER_MS,
  RETURNED_AFTER_PAID,
  type PayoutsDeps,
} from './payout-deps';
import { findByProviderRef, listStaleRequested, listToFollow, touchPayout } from './payouts.repository';
import { applyBatch, applyItem, settleReturned } from './settle-payout';
import type { PayoutEvent } from './payout-deps';

/**
 * The poll (every minute): re-sends payouts stuck at `requested` (same sender_batch_id, so never
 * a second payout) and reads the batch of each one in flight — and, now and then, of recently
 * paid ones PayPal may still return. Answers how many it looked at.
 */
export async function followPayouts(deps: PayoutsDeps, now = new Date()): Promise<number> {
  const { db, log } = deps;
  let looked = 0;
  for (const stale of await listStaleRequested(db, new Date(now.getTime() - RECONCILE_AFTER_MS))) {
    looked++;
    try {
      await dispatchPayout(deps, stale);
    } catch (err) {
      log.error({ err, payoutId: stale.id }, 'Payout reconcile failed');
    }
  }
  const toFollow = await listToFollow(db, {
    paidSince: new Date(now.getTime() - PAID_FOLLOW_MS),
    paidCheckedBefore: new Date(now.getTime() - PAID_RECHECK_MS),
  });
  for (const row of toFollow) {
    if (!row.payoutBatchId) continue;
    looked++;
    try {
      const batch = await deps.payouts.get(row.payoutBatchId);
      if (row.status === 'paid') {
        const status = batch.item?.transactionStatus.toUpperCase() ?? '';
        if (batch.item && RETURNED_AFTER_PAID.has(status)) {
          await settleReturned(deps, row, status, batch.item.errorName ?? status);
        } else {
          await touchPayout(db, row.id, now);
        }
      } else {
        await applyBatch(deps, row, batch);
      }
    } catch (err) {
      log.warn({ err, payoutId: row.id }, 'Payout status read failed; the next poll tries again');
    }
  }
  return looked;
}

/** A verified PAYMENT.PAYOUTS-ITEM.* event: the outcome recorded with the webhook event. */
export async function handlePayoutEvent(deps: PayoutsDeps, event: PayoutEvent): Promise<string> {
  const row = await findByProviderRef(deps.db, {
    payoutItemId: event.item.payoutItemId,
    payoutBatchId: event.item.payoutBatchId,
    senderBatchId: event.senderBatchId,
  });
  if (!row) return 'unknownPayout';
  return applyItem(deps, row, event.item);
}
