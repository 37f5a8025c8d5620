import { describe, expect, it } from 'vitest';
import { initialVariant, pick, valueState, variantOf } from './variant-choice';

// Size S / M / L × Colour Black / Grey: S / Black sold out, no S / Grey nor L / Grey.
const HOODIE = {
  defaultVariantId: 'mb',
  options: [
    { id: 'size', name: 'Size', values: ['s', 'm', 'l'].map((id) => ({ id, name: id.toUpperCase() })) },
    {
      id: 'colour',
      name: 'Colour',
      values: [
        { id: 'black', name: 'Black' },
        { id: 'grey', name: 'Grey' },
      ],
    },
  ],
  variants: [
    {
      id: 'sb',
      valueIds: ['s', 'black'],
      label: 'S / Black',
      priceMinor: 3600,
      compareAtMinor: null,
      stock: 0,
      imageUrl: null,
    },
    {
      id: 'mb',
      valueIds: ['m', 'black'],
      label: 'M / Black',
      priceMinor: 3600,
      compareAtMinor: null,
      stock: 5,
      imageUrl: null,
    },
    {
      id: 'mg',
      valueIds: ['m', 'grey'],
      label: 'M / Grey',
      priceMinor: 3600,
      compareAtMinor: null,
      stock: 3,
      imageUrl: '/g.png',
    },
    {
      id: 'lb',
      valueIds: ['l', 'black'],
      label: 'L / Black',
      priceMinor: 3900,
      compareAtMinor: null,
      stock: 2,
      imageUrl: null,
    },
  ],
};

describe('choosing a variant', () => {
  it('starts at the variant the address names when the product sells it, else at the default', () => {
    expect(initialVariant(HOODIE, '?variant=mg&lang=en')?.id).toBe('mg');
    expect(initialVariant(HOODIE, '?variant=elsewhere')?.id).toBe('mb');
    expect(initialVariant(HOODIE, '')?.id).toBe('mb');
  });

  it('says of each value whether it is available, sold out or not made with the other choices', () => {
    const chosen = ['m', 'black'];
    expect(valueState(HOODIE, chosen, 0, 's')).toBe('soldOut');
    expect(valueState(HOODIE, chosen, 0, 'l')).toBe('available');
    expect(valueState(HOODIE, ['m', 'grey'], 0, 's')).toBe('unavailable');
    expect(valueState(HOODIE, ['m', 'grey'], 0, 'l')).toBe('unavailable');
    expect(valueState(HOODIE, ['l', 'black'], 1, 'grey')).toBe('unavailable');
  });

  it('keeps the other choices when the combination is sold, else moves to one that is, in stock first', () => {
    expect(pick(HOODIE, ['m', 'black'], 1, 'grey')).toEqual(['m', 'grey']);
    // L / Grey is not made: L / Black instead.
    expect(pick(HOODIE, ['m', 'grey'], 0, 'l')).toEqual(['l', 'black']);
    // Only S / Black has S, sold out: still the one S there is.
    expect(pick(HOODIE, ['m', 'grey'], 0, 's')).toEqual(['s', 'black']);
    expect(variantOf(HOODIE, ['l', 'grey'])).toBeUndefined();
  });
});
