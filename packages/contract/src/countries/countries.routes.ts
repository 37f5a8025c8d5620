import { defineRoutes } from '../platform/route';
import { ZCountryListQuery, ZCountryListResponse } from './countries.schema';

export const countriesRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/api/v1/countries',
    summary: 'Countries with their currency, code, symbol and USD rate',
    tags: ['countries'],
    query: ZCountryListQuery,
    response: ZCountryListResponse,
    access: { public: true },
  },
});
