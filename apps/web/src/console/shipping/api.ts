import { shippingRoutes, type TShippingZoneRequest } from '@linkstore/contract';
import { callRoute } from '../../shared/http/call-route';
import { useRouteMutation } from '../../shared/http/use-route-mutation';
import { zoneFormValuesOf, type TZoneFormValues } from './zone-form';

/**
 * The zones page reads `shippingRoutes.page` (with `usePagedList`); these are its zone loader
 * and its changes, each refetching the page.
 */

export async function loadZoneForm(id: string): Promise<TZoneFormValues> {
  return zoneFormValuesOf(await callRoute(shippingRoutes.get, { params: { id } }));
}

/** Adds a zone with its methods, or saves zone `id` and all its methods. */
export function useSaveShippingZone() {
  return useRouteMutation({
    mutationFn: ({ values, id }: { values: TShippingZoneRequest; id: string | undefined }) =>
      id === undefined
        ? callRoute(shippingRoutes.create, { body: values })
        : callRoute(shippingRoutes.update, { params: { id }, body: values }),
    invalidates: [shippingRoutes.page],
  });
}

export function useDeleteShippingZone() {
  return useRouteMutation({
    mutationFn: (id: string) => callRoute(shippingRoutes.delete, { params: { id } }),
    invalidates: [shippingRoutes.page],
  });
}
