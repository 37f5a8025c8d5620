import { jobsRoutes } from '@linkstore/contract';
import { callRoute, routeQueryOptions } from '../../shared/http/call-route';
import { useRouteMutation } from '../../shared/http/use-route-mutation';

/** The scheduled jobs with their last and next run, and the queue's counts. */
export const jobListQuery = routeQueryOptions(jobsRoutes.list, {});

/** Runs a job now; the list and the failures are read again. */
export function useRunJobNow() {
  return useRouteMutation({
    mutationFn: (name: string) => callRoute(jobsRoutes.runNow, { params: { name } }),
    invalidates: [jobsRoutes.list, jobsRoutes.failures],
  });
}
