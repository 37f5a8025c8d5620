import { z } from 'zod';

/**
 * What the server tells a signed-in user live over the realtime socket (STOMP at `/ws`,
 * decision 0038): each queue's destination as the client subscribes to it, and its messages.
 */

/** A creator's order news: an order of their shop was paid, or money of one went back to its buyer. */
export const ORDERS_QUEUE = '/user/queue/orders';
/** A creator's shop news: an operator suspended the shop or lifted its suspension. */
export const SHOP_QUEUE = '/user/queue/shop';
/** A creator's payout news: a payout completed or came back. */
export const PAYOUTS_QUEUE = '/user/queue/payouts';
/** Operators who may see the console's orders: an order was flagged on its way to paid. */
export const FLAGGED_ORDERS_TOPIC = '/topic/flagged-orders';
/**
 * Operators only: how many users are online (a number). The server refuses a SUBSCRIBE without
 * `ONLINE_COUNT_PERMISSION` (issue 31: a platform figure, not every creator's to watch).
 */
export const ONLINE_COUNT_TOPIC = '/topic/onlineUserCount';
/**
 * Who may watch the online count live: whoever may read it in the console overview
 * (`GET /api/v1/console/overview`, which carries `onlineUsers`).
 */
export const ONLINE_COUNT_PERMISSION = 'sys:order:query';

/** A user's queue as the server addresses it (without `/user`: the user is the addressee). */
export const queueOf = (destination: string) => destination.replace(/^\/user/, '');

export const ZOrderPaidNews = z.object({
  kind: z.literal('orderPaid'),
  orderId: z.string(),
  orderNo: z.string(),
  totalMinor: z.number().int(),
  profitMinor: z.number().int(),
  currencyCode: z.string(),
});
export type TOrderPaidNews = z.infer<typeof ZOrderPaidNews>;

/** A refund of one of the creator's orders completed: what went back and what it took of the profit. */
export const ZOrderRefundedNews = z.object({
  kind: z.literal('orderRefunded'),
  orderId: z.string(),
  orderNo: z.string(),
  amountMinor: z.number().int(),
  profitReversedMinor: z.number().int(),
  currencyCode: z.string(),
  /** All of the order's payment went back: it will not be shipped. */
  fullyRefunded: z.boolean(),
});
export type TOrderRefundedNews = z.infer<typeof ZOrderRefundedNews>;

export const ZShopNews = z.object({ kind: z.enum(['shopSuspended', 'shopLifted']) });
export type TShopNews = z.infer<typeof ZShopNews>;

export const ZOrderFlaggedNews = z.object({
  kind: z.literal('orderFlagged'),
  orderId: z.string(),
  orderNo: z.string(),
});
export type TOrderFlaggedNews = z.infer<typeof ZOrderFlaggedNews>;

export const ZPayoutNews = z.object({
  kind: z.enum(['payoutPaid', 'payoutReturned']),
  payoutId: z.string(),
  amountMinor: z.number().int(),
  currencyCode: z.string(),
});
export type TPayoutNews = z.infer<typeof ZPayoutNews>;
