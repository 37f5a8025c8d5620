import type { AppDatabase } from '../../platform/db/database';
import { withTransaction } from '../../platform/db/transaction';
import { recordOrderEvent } from '../orders/orders.api';
import { releaseRefund } from '../payments/payments.api';
import { findRefund, lockCapturedPayment, lockOrder, markFailed } from './refunds.repository';

/** The provider refused: failed, the reservation released, recorded — in one transaction. */
export async function failRefund(db: AppDatabase, refundId: number, failure: string): Promise<boolean> {
  return withTransaction(db, async (tx) => {
    const pending = await findRefund(tx, refundId);
    if (!pending || pending.status !== 'pending') return false;
    await lockOrder(tx, pending.orderId);
    await lockCapturedPayment(tx, pending.orderId);
    const failed = await markFailed(tx, refundId, failure);
    if (!failed) return false;
    await releaseRefund(tx, failed.paymentId, failed.amountMinor);
    await recordOrderEvent(tx, {
      orderId: failed.orderId,
      action: 'refund_failed',
      actorUserId: null,
      detail: { refundId: String(failed.id), amountMinor: failed.amountMinor, failure },
    });
    return true;
  });
}
