import { menusRoutes, rolesRoutes, type TRoleForm, type TRoleRequest } from '@linkstore/contract';
import { callRoute, routeQueryOptions } from '../../shared/http/call-route';

/** The roles page is `rolesRoutes.page` (with `usePagedList`); these are its other calls. */

export function loadRoleForm(id: string): Promise<TRoleForm> {
  return callRoute(rolesRoutes.form, { params: { id } });
}

/** Adds a role, or edits role `id`. */
export function saveRole(values: TRoleRequest, id: string | undefined): Promise<TRoleForm> {
  return id === undefined
    ? callRoute(rolesRoutes.create, { body: values })
    : callRoute(rolesRoutes.update, { params: { id }, body: values });
}

export function deleteRoles(ids: readonly string[]): Promise<null> {
  return callRoute(rolesRoutes.delete, { params: { ids: ids.join(',') } });
}

export function setRoleStatus(id: string, status: 0 | 1): Promise<null> {
  return callRoute(rolesRoutes.status, { params: { id }, query: { status: status === 1 ? '1' : '0' } });
}

/** Every menu (catalogs, pages, links, buttons) as a tree of options: the permission tree. */
export const menuOptionsQuery = routeQueryOptions(menusRoutes.options, { query: {} });

/** The role's menu ids, fetched afresh each time the drawer opens. */
export function roleMenuIdsQuery(id: string) {
  return { ...routeQueryOptions(rolesRoutes.menuIds, { params: { id } }), staleTime: 0, gcTime: 0 };
}

/** Replaces the role's menus with `menuIds` (checked plus half-checked tree nodes). */
export function assignRoleMenus(id: string, menuIds: readonly string[]): Promise<null> {
  return callRoute(rolesRoutes.assignMenus, { params: { id }, body: [...menuIds] });
}
