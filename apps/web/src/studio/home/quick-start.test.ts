import type { TShop } from '@linkstore/contract';
import { describe, expect, it } from 'vitest';
import { doneCount, quickStartSteps } from './quick-start';

const SHOP: TShop = {
  id: '1',
  slug: 'anna',
  name: 'Anna',
  description: '',
  bannerUrl: null,
  imageUrl: null,
  defaultPercentage: 200,
  rounding: 'none',
  paypalEmail: null,
  paypalVerified: false,
  pricesSavedAt: null,
  linkSharedAt: null,
};

const doneKeys = (shop: TShop | null) =>
  quickStartSteps(shop)
    .filter((step) => step.done)
    .map((step) => step.key);

describe('quickStartSteps', () => {
  it('has nothing done before the shop exists', () => {
    const steps = quickStartSteps(null);
    expect(steps.map((step) => step.key)).toEqual(['create', 'payment', 'prices', 'share']);
    expect(doneCount(steps)).toBe(0);
  });

  it('marks each step from its own field', () => {
    expect(doneKeys(SHOP)).toEqual(['create']);
    // A typed email from before "Connect PayPal" is not verified: the step stays open.
    expect(doneKeys({ ...SHOP, paypalEmail: 'a@example.com' })).toEqual(['create']);
    expect(doneKeys({ ...SHOP, paypalEmail: 'a@example.com', paypalVerified: true })).toEqual([
      'create',
      'payment',
    ]);
    expect(doneKeys({ ...SHOP, pricesSavedAt: '2026-01-01T00:00:00Z' })).toEqual(['create', 'prices']);
    expect(doneKeys({ ...SHOP, linkSharedAt: '2026-01-01T00:00:00Z' })).toEqual(['create', 'share']);
  });

  it('sends payment and sharing to their sections of the shop page', () => {
    expect(quickStartSteps(null).map((step) => step.to)).toEqual([
      '/shop',
      '/shop?focus=payout',
      '/pricing',
      '/shop?focus=share',
    ]);
  });
});
