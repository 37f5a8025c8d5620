import { z } from 'zod';
import { defineRoutes } from '../platform/route';
import {
  ZConsoleOrderDetail,
  ZConsoleOrderPage,
  ZConsoleOrdersQuery,
  ZProductionAnswer,
  ZProductionRequest,
  ZShipAnswer,
  ZShipImportAnswer,
  ZShipImportRequest,
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
  production: {
    method: 'POST',
    path: '/api/v1/system/orders/production',
    summary: 'Marks a paid order in production: its buyer can no longer cancel it or change its address',
    tags,
    body: ZProductionRequest,
    response: ZProductionAnswer,
    access: { permission: 'sys:order:ship' },
  },
  shipImport: {
    method: 'POST',
    path: '/api/v1/system/orders/ship/import',
    summary:
      'Reads an .xlsx of order number, carrier and tracking number (multipart `file`): shippable rows, refused rows; ships nothing',
    tags,
    body: ZShipImportRequest,
    response: ZShipImportAnswer,
    access: { permission: 'sys:order:ship' },
  },
  /** Answers the .xlsx file itself (not the JSON envelope); errors still come as the envelope. */
  export: {
    method: 'GET',
    path: '/api/v1/system/orders/export',
    summary: 'The orders the list query matches (without paging), as an .xlsx',
    tags,
    query: ZConsoleOrdersQuery,
    response: z.null(),
    access: { permission: 'sys:order:export' },
  },
});
