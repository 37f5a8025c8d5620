import type { AppDatabase } from '../../platform/db/database';
import { taxRates } from './taxes.table';

type SeedTaxRate = typeof taxRates.$inferInsert;
/** Country (or region), rate in micros (19 % = 190000), and the day it applies from if not `SINCE`. */
type SeedRate = [code: string, rateMicros: number, validFrom?: string];

/** The day the seeded rates are known to be in force from; no platform order predates taxes. */
const SINCE = '2024-01-01';

/**
 * EU standard VAT rates: shown tax-inclusive, shipping taxed like the goods. Source: European
 * Commission (DG TAXUD), "VAT rates applied in the Member States of the European Union"
 * (taxation-customs.ec.europa.eu). Changes since 2024 are a second row with their day, so they
 * switch on by themselves: Finland 25.5 % from 2024-09-01 (Vero), Slovakia 23 % from 2025-01-01
 * (Finančná správa), Estonia 24 % from 2025-07-01 (EMTA), Romania 21 % from 2025-08-01 (ANAF).
 */
const EU_VAT: SeedRate[] = [
  ['AT', 200_000],
  ['BE', 210_000],
  ['BG', 200_000],
  ['CY', 190_000],
  ['CZ', 210_000],
  ['DE', 190_000],
  ['DK', 250_000],
  ['EE', 220_000],
  ['EE', 240_000, '2025-07-01'],
  ['ES', 210_000],
  ['FI', 240_000],
  ['FI', 255_000, '2024-09-01'],
  ['FR', 200_000],
  ['GR', 240_000],
  ['HR', 250_000],
  ['HU', 270_000],
  ['IE', 230_000],
  ['IT', 220_000],
  ['LT', 210_000],
  ['LU', 170_000],
  ['LV', 210_000],
  ['MT', 180_000],
  ['NL', 210_000],
  ['PL', 230_000],
  ['PT', 230_000],
  ['RO', 190_000],
  ['RO', 210_000, '2025-08-01'],
  ['SE', 250_000],
  ['SI', 220_000],
  ['SK', 200_000],
  ['SK', 230_000, '2025-01-01'],
];

/**
 * Canada: federal GST 5 % for the whole country, and per province or territory the combined
 * rate a buyer there pays (HST, or GST + the provincial sales tax), tax-exclusive like Canadian
 * shelf prices. Delivery of taxable goods is taxed as they are. Sources: Canada Revenue Agency,
 * "GST/HST rates" (canada.ca; Nova Scotia's HST 14 % from 2025-04-01); the provincial taxes from
 * Revenu Québec (QST 9.975 %), the BC Ministry of Finance (PST 7 %), Manitoba Finance (RST 7 %)
 * and Saskatchewan Finance (PST 6 %).
 */
const CA_PROVINCES: Array<[region: string, name: string, rateMicros: number, validFrom?: string]> = [
  ['AB', 'GST', 50_000],
  ['BC', 'GST + PST', 120_000],
  ['MB', 'GST + RST', 120_000],
  ['NB', 'HST', 150_000],
  ['NL', 'HST', 150_000],
  ['NS', 'HST', 150_000],
  ['NS', 'HST', 140_000, '2025-04-01'],
  ['NT', 'GST', 50_000],
  ['NU', 'GST', 50_000],
  ['ON', 'HST', 130_000],
  ['PE', 'HST', 150_000],
  ['QC', 'GST + QST', 149_750],
  ['SK', 'GST + PST', 110_000],
  ['YT', 'GST', 50_000],
];

/**
 * United States: one state-level base rate per state (local rates are not charged yet), added
 * at checkout; shipping untaxed until an operator says otherwise for a state. States without a
 * state sales tax (AK, DE, MT, NH, OR) have no row, so no tax. California, Utah and Virginia
 * include their local rate levied statewide. Sources: each state's department of revenue,
 * compiled in the Tax Foundation's "State and Local Sales Tax Rates, 2025"; Louisiana 5 % from
 * 2025-01-01 (Louisiana Department of Revenue).
 */
const US_STATES: SeedRate[] = [
  ['AL', 40_000],
  ['AR', 65_000],
  ['AZ', 56_000],
  ['CA', 72_500],
  ['CO', 29_000],
  ['CT', 63_500],
  ['DC', 60_000],
  ['FL', 60_000],
  ['GA', 40_000],
  ['HI', 40_000],
  ['IA', 60_000],
  ['ID', 60_000],
  ['IL', 62_500],
  ['IN', 70_000],
  ['KS', 65_000],
  ['KY', 60_000],
  ['LA', 44_500],
  ['LA', 50_000, '2025-01-01'],
  ['MA', 62_500],
  ['MD', 60_000],
  ['ME', 55_000],
  ['MI', 60_000],
  ['MN', 68_750],
  ['MO', 42_250],
  ['MS', 70_000],
  ['NC', 47_500],
  ['ND', 50_000],
  ['NE', 55_000],
  ['NJ', 66_250],
  ['NM', 48_750],
  ['NV', 68_500],
  ['NY', 40_000],
  ['OH', 57_500],
  ['OK', 45_000],
  ['PA', 60_000],
  ['RI', 70_000],
  ['SC', 60_000],
  ['SD', 42_000],
  ['TN', 70_000],
  ['TX', 62_500],
  ['UT', 61_000],
  ['VA', 53_000],
  ['VT', 60_000],
  ['WA', 65_000],
  ['WI', 50_000],
  ['WV', 60_000],
  ['WY', 40_000],
];

/** Every seeded rate: what the catalogue ships to, as issue 34 asks. */
export const SEED_TAX_RATES: SeedTaxRate[] = [
  ...EU_VAT.map(([countryCode, rateMicros, validFrom]) => ({
    countryCode,
    region: '',
    name: 'VAT',
    rateMicros,
    inclusive: true,
    shippingTaxed: true,
    validFrom: validFrom ?? SINCE,
  })),
  // HMRC, "VAT rates" (gov.uk): standard rate 20 %, prices shown including VAT.
  {
    countryCode: 'GB',
    region: '',
    name: 'VAT',
    rateMicros: 200_000,
    inclusive: true,
    shippingTaxed: true,
    validFrom: SINCE,
  },
  // Australian Taxation Office, "GST" (ato.gov.au): 10 %, prices shown including GST.
  {
    countryCode: 'AU',
    region: '',
    name: 'GST',
    rateMicros: 100_000,
    inclusive: true,
    shippingTaxed: true,
    validFrom: SINCE,
  },
  {
    countryCode: 'CA',
    region: '',
    name: 'GST',
    rateMicros: 50_000,
    inclusive: false,
    shippingTaxed: true,
    validFrom: SINCE,
  },
  ...CA_PROVINCES.map(([region, name, rateMicros, validFrom]) => ({
    countryCode: 'CA',
    region,
    name,
    rateMicros,
    inclusive: false,
    shippingTaxed: true,
    validFrom: validFrom ?? SINCE,
  })),
  ...US_STATES.map(([region, rateMicros, validFrom]) => ({
    countryCode: 'US',
    region,
    name: 'Sales tax',
    rateMicros,
    inclusive: false,
    shippingTaxed: false,
    validFrom: validFrom ?? SINCE,
  })),
];

/** Inserts the seeded rates that are missing; operators' rows and edits stay as they are. */
export async function seedTaxRates(db: AppDatabase): Promise<number> {
  const inserted = await db
    .insert(taxRates)
    .values(SEED_TAX_RATES)
    .onConflictDoNothing({ target: [taxRates.countryCode, taxRates.region, taxRates.validFrom] })
    .returning({ id: taxRates.id });
  return inserted.length;
}
