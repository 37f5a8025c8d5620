import { describe, expect, it } from 'vitest';
import { reachImports, sourcesUnderSrc } from '../../shared/test/import-reach';

/**
 * The landing page on its own loads React and its own small files only (issue 17: ≤ 120 KB of
 * JavaScript; e2e/landing.spec.ts weighs it in the browser). This follows its imports through
 * the source: no antd, i18next, router, query client or zod, and from the contract only values of
 * zod-free modules (a module with a zod schema would pull zod into its chunk).
 */
const sources = import.meta.glob<string>(['../../**/*.{ts,tsx}', '!../../**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** React, the contract, and zustand (under 1 KB) for the kept language. */
const ALLOWED_PACKAGES = new Set(['react', 'react-dom/client', '@linkstore/contract', 'zustand']);
/** Contract values from zod-free modules (languages.ts, money.ts, pricing.rules.ts). */
const CONTRACT_VALUES = new Set([
  'DEFAULT_LANGUAGE',
  'LANGUAGES',
  'normalizeLanguage',
  'formatMoney',
  'applyPercentage',
  'DEFAULT_PERCENTAGE',
  'priceProduct',
]);

const reach = () =>
  reachImports(
    sourcesUnderSrc(sources, 'studio/landing'),
    'studio/landing/landing-start.tsx',
    ALLOWED_PACKAGES,
    CONTRACT_VALUES,
  );

describe('the landing page on its own', () => {
  it('follows its imports from landing-start.tsx', () => {
    const { files } = reach();
    expect(files).toContain('studio/landing/landing-view.tsx');
    expect(files).toContain('shared/preferences/app-preferences-store.ts');
  });

  it('imports only React, its own files and zod-free contract values', () => {
    expect(reach().problems).toEqual([]);
  });
});
