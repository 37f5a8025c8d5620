import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressOnce, negotiate } from './compression';

describe('negotiate', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0, br;q=0', 'identity'],
    ['gzip;q=1.0, br;q=0.5', 'gzip'],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['identity', 'identity'],
    ['deflate', 'identity'],
    ['x-gzip', 'gzip'],
    [' GZIP ; Q=0.8 ', 'gzip'],
    [['gzip', 'br'], 'br'],
  ] as const)('%j → %s', (header, expected) => {
    expect(negotiate(header as string | string[] | undefined)).toBe(expected);
  });
});

describe('compressOnce', () => {
  it('keeps the same bytes in each encoding, smaller when compressed', () => {
    const text = JSON.stringify({
      list: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Country ${i}` })),
    });
    const answer = compressOnce(text);
    expect(answer.identity.toString()).toBe(text);
    expect(gunzipSync(answer.gzip).toString()).toBe(text);
    expect(brotliDecompressSync(answer.br).toString()).toBe(text);
    expect(answer.br.length).toBeLessThan(answer.identity.length / 4);
    expect(answer.gzip.length).toBeLessThan(answer.identity.length / 4);
  });
});
