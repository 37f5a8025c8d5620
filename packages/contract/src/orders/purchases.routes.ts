import { defineRoutes } from '../platform/route';
import { ZPurchase, ZPurchaseIdParams, ZPurchaseRequest } from './purchases.schema';

const tags = ['orders'] as const;
const signedIn = { permission: null };

/** The creator pays for their own unpaid orders (b-side): only the caller's orders and purchases. */
export const purchasesRoutes = defineRoutes({
  create: {
    method: 'POST',
    path: '/api/v1/orders/purchases',
    summary:
      "Starts one payment for some of the caller's unpaid orders (their platform prices); the same payKey answers the same purchase",
    tags,
    body: ZPurchaseRequest,
    response: ZPurchase,
    access: signedIn,
    idempotent: true,
  },
  capture: {
    method: 'POST',
    path: '/api/v1/orders/purchases/:id/capture',
    summary: 'Captures the approved payment: every order becomes completed (2), or none does',
    tags,
    params: ZPurchaseIdParams,
    response: ZPurchase,
    access: signedIn,
    idempotent: true,
  },
  detail: {
    method: 'GET',
    path: '/api/v1/orders/purchases/:id',
    summary: "One of the caller's purchases: status, orders and total",
    tags,
    params: ZPurchaseIdParams,
    response: ZPurchase,
    access: signedIn,
  },
});
