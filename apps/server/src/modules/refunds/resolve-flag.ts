import {
  ErrorCode,
  type TLanguage,
  type TOrderEventDetail,
  type ZResolveFlagRequest,
} from '@linkstore/contract';
import type { z } from 'zod';
import { withTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors/app-error';
import { markPaid, recordOrderEvent, resolveOrderFlag } from '../orders/orders.api';
import type { RefundsDeps } from './refund-deps';
import { findCapturedPayment, findOrderByNo, lockOrder } from './refunds.repository';
import { sendOrRefuse } from './send-refund';
import { storeRefund } from './store-refund';

type ResolveFlagRequest = z.output<typeof ZResolveFlagRequest>;

/**
 * `POST /system/orders/resolve-flag`: refund, accept or note; the resolution is recorded. Accepting
 * an amount-mismatch order pays it as it is (the profit credited, the buyer mailed, the creator
 * told live, as for any paid order).
 */
export async function resolveFlag(
  deps: RefundsDeps,
  operatorId: number,
  body: ResolveFlagRequest,
  lang: TLanguage,
): Promise<null> {
  const { db } = deps;
  const order = await findOrderByNo(db, body.orderNo);
  if (!order) throw AppError.notFound();
  const open = () => {
    throw AppError.of(ErrorCode.FLAG_NOT_OPEN, 'refunds.flagNotOpen', { orderNo: body.orderNo });
  };
  if (order.flag === null || order.flagResolvedAt !== null) open();
  if (order.version !== body.version) {
    throw AppError.of(ErrorCode.ORDER_STALE, 'refunds.flagStale', { orderNo: body.orderNo });
  }
  let version = body.version;
  const detail: TOrderEventDetail<'flag_resolved'> = { resolution: body.resolution, note: body.note };
  if (body.resolution === 'refund') {
    // Everything still refundable goes back; a refusal leaves the flag open.
    const refund = await storeRefund(db, operatorId, {
      lang,
      orderNo: body.orderNo,
      version,
      amountMinor: null,
      restock: body.restock,
      reason: body.note,
    });
    if (refund) {
      version += 1;
      detail.refundId = String(refund.id);
      await sendOrRefuse(deps, refund, body.orderNo);
    }
  } else if (body.resolution === 'accept' && order.flagReason === 'amount_mismatch' && order.status === 0) {
    // Paid as it is, with the capture recorded; the profit is credited as for any paid order.
    const payment = await findCapturedPayment(db, order.id);
    if (!payment?.captureId) {
      throw AppError.of(ErrorCode.ORDER_NOT_REFUNDABLE, 'refunds.notRefundable', {
        orderNo: body.orderNo,
      });
    }
    detail.paid = await markPaid(
      {
        db,
        mailer: deps.mailer,
        log: deps.log,
        realtime: deps.realtime,
        orderLinks: deps.orderLinks,
        creatorMails: deps.creatorMails,
      },
      order.id,
      {
        status: 'COMPLETED',
        captureId: payment.captureId,
        capturedMinor: payment.capturedMinor ?? 0,
        currencyCode: payment.capturedCurrency ?? payment.currencyCode,
      },
    );
  }
  await withTransaction(db, async (tx) => {
    const locked = await lockOrder(tx, order.id);
    if (!locked || locked.flag === null || locked.flagResolvedAt !== null) open();
    if (locked?.version !== version) {
      throw AppError.of(ErrorCode.ORDER_STALE, 'refunds.flagStale', { orderNo: body.orderNo });
    }
    await resolveOrderFlag(tx, order.id, { resolution: body.resolution, note: body.note, by: operatorId });
    await recordOrderEvent(tx, {
      orderId: order.id,
      action: 'flag_resolved',
      actorUserId: operatorId,
      detail,
    });
  });
  return null;
}
