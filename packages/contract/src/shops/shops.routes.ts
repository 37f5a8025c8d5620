import { z } from 'zod';
import { defineRoutes } from '../platform/route';
import {
  ZCreateShopRequest,
  ZMyShop,
  ZPublicShopAnswer,
  ZShop,
  ZShopBanner,
  ZShopBannerIdParams,
  ZShopBannerOrderRequest,
  ZShopBannerRequest,
  ZShopBanners,
  ZShopSlugParams,
  ZUpdateShopRequest,
} from './shops.schema';

const tags = ['shops'] as const;
const signedIn = { permission: null };

/** The creator's own shop: every endpoint works on the caller's shop only. */
export const shopsRoutes = defineRoutes({
  mine: {
    method: 'GET',
    path: '/api/v1/shop',
    summary: "The caller's shop, or null before they open one",
    tags,
    response: ZMyShop,
    access: signedIn,
  },
  create: {
    method: 'POST',
    path: '/api/v1/shop',
    summary: "Opens the caller's shop (one per user); the slug must be free and not reserved",
    tags,
    body: ZCreateShopRequest,
    response: ZShop,
    access: signedIn,
  },
  update: {
    method: 'PUT',
    path: '/api/v1/shop',
    summary: "Edits the caller's shop; a new slug keeps the old one as a redirect",
    tags,
    body: ZUpdateShopRequest,
    response: ZShop,
    access: signedIn,
  },
  banners: {
    method: 'GET',
    path: '/api/v1/shop/banners',
    summary: "The banners of the caller's shop, in order",
    tags,
    response: ZShopBanners,
    access: signedIn,
  },
  createBanner: {
    method: 'POST',
    path: '/api/v1/shop/banners',
    summary: "Adds a banner at the end of the caller's shop's banners",
    tags,
    body: ZShopBannerRequest,
    response: ZShopBanner,
    access: signedIn,
  },
  orderBanners: {
    method: 'PUT',
    path: '/api/v1/shop/banners/order',
    summary: "Puts the caller's banners in the given order (every banner, each once)",
    tags,
    body: ZShopBannerOrderRequest,
    response: ZShopBanners,
    access: signedIn,
  },
  updateBanner: {
    method: 'PUT',
    path: '/api/v1/shop/banners/:id',
    summary: "Edits one of the caller's banners",
    tags,
    params: ZShopBannerIdParams,
    body: ZShopBannerRequest,
    response: ZShopBanner,
    access: signedIn,
  },
  deleteBanner: {
    method: 'DELETE',
    path: '/api/v1/shop/banners/:id',
    summary: "Deletes one of the caller's banners",
    tags,
    params: ZShopBannerIdParams,
    response: z.null(),
    access: signedIn,
  },
  publicShop: {
    method: 'GET',
    path: '/api/v1/public/shops/:slug',
    summary: "A shop's public page data, or {redirectTo} for a slug it had before",
    tags,
    params: ZShopSlugParams,
    response: ZPublicShopAnswer,
    access: { public: true },
  },
});
