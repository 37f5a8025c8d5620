import { z } from 'zod';
import { defineRoutes } from '../platform/route';
import { ZReviewInvite, ZReviewInviteParams, ZReviewInviteRequest } from './review-invites.schema';

const tags = ['storefront'] as const;
const open = { public: true } as const;

/**
 * A buyer's review from the invitation mail's link (one link per order item, unguessable,
 * expiring). The review waits for an operator's moderation and shows as "Verified purchase".
 */
export const reviewInvitesRoutes = defineRoutes({
  invite: {
    method: 'GET',
    path: '/api/v1/public/review-invites/:token',
    summary: 'The order item a review link is for; an unknown or expired link is refused',
    tags,
    params: ZReviewInviteParams,
    response: ZReviewInvite,
    access: open,
  },
  submit: {
    method: 'POST',
    path: '/api/v1/public/review-invites/:token',
    summary: 'Stores the review of the link’s order item for moderation; once per order item',
    tags,
    params: ZReviewInviteParams,
    body: ZReviewInviteRequest,
    response: z.null(),
    access: open,
  },
});
