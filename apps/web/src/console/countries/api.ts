import { countriesRoutes, type TCountryUpdateRequest } from '@linkstore/contract';
import { callRoute } from '../../shared/http/call-route';
import { useRouteMutation } from '../../shared/http/use-route-mutation';

/** The rates list is `countriesRoutes.page` (with `usePagedList`); this is its one change. */
export function useSaveCountryRate() {
  return useRouteMutation({
    mutationFn: ({ id, values }: { id: string; values: TCountryUpdateRequest }) =>
      callRoute(countriesRoutes.update, { params: { id }, body: values }),
    invalidates: [countriesRoutes.page],
  });
}
