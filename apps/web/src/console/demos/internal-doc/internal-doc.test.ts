import { LANGUAGES } from '@linkstore/contract';
import { describe, expect, it } from 'vitest';
import { INTERNAL_DOC } from './internal-doc';

const bundles = import.meta.glob<Record<string, unknown>>('../../../locales/*/demos.json', {
  eager: true,
  import: 'default',
});

function textAt(bundle: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], bundle);
}

describe('the internal document', () => {
  it.each(LANGUAGES)('has every section title and paragraph as text in %s', (language) => {
    const bundle = bundles[`../../../locales/${language}/demos.json`];
    for (const section of INTERNAL_DOC) {
      for (const key of ['title', ...section.paragraphs]) {
        const text = textAt(bundle, `internalDoc.${section.id}.${key}`);
        expect(typeof text, `${language}: ${section.id}.${key}`).toBe('string');
        expect(String(text)).not.toMatch(/<[a-z]/i);
      }
    }
  });
});
