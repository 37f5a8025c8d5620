import { expect, it } from 'vitest';
import { normalizeLanguage } from './languages';

it.each([
  ['en', 'en'],
  ['zh-cn', 'zh-cn'],
  ['zh-CN', 'zh-cn'],
  ['zh_TW', 'zh-cn'],
  ['pt-BR', 'pt'],
  ['ES', 'es'],
  ['fr-CA', 'fr'],
  ['de', 'en'],
  ['', 'en'],
  [undefined, 'en'],
])('maps %s to %s', (value, lang) => expect(normalizeLanguage(value)).toBe(lang));
