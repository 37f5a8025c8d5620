import { describe, expect, it } from 'vitest';
import { formatBasisPoints, formatRating, ratingToHalfStars } from './format';

describe('formatBasisPoints', () => {
  it('shows basis points as a percentage with two decimals', () => {
    expect(formatBasisPoints(1234)).toBe('12.34%');
    expect(formatBasisPoints(5)).toBe('0.05%');
    expect(formatBasisPoints(10000)).toBe('100.00%');
    expect(formatBasisPoints(0)).toBe('0.00%');
  });

  it('shows a dash before the first view', () => {
    expect(formatBasisPoints(null)).toBe('—');
  });
});

describe('formatRating', () => {
  it('shows tenths of a star with one decimal', () => {
    expect(formatRating(43)).toBe('4.3');
    expect(formatRating(50)).toBe('5.0');
    expect(formatRating(null)).toBeNull();
  });

  it('rounds to the half star the stars can draw', () => {
    expect(ratingToHalfStars(43)).toBe(4.5);
    expect(ratingToHalfStars(42)).toBe(4);
    expect(ratingToHalfStars(48)).toBe(5);
  });
});
