import { z } from 'zod';
import { defineRoutes } from '../platform/route';
import {
  ZRoleForm,
  ZRoleIdParams,
  ZRoleIdsParams,
  ZRoleMenuIds,
  ZRoleMenusRequest,
  ZRoleOptions,
  ZRolePage,
  ZRolePageQuery,
  ZRoleRequest,
  ZRoleStatusQuery,
} from './roles.schema';

const tags = ['roles'] as const;

/**
 * Console roles. Upstream left page, options, status and menu assignment open to any signed-in
 * user; here every endpoint declares its permission. Role ROOT cannot be edited, disabled or deleted.
 */
export const rolesRoutes = defineRoutes({
  page: {
    method: 'GET',
    path: '/api/v1/roles/page',
    summary: 'Roles, a page at a time, by keywords on name or code, in sort order',
    tags,
    query: ZRolePageQuery,
    response: ZRolePage,
    access: { permission: 'sys:role:query' },
  },
  options: {
    method: 'GET',
    path: '/api/v1/roles/options',
    summary: 'Roles as options {value, label}; ROOT only for ROOT callers',
    tags,
    response: ZRoleOptions,
    // The user form's role picker needs it too.
    access: { permission: ['sys:role:query', 'sys:user:add', 'sys:user:edit'] },
  },
  form: {
    method: 'GET',
    path: '/api/v1/roles/:id/form',
    summary: "A role's form data",
    tags,
    params: ZRoleIdParams,
    response: ZRoleForm,
    access: { permission: 'sys:role:query' },
  },
  create: {
    method: 'POST',
    path: '/api/v1/roles',
    summary: 'Creates a role; the code must be unused',
    tags,
    body: ZRoleRequest,
    response: ZRoleForm,
    access: { permission: 'sys:role:add' },
  },
  update: {
    method: 'PUT',
    path: '/api/v1/roles/:id',
    summary: 'Edits a role (not ROOT); the code must be unused by another role',
    tags,
    params: ZRoleIdParams,
    body: ZRoleRequest,
    response: ZRoleForm,
    access: { permission: 'sys:role:edit' },
  },
  delete: {
    method: 'DELETE',
    path: '/api/v1/roles/:ids',
    summary: 'Deletes roles by comma-joined ids, all or none; not ROOT, not roles still assigned to users',
    tags,
    params: ZRoleIdsParams,
    response: z.null(),
    access: { permission: 'sys:role:delete' },
  },
  status: {
    method: 'PUT',
    path: '/api/v1/roles/:id/status',
    summary: 'Enables (1) or disables (0) a role (not ROOT)',
    tags,
    params: ZRoleIdParams,
    query: ZRoleStatusQuery,
    response: z.null(),
    access: { permission: 'sys:role:edit' },
  },
  menuIds: {
    method: 'GET',
    path: '/api/v1/roles/:id/menuIds',
    summary: "The ids of the role's menus",
    tags,
    params: ZRoleIdParams,
    response: ZRoleMenuIds,
    access: { permission: 'sys:role:query' },
  },
  assignMenus: {
    method: 'PUT',
    path: '/api/v1/roles/:id/menus',
    summary: "Replaces the role's menus with the given ids (not ROOT); takes effect on the next request",
    tags,
    params: ZRoleIdParams,
    body: ZRoleMenusRequest,
    response: z.null(),
    access: { permission: 'sys:role:assign' },
  },
});
