import { z } from 'zod';
import { defineRoutes } from '../platform/route';
import {
  ZBannerForm,
  ZBannerIdParams,
  ZBannerIdsParams,
  ZBannerPage,
  ZBannerPageQuery,
  ZBannerRequest,
  ZBannerStatusQuery,
} from './banners.schema';

const tags = ['catalogue'] as const;

/** Banners the platform offers to every shop (operators, in the console). */
export const bannersRoutes = defineRoutes({
  page: {
    method: 'GET',
    path: '/api/v1/catalog/banners',
    summary: 'Platform banners, a page at a time, by keywords and status',
    tags,
    query: ZBannerPageQuery,
    response: ZBannerPage,
    access: { permission: 'catalog:banner:query' },
  },
  form: {
    method: 'GET',
    path: '/api/v1/catalog/banners/:id/form',
    summary: "A banner's form data, with every translation of its title",
    tags,
    params: ZBannerIdParams,
    response: ZBannerForm,
    access: { permission: 'catalog:banner:query' },
  },
  create: {
    method: 'POST',
    path: '/api/v1/catalog/banners',
    summary: 'Adds a platform banner',
    tags,
    body: ZBannerRequest,
    response: ZBannerForm,
    access: { permission: 'catalog:banner:add' },
  },
  update: {
    method: 'PUT',
    path: '/api/v1/catalog/banners/:id',
    summary: 'Edits a platform banner',
    tags,
    params: ZBannerIdParams,
    body: ZBannerRequest,
    response: ZBannerForm,
    access: { permission: 'catalog:banner:edit' },
  },
  delete: {
    method: 'DELETE',
    path: '/api/v1/catalog/banners/:ids',
    summary: 'Deletes platform banners by comma-joined ids, all or none',
    tags,
    params: ZBannerIdsParams,
    response: z.null(),
    access: { permission: 'catalog:banner:delete' },
  },
  status: {
    method: 'PATCH',
    path: '/api/v1/catalog/banners/:id/status',
    summary: 'Shows a banner to shops (1) or hides it (0)',
    tags,
    params: ZBannerIdParams,
    query: ZBannerStatusQuery,
    response: z.null(),
    access: { permission: 'catalog:banner:edit' },
  },
});
