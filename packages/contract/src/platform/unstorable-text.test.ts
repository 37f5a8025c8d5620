import { describe, expect, it } from 'vitest';
import { isStorableText, UNSTORABLE_PATHS_MAX, unstorableTextPaths } from './unstorable-text';

const NUL = '\u0000';
const HIGH = '\uD800';
const LOW = '\uDC00';

describe('isStorableText', () => {
  it.each([
    ['a NUL', `a${NUL}b`],
    ['a NUL alone', NUL],
    ['a lone high surrogate', `a${HIGH}b`],
    ['a high surrogate at the end', `ab${HIGH}`],
    ['a lone low surrogate', `a${LOW}b`],
    ['a low surrogate first', `${LOW}ab`],
    ['two high surrogates', `${HIGH}${HIGH}${LOW}`],
    ['a pair written backwards', `${LOW}${HIGH}`],
  ])('refuses %s', (_name, text) => {
    expect(isStorableText(text)).toBe(false);
  });

  it.each([
    ['plain text', 'Anna’s picks'],
    ['an emoji (a surrogate pair)', 'k😀r'],
    ['emoji one after another', '😀👍🏽🇸🇪'],
    ['a pair written as escapes', '\uD83D\uDE00'],
    ['other control characters', 'tab\there\nline\u0001\u007f'],
    ['the replacement character', '\uFFFD'],
    ['the empty string', ''],
  ])('keeps %s', (_name, text) => {
    expect(isStorableText(text)).toBe(true);
  });
});

describe('unstorableTextPaths', () => {
  it('answers nothing for storable input of any shape', () => {
    expect(unstorableTextPaths({ name: 'ok 😀', tags: ['a', 'b'], n: 1, b: true, z: null })).toEqual([]);
    expect(unstorableTextPaths(undefined)).toEqual([]);
    expect(unstorableTextPaths(42)).toEqual([]);
  });

  it('names the whole input when it is an unstorable string', () => {
    expect(unstorableTextPaths(NUL)).toEqual([[]]);
  });

  it('names every unstorable string, nested in objects and arrays, in the input order', () => {
    const input = {
      name: `a${NUL}`,
      address: { name: HIGH, city: 'Oslo' },
      items: [{ note: 'fine' }, { note: `x${LOW}` }],
      tags: ['ok', NUL],
    };
    expect(unstorableTextPaths(input)).toEqual([
      ['name'],
      ['address', 'name'],
      ['items', 1, 'note'],
      ['tags', 1],
    ]);
  });

  it('names an unstorable key once (shown with U+FFFD), not what it holds', () => {
    expect(unstorableTextPaths({ [`k${NUL}`]: 'fine', [HIGH]: { deeper: NUL }, ok: '😀' })).toEqual([
      ['k\uFFFD'],
      ['\uFFFD'],
    ]);
  });

  it('walks query-string objects, with no prototype or one of their own', () => {
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { keywords: NUL });
    expect(unstorableTextPaths(bare)).toEqual([['keywords']]);
    // What Fastify's query parser makes: an object whose prototype is an empty object of its own.
    function Empty() {}
    Empty.prototype = Object.create(null);
    const query = Object.assign(Object.create(Empty.prototype as object) as Record<string, unknown>, {
      keywords: NUL,
    });
    expect(unstorableTextPaths(query)).toEqual([['keywords']]);
  });

  it('skips bytes: an uploaded file is not text, and is not read byte by byte', () => {
    const bytes = Buffer.alloc(8 * 1024 * 1024);
    const started = performance.now();
    expect(unstorableTextPaths({ file: bytes, purpose: 'AVATAR' })).toEqual([]);
    expect(unstorableTextPaths({ file: new Uint8Array([0, 0xd8]) })).toEqual([]);
    expect(unstorableTextPaths({ file: new Blob(['\u0000']) })).toEqual([]);
    // Reading the bytes one by one takes seconds; skipping them, well under a millisecond.
    expect(performance.now() - started).toBeLessThan(250);
  });

  it('survives any depth and cycles, and names deep places briefly', () => {
    let deep: unknown = NUL;
    for (let i = 0; i < 200_000; i++) deep = [deep];
    const [path] = unstorableTextPaths({ deep });
    expect(path?.slice(0, 3)).toEqual(['deep', 0, 0]);
    expect(path?.at(-1)).toBe('…');
    expect(path?.length).toBeLessThanOrEqual(33);

    const cyclic: Record<string, unknown> = { name: NUL };
    cyclic.self = cyclic;
    expect(unstorableTextPaths(cyclic)).toEqual([['name']]);
  });

  it('answers at most a bounded number of places', () => {
    const many = Array.from({ length: 1000 }, () => NUL);
    expect(unstorableTextPaths(many)).toHaveLength(UNSTORABLE_PATHS_MAX);
  });
});
