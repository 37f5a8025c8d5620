import { LANGUAGES } from '@linkstore/contract';
import { describe, expect, it } from 'vitest';

// The files' text, parsed here: an imported JSON module is the very object i18next was handed, and
// a test that adds a resource to it would change what this test reads.
const bundles = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>('./*/*.json', { eager: true, query: '?raw', import: 'default' }),
  ).map(([path, text]) => [path, JSON.parse(text) as Record<string, unknown>]),
);

function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value === 'string') return { [prefix]: value };
  const result: Record<string, string> = {};
  for (const [key, nested] of Object.entries(value as Record<string, unknown>)) {
    Object.assign(result, flatten(nested, prefix ? `${prefix}.${key}` : key));
  }
  return result;
}

const namespaces = [...new Set(Object.keys(bundles).map((path) => path.split('/')[2]))];
// Words that are the same in some languages (or are product names).
// Words that are the same in another language (es "Roles", fr "Menus", pt "Email" …).
const SAME_IN_TRANSLATION = new Set([
  'Error',
  'Idioma',
  'E-mail',
  'you@example.com',
  'Roles',
  'Menus',
  // Stock keeping unit: the same abbreviation in every language shops use.
  'SKU',
  // The EU's Import One-Stop Shop: its abbreviation in every language (the tax report's rows).
  'IOSS',
  'SKU {{sku}}',
  // Units of length (size guides), and names that are only a value with its unit or language.
  'cm',
  'in',
  '{{name}} (cm)',
  '{{name}} ({{unit}})',
  '{{value}} ({{language}})',
  // Region codes (a shipping zone's placeholder), a tax with its rate, "no" and "incl." in Spanish.
  'AK, HI',
  '{{name}} ({{rate}})',
  'No',
  'incl.',
  // The same words in French.
  'Zone',
  'Standard',
  'Net',
  'Options',
  'Option {{n}}',
  'Image {{n}}',
  'Configuration',
  'Code',
  'Danger',
  'Email',
  'Mobile',
  'Catalogue',
  'Commerce',
  // The console's name on its sign-in header (pt, fr).
  'Console',
  'Total',
  // "Subtotal" is the same word in Spanish and Portuguese.
  'Subtotal',
  'Status',
  'Date',
  'Action',
  'Actions',
  'Description ({{language}})',
  // A top-bar button's name: what it changes, then the value it shows.
  '{{label}}: {{value}}',
  'Stock',
  'Image',
  'Images',
  'item',
  // Carriers' names (brands) and the empty-cell dash.
  'USPS',
  'UPS',
  'FedEx',
  'DHL',
  'Royal Mail',
  'Canada Post',
  'China Post',
  'Correos',
  'La Poste',
  '—',
]);

describe('locales', () => {
  it.each(namespaces)('%s has the same keys in every language, none empty', (namespace) => {
    const english = flatten(bundles[`./en/${namespace}`]);
    for (const language of LANGUAGES) {
      const bundle = bundles[`./${language}/${namespace}`];
      expect(bundle, `${language}/${namespace}`).toBeDefined();
      const flat = flatten(bundle);
      expect(Object.keys(flat).sort(), `${language}/${namespace}`).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(flat)) expect(text.trim(), `${language}:${key}`).not.toBe('');
    }
  });

  it.each(namespaces)('%s is translated, not copied from English', (namespace) => {
    const english = flatten(bundles[`./en/${namespace}`]);
    for (const language of LANGUAGES.filter((code) => code !== 'en')) {
      const flat = flatten(bundles[`./${language}/${namespace}`]);
      const copied = Object.keys(flat).filter(
        (key) => flat[key] === english[key] && !SAME_IN_TRANSLATION.has(flat[key] ?? ''),
      );
      expect(copied, `${language}/${namespace}`).toEqual([]);
    }
  });
});
