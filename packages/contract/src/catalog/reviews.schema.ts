import { z } from 'zod';
import { ZPage, ZPageQuery } from '../platform/page';

const ID_PATTERN = /^[1-9]\d{0,14}$/;

/** Batch delete: `DELETE /catalog/reviews/3,4` — comma-joined ids, at most 100. */
export const ZReviewIdsParams = z.object({
  ids: z
    .string()
    .max(1600)
    .regex(/^[1-9]\d{0,14}(,[1-9]\d{0,14}){0,99}$/)
    .transform((value) => [...new Set(value.split(','))]),
});

/** 0 waiting for moderation, 1 published, 2 rejected. */
export const ZReviewStatus = z.literal([0, 1, 2]);
export type TReviewStatus = z.infer<typeof ZReviewStatus>;

export const ZReviewPageQuery = ZPageQuery.extend({
  /** Matches the product's title in any language. */
  keywords: z.string().trim().max(50).optional(),
  status: z
    .enum(['0', '1', '2'])
    .transform((value) => Number(value) as TReviewStatus)
    .optional(),
  rating: z
    .enum(['1', '2', '3', '4', '5'])
    .transform((value) => Number(value))
    .optional(),
});
export type TReviewPageQuery = z.infer<typeof ZReviewPageQuery>;

/** A row of the moderation table: the product's title in the caller's language. */
export const ZReviewPageItem = z.object({
  id: z.string(),
  productId: z.string(),
  productLabel: z.string(),
  authorName: z.string(),
  rating: z.number().int().min(1).max(5),
  body: z.string(),
  /** The language the buyer wrote in. */
  language: z.string(),
  /** Set by the system when the review comes from a paid order item ("Verified purchase"). */
  verified: z.boolean(),
  status: ZReviewStatus,
  createTime: z.string(),
});
export type TReviewPageItem = z.infer<typeof ZReviewPageItem>;
export const ZReviewPage = ZPage(ZReviewPageItem);

/** Publishes (1) or rejects (2) the reviews, all or none. */
export const ZReviewModerateRequest = z.object({
  ids: z
    .array(z.string().regex(ID_PATTERN))
    .min(1)
    .max(100)
    .transform((ids) => [...new Set(ids)]),
  status: z.literal([1, 2]),
});
export type TReviewModerateRequest = z.input<typeof ZReviewModerateRequest>;
