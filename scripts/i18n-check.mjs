// Checks that every language has exactly the translation keys English has, and no empty text.
// Usage: node scripts/i18n-check.mjs [locales-dir]   (default apps/web/src/locales)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { ROOT } from './lib/process.mjs';

const LANGUAGES = ['en', 'es', 'pt', 'zh-cn', 'fr'];
const dir = process.argv[2] ?? join(ROOT, 'apps/web/src/locales');

function flatten(value, prefix, out) {
  for (const [key, child] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (child && typeof child === 'object' && !Array.isArray(child)) flatten(child, path, out);
    else out.set(path, child);
  }
  return out;
}

function load(lang) {
  const folder = join(dir, lang);
  const entries = new Map();
  if (!existsSync(folder)) return undefined;
  for (const file of readdirSync(folder).filter((f) => f.endsWith('.json'))) {
    const ns = basename(file, '.json');
    flatten(JSON.parse(readFileSync(join(folder, file), 'utf8')), '', new Map()).forEach((v, k) =>
      entries.set(`${ns}:${k}`, v),
    );
  }
  return entries;
}

const english = load('en');
if (!english || english.size === 0) {
  console.error(`i18n: no English translations in ${dir}`);
  process.exit(1);
}
let problems = 0;
for (const lang of LANGUAGES) {
  const entries = load(lang);
  if (!entries) {
    console.error(`i18n: ${lang} is missing entirely`);
    problems++;
    continue;
  }
  for (const key of english.keys())
    if (!entries.has(key)) (console.error(`i18n: ${lang} lacks ${key}`), problems++);
  for (const key of entries.keys())
    if (!english.has(key)) (console.error(`i18n: ${lang} has extra ${key}`), problems++);
  for (const [key, text] of entries) {
    if (typeof text !== 'string' || text.trim() === '')
      (console.error(`i18n: ${lang} ${key} is empty`), problems++);
  }
}
if (problems > 0) process.exit(1);
console.log(`i18n: ${LANGUAGES.length} languages × ${english.size} keys, complete`);
