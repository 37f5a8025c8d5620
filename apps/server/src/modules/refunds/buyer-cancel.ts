import { ErrorCode, normalizeLanguage, type TCancelOrderAnswer } from '@linkstore/contract';
import { withTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors/app-error';
import {
  buyerChangeRefusal,
  lockOrderForBuyer,
  markCancelledByBuyer,
  recordOrderEvent,
} from '../orders/orders.api';
import type { RefundsDeps } from './refund-deps';
import { composeMoneyBack } from './refund-mail';
import { findForMail } from './refunds.repository';
import { sendRefund } from './send-refund';
import { storeRefund } from './store-refund';

/**
 * The buyer cancels their order from its page (decision 0058), in one transaction under the
 * order's lock: only a paid order whose fulfilment has not started (not in production, shipped,
 * cancelled or refunded in full — else ORDER_NOT_CHANGEABLE saying which); everything still
 * refundable is stored and reserved as a refund with restock (source 'buyer'), the order is
 * stamped cancelled (its version moves on, so an operator's ship request naming the old one is
 * refused as stale, and a cancelled order is never shipped), the history recorded and the buyer's
 * mail queued. After the commit the refund goes to PayPal as an operator's does: its completion
 * reverses the creator's profit share, returns the stock and mails the buyer and tells the creator.
 */
export async function cancelByBuyer(deps: RefundsDeps, orderId: number): Promise<TCancelOrderAnswer> {
  const { order, refund } = await withTransaction(deps.db, async (tx) => {
    const locked = await lockOrderForBuyer(tx, orderId);
    if (!locked) throw AppError.of(ErrorCode.ORDER_LINK_INVALID, 'orders.linkInvalid');
    const refusal = buyerChangeRefusal(locked);
    if (refusal) throw AppError.of(ErrorCode.ORDER_NOT_CHANGEABLE, `orders.change.${refusal}`);
    const lang = normalizeLanguage(locked.language);
    const stored = await storeRefund(tx, null, {
      orderNo: locked.orderNo,
      version: null,
      amountMinor: null,
      restock: true,
      reason: '',
      lang,
      source: 'buyer',
    });
    await markCancelledByBuyer(tx, locked.id);
    await recordOrderEvent(tx, {
      orderId: locked.id,
      action: 'cancelled',
      actorUserId: null,
      detail: stored ? { refundId: String(stored.id) } : {},
    });
    const mail = await findForMail(tx, locked.id);
    if (mail) {
      await deps.mailer.send(
        composeMoneyBack('orderCancelled', locked.buyerEmail, {
          lang,
          orderNo: locked.orderNo,
          shopName: mail.shopName,
          amountMinor: stored?.amountMinor ?? 0,
          currencyCode: stored?.currencyCode ?? locked.currencyCode,
          orderUrl: deps.orderLinks.urlFor({
            id: locked.id,
            shopSlug: mail.shopSlug,
            language: locked.language,
          }),
        }),
        { db: tx },
      );
    }
    return { order: locked, refund: stored };
  });
  if (refund) {
    // A refusal fails the refund and releases it (the console shows it for an operator to retry);
    // an unknown outcome is retried by the follow-up job. The cancellation stands either way.
    await sendRefund(deps, refund, order.orderNo).catch((err: unknown) => {
      deps.log.error(
        { err, refundId: refund.id },
        'The cancellation refund was not sent; the follow-up retries it',
      );
    });
  }
  return {
    refundMinor: refund?.amountMinor ?? 0,
    currencyCode: refund?.currencyCode ?? order.currencyCode,
  };
}
