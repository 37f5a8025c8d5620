import { z } from 'zod';
import { defineRoutes } from '../platform/route';
import { ZOrderLinkParams } from './buyer-order.schema';
import { ZCheckoutAnswer } from './checkout.schema';

/*
 * Resuming an unpaid order's payment from its page (issue 35, the abandoned-checkout reminder):
 * the stock hold is renewed and the answer is the checkout's (where to approve the payment). When
 * it cannot be renewed the refusal (`ErrorCode.ORDER_NOT_RESUMABLE`) carries `ZResumeRefusal` as
 * its `data`: why, and a link to each product to buy it again.
 */

/** Why an unpaid order cannot be paid any more: its stock is gone, it is too old, no payment to resume. */
export const RESUME_REFUSALS = ['stock', 'expired', 'noPayment'] as const;
export type TResumeRefusalReason = (typeof RESUME_REFUSALS)[number];

export const ZResumeRefusal = z.object({
  reason: z.enum(RESUME_REFUSALS),
  /** The order's products, each with its page in the shop (the buyer may order it again). */
  products: z.array(z.object({ productId: z.string(), title: z.string(), url: z.string() })),
});
export type TResumeRefusal = z.infer<typeof ZResumeRefusal>;

const tags = ['checkout'] as const;
const open = { public: true } as const;

export const resumePaymentRoutes = defineRoutes({
  resume: {
    method: 'POST',
    path: '/api/v1/public/orders/by-link/:token/resume',
    summary: "Renews an unpaid order's stock hold and answers where to approve its payment",
    tags,
    params: ZOrderLinkParams,
    response: ZCheckoutAnswer,
    access: open,
  },
});
