import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const LOCALES = resolve(import.meta.dirname, '../apps/web/src/locales');

/**
 * Reads a translation the way the app shows it, so journeys assert on real texts in every
 * language without copying them.
 */
export function text(lang: string, key: string): string {
  const [namespace, path] = key.split(':') as [string, string];
  let node: unknown = JSON.parse(readFileSync(join(LOCALES, lang, `${namespace}.json`), 'utf8'));
  for (const part of path.split('.')) node = (node as Record<string, unknown>)[part];
  if (typeof node !== 'string') throw new Error(`no text ${lang}:${key}`);
  return node;
}
