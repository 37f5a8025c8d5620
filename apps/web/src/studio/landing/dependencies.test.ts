import { describe, expect, it } from 'vitest';

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

function importsOf(source: string): { names: string; from: string; typeOnly: boolean }[] {
  return [...source.matchAll(/import\s+(type\s+)?([^'";]*?)\s*from\s*'([^']+)'/g)].map((m) => ({
    typeOnly: Boolean(m[1]),
    names: m[2] ?? '',
    from: m[3] ?? '',
  }));
}

/** A path as seen from `dir` (`studio/landing`) → its path under src: `../../shared/x.ts` → `shared/x.ts`. */
function join(dir: string, path: string): string {
  const parts = dir ? dir.split('/') : [];
  for (const part of path.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

/** The sources by their path under src. */
const files = new Map(Object.entries(sources).map(([key, text]) => [join('studio/landing', key), text]));

/** `../../shared/x` imported by `studio/landing/y.tsx` → `shared/x.ts` (or .tsx, or its index). */
function resolve(importer: string, specifier: string): string | undefined {
  const base = join(importer.split('/').slice(0, -1).join('/'), specifier);
  return [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((path) => files.has(path));
}

/** Every file the landing page's start reaches through static value imports, with its packages. */
function reach(): { files: Set<string>; problems: string[] } {
  const reached = new Set<string>();
  const problems: string[] = [];
  const queue = ['studio/landing/landing-start.tsx'];
  while (queue.length) {
    const file = queue.pop() ?? '';
    if (reached.has(file)) continue;
    reached.add(file);
    for (const { names, from, typeOnly } of importsOf(files.get(file) ?? '')) {
      if (typeOnly) continue;
      if (from.startsWith('.')) {
        if (from.endsWith('.css')) continue;
        const target = resolve(file, from);
        if (target) queue.push(target);
        else problems.push(`${file}: cannot follow ${from}`);
        continue;
      }
      if (!ALLOWED_PACKAGES.has(from)) problems.push(`${file}: ${from}`);
      if (from !== '@linkstore/contract') continue;
      for (const name of names.replace(/[{}]/g, '').split(',')) {
        const value = name.trim();
        if (value && !value.startsWith('type ') && !CONTRACT_VALUES.has(value))
          problems.push(`${file}: ${value}`);
      }
    }
  }
  return { files: reached, problems };
}

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
