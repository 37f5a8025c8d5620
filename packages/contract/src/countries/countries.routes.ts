import { z } from 'zod';
import { defineRoutes } from '../platform/route';
import {
  ZCountry,
  ZCountryIdParams,
  ZCountryListQuery,
  ZCountryListResponse,
  ZCountryPage,
  ZCountryPageQuery,
  ZCountryUpdateRequest,
  ZGetCountryQuery,
  ZGetCountryResponse,
  ZUpdateCountryRequest,
} from './countries.schema';

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
  page: {
    method: 'GET',
    path: '/api/v1/countries/page',
    summary: 'Currency rates for operators, a page at a time, by keywords',
    tags: ['countries'],
    query: ZCountryPageQuery,
    response: ZCountryPage,
    access: { permission: 'system:country:query' },
  },
  update: {
    method: 'PUT',
    path: '/api/v1/countries/:id',
    summary: "Sets a country's USD rate (a decimal string, stored as integer micros), symbol and decimals",
    tags: ['countries'],
    params: ZCountryIdParams,
    body: ZCountryUpdateRequest,
    response: ZCountry,
    access: { permission: 'system:country:edit' },
  },
  // The caller's own country (the studio's currency), filed here, listed with accounts in the API docs.
  mine: {
    method: 'POST',
    path: '/api/getCountry',
    summary: "The caller's country and all countries",
    tags: ['accounts'],
    query: ZGetCountryQuery,
    response: ZGetCountryResponse,
    access: { public: true },
  },
  updateMine: {
    method: 'PUT',
    path: '/api/v1/users/me/country',
    summary: "Save the signed-in user's country",
    tags: ['accounts'],
    body: ZUpdateCountryRequest,
    response: z.null(),
    access: { permission: null },
  },
});
