import { z } from 'zod';
import { defineRoutes } from '../platform/route';
import {
  ZProductForm,
  ZProductIdParams,
  ZProductPage,
  ZProductPageQuery,
  ZProductRequest,
  ZProductStatusQuery,
} from './products.schema';
import { ZLowStockPage, ZLowStockQuery, ZProductVariants, ZProductVariantsRequest } from './variants.schema';

const tags = ['catalogue'] as const;

/** The platform's products (operators, in the console). */
export const productsRoutes = defineRoutes({
  page: {
    method: 'GET',
    path: '/api/v1/catalog/products',
    summary: 'Products, a page at a time, by keywords, category and status',
    tags,
    query: ZProductPageQuery,
    response: ZProductPage,
    access: { permission: 'catalog:product:query' },
  },
  form: {
    method: 'GET',
    path: '/api/v1/catalog/products/:id/form',
    summary: "A product's form data, with every translation and its images",
    tags,
    params: ZProductIdParams,
    response: ZProductForm,
    access: { permission: 'catalog:product:query' },
  },
  create: {
    method: 'POST',
    path: '/api/v1/catalog/products',
    summary: 'Creates a product in a second-level category; the price in US cents',
    tags,
    body: ZProductRequest,
    response: ZProductForm,
    access: { permission: 'catalog:product:add' },
  },
  update: {
    method: 'PUT',
    path: '/api/v1/catalog/products/:id',
    summary: 'Edits a product; its images are replaced by the list sent',
    tags,
    params: ZProductIdParams,
    body: ZProductRequest,
    response: ZProductForm,
    access: { permission: 'catalog:product:edit' },
  },
  delete: {
    method: 'DELETE',
    path: '/api/v1/catalog/products/:id',
    summary: 'Deletes a product with its images and reviews',
    tags,
    params: ZProductIdParams,
    response: z.null(),
    access: { permission: 'catalog:product:delete' },
  },
  variants: {
    method: 'GET',
    path: '/api/v1/catalog/products/:id/variants',
    summary: "A product's options with their values and its variants (SKU, cost, stock, image, weight)",
    tags,
    params: ZProductIdParams,
    response: ZProductVariants,
    access: { permission: 'catalog:product:query' },
  },
  saveVariants: {
    method: 'PUT',
    path: '/api/v1/catalog/products/:id/variants',
    summary:
      "Saves a product's options and variants at once; what is not sent is removed (orders keep what they froze)",
    tags,
    params: ZProductIdParams,
    body: ZProductVariantsRequest,
    response: ZProductVariants,
    access: { permission: 'catalog:product:edit' },
  },
  lowStock: {
    method: 'GET',
    path: '/api/v1/catalog/low-stock',
    summary:
      'Variants on sale with fewer units than the LOW_STOCK_THRESHOLD setting (default 5), fewest first',
    tags,
    query: ZLowStockQuery,
    response: ZLowStockPage,
    access: { permission: 'catalog:product:query' },
  },
  status: {
    method: 'PATCH',
    path: '/api/v1/catalog/products/:id/status',
    summary: 'Puts a product on sale (1) or withdraws it (0)',
    tags,
    params: ZProductIdParams,
    query: ZProductStatusQuery,
    response: z.null(),
    access: { permission: 'catalog:product:edit' },
  },
});
