import { z } from 'zod';
import { defineRoutes } from '../platform/route';
import {
  ZCategoryForm,
  ZCategoryIdParams,
  ZCategoryListQuery,
  ZCategoryOptionsQuery,
  ZCategoryOptionTree,
  ZCategoryRequest,
  ZCategoryStatusQuery,
  ZCategoryTree,
} from './categories.schema';

const tags = ['catalogue'] as const;

/** The platform's categories (operators, in the console): two levels, names in five languages. */
export const categoriesRoutes = defineRoutes({
  tree: {
    method: 'GET',
    path: '/api/v1/catalog/categories',
    summary: 'The category tree, optionally only the categories matching `keywords` and `status`',
    tags,
    query: ZCategoryListQuery,
    response: ZCategoryTree,
    access: { permission: 'catalog:category:query' },
  },
  options: {
    method: 'GET',
    path: '/api/v1/catalog/categories/options',
    summary: 'Shown categories as options: first-level only (parent picker) or the whole tree',
    tags,
    query: ZCategoryOptionsQuery,
    response: ZCategoryOptionTree,
    // The products page's category filter and the product form's category picker need it too.
    access: { permission: ['catalog:category:query', 'catalog:product:query'] },
  },
  form: {
    method: 'GET',
    path: '/api/v1/catalog/categories/:id/form',
    summary: "A category's form data, with every translation",
    tags,
    params: ZCategoryIdParams,
    response: ZCategoryForm,
    access: { permission: 'catalog:category:query' },
  },
  create: {
    method: 'POST',
    path: '/api/v1/catalog/categories',
    summary: 'Creates a category; a parent must be a first-level category',
    tags,
    body: ZCategoryRequest,
    response: ZCategoryForm,
    access: { permission: 'catalog:category:add' },
  },
  update: {
    method: 'PUT',
    path: '/api/v1/catalog/categories/:id',
    summary: 'Edits a category; two levels only',
    tags,
    params: ZCategoryIdParams,
    body: ZCategoryRequest,
    response: ZCategoryForm,
    access: { permission: 'catalog:category:edit' },
  },
  delete: {
    method: 'DELETE',
    path: '/api/v1/catalog/categories/:id',
    summary: 'Deletes a category; not while it has sub-categories or products',
    tags,
    params: ZCategoryIdParams,
    response: z.null(),
    access: { permission: 'catalog:category:delete' },
  },
  status: {
    method: 'PATCH',
    path: '/api/v1/catalog/categories/:id/status',
    summary: 'Shows (1) or hides (0) a category',
    tags,
    params: ZCategoryIdParams,
    query: ZCategoryStatusQuery,
    response: z.null(),
    access: { permission: 'catalog:category:edit' },
  },
});
