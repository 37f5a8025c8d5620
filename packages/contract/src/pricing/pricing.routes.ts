import { defineRoutes } from '../platform/route';
import {
  ZPricedProductPage,
  ZPricingProductsQuery,
  ZPricingSettings,
  ZPricingUpdateRequest,
} from './pricing.schema';

const tags = ['pricing'] as const;

/** The price adjustment of the caller's own shop. */
export const pricingRoutes = defineRoutes({
  settings: {
    method: 'GET',
    path: '/api/v1/pricing/settings',
    summary: "The shop's default percentage, rounding and category percentages",
    tags,
    response: ZPricingSettings,
    access: { permission: null },
  },
  products: {
    method: 'GET',
    path: '/api/v1/pricing/products',
    summary: 'Products on sale with cost, selling price, profit and where the price comes from',
    tags,
    query: ZPricingProductsQuery,
    response: ZPricedProductPage,
    access: { permission: null },
  },
  save: {
    method: 'PUT',
    path: '/api/v1/pricing',
    summary: 'Saves default, rounding, category percentages and product overrides in one transaction',
    tags,
    body: ZPricingUpdateRequest,
    response: ZPricingSettings,
    access: { permission: null },
  },
});
