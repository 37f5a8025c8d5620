import { describe, expect, it } from 'vitest';
import { slugFromName, slugProblem } from './shop-link';

describe('slugProblem', () => {
  it.each([
    ['', 'required'],
    ['ab', 'length'],
    ['a'.repeat(41), 'length'],
    ['Anna', 'format'],
    ['anna--s', 'format'],
    ['-anna', 'format'],
    ['anna_s', 'format'],
    ['admin', 'reserved'],
    ['shop', 'reserved'],
  ])('refuses "%s" as %s', (slug, problem) => {
    expect(slugProblem(slug)).toBe(problem);
  });

  it('accepts lower-case letters, digits and single hyphens', () => {
    expect(slugProblem('anna-s-picks-2')).toBeNull();
  });
});

describe('slugFromName', () => {
  it('turns a name into a slug the rules accept', () => {
    expect(slugFromName("  Anna's Café Picks! ")).toBe('anna-s-cafe-picks');
    expect(slugProblem(slugFromName("Anna's Café Picks!"))).toBeNull();
  });

  it('never ends with a hyphen after cutting to 40 characters', () => {
    const slug = slugFromName(`${'a'.repeat(39)} b`);
    expect(slug).toBe('a'.repeat(39));
  });
});
