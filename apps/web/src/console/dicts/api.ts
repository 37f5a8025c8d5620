import {
  dictItemsRoutes,
  dictsRoutes,
  type TDictForm,
  type TDictItemForm,
  type TDictItemRequest,
  type TDictRequest,
} from '@linkstore/contract';
import { callRoute } from '../../shared/http/call-route';

/** The pages list with `dictsRoutes.page` / `dictItemsRoutes.page` (`usePagedList`); these are the changes. */

export function loadDictForm(id: string): Promise<TDictForm> {
  return callRoute(dictsRoutes.form, { params: { id } });
}

/** Adds a dictionary, or edits dictionary `id` (a new code takes its items along). */
export function saveDict(values: TDictRequest, id: string | undefined): Promise<TDictForm> {
  return id === undefined
    ? callRoute(dictsRoutes.create, { body: values })
    : callRoute(dictsRoutes.update, { params: { id }, body: values });
}

/** Deletes dictionaries and their items. */
export function deleteDicts(ids: readonly string[]): Promise<null> {
  return callRoute(dictsRoutes.delete, { params: { ids: ids.join(',') } });
}

export function loadDictItemForm(id: string): Promise<TDictItemForm> {
  return callRoute(dictItemsRoutes.form, { params: { id } });
}

/** Adds an item, or edits item `id`. */
export function saveDictItem(values: TDictItemRequest, id: string | undefined): Promise<TDictItemForm> {
  return id === undefined
    ? callRoute(dictItemsRoutes.create, { body: values })
    : callRoute(dictItemsRoutes.update, { params: { id }, body: values });
}

export function deleteDictItems(ids: readonly string[]): Promise<null> {
  return callRoute(dictItemsRoutes.delete, { params: { ids: ids.join(',') } });
}
