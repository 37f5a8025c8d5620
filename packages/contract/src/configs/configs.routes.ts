import { z } from 'zod';
import { defineRoutes } from '../platform/route';
import {
  ZConfigForm,
  ZConfigIdParams,
  ZConfigIdsParams,
  ZConfigPage,
  ZConfigPageQuery,
  ZConfigRequest,
  ZConsoleLinks,
} from './configs.schema';

const tags = ['config'] as const;

/**
 * System settings (key → value) the server reads through its in-process cache. Upstream left
 * the form open to any signed-in user; here every endpoint declares its permission.
 */
export const configsRoutes = defineRoutes({
  page: {
    method: 'GET',
    path: '/api/v1/config/page',
    summary: 'Settings, a page at a time, by keywords on name or key',
    tags,
    query: ZConfigPageQuery,
    response: ZConfigPage,
    access: { permission: 'sys:config:query' },
  },
  form: {
    method: 'GET',
    path: '/api/v1/config/:id/form',
    summary: "A setting's form data",
    tags,
    params: ZConfigIdParams,
    response: ZConfigForm,
    access: { permission: 'sys:config:query' },
  },
  create: {
    method: 'POST',
    path: '/api/v1/config',
    summary: 'Adds a setting; the key must be unused',
    tags,
    body: ZConfigRequest,
    response: ZConfigForm,
    access: { permission: 'sys:config:add' },
  },
  update: {
    method: 'PUT',
    path: '/api/v1/config/:id',
    summary: 'Edits a setting; the key must be unused by another setting',
    tags,
    params: ZConfigIdParams,
    body: ZConfigRequest,
    response: ZConfigForm,
    access: { permission: 'sys:config:update' },
  },
  delete: {
    method: 'DELETE',
    path: '/api/v1/config/:ids',
    summary: 'Deletes settings by comma-joined ids, all or none',
    tags,
    params: ZConfigIdsParams,
    response: z.null(),
    access: { permission: 'sys:config:delete' },
  },
  links: {
    method: 'GET',
    path: '/api/v1/config/links',
    summary:
      "The console navbar's documentation and code-hosting links (DOC_URL, CODE_HOSTING_URL); null when unset",
    tags,
    response: ZConsoleLinks,
    access: { permission: null },
  },
  refresh: {
    method: 'PUT',
    path: '/api/v1/config/refresh',
    summary: "Reloads this server process's settings cache from the database",
    tags,
    response: z.null(),
    access: { permission: 'sys:config:refresh' },
  },
});
