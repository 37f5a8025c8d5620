// Zod-free and pure: EU import VAT for goods shipped into the EU from outside it (decision 0056).

/**
 * The 27 EU member states (ISO 3166-1 alpha-2; Greece is GR, not the VAT prefix EL). Goods
 * shipped to one of them are imported into the EU: their VAT is import VAT.
 */
export const EU_MEMBER_STATES: readonly string[] = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
];

const EU_SET: ReadonlySet<string> = new Set(EU_MEMBER_STATES);

/** Whether `countryCode` (upper case) is an EU member state. */
export function isEuMember(countryCode: string): boolean {
  return EU_SET.has(countryCode);
}

/**
 * How an EU import's VAT is paid: `ioss`, collected at checkout under the Import One-Stop Shop
 * (the buyer pays nothing on delivery); `import`, not at checkout — the carrier collects import
 * VAT and duties from the buyer on delivery.
 */
export const TAX_SCHEMES = ['ioss', 'import'] as const;
export type TTaxScheme = (typeof TAX_SCHEMES)[number];

/** The most a consignment's goods may be worth for IOSS: €150.00, in euro cents. */
export const IOSS_MAX_EUR_MINOR = 15_000;

/**
 * The scheme of a consignment shipped to `countryCode` whose goods (the items less the discount,
 * without shipping and tax: their intrinsic value) are worth `goodsEurMinor` euro cents: null
 * outside the EU; `ioss` up to €150; `import` above. A value not known in euros (`null`: no euro
 * rate kept) counts as IOSS — the VAT is then charged at checkout, never left unpaid.
 */
export function taxSchemeFor(countryCode: string, goodsEurMinor: number | null): TTaxScheme | null {
  if (!isEuMember(countryCode)) return null;
  return goodsEurMinor !== null && goodsEurMinor > IOSS_MAX_EUR_MINOR ? 'import' : 'ioss';
}
