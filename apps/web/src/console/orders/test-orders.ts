import type { TConsoleOrder, TConsoleOrderDetail } from '@linkstore/contract';

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

/** A flagged order with a refund of part of it. */
export const FLAGGED_ORDER: TConsoleOrder = {
  ...PAID_ORDER,
  orderNo: 'LS261103-FFFFFFF1',
  flag: 'amount',
  flagReason: 'amount_mismatch',
  refundedMinor: 500,
  version: 7,
};
/** Its detail: one line, a refund of an amount, payments, ledger and history. */
export const FLAGGED_DETAIL: TConsoleOrderDetail = {
  ...FLAGGED_ORDER,
  items: [
    {
      id: '21',
      refundedQuantity: 0,
      productId: '11',
      title: 'Red cup',
      variantLabel: '',
      sku: '',
      imageUrl: null,
      quantity: 2,
      platformUnitMinor: 500,
      sellingUnitMinor: 999,
      profitUnitMinor: 499,
    },
  ],
  shippingAddress: { name: 'Pablo', line1: '1 Calle', city: 'Madrid' },
  payments: [
    {
      provider: 'paypal',
      providerOrderId: 'PP-1',
      status: 'COMPLETED',
      amountMinor: 1_998,
      currencyCode: 'USD',
      captureId: 'CAP-1',
      capturedMinor: 1_998,
      createdAt: '2026-11-02T10:00:00Z',
    },
  ],
  ledger: [{ id: '1', userId: '9', kind: 'refund', amountMinor: -250, createdAt: '2026-11-03T10:00:00Z' }],
  shippedBy: null,
  refunds: [
    {
      id: '1',
      amountMinor: 500,
      currencyCode: 'USD',
      status: 'completed',
      source: 'operator',
      reason: 'Scratched cup',
      restock: true,
      profitReversedMinor: 250,
      requestedBy: 'olga',
      failure: null,
      createdAt: '2026-11-03T10:00:00Z',
      completedAt: '2026-11-03T10:01:00Z',
      lines: [],
    },
  ],
  refundableMinor: 1_498,
  flagNote: null,
  flagResolvedBy: null,
  flagResolvedAt: null,
  history: [
    { action: 'placed', actor: null, detail: {}, at: '2026-11-02T09:59:00Z' },
    { action: 'paid', actor: null, detail: {}, at: '2026-11-02T10:00:00Z' },
    { action: 'flagged', actor: null, detail: { reason: 'amount_mismatch' }, at: '2026-11-02T10:00:01Z' },
    {
      action: 'refund_requested',
      actor: 'olga',
      detail: { refundId: '7', amountMinor: 500, restock: true, reason: 'Scratched cup' },
      at: '2026-11-03T10:00:00Z',
    },
  ],
};
