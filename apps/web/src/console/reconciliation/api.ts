import { reconciliationRoutes } from '@linkstore/contract';
import { callRoute, routeQueryOptions } from '../../shared/http/call-route';
import { useRouteMutation } from '../../shared/http/use-route-mutation';

/** The newest run (or none yet). */
export const latestRunQuery = routeQueryOptions(reconciliationRoutes.runs, {
  query: { pageNum: 1, pageSize: 1 },
});

/** A run with a page of its differences. */
export function runDetailQuery(id: string, pageNum: number, pageSize: number) {
  return routeQueryOptions(reconciliationRoutes.detail, { params: { id }, query: { pageNum, pageSize } });
}

/** Reconciles now; the runs and the shown run are read again. */
export function useRunReconciliation() {
  return useRouteMutation({
    mutationFn: () => callRoute(reconciliationRoutes.run, {}),
    invalidates: [reconciliationRoutes.runs, reconciliationRoutes.detail],
  });
}
