import { describe, expect, it } from 'vitest';
import { variantTitle } from './variant-title';

describe('variantTitle', () => {
  it('names the variant after the product, and a product without options by its title', () => {
    expect(variantTitle('Hoodie', 'M / Black')).toBe('Hoodie — M / Black');
    expect(variantTitle('Mug', '')).toBe('Mug');
    expect(variantTitle('Mug', undefined)).toBe('Mug');
  });
});
