import { taxRoutes, type TTaxRateRequest } from '@linkstore/contract';
import { callRoute } from '../../shared/http/call-route';
import { useRouteMutation } from '../../shared/http/use-route-mutation';

/** The rates list is `taxRoutes.page` (with `usePagedList`); these are its changes. */

/** Adds a rate, or edits rate `id`. */
export function useSaveTaxRate() {
  return useRouteMutation({
    mutationFn: ({ values, id }: { values: TTaxRateRequest; id: string | undefined }) =>
      id === undefined
        ? callRoute(taxRoutes.create, { body: values })
        : callRoute(taxRoutes.update, { params: { id }, body: values }),
    invalidates: [taxRoutes.page],
  });
}

export function useDeleteTaxRate() {
  return useRouteMutation({
    mutationFn: (id: string) => callRoute(taxRoutes.delete, { params: { id } }),
    invalidates: [taxRoutes.page],
  });
}
