import { menusRoutes, type TMenuForm } from '@linkstore/contract';
import { callRoute, routeQueryOptions } from '../../shared/http/call-route';
import { useRouteMutation } from '../../shared/http/use-route-mutation';
import { toSaveRequest, type TMenuFormValues } from './menu-form-values';

/** The menu tree, filtered by `keywords` on the name (blank left out). */
export function menuTreeQuery(keywords: string) {
  return routeQueryOptions(menusRoutes.list, { query: keywords.trim() ? { keywords: keywords.trim() } : {} });
}

/** Catalogs and pages as a tree of options: the parent picker. */
export const menuParentOptionsQuery = routeQueryOptions(menusRoutes.options, {
  query: { onlyParent: 'true' },
});

export function loadMenuForm(id: string): Promise<TMenuForm> {
  return callRoute(menusRoutes.form, { params: { id } });
}

/** What a change of menus makes stale: the tree and the pickers. */
const MENU_READS = [menusRoutes.list, menusRoutes.options];

/** Adds a menu, or edits menu `id`; only the fields of the chosen type are sent. */
export function useSaveMenu() {
  return useRouteMutation({
    mutationFn: ({ values, id }: { values: TMenuFormValues; id: string | undefined }) => {
      const body = toSaveRequest(values);
      return id === undefined
        ? callRoute(menusRoutes.create, { body })
        : callRoute(menusRoutes.update, { params: { id }, body });
    },
    invalidates: MENU_READS,
  });
}

/** Deletes a menu and everything under it. */
export function useDeleteMenu() {
  return useRouteMutation({
    mutationFn: (id: string) => callRoute(menusRoutes.remove, { params: { id } }),
    invalidates: MENU_READS,
  });
}

export function useSetMenuVisible() {
  return useRouteMutation({
    mutationFn: ({ id, isVisible }: { id: string; isVisible: boolean }) =>
      callRoute(menusRoutes.setVisible, { params: { id }, query: { visible: isVisible ? '1' : '0' } }),
    invalidates: MENU_READS,
  });
}
