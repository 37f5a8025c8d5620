import { randomUUID } from 'node:crypto';
import {
  ErrorCode,
  formatMoney,
  refundableUnits,
  refundLineAmounts,
  type TLanguage,
  type TRefundedLine,
  variantTitle,
} from '@linkstore/contract';
import type { AppDatabase } from '../../platform/db/database';
import { withTransaction } from '../../platform/db/transaction';
import { AppError, type FieldProblem } from '../../platform/errors/app-error';
import { bumpOrderVersion, recordOrderEvent } from '../orders/orders.api';
import { reserveRefund } from '../payments/payments.api';
import {
  insertRefund,
  insertRefundLines,
  listOrderLines,
  lockCapturedPayment,
  lockOrderByNo,
  refundedUnitsOf,
  type OrderRow,
  type PaymentRow,
  type RefundRow,
} from './refunds.repository';

export interface StoreRefundInput {
  orderNo: string;
  /** The version the operator saw (refused if the order moved on); null: the buyer's cancellation, checked under its lock. */
  version: number | null;
  /** null: everything still refundable (a flag's refund); ignored with `lines`. */
  amountMinor: number | null;
  /** A refund by lines: the order lines (ids) and units; the amount is computed from them. */
  lines?: { itemId: string; quantity: number }[] | undefined;
  restock: boolean;
  reason: string;
  /** The operator's language: the refusal names the amount left as they read amounts. */
  lang: TLanguage;
  /** Who asks: an operator in the console (default), or the buyer cancelling (decision 0058). */
  source?: 'operator' | 'buyer';
}

/** The line as an operator reads it: "Hoodie — M / Black". */
export const lineName = (line: { title: string; variantLabel: string }): string =>
  variantTitle(line.title, line.variantLabel);

/**
 * A refund by lines, checked and priced under the order's lock: each line of the order, at most
 * its units not taken by earlier refunds that did not fail (else refused per field, nothing
 * written), each one's share of the capture (`refundLineAmounts`, in the order's line order, so
 * the request's order changes nothing). Answers the lines with their amounts.
 */
async function priceLines(
  tx: AppDatabase,
  order: OrderRow,
  left: number,
  capturedMinor: number,
  asked: { itemId: string; quantity: number }[],
): Promise<TRefundedLine[]> {
  const orderLines = await listOrderLines(tx, order.id);
  const taken = await refundedUnitsOf(tx, [order.id]);
  const items = orderLines.map((line) => ({
    id: String(line.id),
    sellingUnitMinor: line.sellingPriceMinor,
    quantity: line.quantity,
    discountMinor: line.discountMinor,
  }));
  const before = [...taken].map(([itemId, quantity]) => ({ itemId: String(itemId), quantity }));
  const refundable = refundableUnits(items, before);
  const byId = new Map(orderLines.map((line) => [String(line.id), line]));
  const unknown: FieldProblem[] = [];
  const tooMany: FieldProblem[] = [];
  asked.forEach((line, i) => {
    const bought = byId.get(line.itemId);
    const most = refundable.get(line.itemId) ?? 0;
    if (!bought) {
      unknown.push({
        field: `lines.${i}.itemId`,
        key: 'refunds.lineUnknown',
        params: { orderNo: order.orderNo },
      });
    } else if (line.quantity > most) {
      tooMany.push({
        field: `lines.${i}.quantity`,
        key: 'refunds.lineTooMany',
        params: { left: most, line: lineName(bought) },
      });
    }
  });
  if (unknown.length > 0) throw AppError.fields(unknown);
  if (tooMany.length > 0) throw AppError.fields(tooMany, ErrorCode.REFUND_TOO_LARGE);
  const position = new Map(orderLines.map((line, i) => [String(line.id), i]));
  const ordered = [...asked].sort((a, b) => (position.get(a.itemId) ?? 0) - (position.get(b.itemId) ?? 0));
  const amounts = refundLineAmounts({ capturedMinor, leftMinor: left, items, before, lines: ordered });
  return ordered.map((line, i) => {
    const bought = byId.get(line.itemId);
    return {
      itemId: line.itemId,
      title: bought?.title ?? '',
      variantLabel: bought?.variantLabel ?? '',
      sku: bought?.sku ?? '',
      quantity: line.quantity,
      amountMinor: amounts[i] ?? 0,
    };
  });
}

function tooLarge(payment: PaymentRow, left: number, lang: TLanguage): AppError {
  const currency = payment.capturedCurrency ?? payment.currencyCode;
  return AppError.of(ErrorCode.REFUND_TOO_LARGE, 'refunds.tooLarge', {
    left: formatMoney(Math.max(0, left), currency, lang),
  });
}

/**
 * Stores and reserves an operator's refund in one transaction (version checked, the amount
 * reserved on the payment with a conditional update, a refund by lines' lines checked and kept,
 * the history recorded, the version bumped), before the provider is called. Answers undefined
 * when nothing is left to refund (a flag's refund).
 */
export async function storeRefund(
  db: AppDatabase,
  operatorId: number | null,
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
    const captured = payment.capturedMinor ?? 0;
    const left = captured - payment.refundedMinor;
    // Lines are checked under the order's lock: of two refunds of a line's last unit, the second
    // reads the first's lines and hears which line is over.
    const lines = input.lines ? await priceLines(tx, order, left, captured, input.lines) : undefined;
    const amount = lines
      ? lines.reduce((sum, line) => sum + line.amountMinor, 0)
      : (input.amountMinor ?? left);
    if (amount <= 0) {
      if (lines) throw tooLarge(payment, left, input.lang);
      return undefined;
    }
    if (!(await reserveRefund(tx, payment.id, amount))) throw tooLarge(payment, left, input.lang);
    // After the amount: of two refunds that together exceed the capture, the second hears why.
    if (input.version !== null && order.version !== input.version) {
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
      source: input.source ?? 'operator',
      reason: input.reason,
      restock: input.restock,
      requestedBy: operatorId,
    });
    if (lines) {
      await insertRefundLines(
        tx,
        lines.map((line) => ({
          refundId: refund.id,
          orderItemId: Number(line.itemId),
          quantity: line.quantity,
          amountMinor: line.amountMinor,
        })),
      );
    }
    await recordOrderEvent(tx, {
      orderId: order.id,
      action: 'refund_requested',
      actorUserId: operatorId,
      detail: {
        refundId: String(refund.id),
        amountMinor: amount,
        restock: input.restock,
        reason: input.reason,
        ...(lines ? { lines } : {}),
      },
    });
    await bumpOrderVersion(tx, order.id);
    return refund;
  });
}
