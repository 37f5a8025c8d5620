import { formatMoney, normalizeLanguage, type TLanguage, variantTitle } from '@linkstore/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDatabase } from '../../platform/db/database';
import { translate } from '../../platform/i18n/translate';
import type { MailMessage, Mailer } from '../../platform/mail/mailer';
import { findOrderById, listOrderItems, type OrderItemRow } from './checkout.repository';

export interface ConfirmationInput {
  lang: TLanguage;
  /** The currency the order was charged in (US dollars today): the mail states what was charged. */
  currencyCode: string;
  orderNo: string;
  shopName: string;
  totalMinor: number;
  items: (Pick<OrderItemRow, 'title' | 'quantity' | 'sellingPriceMinor'> & { variantLabel?: string })[];
}

/** The buyer's confirmation in their language: order number, shop, each line and the total. */
export function composeConfirmation(to: string, input: ConfirmationInput): MailMessage {
  const { lang, orderNo, shopName } = input;
  const money = (minor: number) => formatMoney(minor, input.currencyCode, lang);
  const lines = input.items
    .map((item) =>
      translate(lang, 'mail.orderPaid.line', {
        quantity: item.quantity,
        // "Hoodie — M / Black": the variant as the buyer chose it.
        product: variantTitle(item.title, item.variantLabel),
        amount: money(item.sellingPriceMinor * item.quantity),
      }),
    )
    .join('\n');
  const values = { orderNo, shop: shopName, items: lines, total: money(input.totalMinor) };
  return {
    to,
    subject: translate(lang, 'mail.orderPaid.subject', values),
    text: translate(lang, 'mail.orderPaid.body', values),
  };
}

/** Sends the confirmation of a paid order in the background; a failure is logged, never thrown. */
export function sendOrderConfirmation(
  deps: { db: AppDatabase; mailer: Mailer; log: FastifyBaseLogger },
  orderId: number,
): void {
  const send = async () => {
    const found = await findOrderById(deps.db, orderId);
    if (!found) return;
    const { order, shop } = found;
    const message = composeConfirmation(order.buyerEmail, {
      lang: normalizeLanguage(order.language),
      orderNo: order.orderNo,
      currencyCode: order.currencyCode,
      shopName: shop.name,
      totalMinor: order.totalMinor,
      items: await listOrderItems(deps.db, orderId),
    });
    await deps.mailer.send(message);
  };
  send().catch((err: unknown) => {
    deps.log.error({ err, orderId, mail: 'orderPaid' }, 'Could not send the order confirmation');
  });
}
