import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import type { TRouteDef } from '@linkstore/contract';
import { routeKey } from './call-route';

export interface TRouteMutationOptions<TVariables, TData> {
  /** Calls the contract route(s): `callRoute(rolesRoutes.delete, …)`. */
  mutationFn: (variables: TVariables) => Promise<TData>;
  /**
   * Read routes whose cached answers the change makes stale: after a success each is fetched
   * again (every input: all pages and filters) before the mutation resolves.
   */
  invalidates?: readonly TRouteDef[];
  /** More to do after every success, once the invalidated routes are fetched again. */
  onSuccess?: (data: TData, variables: TVariables) => unknown;
}

/**
 * A change through TanStack Query: `isPending` is the loading flag, a failure has been shown by
 * the http client (so `mutate` needs no catch), and a success refetches the read routes it
 * `invalidates`. Each area's `api.ts` wraps one per change:
 *
 * ```ts
 * export const useDeleteRoles = () =>
 *   useRouteMutation({
 *     mutationFn: (ids: readonly string[]) => callRoute(rolesRoutes.delete, { params: { ids: ids.join(',') } }),
 *     invalidates: [rolesRoutes.page, rolesRoutes.options],
 *   });
 * ```
 *
 * Pages call `mutate(variables, { onSuccess })` (never throws) or `await mutateAsync(…)` where
 * a caller needs the promise (a dialog's OK, `FormModal`'s `onSubmit`).
 */
export function useRouteMutation<TVariables = void, TData = unknown>({
  mutationFn,
  invalidates = [],
  onSuccess,
}: TRouteMutationOptions<TVariables, TData>): UseMutationResult<TData, Error, TVariables> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (data, variables) => {
      await Promise.all(
        invalidates.map((route) => queryClient.invalidateQueries({ queryKey: routeKey(route) })),
      );
      await onSuccess?.(data, variables);
    },
  });
}

/**
 * The failure handler of `mutateAsync(…).then(onDone, alreadyShown)`, for a caller that must
 * wait for the change (a confirm dialog's OK spins until then) and has nothing to add when it
 * fails: the http client has shown why.
 */
export function alreadyShown(): void {}
