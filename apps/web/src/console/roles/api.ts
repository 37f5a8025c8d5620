import { menusRoutes, rolesRoutes, type TRoleForm, type TRoleRequest } from '@linkstore/contract';
import { callRoute, routeQueryOptions } from '../../shared/http/call-route';
import { useRouteMutation } from '../../shared/http/use-route-mutation';

/** The roles page reads `rolesRoutes.page` (with `usePagedList`); these are its other calls. */

/** What a change of roles makes stale: the page and the role pickers. */
const ROLE_READS = [rolesRoutes.page, rolesRoutes.options];

export function loadRoleForm(id: string): Promise<TRoleForm> {
  return callRoute(rolesRoutes.form, { params: { id } });
}

/** Adds a role, or edits role `id`. */
export function useSaveRole() {
  return useRouteMutation({
    mutationFn: ({ values, id }: { values: TRoleRequest; id: string | undefined }) =>
      id === undefined
        ? callRoute(rolesRoutes.create, { body: values })
        : callRoute(rolesRoutes.update, { params: { id }, body: values }),
    invalidates: ROLE_READS,
  });
}

export function useDeleteRoles() {
  return useRouteMutation({
    mutationFn: (ids: readonly string[]) => callRoute(rolesRoutes.delete, { params: { ids: ids.join(',') } }),
    invalidates: ROLE_READS,
  });
}

export function useSetRoleStatus() {
  return useRouteMutation({
    mutationFn: ({ id, isEnabled }: { id: string; isEnabled: boolean }) =>
      callRoute(rolesRoutes.status, { params: { id }, query: { status: isEnabled ? '1' : '0' } }),
    invalidates: ROLE_READS,
  });
}

/** Every menu (catalogs, pages, links, buttons) as a tree of options: the permission tree. */
export const menuOptionsQuery = routeQueryOptions(menusRoutes.options, { query: {} });

/** The role's menu ids, fetched afresh each time the drawer opens. */
export function roleMenuIdsQuery(id: string) {
  return { ...routeQueryOptions(rolesRoutes.menuIds, { params: { id } }), staleTime: 0, gcTime: 0 };
}

/** Replaces the role's menus with `menuIds` (checked plus half-checked tree nodes). */
export function useAssignRoleMenus() {
  return useRouteMutation({
    mutationFn: ({ id, menuIds }: { id: string; menuIds: readonly string[] }) =>
      callRoute(rolesRoutes.assignMenus, { params: { id }, body: [...menuIds] }),
  });
}
