import { configsRoutes, type TConfigForm, type TConfigRequest } from '@linkstore/contract';
import { callRoute } from '../../shared/http/call-route';
import { useRouteMutation } from '../../shared/http/use-route-mutation';

/**
 * The settings page reads `configsRoutes.page` (with `usePagedList`); these are its record
 * loader and its changes, each refetching the page it changes.
 */

export function loadConfigForm(id: string): Promise<TConfigForm> {
  return callRoute(configsRoutes.form, { params: { id } });
}

/** Adds a setting, or edits setting `id`. */
export function useSaveConfig() {
  return useRouteMutation({
    mutationFn: ({ values, id }: { values: TConfigRequest; id: string | undefined }) =>
      id === undefined
        ? callRoute(configsRoutes.create, { body: values })
        : callRoute(configsRoutes.update, { params: { id }, body: values }),
    // The navbar's links are settings too (DOC_URL, CODE_HOSTING_URL).
    invalidates: [configsRoutes.page, configsRoutes.links],
  });
}

export function useDeleteConfigs() {
  return useRouteMutation({
    mutationFn: (ids: readonly string[]) =>
      callRoute(configsRoutes.delete, { params: { ids: ids.join(',') } }),
    invalidates: [configsRoutes.page, configsRoutes.links],
  });
}

/** Reloads the server's settings cache from the database. */
export function useRefreshConfigCache() {
  return useRouteMutation({ mutationFn: () => callRoute(configsRoutes.refresh) });
}
