import { describe, expect, it } from 'vitest';
import { reachImports, sourcesUnderSrc } from '../../shared/test/import-reach';

/**
 * The sign-in page on its own loads React and its own small files only (issue 17: ≤ 120 KB of
 * JavaScript; e2e/front-door.spec.ts weighs it in the browser). This follows its imports through
 * the source: no antd, i18next, router, query client or zod — from the contract only values of
 * zod-free modules (the route objects and `ErrorCode` live beside zod schemas).
 */
const sources = import.meta.glob<string>(['../../**/*.{ts,tsx}', '!../../**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** React, the contract's zod-free values, and zustand (under 1 KB) for the language and session. */
const ALLOWED_PACKAGES = new Set(['react', 'react-dom/client', '@linkstore/contract', 'zustand']);
const CONTRACT_VALUES = new Set(['DEFAULT_LANGUAGE', 'LANGUAGES', 'normalizeLanguage']);

const reach = () =>
  reachImports(
    sourcesUnderSrc(sources, 'studio/signin'),
    'studio/signin/signin-start.tsx',
    ALLOWED_PACKAGES,
    CONTRACT_VALUES,
  );

describe('the sign-in page on its own', () => {
  it('follows its imports from signin-start.tsx', () => {
    const { files } = reach();
    expect(files).toContain('studio/signin/signin-view.tsx');
    expect(files).toContain('shared/session/session-store.ts');
  });

  it('imports only React, its own files and zod-free contract values', () => {
    expect(reach().problems).toEqual([]);
  });
});
