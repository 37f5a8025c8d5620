import { useQueryClient } from '@tanstack/react-query';
import type { TRouteDef } from '@linkstore/contract';
import { routeKey } from '../../shared/http/call-route';

/**
 * Marks every cached answer of the given read routes stale (all inputs: every page and filter),
 * so what is on screen is fetched again. Mutations say this in `useRouteMutation`'s
 * `invalidates`; this is for the rest (a dialog that changes several things).
 */
export function useInvalidateRoutes(): (...routes: TRouteDef[]) => Promise<void> {
  const queryClient = useQueryClient();
  return async (...routes) => {
    await Promise.all(routes.map((route) => queryClient.invalidateQueries({ queryKey: routeKey(route) })));
  };
}
