import { defineRoutes } from '../platform/route';
import {
  ZConsoleOrderDetail,
  ZConsoleOrderPage,
  ZConsoleOrdersQuery,
  ZShipAnswer,
  ZShipRequest,
} from './console-orders.schema';
import { ZOrderNoParams } from './orders.schema';

const tags = ['orders'] as const;

/** The console's orders of every shop, and marking paid orders shipped. */
export const consoleOrdersRoutes = defineRoutes({
  page: {
    method: 'GET',
    path: '/api/v1/system/orders/page',
    summary: 'Orders of every shop, newest first, by number, buyer, shop, product, status, flag and UTC days',
    tags,
    query: ZConsoleOrdersQuery,
    response: ZConsoleOrderPage,
    access: { permission: 'sys:order:query' },
  },
  detail: {
    method: 'GET',
    path: '/api/v1/system/orders/:orderNo',
    summary: 'One order with its items, full address, payments, captures and ledger rows',
    tags,
    params: ZOrderNoParams,
    response: ZConsoleOrderDetail,
    access: { permission: 'sys:order:query' },
  },
  ship: {
    method: 'POST',
    path: '/api/v1/system/orders/ship',
    summary: 'Marks paid orders shipped (carrier, tracking number) and completed: all of them or none',
    tags,
    body: ZShipRequest,
    response: ZShipAnswer,
    access: { permission: 'sys:order:ship' },
  },
});
