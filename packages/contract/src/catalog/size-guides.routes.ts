import { z } from 'zod';
import { defineRoutes } from '../platform/route';
import { ZCategoryIdParams } from './categories.schema';
import {
  ZPublicSizeGuideAnswer,
  ZSizeGuide,
  ZSizeGuideAnswer,
  ZSizeGuideCategoryParams,
  ZSizeGuideRequest,
} from './size-guides.schema';

const tags = ['catalogue'] as const;

/** Size guides per category: operators edit them in the console, buyers read them on every shop. */
export const sizeGuidesRoutes = defineRoutes({
  get: {
    method: 'GET',
    path: '/api/v1/catalog/categories/:id/size-guide',
    summary: "A category's own size guide with every translation, or null when it has none",
    tags,
    params: ZCategoryIdParams,
    response: ZSizeGuideAnswer,
    access: { permission: 'catalog:category:query' },
  },
  save: {
    method: 'PUT',
    path: '/api/v1/catalog/categories/:id/size-guide',
    summary: "Saves a category's whole size guide (sizes × measurements in millimetres)",
    tags,
    params: ZCategoryIdParams,
    body: ZSizeGuideRequest,
    response: ZSizeGuide,
    access: { permission: 'catalog:category:edit' },
  },
  delete: {
    method: 'DELETE',
    path: '/api/v1/catalog/categories/:id/size-guide',
    summary: "Removes a category's size guide (nothing to do when it has none)",
    tags,
    params: ZCategoryIdParams,
    response: z.null(),
    access: { permission: 'catalog:category:edit' },
  },
  public: {
    method: 'GET',
    path: '/api/v1/public/size-guides/:categoryId',
    summary:
      "The size guide a buyer sees for a shown category, in the caller's language: its own, else its parent's; null when neither has one",
    tags,
    params: ZSizeGuideCategoryParams,
    response: ZPublicSizeGuideAnswer,
    access: { public: true },
  },
});
