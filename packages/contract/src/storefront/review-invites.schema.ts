import { z } from 'zod';

/**
 * The token of a review invitation, as the mail's link carries it. Any text up to 100 characters
 * is accepted here: a malformed token is answered like an unknown one (the link is not valid).
 */
export const ZReviewInviteParams = z.object({
  token: z.string().min(1).max(100),
});

/** What the review page shows for an invitation: the shop, the product and whether it was used. */
export const ZReviewInvite = z.object({
  shop: z.object({ slug: z.string(), name: z.string() }),
  product: z.object({
    id: z.string(),
    /** In the caller's language when translated. */
    title: z.string(),
    imageUrl: z.string().nullable(),
  }),
  orderNo: z.string(),
  /** The buyer already reviewed this item with this link: the page thanks them instead. */
  reviewed: z.boolean(),
  /** When the link stops working. */
  expiresAt: z.string(),
});
export type TReviewInvite = z.infer<typeof ZReviewInvite>;

/** A buyer's review of one order item: 1–5 stars, a name shown with it and the text. */
export const ZReviewInviteRequest = z.object({
  authorName: z.string().trim().min(1).max(64),
  rating: z.number().int().min(1).max(5),
  body: z.string().trim().min(1).max(2000),
});
export type TReviewInviteRequest = z.input<typeof ZReviewInviteRequest>;
