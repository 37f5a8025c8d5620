import { describe, expect, it } from 'vitest';

/**
 * Decision 0021 as a check: the storefront's code imports React and its own files only, contract
 * values only from modules without zod, and the shared folder only for the rich-text view and
 * the idempotency key (a function without imports).
 */
const sources = import.meta.glob<string>(
  ['./**/*.{ts,tsx}', '!./**/*.test.{ts,tsx}', '!./test-support.tsx'],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
);

/** Contract values that live in zod-free modules (languages.ts, pricing.rules.ts, decimal.ts, money.ts, info-page-keys.ts, order-totals.ts). */
const CONTRACT_VALUES = new Set([
  'LANGUAGES',
  'normalizeLanguage',
  'convertFromUsdMinor',
  'minorDigitsOf',
  'formatMoney',
  // catalog/variant-title.ts
  'variantTitle',
  // info-pages/info-page-keys.ts
  'INFO_PAGE_KEYS',
  'isInfoPageKey',
  // orders/order-totals.ts
  'orderMoneyRows',
  'shownUnitPrice',
  // orders/regions.ts, orders/postal-codes.ts
  'isRegionOf',
  'postalCodeFits',
  'regionsOf',
]);
const ALLOWED_PACKAGES = new Set(['react', 'react-dom/client', '@linkstore/contract']);
/** The server entry (decision 0034) renders with react-dom's server side; no browser code imports it. */
const SERVER_ENTRY = './server-entry.tsx';
const SERVER_PACKAGES = new Set(['react-dom/static']);
const ALLOWED_SHARED = new Set(['../../shared/rich-text/rich-text-view', '../../shared/idempotency-key']);

function importsOf(source: string): { names: string; from: string; typeOnly: boolean }[] {
  return [...source.matchAll(/import\s+(type\s+)?([^'";]*?)\s*from\s*'([^']+)'/g)].map((m) => ({
    typeOnly: Boolean(m[1]),
    names: m[2] ?? '',
    from: m[3] ?? '',
  }));
}

describe('storefront dependencies', () => {
  it('reads all its source files', () => {
    expect(Object.keys(sources)).toContain('./main.tsx');
  });

  it('keeps the server entry out of the browser’s bundle', () => {
    expect(Object.keys(sources)).toContain(SERVER_ENTRY);
    for (const [file, source] of Object.entries(sources)) {
      expect(source, file).not.toMatch(/from\s*'\.{1,2}\/(?:.*\/)?server-entry'/);
    }
  });

  it.each(Object.keys(sources))('%s imports only what the 80 KB budget allows', (file) => {
    for (const { names, from, typeOnly } of importsOf(sources[file] ?? '')) {
      if (from.startsWith('./') || (from.startsWith('../') && !from.includes('shared/'))) continue;
      if (from.includes('shared/')) {
        expect(ALLOWED_SHARED, `${file}: ${from}`).toContain(from);
        continue;
      }
      if (file === SERVER_ENTRY && SERVER_PACKAGES.has(from)) continue;
      expect(ALLOWED_PACKAGES, `${file}: ${from}`).toContain(from);
      if (from !== '@linkstore/contract' || typeOnly) continue;
      const values = names
        .replace(/[{}]/g, '')
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name !== '' && !name.startsWith('type '));
      for (const value of values) expect(CONTRACT_VALUES, `${file}: ${value}`).toContain(value);
    }
  });
});
