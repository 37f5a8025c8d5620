import { describe, expect, it } from 'vitest';
import { widthMatches } from './viewport';

describe('widthMatches', () => {
  it('reads min- and max-width parts as antd writes its breakpoints', () => {
    expect(widthMatches('(min-width: 768px)', 360)).toBe(false);
    expect(widthMatches('(min-width: 768px)', 768)).toBe(true);
    expect(widthMatches('(max-width: 575.98px)', 360)).toBe(true);
    expect(widthMatches('(min-width: 576px) and (max-width: 767px)', 600)).toBe(true);
    expect(widthMatches('(prefers-color-scheme: dark)', 360)).toBe(false);
  });
});
