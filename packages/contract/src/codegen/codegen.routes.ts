import { z } from 'zod';
import { defineRoutes } from '../platform/route';
import {
  ZCodegenConfig,
  ZCodegenConfigRequest,
  ZCodegenOptions,
  ZCodegenPreview,
  ZCodegenTablePage,
  ZCodegenTablePageQuery,
  ZCodegenTableParams,
  ZCodegenWriteResult,
} from './codegen.schema';

const tags = ['codegen'] as const;
const QUERY = { permission: 'dev:codegen:query' } as const;
const EDIT = { permission: 'dev:codegen:edit' } as const;

/** The code generator. Reading and generating need `dev:codegen:query`; changing anything `dev:codegen:edit`. */
export const codegenRoutes = defineRoutes({
  tables: {
    method: 'GET',
    path: '/api/v1/codegen/table/page',
    summary: "The database's tables (schema public), a page at a time, by keywords on name or comment",
    tags,
    query: ZCodegenTablePageQuery,
    response: ZCodegenTablePage,
    access: QUERY,
  },
  options: {
    method: 'GET',
    path: '/api/v1/codegen/options',
    summary: 'Whether this server writes generated files, and the catalogs a generated menu can go under',
    tags,
    response: ZCodegenOptions,
    access: QUERY,
  },
  config: {
    method: 'GET',
    path: '/api/v1/codegen/:tableName/config',
    summary: "A table's generation settings; defaults derived from its columns when none are saved",
    tags,
    params: ZCodegenTableParams,
    response: ZCodegenConfig,
    access: QUERY,
  },
  saveConfig: {
    method: 'POST',
    path: '/api/v1/codegen/:tableName/config',
    summary:
      "Saves a table's generation settings; with parentMenuId also creates the page's menu and buttons",
    tags,
    params: ZCodegenTableParams,
    body: ZCodegenConfigRequest,
    response: ZCodegenConfig,
    access: EDIT,
  },
  resetConfig: {
    method: 'DELETE',
    path: '/api/v1/codegen/:tableName/config',
    summary: "Forgets a table's saved settings (back to the defaults)",
    tags,
    params: ZCodegenTableParams,
    response: z.null(),
    access: EDIT,
  },
  preview: {
    method: 'GET',
    path: '/api/v1/codegen/:tableName/preview',
    summary: 'Every file generated for the table',
    tags,
    params: ZCodegenTableParams,
    response: ZCodegenPreview,
    access: QUERY,
  },
  download: {
    method: 'GET',
    path: '/api/v1/codegen/:tableName/download',
    summary: 'Every file generated for the table, as a zip',
    tags,
    params: ZCodegenTableParams,
    response: z.null(),
    access: QUERY,
  },
  write: {
    method: 'POST',
    path: '/api/v1/codegen/:tableName/write',
    summary: 'Writes the generated files into the working tree (a server in development only)',
    tags,
    params: ZCodegenTableParams,
    response: ZCodegenWriteResult,
    access: EDIT,
  },
});
