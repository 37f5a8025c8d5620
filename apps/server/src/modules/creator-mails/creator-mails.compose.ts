import { formatMoney, type TLanguage } from '@linkstore/contract';
import { translate } from '../../platform/i18n/translate';
import type { MailMessage } from '../../platform/mail/mailer';
import type { DigestOrder } from './creator-mails.repository';
import { withHtml } from '../../platform/mail/html-mail';

/** The studio pages the mails link (the studio is a hash-routed app at the public URL). */
export interface StudioLinks {
  /** The studio's orders page with the order's detail open. */
  order(orderNo: string): string;
  orders(): string;
  /** Earnings and payouts. */
  revenue(): string;
  /** The shop page's "Mail notifications" card. */
  settings(): string;
}

export function studioLinks(publicUrl: string): StudioLinks {
  const base = publicUrl.replace(/\/$/, '');
  return {
    order: (orderNo) => `${base}/#/order?open=${encodeURIComponent(orderNo)}`,
    orders: () => `${base}/#/order`,
    revenue: () => `${base}/#/revenue`,
    settings: () => `${base}/#/shop?focus=mails`,
  };
}

/** At most this many orders are listed in a digest; the rest are counted, with a link to the studio. */
export const DIGEST_MAX_LINES = 50;

const money = (minor: number, currency: string, lang: TLanguage) => formatMoney(minor, currency, lang);

/** Every creator mail ends with where to change which mails they get. */
function withFooter(lang: TLanguage, links: StudioLinks, parts: string[]): string {
  return [...parts, translate(lang, 'creatorMail.footer', { url: links.settings() })].join('\n\n');
}

export interface SaleMailInput {
  lang: TLanguage;
  shopName: string;
  orderNo: string;
  totalMinor: number;
  profitMinor: number;
  currencyCode: string;
}

/** "New sale": the order, what the buyer paid and the creator's profit, and the order in the studio. */
export function composeSale(to: string, input: SaleMailInput, links: StudioLinks): MailMessage {
  const { lang } = input;
  const values = {
    shop: input.shopName,
    orderNo: input.orderNo,
    total: money(input.totalMinor, input.currencyCode, lang),
    profit: money(input.profitMinor, input.currencyCode, lang),
    url: links.order(input.orderNo),
  };
  return withHtml(
    {
      to,
      subject: translate(lang, 'creatorMail.sale.subject', values),
      text: withFooter(lang, links, [
        translate(lang, 'creatorMail.sale.body', values),
        translate(lang, 'creatorMail.openOrder', values),
      ]),
    },
    lang,
    { name: input.shopName },
  );
}

export interface DigestMailInput {
  lang: TLanguage;
  shopName: string;
  /** The window's start, as the creator reads it (their time zone). */
  since: string;
  orders: DigestOrder[];
}

/** The day's paid orders in one mail: a line per order (at most DIGEST_MAX_LINES) and the profit. */
export function composeDigest(to: string, input: DigestMailInput, links: StudioLinks): MailMessage {
  const { lang, orders } = input;
  const lines = orders.slice(0, DIGEST_MAX_LINES).map((order) =>
    translate(lang, 'creatorMail.digest.line', {
      orderNo: order.orderNo,
      total: money(order.totalMinor, order.currencyCode, lang),
      profit: money(order.profitMinor, order.currencyCode, lang),
      url: links.order(order.orderNo),
    }),
  );
  if (orders.length > DIGEST_MAX_LINES) {
    lines.push(translate(lang, 'creatorMail.digest.more', { count: orders.length - DIGEST_MAX_LINES }));
  }
  // One sum per currency (orders are in US dollars today; a sum never mixes currencies).
  const profitBy = new Map<string, number>();
  for (const order of orders)
    profitBy.set(order.currencyCode, (profitBy.get(order.currencyCode) ?? 0) + order.profitMinor);
  const profit = [...profitBy].map(([currency, minor]) => money(minor, currency, lang)).join(' + ');
  const values = { shop: input.shopName, count: orders.length, since: input.since, profit };
  return withHtml(
    {
      to,
      subject: translate(lang, 'creatorMail.digest.subject', values),
      text: withFooter(lang, links, [
        translate(lang, 'creatorMail.digest.intro', values),
        lines.join('\n'),
        translate(lang, 'creatorMail.digest.total', values),
        translate(lang, 'creatorMail.openOrders', { url: links.orders() }),
      ]),
    },
    lang,
    { name: input.shopName },
  );
}

export interface PayoutMailInput {
  lang: TLanguage;
  shopName: string;
  kind: 'sent' | 'returned';
  payoutId: number;
  amountMinor: number;
  currencyCode: string;
  /** Why it came back, as the provider said it. */
  reason: string | null;
}

/** A payout sent to the creator's PayPal account, or one that came back to their balance. */
export function composePayout(to: string, input: PayoutMailInput, links: StudioLinks): MailMessage {
  const { lang } = input;
  const values = {
    shop: input.shopName,
    payoutId: input.payoutId,
    amount: money(input.amountMinor, input.currencyCode, lang),
    reason: input.reason ?? '—',
  };
  const key = input.kind === 'sent' ? 'payoutSent' : 'payoutReturned';
  return withHtml(
    {
      to,
      subject: translate(lang, `creatorMail.${key}.subject`, values),
      text: withFooter(lang, links, [
        translate(lang, `creatorMail.${key}.body`, values),
        translate(lang, 'creatorMail.openRevenue', { url: links.revenue() }),
      ]),
    },
    lang,
    { name: input.shopName },
  );
}

export interface RefundMailInput {
  lang: TLanguage;
  shopName: string;
  orderNo: string;
  amountMinor: number;
  profitReversedMinor: number;
  currencyCode: string;
}

/** A refund completed on one of the creator's orders: what went back, what of their profit with it. */
export function composeRefund(to: string, input: RefundMailInput, links: StudioLinks): MailMessage {
  const { lang } = input;
  const values = {
    shop: input.shopName,
    orderNo: input.orderNo,
    amount: money(input.amountMinor, input.currencyCode, lang),
    profit: money(input.profitReversedMinor, input.currencyCode, lang),
    url: links.order(input.orderNo),
  };
  return withHtml(
    {
      to,
      subject: translate(lang, 'creatorMail.refund.subject', values),
      text: withFooter(lang, links, [
        translate(lang, 'creatorMail.refund.body', values),
        translate(lang, 'creatorMail.openOrder', values),
      ]),
    },
    lang,
    { name: input.shopName },
  );
}

/** A moment as the creator reads it: their dashboard's time zone (UTC when unset or unknown). */
export function formatMoment(at: Date, lang: TLanguage, timeZone: string | null): string {
  const options: Intl.DateTimeFormatOptions = {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  };
  try {
    return new Intl.DateTimeFormat(lang, { ...options, timeZone: timeZone ?? 'UTC' }).format(at);
  } catch {
    return new Intl.DateTimeFormat(lang, { ...options, timeZone: 'UTC' }).format(at);
  }
}
