import { describe, expect, it } from 'vitest';
import { containsPattern } from './like';

describe('containsPattern', () => {
  it('wraps the words in % and escapes the wildcards and the escape itself', () => {
    expect(containsPattern('mug')).toBe('%mug%');
    expect(containsPattern('100%')).toBe('%100\\%%');
    expect(containsPattern('a_b')).toBe('%a\\_b%');
    expect(containsPattern('C:\\tmp')).toBe('%C:\\\\tmp%');
  });
});
