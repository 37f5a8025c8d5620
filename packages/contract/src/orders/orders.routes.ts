import { defineRoutes } from '../platform/route';
import { ZCreatorOrderDetail, ZCreatorOrderPage, ZOrderNoParams, ZOrdersQuery } from './orders.schema';

const tags = ['orders'] as const;
const signedIn = { permission: null };

/** The caller's own orders: only orders placed in the caller's shop are ever answered. */
export const ordersRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/api/v1/orders',
    summary: "Orders of the caller's shop, newest first, by product title, status and UTC days",
    tags,
    query: ZOrdersQuery,
    response: ZCreatorOrderPage,
    access: signedIn,
  },
  detail: {
    method: 'GET',
    path: '/api/v1/orders/:orderNo',
    summary: "One order of the caller's shop with its items and where it ships (to the town)",
    tags,
    params: ZOrderNoParams,
    response: ZCreatorOrderDetail,
    access: signedIn,
  },
});
