import { z } from 'zod';
import { defineRoutes } from '../platform/route';
import {
  ZShippingZone,
  ZShippingZoneIdParams,
  ZShippingZonePage,
  ZShippingZonePageQuery,
  ZShippingZoneInfo,
  ZShippingZoneRequest,
} from './shipping.schema';

const tags = ['shipping'] as const;

/** Shipping zones and their methods, kept by operators in the console. */
export const shippingRoutes = defineRoutes({
  /** The shop information page "Shipping" lists these, in the buyer's language. */
  publicZones: {
    method: 'GET',
    path: '/api/v1/public/shipping/zones',
    summary: 'Where the platform ships, by which methods, at what cost and in how many business days',
    tags,
    response: z.array(ZShippingZoneInfo),
    access: { public: true },
  },
  page: {
    method: 'GET',
    path: '/api/v1/shipping/zones',
    summary: 'Shipping zones, a page at a time, by keywords on the name or a country code',
    tags,
    query: ZShippingZonePageQuery,
    response: ZShippingZonePage,
    access: { permission: 'commerce:shipping:query' },
  },
  get: {
    method: 'GET',
    path: '/api/v1/shipping/zones/:id',
    summary: 'A shipping zone with its methods',
    tags,
    params: ZShippingZoneIdParams,
    response: ZShippingZone,
    access: { permission: 'commerce:shipping:query' },
  },
  create: {
    method: 'POST',
    path: '/api/v1/shipping/zones',
    summary: 'Adds a shipping zone with its methods',
    tags,
    body: ZShippingZoneRequest,
    response: ZShippingZone,
    access: { permission: 'commerce:shipping:add' },
  },
  update: {
    method: 'PUT',
    path: '/api/v1/shipping/zones/:id',
    summary:
      'Saves a shipping zone and all its methods at once: methods sent with an id are kept, those not sent are removed',
    tags,
    params: ZShippingZoneIdParams,
    body: ZShippingZoneRequest,
    response: ZShippingZone,
    access: { permission: 'commerce:shipping:edit' },
  },
  delete: {
    method: 'DELETE',
    path: '/api/v1/shipping/zones/:id',
    summary: 'Deletes a shipping zone and its methods',
    tags,
    params: ZShippingZoneIdParams,
    response: z.null(),
    access: { permission: 'commerce:shipping:delete' },
  },
});
