import { z } from 'zod';
import { defineRoutes } from '../platform/route';
import {
  ZDeptForm,
  ZDeptIdParams,
  ZDeptIdsParams,
  ZDeptListQuery,
  ZDeptOptionTree,
  ZDeptRequest,
  ZDeptTree,
} from './depts.schema';

const tags = ['departments'] as const;

/**
 * Console departments, a tree (`parentId` 0 is the top). Upstream left the list and the options
 * open to any signed-in user; here every endpoint declares its permission.
 */
export const deptsRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/api/v1/dept',
    summary: 'The department tree, optionally only the departments matching `keywords` and `status`',
    tags,
    query: ZDeptListQuery,
    response: ZDeptTree,
    access: { permission: 'sys:dept:query' },
  },
  options: {
    method: 'GET',
    path: '/api/v1/dept/options',
    summary: 'Active departments as a tree of options {value, label, children}',
    tags,
    response: ZDeptOptionTree,
    // The users page's department tree and the user form's department picker need it too.
    access: { permission: ['sys:dept:query', 'sys:user:query'] },
  },
  form: {
    method: 'GET',
    path: '/api/v1/dept/:id/form',
    summary: "A department's form data",
    tags,
    params: ZDeptIdParams,
    response: ZDeptForm,
    access: { permission: 'sys:dept:query' },
  },
  create: {
    method: 'POST',
    path: '/api/v1/dept',
    summary: 'Creates a department; the code must be unused and the parent must exist',
    tags,
    body: ZDeptRequest,
    response: ZDeptForm,
    access: { permission: 'sys:dept:add' },
  },
  update: {
    method: 'PUT',
    path: '/api/v1/dept/:id',
    summary: 'Edits a department; moving it under another parent moves its whole branch',
    tags,
    params: ZDeptIdParams,
    body: ZDeptRequest,
    response: ZDeptForm,
    access: { permission: 'sys:dept:edit' },
  },
  delete: {
    method: 'DELETE',
    path: '/api/v1/dept/:ids',
    summary:
      'Deletes departments by comma-joined ids, all or none; not while one has sub-departments or users',
    tags,
    params: ZDeptIdsParams,
    response: z.null(),
    access: { permission: 'sys:dept:delete' },
  },
});
