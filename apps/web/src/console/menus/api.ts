import { menusRoutes, type TMenuForm } from '@linkstore/contract';
import { callRoute, routeQueryOptions } from '../../shared/http/call-route';
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

/** Adds a menu, or edits menu `id`; only the fields of the chosen type are sent. */
export function saveMenu(values: TMenuFormValues, id: string | undefined): Promise<TMenuForm> {
  const body = toSaveRequest(values);
  return id === undefined
    ? callRoute(menusRoutes.create, { body })
    : callRoute(menusRoutes.update, { params: { id }, body });
}

/** Deletes a menu and everything under it. */
export function deleteMenu(id: string): Promise<null> {
  return callRoute(menusRoutes.remove, { params: { id } });
}

export function setMenuVisible(id: string, isVisible: boolean): Promise<null> {
  return callRoute(menusRoutes.setVisible, { params: { id }, query: { visible: isVisible ? '1' : '0' } });
}
