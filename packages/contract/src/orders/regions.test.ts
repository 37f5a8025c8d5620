import { describe, expect, it } from 'vitest';
import { isRegionOf, regionsOf } from './regions';

describe('regions', () => {
  it('lists the states, provinces and territories whose taxes differ', () => {
    expect(regionsOf('US')).toHaveLength(51);
    expect(regionsOf('CA')).toHaveLength(13);
    expect(regionsOf('AU')).toHaveLength(8);
    expect(regionsOf('US').find((r) => r.code === 'NY')?.name).toBe('New York');
    expect(regionsOf('DE')).toEqual([]);
  });

  it('takes a listed code in any case where the country has a list, anything elsewhere', () => {
    expect(isRegionOf('US', 'ny')).toBe(true);
    expect(isRegionOf('US', 'New York')).toBe(false);
    expect(isRegionOf('US', undefined)).toBe(false);
    expect(isRegionOf('CA', 'ON')).toBe(true);
    expect(isRegionOf('DE', 'Bayern')).toBe(true);
    expect(isRegionOf('DE', undefined)).toBe(true);
    // Names of the object's own machinery are no countries.
    for (const odd of ['__proto__', 'constructor', 'toString']) {
      expect(regionsOf(odd)).toEqual([]);
      expect(isRegionOf(odd, 'NY')).toBe(true);
    }
  });
});
