import { describe, expect, it } from 'vitest';
import { serializeQuery } from './query-string';

describe('serializeQuery', () => {
  it('writes arrays in bracket style', () => {
    expect(serializeQuery({ ids: [1, 2] })).toBe('ids[]=1&ids[]=2');
  });

  it('encodes values and skips null and undefined', () => {
    expect(serializeQuery({ q: 'a b&c', empty: '', none: null, missing: undefined, on: true })).toBe(
      'q=a%20b%26c&empty=&on=true',
    );
  });

  it('writes nested objects and dates', () => {
    const date = new Date('2024-05-01T00:00:00.000Z');
    expect(serializeQuery({ filter: { name: 'x', tags: ['a'] }, at: date })).toBe(
      'filter[name]=x&filter[tags][]=a&at=2024-05-01T00%3A00%3A00.000Z',
    );
  });

  it('returns an empty string for no params', () => {
    expect(serializeQuery(undefined)).toBe('');
    expect(serializeQuery({})).toBe('');
  });
});
