import { describe, expect, it } from 'vitest';
import { proactiveRefreshDelay } from './api-client';

describe('proactiveRefreshDelay', () => {
  it('renews a minute before a 15-minute token expires', () => {
    expect(proactiveRefreshDelay(900_000, 60_000)).toBe(840_000);
  });

  it('waits most of a short lifetime instead of renewing at once, again and again', () => {
    expect(proactiveRefreshDelay(10_000, 60_000)).toBe(8_000);
    expect(proactiveRefreshDelay(10_000, 60_000)).toBeGreaterThan(0);
  });

  it('renews at once when the token has already expired', () => {
    expect(proactiveRefreshDelay(-5_000, 60_000)).toBe(0);
  });
});
