import { deptsRoutes, type TDeptForm, type TDeptRequest } from '@linkstore/contract';
import { callRoute, routeQueryOptions } from '../../shared/http/call-route';
import { useRouteMutation } from '../../shared/http/use-route-mutation';

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

/** What a change of departments makes stale: the tree and the pickers. */
const DEPT_READS = [deptsRoutes.list, deptsRoutes.options];

/** Adds a department, or edits department `id`. */
export function useSaveDept() {
  return useRouteMutation({
    mutationFn: ({ values, id }: { values: TDeptRequest; id: string | undefined }) =>
      id === undefined
        ? callRoute(deptsRoutes.create, { body: values })
        : callRoute(deptsRoutes.update, { params: { id }, body: values }),
    invalidates: DEPT_READS,
  });
}

export function useDeleteDepts() {
  return useRouteMutation({
    mutationFn: (ids: readonly string[]) => callRoute(deptsRoutes.delete, { params: { ids: ids.join(',') } }),
    invalidates: DEPT_READS,
  });
}
