import { categoriesRoutes, type TCategoryForm, type TCategoryRequest } from '@linkstore/contract';
import { callRoute, routeQueryOptions } from '../../shared/http/call-route';
import { useRouteMutation } from '../../shared/http/use-route-mutation';

/** The search of the category tree: `status` as the query sends it ('1' / '0'). */
export interface TCategoryFilters {
  keywords?: string | undefined;
  status?: '0' | '1' | undefined;
}

/** The category tree, filtered by `keywords` and `status` (blank ones left out). */
export function categoryTreeQuery({ keywords, status }: TCategoryFilters) {
  return routeQueryOptions(categoriesRoutes.tree, {
    query: { ...(keywords?.trim() ? { keywords: keywords.trim() } : {}), ...(status ? { status } : {}) },
  });
}

/** Shown first-level categories: the parent picker. */
export const firstLevelOptionsQuery = routeQueryOptions(categoriesRoutes.options, {
  query: { level: 'first' },
});

export function loadCategoryForm(id: string): Promise<TCategoryForm> {
  return callRoute(categoriesRoutes.form, { params: { id } });
}

/** What a change of categories makes stale: the tree and the pickers. */
const CATEGORY_READS = [categoriesRoutes.tree, categoriesRoutes.options];

/** Adds a category, or edits category `id`. */
export function useSaveCategory() {
  return useRouteMutation({
    mutationFn: ({ values, id }: { values: TCategoryRequest; id: string | undefined }) =>
      id === undefined
        ? callRoute(categoriesRoutes.create, { body: values })
        : callRoute(categoriesRoutes.update, { params: { id }, body: values }),
    invalidates: CATEGORY_READS,
  });
}

export function useDeleteCategory() {
  return useRouteMutation({
    mutationFn: (id: string) => callRoute(categoriesRoutes.delete, { params: { id } }),
    invalidates: CATEGORY_READS,
  });
}

export function useSetCategoryStatus() {
  return useRouteMutation({
    mutationFn: ({ id, isShown }: { id: string; isShown: boolean }) =>
      callRoute(categoriesRoutes.status, { params: { id }, query: { status: isShown ? '1' : '0' } }),
    invalidates: CATEGORY_READS,
  });
}
