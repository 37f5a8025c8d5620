import { z } from 'zod';
import { defineRoutes } from '../platform/route';
import {
  ZCreatorOrderDetail,
  ZCreatorOrderPage,
  ZOrderNoParams,
  ZOrdersExportQuery,
  ZOrdersQuery,
} from './orders.schema';

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
  /** Answers the file itself (not the JSON envelope); errors still come as the envelope. */
  export: {
    method: 'GET',
    path: '/api/v1/orders/export',
    summary:
      "The caller's orders the list's filters match (every page), as CSV or .xlsx in the caller's language",
    tags,
    query: ZOrdersExportQuery,
    response: z.null(),
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
