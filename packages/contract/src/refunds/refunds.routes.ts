import { z } from 'zod';
import { defineRoutes } from '../platform/route';
import { ZConsoleRefund, ZRefundRequest, ZResolveFlagRequest } from '../orders/console-orders.schema';

// Filed under refunds (their server module), listed with the console's orders in the API docs.
const tags = ['orders'] as const;

/** The console's refunds of an order's capture and the resolution of a flagged order. */
export const refundsRoutes = defineRoutes({
  refund: {
    method: 'POST',
    path: '/api/v1/system/orders/refund',
    summary:
      "Refunds part or all of an order's capture through the provider; reverses the creator's profit share",
    tags,
    body: ZRefundRequest,
    response: ZConsoleRefund,
    access: { permission: 'sys:order:refund' },
    idempotent: true,
  },
  resolveFlag: {
    method: 'POST',
    path: '/api/v1/system/orders/resolve-flag',
    summary: 'Resolves an open flag: refund, accept or note; the resolution is recorded',
    tags,
    body: ZResolveFlagRequest,
    response: z.null(),
    access: { permission: 'sys:order:resolve' },
  },
});
