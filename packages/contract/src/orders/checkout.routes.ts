import { defineRoutes } from '../platform/route';
import {
  ZCaptureRequest,
  ZCheckoutAnswer,
  ZCheckoutQuote,
  ZCheckoutQuoteRequest,
  ZCheckoutRequest,
  ZOrderReceipt,
  ZOrderReceiptQuery,
  ZSandboxApproval,
  ZSandboxApprovalParams,
  ZSandboxApproveAnswer,
} from './checkout.schema';

const tags = ['checkout'] as const;
const open = { public: true } as const;

/** A buyer's checkout and payment; public (buyers have no account), rate limited per address. */
export const checkoutRoutes = defineRoutes({
  checkout: {
    method: 'POST',
    path: '/api/v1/public/checkout',
    summary: 'Places an order (status 0, prices frozen, stock reserved) and starts its payment',
    tags,
    body: ZCheckoutRequest,
    response: ZCheckoutAnswer,
    access: open,
    idempotent: true,
  },
  quote: {
    method: 'POST',
    path: '/api/v1/public/checkout/quote',
    summary: 'What the cart costs shipped to a country: the methods offered, the tax, the totals',
    tags,
    body: ZCheckoutQuoteRequest,
    response: ZCheckoutQuote,
    access: open,
  },
  capture: {
    method: 'POST',
    path: '/api/v1/public/checkout/capture',
    summary: 'Captures the approved payment: the order becomes paid (1) and the profit is credited once',
    tags,
    body: ZCaptureRequest,
    response: ZOrderReceipt,
    access: open,
    idempotent: true,
  },
  receipt: {
    method: 'GET',
    path: '/api/v1/public/orders/receipt',
    summary: "An order's receipt for its buyer (order number and payment token)",
    tags,
    query: ZOrderReceiptQuery,
    response: ZOrderReceipt,
    access: open,
  },
  sandboxApproval: {
    method: 'GET',
    path: '/api/v1/public/sandbox/orders/:token',
    summary: 'The offline sandbox provider: an order waiting for the buyer to approve it',
    tags,
    params: ZSandboxApprovalParams,
    response: ZSandboxApproval,
    access: open,
  },
  sandboxApprove: {
    method: 'POST',
    path: '/api/v1/public/sandbox/orders/:token/approve',
    summary: 'The offline sandbox provider: the buyer approves; answers the return URL',
    tags,
    params: ZSandboxApprovalParams,
    response: ZSandboxApproveAnswer,
    access: open,
  },
});
