import type { TConsoleRefund, TLanguage, ZRefundRequest } from '@linkstore/contract';
import type { z } from 'zod';
import { AppError } from '../../platform/errors/app-error';
import { findConsoleRefund } from './console-refunds';
import type { RefundsDeps } from './refund-deps';
import { sendOrRefuse } from './send-refund';
import { storeRefund } from './store-refund';

type RefundRequest = z.output<typeof ZRefundRequest>;

/** `POST /system/orders/refund`: an operator's refund (of an amount or of lines), stored and reserved, then sent. */
export async function refundOrder(
  deps: RefundsDeps,
  operatorId: number,
  body: RefundRequest,
  lang: TLanguage,
): Promise<TConsoleRefund> {
  // The schema asks for one of them; never read "neither" as "everything left".
  if (body.lines === undefined && body.amountMinor === undefined) {
    throw AppError.field('amountMinor', 'validation.required');
  }
  const refund = await storeRefund(deps.db, operatorId, {
    lang,
    orderNo: body.orderNo,
    version: body.version,
    amountMinor: body.amountMinor ?? null,
    lines: body.lines,
    restock: body.restock,
    reason: body.reason,
  });
  if (!refund) throw new Error('a refund of a positive amount is always stored');
  await sendOrRefuse(deps, refund, body.orderNo);
  const answer = await findConsoleRefund(deps.db, refund.id);
  if (!answer) throw AppError.notFound();
  return answer;
}
