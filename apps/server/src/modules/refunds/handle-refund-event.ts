import { randomUUID } from 'node:crypto';
import { withTransaction } from '../../platform/db/transaction';
import { bumpOrderVersion, recordOrderEvent } from '../orders/orders.api';
import { reserveRefund, type RefundEvent } from '../payments/payments.api';
import { announceRefund, completeRefund, completeRefundIn, type Completed } from './complete-refund';
import type { RefundsDeps } from './refund-deps';
import {
  findPaymentByCapture,
  findRefund,
  findRefundByProviderId,
  insertRefund,
  lockCapturedPayment,
  lockOrder,
} from './refunds.repository';

/**
 * A PAYMENT.CAPTURE.REFUNDED / REVERSED webhook. Our refund (custom_id, or its provider id) is
 * completed; a refund we did not make on a capture we know (at PayPal, a dispute, a chargeback)
 * is recorded and completed in one transaction; a known provider refund id changes nothing.
 */
export async function handleRefundEvent(deps: RefundsDeps, event: RefundEvent): Promise<string> {
  const { db, payments } = deps;
  const { refund } = event;
  if (refund.status === 'FAILED' || refund.status === 'CANCELLED') return 'ignored';
  const known = await findRefundByProviderId(db, payments.provider, refund.providerRefundId);
  const ours =
    known ??
    (refund.customId && /^\d{1,18}$/.test(refund.customId)
      ? await findRefund(db, Number(refund.customId))
      : undefined);
  if (ours && ours.captureId === refund.captureId && ours.provider === payments.provider) {
    if (ours.status !== 'pending') return 'alreadyKnown';
    return (await completeRefund(deps, ours.id, refund.providerRefundId)) ? 'refunded' : 'alreadyKnown';
  }
  const payment = await findPaymentByCapture(db, payments.provider, refund.captureId);
  if (!payment) return 'unknownCapture';
  let completed: Completed | undefined;
  const outcome = await withTransaction(db, async (tx) => {
    await lockOrder(tx, payment.orderId);
    const locked = await lockCapturedPayment(tx, payment.orderId);
    if (!locked) return 'unknownCapture';
    // Checked again under the locks: a concurrent delivery of the same refund recorded it.
    if (await findRefundByProviderId(tx, payments.provider, refund.providerRefundId)) return 'alreadyKnown';
    const amount = Math.min(refund.amount.valueMinor, (locked.capturedMinor ?? 0) - locked.refundedMinor);
    if (amount <= 0 || !(await reserveRefund(tx, locked.id, amount))) return 'nothingLeft';
    const row = await insertRefund(tx, {
      orderId: locked.orderId,
      paymentId: locked.id,
      provider: locked.provider,
      captureId: refund.captureId,
      requestId: `provider-${randomUUID()}`,
      providerRefundId: refund.providerRefundId,
      amountMinor: amount,
      currencyCode: locked.capturedCurrency ?? locked.currencyCode,
      status: 'pending',
      source: 'provider',
      reason: event.eventType,
    });
    await recordOrderEvent(tx, {
      orderId: locked.orderId,
      action: 'refund_requested',
      actorUserId: null,
      detail: { refundId: String(row.id), amountMinor: amount, eventType: event.eventType },
    });
    await bumpOrderVersion(tx, locked.orderId);
    completed = await completeRefundIn(tx, row.id, refund.providerRefundId, deps.creatorMails);
    return completed ? 'refunded' : 'alreadyKnown';
  });
  if (completed) announceRefund(deps, completed);
  return outcome;
}
