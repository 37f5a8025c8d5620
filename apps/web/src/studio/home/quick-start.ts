import type { TMyShop } from '@linkstore/contract';

export type TQuickStartKey = 'create' | 'payment' | 'prices' | 'share';

export interface TQuickStartStep {
  key: TQuickStartKey;
  done: boolean;
  /** Where the step's action button goes. */
  to: string;
}

/**
 * The four quick-start steps, in order, each done from what the server says of the shop. Payment
 * needs a PayPal account connected through PayPal; a typed email from before does not count.
 */
export function quickStartSteps(shop: TMyShop): TQuickStartStep[] {
  return [
    { key: 'create', done: shop !== null, to: '/shop' },
    { key: 'payment', done: shop?.paypalVerified === true, to: '/shop?focus=payout' },
    { key: 'prices', done: Boolean(shop?.pricesSavedAt), to: '/pricing' },
    { key: 'share', done: Boolean(shop?.linkSharedAt), to: '/shop?focus=share' },
  ];
}

/** How many steps are done, for "n of 4". */
export function doneCount(steps: readonly TQuickStartStep[]): number {
  return steps.filter((step) => step.done).length;
}
