import { z } from 'zod';
import { defineRoutes } from '../platform/route';
import {
  ZDiscountCode,
  ZDiscountCodeIdParams,
  ZDiscountCodePage,
  ZDiscountCodePageQuery,
  ZDiscountCodeRequest,
  ZDiscountPauseRequest,
} from './discounts.schema';

const tags = ['discounts'] as const;

/** The caller's own shop's discount codes (the studio's "Discount codes"). */
export const discountsRoutes = defineRoutes({
  page: {
    method: 'GET',
    path: '/api/v1/discounts',
    summary: "The shop's discount codes, newest first, with their uses and the sales they brought",
    tags,
    query: ZDiscountCodePageQuery,
    response: ZDiscountCodePage,
    access: { permission: null },
  },
  create: {
    method: 'POST',
    path: '/api/v1/discounts',
    summary:
      'Adds a discount code; a percentage that could sell a product below its platform cost is refused',
    tags,
    body: ZDiscountCodeRequest,
    response: ZDiscountCode,
    access: { permission: null },
  },
  update: {
    method: 'PUT',
    path: '/api/v1/discounts/:id',
    summary: 'Saves a discount code; orders already placed keep the discount they were given',
    tags,
    params: ZDiscountCodeIdParams,
    body: ZDiscountCodeRequest,
    response: ZDiscountCode,
    access: { permission: null },
  },
  pause: {
    method: 'PUT',
    path: '/api/v1/discounts/:id/paused',
    summary: 'Pauses a discount code (buyers are told it is paused) or resumes it',
    tags,
    params: ZDiscountCodeIdParams,
    body: ZDiscountPauseRequest,
    response: ZDiscountCode,
    access: { permission: null },
  },
  delete: {
    method: 'DELETE',
    path: '/api/v1/discounts/:id',
    summary: 'Deletes a discount code: it no longer applies and its name is free again',
    tags,
    params: ZDiscountCodeIdParams,
    response: z.null(),
    access: { permission: null },
  },
});
