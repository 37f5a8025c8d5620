import { defineRoutes } from '../platform/route';
import {
  ZBuyerOrder,
  ZCancelOrderAnswer,
  ZChangeAddressRequest,
  ZFindOrderAnswer,
  ZFindOrderRequest,
  ZOrderLinkParams,
} from './buyer-order.schema';

const tags = ['checkout'] as const;
const open = { public: true } as const;

/** The buyer's order page and "Find my order"; public (buyers have no account), rate limited. */
export const buyerOrderRoutes = defineRoutes({
  order: {
    method: 'GET',
    path: '/api/v1/public/orders/by-link/:token',
    summary: "An order as its buyer sees it, from the signed link in the buyer's mails",
    tags,
    params: ZOrderLinkParams,
    response: ZBuyerOrder,
    access: open,
  },
  cancel: {
    method: 'POST',
    path: '/api/v1/public/orders/by-link/:token/cancel',
    summary: 'Cancels the order before fulfilment starts: refunds everything left and returns the stock',
    tags,
    params: ZOrderLinkParams,
    response: ZCancelOrderAnswer,
    access: open,
  },
  changeAddress: {
    method: 'POST',
    path: '/api/v1/public/orders/by-link/:token/address',
    summary: 'Changes the address to ship to before fulfilment starts (same country and region)',
    tags,
    params: ZOrderLinkParams,
    body: ZChangeAddressRequest,
    response: ZBuyerOrder,
    access: open,
  },
  find: {
    method: 'POST',
    path: '/api/v1/public/orders/find',
    summary: "Mails an order's link to the address it was bought with; the same answer for any input",
    tags,
    body: ZFindOrderRequest,
    response: ZFindOrderAnswer,
    access: open,
  },
});
