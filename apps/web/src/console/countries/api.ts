import { countriesRoutes, type TCountry, type TCountryUpdateRequest } from '@linkstore/contract';
import { callRoute } from '../../shared/http/call-route';

/** The rates list is `countriesRoutes.page` (with `usePagedList`); this is its one change. */
export function saveCountryRate(id: string, values: TCountryUpdateRequest): Promise<TCountry> {
  return callRoute(countriesRoutes.update, { params: { id }, body: values });
}
