import { formatMoney, normalizeLanguage, type TLanguage } from '@linkstore/contract';
import { translate } from '../../platform/i18n/translate';
import { orderLinkLine } from '../orders/orders.api';
import type { MailMessage } from '../../platform/mail/mailer';
import type { RefundsDeps } from './refund-deps';
import { findForMail, type RefundRow } from './refunds.repository';
import { withHtml } from '../../platform/mail/html-mail';

/** What a buyer's mail about money going back names: the order, the shop, the amount, the order page. */
export interface BuyerMoneyMailInput {
  lang: TLanguage;
  orderNo: string;
  shopName: string;
  amountMinor: number;
  currencyCode: string;
  /** The buyer's order page. */
  orderUrl: string;
}

/**
 * A buyer's mail about money going back, in their language: `kind` names its subject and body
 * (`mail.<kind>.subject`, `.body`) — a refund, or the cancellation that starts one.
 */
export function composeMoneyBack(
  kind: 'orderRefunded' | 'orderCancelled',
  to: string,
  input: BuyerMoneyMailInput,
): MailMessage {
  const values = {
    orderNo: input.orderNo,
    shop: input.shopName,
    amount: formatMoney(input.amountMinor, input.currencyCode, input.lang),
  };
  return withHtml(
    {
      to,
      subject: translate(input.lang, `mail.${kind}.subject`, values),
      text: `${translate(input.lang, `mail.${kind}.body`, values)}\n\n${orderLinkLine(input.lang, input.orderUrl)}`,
    },
    input.lang,
    { name: input.shopName },
  );
}

/** The buyer's "your refund" mail in their language. */
export const composeRefunded = (to: string, input: BuyerMoneyMailInput): MailMessage =>
  composeMoneyBack('orderRefunded', to, input);

/** Mails the buyer their completed refund, after its commit; a failure is logged, never thrown. */
export function mailBuyer(
  deps: Pick<RefundsDeps, 'db' | 'mailer' | 'log' | 'orderLinks'>,
  refund: RefundRow,
): void {
  const sendMail = async () => {
    const order = await findForMail(deps.db, refund.orderId);
    if (!order) return;
    await deps.mailer.send(
      composeRefunded(order.buyerEmail, {
        lang: normalizeLanguage(order.language),
        orderNo: order.orderNo,
        shopName: order.shopName,
        amountMinor: refund.amountMinor,
        currencyCode: refund.currencyCode,
        orderUrl: deps.orderLinks.urlFor({
          id: refund.orderId,
          shopSlug: order.shopSlug,
          language: order.language,
        }),
      }),
    );
  };
  sendMail().catch((err: unknown) => {
    deps.log.error({ err, refundId: refund.id, mail: 'orderRefunded' }, 'Could not send the refund mail');
  });
}
