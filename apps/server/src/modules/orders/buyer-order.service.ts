import {
  ErrorCode,
  normalizeLanguage,
  type TBuyerOrder,
  type TShippingAddress,
  type TBuyerOrderStep,
  type TConsoleRefund,
  type TLanguage,
} from '@linkstore/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../platform/db/database';
import { stampNow } from '../../platform/db/stamp';
import { withTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors/app-error';
import { translate } from '../../platform/i18n/translate';
import type { MailMessage, Mailer } from '../../platform/mail/mailer';
import type { RateLimiter } from '../../platform/rate-limit/limiter';
import { shops } from '../shops/shops.table';
import { listOrderItems } from './checkout.repository';
import { regionCode } from './checkout.service';
import { recordOrderEvent } from './console-orders.repository';
import { buyerChangeRefusal, lockOrderForBuyer } from './order-changes.repository';
import { ORDER_LINK_DAYS, orderLinkLine, type OrderLinksHandle } from './order-link';
import { moneyOf, shippingOf } from './order-money';
import { maskEmail, shipmentOf } from './orders.service';
import { orders } from './orders.table';
import { isFullyRefunded } from './refund-state';
import { withHtml } from '../../platform/mail/html-mail';

/** "Find my order" per IP address: a person looking up a few orders, not a script guessing. */
export const FIND_LIMIT_IP = { max: 10, windowMs: 15 * 60_000 } as const;
/** Links mailed per address and per order within an hour: the rest are dropped, the answer is the same. */
export const FIND_LIMIT_MAILS = { max: 3, windowMs: 60 * 60_000 } as const;

export interface BuyerOrderDeps {
  db: AppDatabase;
  mailer: Mailer;
  limiter: RateLimiter;
  orderLinks: OrderLinksHandle;
  /** The refunds module's read model of an order's refunds (given by the composition root). */
  refundsOf: (db: AppDatabase, orderId: number) => Promise<TConsoleRefund[]>;
}

const invalidLink = () => AppError.of(ErrorCode.ORDER_LINK_INVALID, 'orders.linkInvalid');

async function findBuyerOrder(db: AppDatabase, orderId: number) {
  const [row] = await db
    .select({
      order: orders,
      shop: { slug: shops.slug, name: shops.name, imageUrl: shops.imageUrl },
      refunded: isFullyRefunded(),
    })
    .from(orders)
    .innerJoin(shops, eq(shops.id, orders.shopId))
    // Buyers' orders only: a creator's own purchase (b-side) has no buyer page.
    .where(and(eq(orders.id, orderId), eq(orders.side, 'c')));
  return row;
}

/**
 * The order's steps, oldest first: placed, paid, in production, shipped, delivered, cancelled, and
 * each refund not failed.
 */
function stepsOf(order: typeof orders.$inferSelect, refunds: TConsoleRefund[]): TBuyerOrderStep[] {
  const steps: TBuyerOrderStep[] = [{ kind: 'placed', at: order.createdAt.toISOString() }];
  if (order.paidAt) steps.push({ kind: 'paid', at: order.paidAt.toISOString() });
  if (order.productionAt) steps.push({ kind: 'in_production', at: order.productionAt.toISOString() });
  if (order.cancelledAt) steps.push({ kind: 'cancelled', at: order.cancelledAt.toISOString() });
  const shipment = shipmentOf(order);
  if (shipment) steps.push({ kind: 'shipped', at: shipment.shippedAt, shipment });
  if (order.status === 2 && order.completedAt)
    steps.push({ kind: 'delivered', at: order.completedAt.toISOString() });
  for (const refund of refunds) {
    if (refund.status === 'failed') continue;
    steps.push({
      kind: 'refunded',
      at: refund.completedAt ?? refund.createdAt,
      amountMinor: refund.amountMinor,
      status: refund.status,
    });
  }
  return steps.sort((a, b) => a.at.localeCompare(b.at));
}

/** The mail that answers "Find my order": the order's link, in the order's language. */
export function composeFindOrder(
  to: string,
  input: { lang: TLanguage; orderNo: string; shopName: string; url: string },
): MailMessage {
  const values = { orderNo: input.orderNo, shop: input.shopName, url: input.url, days: ORDER_LINK_DAYS };
  return withHtml(
    {
      to,
      subject: translate(input.lang, 'mail.findOrder.subject', values),
      text: translate(input.lang, 'mail.findOrder.body', values),
    },
    input.lang,
    { name: input.shopName },
  );
}

/** An address as a mail shows it, one part per line. */
export function addressLines(address: TShippingAddress): string {
  const place = [address.postalCode, address.city, address.region].filter(Boolean).join(' ');
  return [address.name, address.line1, address.line2, place, address.countryCode, address.phone]
    .filter((part) => part !== undefined && part !== '')
    .join('\n');
}

/** The buyer's "the address changed" mail, to the address that bought: a change they did not make shows. */
export function composeAddressChanged(
  to: string,
  input: { lang: TLanguage; orderNo: string; shopName: string; address: TShippingAddress; url: string },
): MailMessage {
  const values = { orderNo: input.orderNo, shop: input.shopName, address: addressLines(input.address) };
  return withHtml(
    {
      to,
      subject: translate(input.lang, 'mail.addressChanged.subject', values),
      text: `${translate(input.lang, 'mail.addressChanged.body', values)}\n\n${orderLinkLine(input.lang, input.url)}`,
    },
    input.lang,
    { name: input.shopName },
  );
}

/**
 * The field a new address may not change, if it does: the country and the region decide the
 * shipping zone and the tax rate the buyer paid (decision 0056), so keeping both keeps the charges.
 */
function movedField(before: TShippingAddress, after: TShippingAddress): string | undefined {
  if (after.countryCode !== before.countryCode) return 'address.countryCode';
  if (regionCode(after.region) !== regionCode(before.region)) return 'address.region';
  return undefined;
}

/** The buyer's order page (from a signed link) and "Find my order". */
export function createBuyerOrderService(deps: BuyerOrderDeps) {
  const { db } = deps;
  const service = {
    /** The order a link names; ORDER_LINK_INVALID for a tampered or expired link, and shows nothing. */
    async order(token: string, now = new Date()): Promise<TBuyerOrder> {
      const verified = deps.orderLinks.links.verify(token, now);
      if (!verified) throw invalidLink();
      const found = await findBuyerOrder(db, verified.orderId);
      if (!found) throw invalidLink();
      const { order, shop, refunded } = found;
      const [items, refunds] = await Promise.all([
        listOrderItems(db, order.id),
        deps.refundsOf(db, order.id),
      ]);
      const refundedMinor = refunds
        .filter((refund) => refund.status === 'completed')
        .reduce((sum, refund) => sum + refund.amountMinor, 0);
      const stage: TBuyerOrder['stage'] =
        order.status === 0
          ? 'unpaid'
          : order.cancelledAt
            ? 'cancelled'
            : refundedMinor >= order.totalMinor
              ? 'refunded'
              : order.status === 2
                ? 'delivered'
                : order.shippedAt
                  ? 'shipped'
                  : order.productionAt
                    ? 'in_production'
                    : 'paid';
      const open = buyerChangeRefusal({ ...order, refunded }) === null;
      return {
        orderNo: order.orderNo,
        stage,
        can: { cancel: open, changeAddress: open },
        shop: { slug: shop.slug, name: shop.name, avatarUrl: shop.imageUrl },
        items: items.map((item) => ({
          productId: String(item.productId),
          title: item.title,
          variantLabel: item.variantLabel,
          imageUrl: item.imageUrl,
          quantity: item.quantity,
          unitMinor: item.sellingPriceMinor,
        })),
        currencyCode: order.currencyCode,
        money: moneyOf(order),
        refundedMinor,
        shipping: shippingOf(order),
        address: order.shippingAddress,
        email: maskEmail(order.buyerEmail),
        steps: stepsOf(order, refunds),
        linkExpiresAt: verified.expiresAt.toISOString(),
      };
    },

    /**
     * The buyer changes the address to ship to (decision 0058), under the order's lock: only
     * before fulfilment starts (else ORDER_NOT_CHANGEABLE saying why), and only within the same
     * country and region — moving out of them could change the shipping and the tax, which is
     * refused (a field error) rather than charged silently. The version moves on, so an operator's
     * ship request made with the old address is refused as stale. The buyer is mailed the new
     * address. Answers the order as it is now.
     */
    async changeAddress(token: string, address: TShippingAddress): Promise<TBuyerOrder> {
      const verified = deps.orderLinks.links.verify(token);
      if (!verified) throw invalidLink();
      await withTransaction(db, async (tx) => {
        const locked = await lockOrderForBuyer(tx, verified.orderId);
        if (!locked) throw invalidLink();
        const refusal = buyerChangeRefusal(locked);
        if (refusal) throw AppError.of(ErrorCode.ORDER_NOT_CHANGEABLE, `orders.change.${refusal}`);
        const before = locked.shippingAddress;
        const moved = movedField(before, address);
        if (moved) throw AppError.field(moved, 'orders.address.otherRegion');
        await tx
          .update(orders)
          .set({ shippingAddress: address, version: sql`${orders.version} + 1`, updatedAt: stampNow() })
          .where(eq(orders.id, locked.id));
        await recordOrderEvent(tx, {
          orderId: locked.id,
          action: 'address_changed',
          actorUserId: null,
          detail: { previous: before },
        });
        const [shop] = await tx
          .select({ slug: shops.slug, name: shops.name })
          .from(shops)
          .where(eq(shops.id, locked.shopId));
        await deps.mailer.send(
          composeAddressChanged(locked.buyerEmail, {
            lang: normalizeLanguage(locked.language),
            orderNo: locked.orderNo,
            shopName: shop?.name ?? '',
            address,
            url: deps.orderLinks.urlFor({
              id: locked.id,
              shopSlug: shop?.slug ?? '',
              language: locked.language,
            }),
          }),
          { db: tx },
        );
      });
      return service.order(token);
    },

    /**
     * "Find my order": mails the order's link to the address it was bought with. Every input gets
     * the same answer; only the IP's limit is told (A0502), since it says nothing about any order.
     * Past the limit per address or per order, no more mail is sent, and the answer is the same.
     * The mail is queued, not sent, before the answer: a lookup that finds an order takes one
     * insert longer than one that does not, which the IP's limit leaves no room to measure.
     */
    async find(input: { orderNo: string; email: string }, ip: string): Promise<void> {
      if ((await deps.limiter.hitSliding(`find-order:ip:${ip}`, FIND_LIMIT_IP.windowMs)) > FIND_LIMIT_IP.max)
        throw AppError.rateLimited();
      // Counted whether or not the order exists, so the counts say nothing either.
      const byAddress = await deps.limiter.hitSliding(
        `find-order:email:${input.email}`,
        FIND_LIMIT_MAILS.windowMs,
      );
      const byOrder = await deps.limiter.hitSliding(
        `find-order:order:${input.orderNo}`,
        FIND_LIMIT_MAILS.windowMs,
      );
      const [row] = await db
        .select({
          id: orders.id,
          buyerEmail: orders.buyerEmail,
          language: orders.language,
          orderNo: orders.orderNo,
          shopSlug: shops.slug,
          shopName: shops.name,
        })
        .from(orders)
        .innerJoin(shops, eq(shops.id, orders.shopId))
        .where(
          and(
            eq(orders.orderNo, input.orderNo),
            eq(orders.side, 'c'),
            sql`lower(${orders.buyerEmail}) = ${input.email}`,
          ),
        );
      if (!row || byAddress > FIND_LIMIT_MAILS.max || byOrder > FIND_LIMIT_MAILS.max) return;
      await deps.mailer.send(
        composeFindOrder(row.buyerEmail, {
          lang: normalizeLanguage(row.language),
          orderNo: row.orderNo,
          shopName: row.shopName,
          url: deps.orderLinks.urlFor({ id: row.id, shopSlug: row.shopSlug, language: row.language }),
        }),
      );
    },
  };
  return service;
}
export type BuyerOrderService = ReturnType<typeof createBuyerOrderService>;
