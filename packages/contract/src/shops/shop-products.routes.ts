import { z } from 'zod';
import { defineRoutes } from '../platform/route';
import {
  ZShopCategoryOrderRequest,
  ZShopCategoryTree,
  ZShopProductDetail,
  ZShopProductIdParams,
  ZShopProductOrderRequest,
  ZShopProductPage,
  ZShopProductsQuery,
  ZShopProductVariants,
  ZShopProductVisibilityRequest,
} from './shop-products.schema';

const tags = ['shops'] as const;
const signedIn = { permission: null };

/** The products and categories of the caller's own shop (`#/product`). */
export const shopProductsRoutes = defineRoutes({
  products: {
    method: 'GET',
    path: '/api/v1/shop/products',
    summary: "Products of the caller's shop with cost, selling price, profit, clicks, CTR and rating",
    tags,
    query: ZShopProductsQuery,
    response: ZShopProductPage,
    access: signedIn,
  },
  orderProducts: {
    method: 'PUT',
    path: '/api/v1/shop/products/order',
    summary: 'Puts the products of one second-level category in the given order',
    tags,
    body: ZShopProductOrderRequest,
    response: z.null(),
    access: signedIn,
  },
  visibility: {
    method: 'PUT',
    path: '/api/v1/shop/products/visibility',
    summary: "Shows or hides products in the caller's shop",
    tags,
    body: ZShopProductVisibilityRequest,
    response: z.null(),
    access: signedIn,
  },
  product: {
    method: 'GET',
    path: '/api/v1/shop/products/:id',
    summary: "One product as the caller's shop sells it, with images and latest reviews",
    tags,
    params: ZShopProductIdParams,
    response: ZShopProductDetail,
    access: signedIn,
  },
  variants: {
    method: 'GET',
    path: '/api/v1/shop/products/:id/variants',
    summary:
      "A product's variants on sale as the caller's shop sells them: label, SKU, stock, cost, price, profit, own prices",
    tags,
    params: ZShopProductIdParams,
    response: ZShopProductVariants,
    access: signedIn,
  },
  categories: {
    method: 'GET',
    path: '/api/v1/shop/categories',
    summary: "The category tree in the caller's shop order, with product counts",
    tags,
    response: ZShopCategoryTree,
    access: signedIn,
  },
  orderCategories: {
    method: 'PUT',
    path: '/api/v1/shop/categories/order',
    summary: "Puts sibling categories in the given order in the caller's shop",
    tags,
    body: ZShopCategoryOrderRequest,
    response: z.null(),
    access: signedIn,
  },
});
