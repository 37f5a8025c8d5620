import { deptsRoutes, type TDeptForm, type TDeptRequest } from '@linkstore/contract';
import { callRoute, routeQueryOptions } from '../../shared/http/call-route';

/** The search of the department tree: `status` as the query sends it ('1' / '0'). */
export interface TDeptFilters {
  keywords?: string | undefined;
  status?: '0' | '1' | undefined;
}

/** The department tree, filtered by `keywords` and `status` (blank ones left out). */
export function deptTreeQuery({ keywords, status }: TDeptFilters) {
  return routeQueryOptions(deptsRoutes.list, {
    query: { ...(keywords?.trim() ? { keywords: keywords.trim() } : {}), ...(status ? { status } : {}) },
  });
}

/** Active departments as a tree of options: the parent picker. */
export const deptOptionsQuery = routeQueryOptions(deptsRoutes.options);

export function loadDeptForm(id: string): Promise<TDeptForm> {
  return callRoute(deptsRoutes.form, { params: { id } });
}

/** Adds a department, or edits department `id`. */
export function saveDept(values: TDeptRequest, id: string | undefined): Promise<TDeptForm> {
  return id === undefined
    ? callRoute(deptsRoutes.create, { body: values })
    : callRoute(deptsRoutes.update, { params: { id }, body: values });
}

export function deleteDepts(ids: readonly string[]): Promise<null> {
  return callRoute(deptsRoutes.delete, { params: { ids: ids.join(',') } });
}
