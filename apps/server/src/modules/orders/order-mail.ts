import {
  formatMoney,
  normalizeLanguage,
  orderMoneyRows,
  shownUnitPrice,
  type TLanguage,
  type TOrderMoney,
  variantTitle,
} from '@linkstore/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDatabase } from '../../platform/db/database';
import { translate } from '../../platform/i18n/translate';
import type { MailMessage, Mailer } from '../../platform/mail/mailer';
import { findOrderById, listOrderItems, type OrderItemRow } from './checkout.repository';
import { orderLinkLine, type OrderLinksHandle } from './order-link';
import { moneyOf, shippingOf } from './order-money';
import { withHtml } from '../../platform/mail/html-mail';

export interface ConfirmationInput {
  lang: TLanguage;
  /** The currency the order was charged in (US dollars today): the mail states what was charged. */
  currencyCode: string;
  orderNo: string;
  shopName: string;
  totalMinor: number;
  /** Items, discount, shipping, tax and total as frozen (`moneyOf`). */
  money: TOrderMoney;
  /** The shipping method and its delivery estimate; null for an order from before shipping was charged. */
  shipping: { method: string; minDays: number; maxDays: number } | null;
  items: (Pick<OrderItemRow, 'title' | 'quantity' | 'sellingPriceMinor'> & { variantLabel?: string })[];
  /** The buyer's order page (`app.orderLinks`). */
  orderUrl: string;
}

/** "19 %" as `lang` writes a percentage; the rate is a display figure here, never money. */
const percent = (rateMicros: number, lang: TLanguage) =>
  new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 4 }).format(rateMicros / 1_000_000);

/**
 * The buyer's confirmation in their language: order number, shop, each line, the summary the
 * receipt shows (`orderMoneyRows`: discount, shipping, tax — or the tax included), the delivery
 * estimate and the total.
 */
export function composeConfirmation(to: string, input: ConfirmationInput): MailMessage {
  const { lang, orderNo, shopName, money: figures } = input;
  const money = (minor: number) => formatMoney(minor, input.currencyCode, lang);
  const lines = input.items
    .map((item) =>
      translate(lang, 'mail.orderPaid.line', {
        quantity: item.quantity,
        // "Hoodie — M / Black": the variant as the buyer chose it.
        product: variantTitle(item.title, item.variantLabel),
        // As the shop showed it: with tax where prices include it.
        amount: money(shownUnitPrice(item.sellingPriceMinor, figures.tax) * item.quantity),
      }),
    )
    .join('\n');
  const tax = { tax: figures.tax?.name ?? '', rate: percent(figures.tax?.rateMicros ?? 0, lang) };
  // Shipping the shop paid all of (its free shipping) reads "free (offered by the shop)".
  const shopPaidShipping = figures.shippingMinor === 0 && (figures.creatorShippingMinor ?? 0) > 0;
  const summary = orderMoneyRows(figures).flatMap(({ kind, minor }) =>
    kind === 'total'
      ? []
      : kind === 'shipping' && shopPaidShipping
        ? [translate(lang, 'mail.orderPaid.shippingFree')]
        : kind === 'discount' && figures.discountCode
          ? [
              translate(lang, 'mail.orderPaid.discountCode', {
                code: figures.discountCode,
                amount: money(minor),
              }),
            ]
          : [translate(lang, `mail.orderPaid.${kind}`, { ...tax, amount: money(minor) })],
  );
  if (input.shipping) {
    const { method, minDays: min, maxDays: max } = input.shipping;
    summary.push(translate(lang, 'mail.orderPaid.delivery', { method, min, max }));
  }
  // EU imports: whether anything is left to pay on delivery.
  if (figures.taxScheme) summary.push(translate(lang, `mail.orderPaid.${figures.taxScheme}`));
  const values = {
    orderNo,
    shop: shopName,
    items: lines,
    summary: summary.join('\n'),
    total: money(input.totalMinor),
  };
  return withHtml(
    {
      to,
      subject: translate(lang, 'mail.orderPaid.subject', values),
      text: `${translate(lang, 'mail.orderPaid.body', values)}\n\n${orderLinkLine(lang, input.orderUrl)}`,
    },
    lang,
    { name: shopName },
  );
}

/** Sends the confirmation of a paid order in the background; a failure is logged, never thrown. */
export function sendOrderConfirmation(
  deps: {
    db: AppDatabase;
    mailer: Mailer;
    log: FastifyBaseLogger;
    orderLinks: Pick<OrderLinksHandle, 'urlFor'>;
  },
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
      money: moneyOf(order),
      shipping: shippingOf(order),
      items: await listOrderItems(deps.db, orderId),
      orderUrl: deps.orderLinks.urlFor({ id: order.id, shopSlug: shop.slug, language: order.language }),
    });
    await deps.mailer.send(message);
  };
  send().catch((err: unknown) => {
    deps.log.error({ err, orderId, mail: 'orderPaid' }, 'Could not send the order confirmation');
  });
}
