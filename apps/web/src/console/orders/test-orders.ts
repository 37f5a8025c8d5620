import type { TConsoleOrder } from '@linkstore/contract';

/** A paid order waiting to be shipped, as the console's list answers it: the orders tests' base. */
export const PAID_ORDER: TConsoleOrder = {
  orderNo: 'LS261102-DDDDDDD2',
  status: 1,
  side: 'c',
  shopId: '3',
  shopName: 'Dora Shop',
  buyerEmail: 'pablo@example.com',
  language: 'es',
  quantity: 2,
  totalMinor: 1_998,
  platformMinor: 1_000,
  profitMinor: 998,
  currencyCode: 'USD',
  flag: null,
  flagReason: null,
  flagResolution: null,
  refundedMinor: 0,
  fullyRefunded: false,
  createdAt: '2026-11-02T10:00:00Z',
  paidAt: '2026-11-02T10:00:00Z',
  completedAt: null,
  shipment: null,
  version: 4,
};
