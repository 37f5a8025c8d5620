import type { TLanguage, ZRefundRequest, ZResolveFlagRequest } from '@linkstore/contract';
import type { z } from 'zod';
import type { RefundEvent } from '../payments/payments.api';
import { completeRefund } from './complete-refund';
import { cancelByBuyer } from './buyer-cancel';
import { followRefunds } from './follow-refunds';
import { handleRefundEvent } from './handle-refund-event';
import type { RefundsDeps } from './refund-deps';
import { refundOrder } from './refund-order';
import { resolveFlag } from './resolve-flag';

export { shareToReverse } from './complete-refund';
export { composeRefunded } from './refund-mail';
export { RETRY_AFTER_MS, type RefundsDeps } from './refund-deps';

/**
 * Refunds (decision 0027): an operator's refund is reserved on the payment and stored before the
 * provider is called (store-refund.ts); the provider's answer (send-refund.ts), its webhook
 * (handle-refund-event.ts) or the follow-up job (follow-refunds.ts) completes it, exactly once
 * (complete-refund.ts); the completion writes the creator's reversal in the same transaction.
 * Flags are resolved in resolve-flag.ts. This binds each operation to the module's dependencies.
 */
export function createRefundsService(deps: RefundsDeps) {
  return {
    /** `POST /system/orders/refund`. */
    refund: (operatorId: number, body: z.output<typeof ZRefundRequest>, lang: TLanguage) =>
      refundOrder(deps, operatorId, body, lang),
    /** `POST /system/orders/resolve-flag`: refund, accept or note; the resolution is recorded. */
    /** `POST /public/orders/by-link/:token/cancel`: the buyer cancels (decision 0058). */
    cancelByBuyer: (orderId: number) => cancelByBuyer(deps, orderId),
    resolveFlag: (operatorId: number, body: z.output<typeof ZResolveFlagRequest>, lang: TLanguage) =>
      resolveFlag(deps, operatorId, body, lang),
    /** A refund webhook (PAYMENT.CAPTURE.REFUNDED / REVERSED). */
    handleEvent: (event: RefundEvent) => handleRefundEvent(deps, event),
    /** The follow-up job; answers how many refunds it sent again. */
    followRefunds: (now = new Date()) => followRefunds(deps, now),
    complete: (refundId: number, providerRefundId: string | undefined) =>
      completeRefund(deps, refundId, providerRefundId),
  };
}

export type RefundsService = ReturnType<typeof createRefundsService>;
