// The taxes module's face: what checkout, orders and the storefront may use to charge and show
// tax. Its table is in taxes.table.ts; rates change only through the console routes.
import type { TTaxRule } from '@linkstore/contract';
import type { AppDatabase } from '../../platform/db/database';
import { taxRatesInForce, type TaxRateRow } from './taxes.repository';

export type { TTaxRule as TaxRule } from '@linkstore/contract';
/** The starting rates (EU, UK, AU, CA, US), for installs and tests that sell as a real shop. */
export { seedTaxRates } from './taxes.seed';

/**
 * Rates take effect on UTC calendar days: `valid_from` 2025-08-01 applies from 00:00 UTC that
 * day, for every process and every buyer alike.
 */
const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

const normalCode = (code: string | undefined): string => (code ?? '').trim().toUpperCase();

function ruleOf(row: TaxRateRow): TTaxRule {
  return {
    countryCode: row.countryCode,
    region: row.region,
    name: row.name,
    rateMicros: row.rateMicros,
    inclusive: row.inclusive,
    shippingTaxed: row.shippingTaxed,
  };
}

/** Where no rate is kept (a US state without sales tax, a country not taxed): no tax, net shown. */
function noTax(countryCode: string, region: string): TTaxRule {
  return { countryCode, region, name: '', rateMicros: 0, inclusive: false, shippingTaxed: false };
}

/**
 * The tax rule in force for a sale to `countryCode` / `region` at `at`: the region's rate with
 * the latest `valid_from` not after that day; if the region has none (or none is given), the
 * whole country's; if neither, rate 0, exclusive. Compute each line's tax with the contract's
 * `taxOf(lineNetMinor, rule.rateMicros)`, and the shipping's the same way when `shippingTaxed`.
 */
export async function taxRateFor(
  db: AppDatabase,
  countryCode: string,
  region: string | undefined,
  at: Date,
): Promise<TTaxRule> {
  const country = normalCode(countryCode);
  const wanted = normalCode(region);
  const rows = await taxRatesInForce(db, country, utcDay(at), wanted === '' ? [''] : [wanted, '']);
  const row = rows.find((r) => r.region === wanted) ?? rows.find((r) => r.region === '');
  return row ? ruleOf(row) : noTax(country, wanted);
}

/**
 * Every rule of a country in force at `at`: the whole country's (`country`, the no-tax rule when
 * none is kept) and each region's. The storefront shows prices with `country` until the buyer's
 * region is known; checkout then uses `taxRateFor` with the region.
 */
export async function taxRulesFor(
  db: AppDatabase,
  countryCode: string,
  at: Date,
): Promise<{ country: TTaxRule; regions: TTaxRule[] }> {
  const code = normalCode(countryCode);
  const rows = await taxRatesInForce(db, code, utcDay(at));
  const whole = rows.find((r) => r.region === '');
  return {
    country: whole ? ruleOf(whole) : noTax(code, ''),
    regions: rows.filter((r) => r.region !== '').map(ruleOf),
  };
}
