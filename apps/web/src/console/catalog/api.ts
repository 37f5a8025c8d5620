import { categoriesRoutes, type TCategoryForm, type TCategoryRequest } from '@linkstore/contract';
import { callRoute, routeQueryOptions } from '../../shared/http/call-route';

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

/** Adds a category, or edits category `id`. */
export function saveCategory(values: TCategoryRequest, id: string | undefined): Promise<TCategoryForm> {
  return id === undefined
    ? callRoute(categoriesRoutes.create, { body: values })
    : callRoute(categoriesRoutes.update, { params: { id }, body: values });
}

export function deleteCategory(id: string): Promise<null> {
  return callRoute(categoriesRoutes.delete, { params: { id } });
}

export function setCategoryStatus(id: string, status: 0 | 1): Promise<null> {
  return callRoute(categoriesRoutes.status, { params: { id }, query: { status: status === 1 ? '1' : '0' } });
}
