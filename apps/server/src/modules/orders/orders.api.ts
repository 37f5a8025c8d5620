// The orders module's face: what other modules may use (decision 0022). Its tables are in
// orders.table.ts, to join on.
export { markPaid, type Capture, type PaymentDeps } from './order-payments';
export { recordOrderEvent } from './console-orders.repository';
// The buyer's order page: its signed link, and the line that ends every buyer mail.
export { orderLinkLine, type OrderLinksHandle } from './order-link';
// An order's refund state (Refunded, out of the shipping queue): the dashboard's "Waiting to ship".
export { isFullyRefunded, refundedMinorOf } from './refund-state';
// Changes other modules make to an order, in their transaction: the refunds' version bump and flag
// resolution and the buyer's cancellation (decision 0058), the review invitations' claim.
export {
  bumpOrderVersion,
  buyerChangeRefusal,
  claimOrdersForReviewInvites,
  lockOrderForBuyer,
  markCancelledByBuyer,
  type BuyerChangeRefusal,
  type BuyerLockedOrder,
  notRefunded,
  resolveOrderFlag,
  type ReviewInviteOrder,
} from './order-changes.repository';
// A case resolved by reship (issue 35): a zero-price order of the line, in the case's transaction.
export { placeReshipOrder, RESHIP_SOURCE, type ReshipResult } from './reship-order';
