import { configsRoutes, type TConfigForm, type TConfigRequest } from '@linkstore/contract';
import { callRoute } from '../../shared/http/call-route';

/** The settings page is `configsRoutes.page` (with `usePagedList`); these are its changes. */

export function loadConfigForm(id: string): Promise<TConfigForm> {
  return callRoute(configsRoutes.form, { params: { id } });
}

/** Adds a setting, or edits setting `id`. */
export function saveConfig(values: TConfigRequest, id: string | undefined): Promise<TConfigForm> {
  return id === undefined
    ? callRoute(configsRoutes.create, { body: values })
    : callRoute(configsRoutes.update, { params: { id }, body: values });
}

export function deleteConfigs(ids: readonly string[]): Promise<null> {
  return callRoute(configsRoutes.delete, { params: { ids: ids.join(',') } });
}

/** Reloads the server's settings cache from the database. */
export function refreshConfigCache(): Promise<null> {
  return callRoute(configsRoutes.refresh);
}
