import fp from 'fastify-plugin';
import { shippingRoutes } from '@linkstore/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../platform/http/routes';
import {
  createShippingZone,
  deleteShippingZone,
  getShippingZone,
  pageShippingZones,
  updateShippingZone,
} from './shipping.repository';
import { listShippingZonesForInfo } from './shipping.api';

/** The console's shipping zones and their methods; other modules use `shipping.api.ts`. */
async function registerShipping(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  registerRoute(app, shippingRoutes.publicZones, () => listShippingZonesForInfo(db));
  registerRoute(app, shippingRoutes.page, ({ query }) => pageShippingZones(db, query));
  registerRoute(app, shippingRoutes.get, ({ params }) => getShippingZone(db, Number(params.id)));
  registerRoute(app, shippingRoutes.create, ({ body }) => createShippingZone(db, body));
  registerRoute(app, shippingRoutes.update, ({ params, body }) =>
    updateShippingZone(db, Number(params.id), body),
  );
  registerRoute(app, shippingRoutes.delete, async ({ params }) => {
    await deleteShippingZone(db, Number(params.id));
    return null;
  });
}

export const shippingModule = fp(registerShipping, {
  name: 'shipping',
  dependencies: [],
  encapsulate: true,
});
