import { randomUUID } from 'node:crypto';
import { ErrorCode, formatMoney, type TLanguage } from '@linkstore/contract';
import type { AppDatabase } from '../../platform/db/database';
import { withTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors/app-error';
import { bumpOrderVersion, recordOrderEvent } from '../orders/orders.api';
import { reserveRefund } from '../payments/payments.api';
import { insertRefund, lockCapturedPayment, lockOrderByNo, type RefundRow } from './refunds.repository';

export interface StoreRefundInput {
  orderNo: string;
  version: number;
  /** null: everything still refundable (a flag's refund). */
  amountMinor: number | null;
  restock: boolean;
  reason: string;
  /** The operator's language: the refusal names the amount left as they read amounts. */
  lang: TLanguage;
}

/**
 * Stores and reserves an operator's refund in one transaction (version checked, the amount
 * reserved on the payment with a conditional update, the history recorded, the version bumped),
 * before the provider is called. Answers undefined when nothing is left to refund.
 */
export async function storeRefund(
  db: AppDatabase,
  operatorId: number,
  input: StoreRefundInput,
): Promise<RefundRow | undefined> {
  return withTransaction(db, async (tx) => {
    const order = await lockOrderByNo(tx, input.orderNo);
    if (!order) throw AppError.notFound();
    const payment = await lockCapturedPayment(tx, order.id);
    if (!payment?.captureId) {
      throw AppError.of(ErrorCode.ORDER_NOT_REFUNDABLE, 'refunds.notRefundable', {
        orderNo: order.orderNo,
      });
    }
    const left = (payment.capturedMinor ?? 0) - payment.refundedMinor;
    const amount = input.amountMinor ?? left;
    if (amount <= 0) return undefined;
    if (!(await reserveRefund(tx, payment.id, amount))) {
      const currency = payment.capturedCurrency ?? payment.currencyCode;
      throw AppError.of(ErrorCode.REFUND_TOO_LARGE, 'refunds.tooLarge', {
        left: formatMoney(Math.max(0, left), currency, input.lang),
      });
    }
    // After the amount: of two refunds that together exceed the capture, the second hears why.
    if (order.version !== input.version) {
      throw AppError.of(ErrorCode.ORDER_STALE, 'refunds.stale', { orderNo: order.orderNo });
    }
    const refund = await insertRefund(tx, {
      orderId: order.id,
      paymentId: payment.id,
      provider: payment.provider,
      captureId: payment.captureId,
      requestId: randomUUID(),
      amountMinor: amount,
      currencyCode: payment.capturedCurrency ?? payment.currencyCode,
      status: 'pending',
      source: 'operator',
      reason: input.reason,
      restock: input.restock,
      requestedBy: operatorId,
    });
    await recordOrderEvent(tx, {
      orderId: order.id,
      action: 'refund_requested',
      actorUserId: operatorId,
      detail: {
        refundId: String(refund.id),
        amountMinor: amount,
        restock: input.restock,
        reason: input.reason,
      },
    });
    await bumpOrderVersion(tx, order.id);
    return refund;
  });
}
