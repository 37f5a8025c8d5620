import { defineRoutes } from '../platform/route';
import {
  ZInfoPageForm,
  ZInfoPageList,
  ZInfoPageParams,
  ZInfoPageRequest,
  ZInfoPageVersionParams,
  ZPublicInfoPage,
} from './info-pages.schema';

const tags = ['info-pages'] as const;

/**
 * The platform's information pages (shipping, returns, contact, terms, privacy): operators write
 * one version per language, every storefront links them, buyers read them.
 */
export const infoPagesRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/api/v1/system/info-pages',
    summary: 'Every information page with the languages it is written in',
    tags,
    response: ZInfoPageList,
    access: { permission: 'sys:info-page:query' },
  },
  form: {
    method: 'GET',
    path: '/api/v1/system/info-pages/:page/:lang',
    summary: "An information page's text in one language (empty when not written yet)",
    tags,
    params: ZInfoPageVersionParams,
    response: ZInfoPageForm,
    access: { permission: 'sys:info-page:query' },
  },
  update: {
    method: 'PUT',
    path: '/api/v1/system/info-pages/:page/:lang',
    summary: "Saves an information page's text in one language; an empty text removes that version",
    tags,
    params: ZInfoPageVersionParams,
    body: ZInfoPageRequest,
    response: ZInfoPageForm,
    access: { permission: 'sys:info-page:edit' },
  },
  public: {
    method: 'GET',
    path: '/api/v1/public/info-pages/:page',
    summary: "An information page in the caller's language, else in English",
    tags,
    params: ZInfoPageParams,
    response: ZPublicInfoPage,
    access: { public: true },
  },
});
