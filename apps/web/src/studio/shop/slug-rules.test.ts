import type { TShop } from '@linkstore/contract';
import { describe, expect, it } from 'vitest';
import { changedDetails } from './slug-rules';

const SHOP: TShop = {
  id: '1',
  slug: 'anna',
  name: 'Anna',
  description: 'Hand-picked',
  bannerUrl: '/files/banner/a.png',
  imageUrl: null,
  defaultPercentage: 200,
  rounding: 'none',
  paypalEmail: null,
  paypalVerified: false,
  pricesSavedAt: null,
  linkSharedAt: null,
};
const unchanged = {
  name: 'Anna',
  slug: 'anna',
  description: 'Hand-picked',
  bannerUrl: '/files/banner/a.png',
  imageUrl: null,
};

describe('changedDetails', () => {
  it('sends nothing when nothing changed, spaces aside', () => {
    expect(changedDetails(SHOP, { ...unchanged, name: ' Anna ' })).toEqual({});
  });

  it('sends only the changed fields, a removed image as null', () => {
    expect(
      changedDetails(SHOP, { ...unchanged, slug: 'anna-2', bannerUrl: null, imageUrl: '/files/shop/b.png' }),
    ).toEqual({ slug: 'anna-2', bannerUrl: null, imageUrl: '/files/shop/b.png' });
  });
});
