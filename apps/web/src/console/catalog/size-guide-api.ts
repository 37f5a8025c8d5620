import { sizeGuidesRoutes, type TSizeGuideRequest } from '@linkstore/contract';
import { callRoute, routeQueryOptions } from '../../shared/http/call-route';
import { useRouteMutation } from '../../shared/http/use-route-mutation';

/** A category's own size guide (null when it has none). */
export function sizeGuideQuery(categoryId: string) {
  return routeQueryOptions(sizeGuidesRoutes.get, { params: { id: categoryId } });
}

/** Saves a category's whole guide. */
export function useSaveSizeGuide() {
  return useRouteMutation({
    mutationFn: ({ categoryId, body }: { categoryId: string; body: TSizeGuideRequest }) =>
      callRoute(sizeGuidesRoutes.save, { params: { id: categoryId }, body }),
    invalidates: [sizeGuidesRoutes.get],
  });
}

export function useDeleteSizeGuide() {
  return useRouteMutation({
    mutationFn: (categoryId: string) => callRoute(sizeGuidesRoutes.delete, { params: { id: categoryId } }),
    invalidates: [sizeGuidesRoutes.get],
  });
}
