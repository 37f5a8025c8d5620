import {
  ErrorCode,
  normalizeLanguage,
  resumePaymentRoutes,
  type TCheckoutAnswer,
  type TResumeRefusal,
  type TResumeRefusalReason,
} from '@linkstore/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppDatabase } from '../../platform/db/database';
import { stampNow } from '../../platform/db/stamp';
import { withTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors/app-error';
import { registerRoute } from '../../platform/http/routes';
import type { RateLimiter } from '../../platform/rate-limit/limiter';
import { shopLinkFor } from '../shops/shops.api';
import { findOrderById, listOrderItems, lockOrder } from './checkout.repository';
import type { OrderLinks } from './order-link';
import { reReserve } from './order-payments';
import { orders } from './orders.table';

/*
 * "Complete payment" on the buyer's order page (issue 35): the abandoned-checkout reminder links
 * the order's page, and this resumes its payment. The stock hold is renewed — extended while it
 * lasts, taken again (all or nothing) once the sweep gave it back — and the answer is the
 * checkout's: where to approve the payment, the same provider order as before (one payment per
 * order). When the hold cannot be renewed the buyer is told why, with each product's link.
 */

/** The renewed hold: as long as checkout's (RESERVATION_MS in checkout.service.ts). */
export const RESUME_HOLD_MS = 30 * 60_000;
/**
 * An unpaid order older than this is not resumed (prices, stock and the provider's order have
 * moved on); its products are linked instead. The reminder goes well before (at most a day plus
 * two days of window).
 */
export const RESUME_MAX_AGE_MS = 7 * 24 * 60 * 60_000;
/** Per client address: each attempt may renew a hold, as a checkout does. */
export const RESUME_LIMIT = { max: 20, windowMs: 10 * 60_000 } as const;
/** A creator's claim to pay the order themselves older than this is a crashed process's (CLAIM_STALE). */
const CLAIM_STALE_MS = 5 * 60_000;

export interface ResumePaymentDeps {
  db: AppDatabase;
  links: Pick<OrderLinks, 'verify'>;
  limiter: RateLimiter;
  /** The shop's public link for a slug (`shopLinkFor`): the products' pages. */
  shopLink: (slug: string) => string;
}

export function createResumePayment(deps: ResumePaymentDeps) {
  const { db } = deps;
  const invalidLink = () => AppError.of(ErrorCode.ORDER_LINK_INVALID, 'orders.linkInvalid');
  const notUnpaid = (key: 'orders.resume.alreadyPaid' | 'orders.resume.pending' | 'checkout.paidByShop') =>
    AppError.of(ErrorCode.ORDERS_NOT_UNPAID, key);

  return {
    /** Renews the hold of the order a link names and answers where to approve its payment. */
    async resume(token: string, ip: string, now: Date = new Date()): Promise<TCheckoutAnswer> {
      if ((await deps.limiter.hit(`resume:ip:${ip}`, RESUME_LIMIT.windowMs)) > RESUME_LIMIT.max)
        throw AppError.rateLimited();
      const verified = deps.links.verify(token, now);
      if (!verified) throw invalidLink();
      const found = await findOrderById(db, verified.orderId);
      // A creator's own purchase (b-side) has no buyer page, so nothing to resume either.
      if (!found || found.order.side !== 'c') throw invalidLink();
      const { payment, shop } = found;

      const refused = async (reason: TResumeRefusalReason): Promise<AppError> => {
        const lang = normalizeLanguage(found.order.language);
        const seen = new Set<number>();
        const products = (await listOrderItems(db, found.order.id)).flatMap((item) => {
          if (seen.has(item.productId)) return [];
          seen.add(item.productId);
          const url = `${deps.shopLink(shop.slug)}/p/${item.productId}?lang=${lang}`;
          return [{ productId: String(item.productId), title: item.title, url }];
        });
        const data: TResumeRefusal = { reason, products };
        return AppError.of(ErrorCode.ORDER_NOT_RESUMABLE, `orders.resume.${reason}`, {}, data);
      };

      const outcome = await withTransaction(db, async (tx) => {
        // Locked: a payment, the sweep and another resume of this order wait for this one.
        const order = await lockOrder(tx, found.order.id);
        if (!order) return 'invalid' as const;
        if (order.status !== 0) return notUnpaid('orders.resume.alreadyPaid');
        if (payment?.status === 'PENDING') return notUnpaid('orders.resume.pending');
        if (
          order.payingSide === 'b' &&
          order.payingSince !== null &&
          order.payingSince.getTime() > now.getTime() - CLAIM_STALE_MS
        )
          return notUnpaid('checkout.paidByShop');
        if (!payment) return 'noPayment' as const;
        if (order.createdAt.getTime() < now.getTime() - RESUME_MAX_AGE_MS) return 'expired' as const;
        // The sweep gave the stock back: take it again, every line or none.
        if (order.reservedUntil === null && (await reReserve(tx, order.id)) !== null) return 'stock' as const;
        await tx
          .update(orders)
          .set({ reservedUntil: new Date(now.getTime() + RESUME_HOLD_MS), updatedAt: stampNow() })
          .where(and(eq(orders.id, order.id), eq(orders.status, 0)));
        return 'held' as const;
      });
      if (outcome instanceof AppError) throw outcome;
      if (outcome === 'invalid') throw invalidLink();
      if (outcome !== 'held' || !payment) throw await refused(outcome === 'held' ? 'noPayment' : outcome);
      return {
        orderNo: found.order.orderNo,
        totalMinor: found.order.totalMinor,
        currencyCode: found.order.currencyCode,
        approveUrl: payment.approveUrl,
      };
    },
  };
}

/** `POST /api/v1/public/orders/by-link/:token/resume`, registered by the orders module. */
export function registerResumePayment(app: FastifyInstance): void {
  const service = createResumePayment({
    db: app.database.db,
    links: app.orderLinks.links,
    limiter: app.limiter,
    shopLink: (slug) => shopLinkFor(app.config, slug),
  });
  registerRoute(app, resumePaymentRoutes.resume, ({ params, request }) =>
    service.resume(params.token, request.ip),
  );
}
