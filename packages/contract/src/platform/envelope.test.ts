import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_HTTP_STATUS, ErrorCode } from './envelope';

describe('error codes', () => {
  it('gives every name its own code, so the client can tell the refusals apart', () => {
    expect(new Set(ERROR_CODES).size).toBe(Object.keys(ErrorCode).length);
  });

  it('maps every code to an error status, and only codes that exist', () => {
    expect(Object.keys(ERROR_HTTP_STATUS).sort()).toEqual([...ERROR_CODES].sort());
    for (const code of ERROR_CODES) {
      expect(ERROR_HTTP_STATUS[code], code).toBeGreaterThanOrEqual(400);
      expect(ERROR_HTTP_STATUS[code], code).toBeLessThan(600);
    }
  });

  it('answers the refusals of the state of things with 409 and keeps A0400 for bad input', () => {
    expect(ERROR_HTTP_STATUS[ErrorCode.VALIDATION_FAILED]).toBe(400);
    for (const code of [
      ErrorCode.OUT_OF_STOCK,
      ErrorCode.NOT_ON_SALE,
      ErrorCode.IN_USE,
      ErrorCode.SLUG_TAKEN,
    ]) {
      expect(ERROR_HTTP_STATUS[code], code).toBe(409);
    }
  });
});

it('documents every code with its status in the architecture’s table', () => {
  const doc = readFileSync(new URL('../../../../docs/architecture.md', import.meta.url), 'utf8');
  const undocumented = Object.entries(ERROR_HTTP_STATUS).filter(([code, status]) => {
    const row = doc.split('\n').find((line) => line.startsWith('|') && line.includes(`"${code}"`));
    return !row || !row.includes(String(status));
  });
  expect(undocumented).toEqual([]);
});
