import { useQueryClient } from '@tanstack/react-query';
import type { TRouteDef } from '@linkstore/contract';

/**
 * Marks every cached answer of the given read routes stale (all inputs: every page and filter),
 * so what is on screen is fetched again. Query keys are `[method, path, input]`
 * (`routeQueryOptions`).
 */
export function useInvalidateRoutes(): (...routes: TRouteDef[]) => Promise<void> {
  const queryClient = useQueryClient();
  return async (...routes) => {
    await Promise.all(
      routes.map((route) => queryClient.invalidateQueries({ queryKey: [route.method, route.path] })),
    );
  };
}
