import { minorDigitsOf } from '@linkstore/contract';
import { countries } from './countries.table';
import type { AppDatabase } from '../../platform/db/database';

type SeedCountry = typeof countries.$inferInsert;

const EUR = { currency: 'Euro', currencyCode: 'EUR', currencySymbol: '€', ratePerUsdMicros: 920_000 };
/** The euro area members among the EU countries. */
const EURO_AREA: Array<[string, string]> = [
  ['AT', 'Austria'],
  ['BE', 'Belgium'],
  ['HR', 'Croatia'],
  ['CY', 'Cyprus'],
  ['EE', 'Estonia'],
  ['FI', 'Finland'],
  ['FR', 'France'],
  ['DE', 'Germany'],
  ['GR', 'Greece'],
  ['IE', 'Ireland'],
  ['IT', 'Italy'],
  ['LV', 'Latvia'],
  ['LT', 'Lithuania'],
  ['LU', 'Luxembourg'],
  ['MT', 'Malta'],
  ['NL', 'Netherlands'],
  ['PT', 'Portugal'],
  ['SK', 'Slovakia'],
  ['SI', 'Slovenia'],
  ['ES', 'Spain'],
];

/**
 * Countries seeded on first start. Rates are starting values only: operators maintain them,
 * and the seed never overwrites a row that exists.
 */
const SEED_ROWS: Omit<SeedCountry, 'currencyMinorDigits'>[] = [
  {
    id: 'US',
    name: 'United States',
    currency: 'United States dollar',
    currencyCode: 'USD',
    currencySymbol: '$',
    ratePerUsdMicros: 1_000_000,
    sort: 1,
  },
  {
    id: 'GB',
    name: 'United Kingdom',
    currency: 'Pound sterling',
    currencyCode: 'GBP',
    currencySymbol: '£',
    ratePerUsdMicros: 790_000,
    sort: 2,
  },
  {
    id: 'CA',
    name: 'Canada',
    currency: 'Canadian dollar',
    currencyCode: 'CAD',
    currencySymbol: 'CA$',
    ratePerUsdMicros: 1_370_000,
    sort: 3,
  },
  {
    id: 'AU',
    name: 'Australia',
    currency: 'Australian dollar',
    currencyCode: 'AUD',
    currencySymbol: 'A$',
    ratePerUsdMicros: 1_520_000,
    sort: 4,
  },
  {
    id: 'BR',
    name: 'Brazil',
    currency: 'Brazilian real',
    currencyCode: 'BRL',
    currencySymbol: 'R$',
    ratePerUsdMicros: 5_400_000,
    sort: 5,
  },
  {
    id: 'MX',
    name: 'Mexico',
    currency: 'Mexican peso',
    currencyCode: 'MXN',
    currencySymbol: 'MX$',
    ratePerUsdMicros: 18_500_000,
    sort: 6,
  },
  {
    id: 'CN',
    name: 'China',
    currency: 'Renminbi',
    currencyCode: 'CNY',
    currencySymbol: '¥',
    ratePerUsdMicros: 7_200_000,
    sort: 7,
  },
  ...EURO_AREA.map(([id, name]) => ({ id, name, ...EUR, sort: 10 })),
  {
    id: 'BG',
    name: 'Bulgaria',
    currency: 'Bulgarian lev',
    currencyCode: 'BGN',
    currencySymbol: 'лв',
    ratePerUsdMicros: 1_800_000,
    sort: 20,
  },
  {
    id: 'CZ',
    name: 'Czechia',
    currency: 'Czech koruna',
    currencyCode: 'CZK',
    currencySymbol: 'Kč',
    ratePerUsdMicros: 23_000_000,
    sort: 20,
  },
  {
    id: 'DK',
    name: 'Denmark',
    currency: 'Danish krone',
    currencyCode: 'DKK',
    currencySymbol: 'kr',
    ratePerUsdMicros: 6_850_000,
    sort: 20,
  },
  {
    id: 'HU',
    name: 'Hungary',
    currency: 'Hungarian forint',
    currencyCode: 'HUF',
    currencySymbol: 'Ft',
    ratePerUsdMicros: 360_000_000,
    sort: 20,
  },
  {
    id: 'PL',
    name: 'Poland',
    currency: 'Polish złoty',
    currencyCode: 'PLN',
    currencySymbol: 'zł',
    ratePerUsdMicros: 3_950_000,
    sort: 20,
  },
  {
    id: 'RO',
    name: 'Romania',
    currency: 'Romanian leu',
    currencyCode: 'RON',
    currencySymbol: 'lei',
    ratePerUsdMicros: 4_580_000,
    sort: 20,
  },
  {
    id: 'SE',
    name: 'Sweden',
    currency: 'Swedish krona',
    currencyCode: 'SEK',
    currencySymbol: 'kr',
    ratePerUsdMicros: 10_500_000,
    sort: 20,
  },
];

/** The seed rows with their currency's minor digits from the contract's one table (ISO 4217). */
export const SEED_COUNTRIES: SeedCountry[] = SEED_ROWS.map((row) => ({
  ...row,
  currencyMinorDigits: minorDigitsOf(row.currencyCode),
}));

/** Inserts the countries that are missing; existing rows (and operators' edits) stay as they are. */
export async function seedCountries(db: AppDatabase): Promise<number> {
  const inserted = await db
    .insert(countries)
    .values(SEED_COUNTRIES)
    .onConflictDoNothing({ target: countries.id })
    .returning({ id: countries.id });
  return inserted.length;
}
