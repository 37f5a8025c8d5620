import { ErrorCode } from '@linkstore/contract';
import { AppError } from '../../platform/errors/app-error';
import { completeRefund } from './complete-refund';
import { failRefund } from './fail-refund';
import type { RefundsDeps } from './refund-deps';
import { findRefund, setProviderRefundId, touchRefund, type RefundRow } from './refunds.repository';

/** Calls the provider for a stored pending refund and acts on the answer. */
export async function sendRefund(
  deps: RefundsDeps,
  refund: RefundRow,
  orderNo: string,
): Promise<'completed' | 'pending' | 'refused' | 'unknown'> {
  const outcome = await deps.payments.refund({
    captureId: refund.captureId,
    amount: { currencyCode: refund.currencyCode, valueMinor: refund.amountMinor },
    requestId: refund.requestId,
    customId: String(refund.id),
    note: `Refund for order ${orderNo}`,
  });
  if (outcome.kind === 'completed') {
    await completeRefund(deps, refund.id, outcome.providerRefundId);
    return 'completed';
  }
  if (outcome.kind === 'pending') {
    // The webhook finishes it; it finds the refund by custom_id, or by this id.
    await setProviderRefundId(deps.db, refund.id, outcome.providerRefundId);
    return 'pending';
  }
  if (outcome.kind === 'refused') {
    await failRefund(deps.db, refund.id, outcome.reason);
    return 'refused';
  }
  await touchRefund(deps.db, refund.id);
  deps.log.warn({ refundId: refund.id, reason: outcome.reason }, 'Refund outcome unknown; retried later');
  return 'unknown';
}

/** Sends a stored refund; a refusal is the operator's A0674 (the refund is failed, released). */
export async function sendOrRefuse(deps: RefundsDeps, refund: RefundRow, orderNo: string): Promise<void> {
  const result = await sendRefund(deps, refund, orderNo);
  if (result === 'refused') {
    const failed = await findRefund(deps.db, refund.id);
    throw AppError.of(ErrorCode.REFUND_REFUSED, 'refunds.refused', { reason: failed?.failure ?? '' });
  }
}
