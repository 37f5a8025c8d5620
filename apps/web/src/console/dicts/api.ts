import {
  dictItemsRoutes,
  dictsRoutes,
  type TDictForm,
  type TDictItemForm,
  type TDictItemRequest,
  type TDictRequest,
} from '@linkstore/contract';
import { loadDictionaries } from '../../shared/dict/dict-loader';
import { callRoute } from '../../shared/http/call-route';
import { useRouteMutation } from '../../shared/http/use-route-mutation';

/** The pages list with `dictsRoutes.page` / `dictItemsRoutes.page` (`usePagedList`); these are the changes. */

/** After a change: the cache every Dict and DictLabel reads is loaded afresh too. */
const reloadDictionaries = () => void loadDictionaries({ isFresh: true });

export function loadDictForm(id: string): Promise<TDictForm> {
  return callRoute(dictsRoutes.form, { params: { id } });
}

/** Adds a dictionary, or edits dictionary `id` (a new code takes its items along). */
export function useSaveDict() {
  return useRouteMutation({
    mutationFn: ({ values, id }: { values: TDictRequest; id: string | undefined }) =>
      id === undefined
        ? callRoute(dictsRoutes.create, { body: values })
        : callRoute(dictsRoutes.update, { params: { id }, body: values }),
    invalidates: [dictsRoutes.page],
    onSuccess: reloadDictionaries,
  });
}

/** Deletes dictionaries and their items. */
export function useDeleteDicts() {
  return useRouteMutation({
    mutationFn: (ids: readonly string[]) => callRoute(dictsRoutes.delete, { params: { ids: ids.join(',') } }),
    invalidates: [dictsRoutes.page],
    onSuccess: reloadDictionaries,
  });
}

export function loadDictItemForm(id: string): Promise<TDictItemForm> {
  return callRoute(dictItemsRoutes.form, { params: { id } });
}

/** Adds an item, or edits item `id`. */
export function useSaveDictItem() {
  return useRouteMutation({
    mutationFn: ({ values, id }: { values: TDictItemRequest; id: string | undefined }) =>
      id === undefined
        ? callRoute(dictItemsRoutes.create, { body: values })
        : callRoute(dictItemsRoutes.update, { params: { id }, body: values }),
    invalidates: [dictItemsRoutes.page],
    onSuccess: reloadDictionaries,
  });
}

export function useDeleteDictItems() {
  return useRouteMutation({
    mutationFn: (ids: readonly string[]) =>
      callRoute(dictItemsRoutes.delete, { params: { ids: ids.join(',') } }),
    invalidates: [dictItemsRoutes.page],
    onSuccess: reloadDictionaries,
  });
}
