import { z } from 'zod';
import { ZIsoDay } from '../platform/days';
import { ZPage, ZPageQuery } from '../platform/page';
import { isRegionOf } from '../orders/regions';
import { isIsoCountryCode } from './iso-countries';
import { parsePercentMicros } from './tax-math';

/** A tax rate id on the wire: a digit string (the table's bigint), small enough for a safe integer. */
export const ZTaxRateId = z.string().regex(/^[1-9]\d{0,14}$/);
export const ZTaxRateIdParams = z.object({ id: ZTaxRateId });
export type TTaxRateIdParams = z.infer<typeof ZTaxRateIdParams>;

/** An ISO 3166-1 alpha-2 code, upper-cased; answered as `validation.countryCode` when unknown. */
export const ZTaxCountryCode = z
  .string()
  .trim()
  .toUpperCase()
  .refine(isIsoCountryCode, { message: 'validation.countryCode' });

/**
 * A region, state or province code (ISO 3166-2's part after the dash: `ON`, `NY`, `BC`), or
 * `''` for the whole country. Letters and digits only: no spaces, no control characters.
 */
export const ZTaxRegion = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{0,3}$/, { message: 'validation.taxRegion' });

/** What the rate is called on receipts: `VAT`, `GST`, `HST`, `Sales tax`. */
export const ZTaxName = z.string().trim().min(1).max(40);

/** A percentage as typed (`"19"`, `"8.875"`): at most four decimals, 0 to 100. */
export const ZTaxPercent = z
  .string()
  .trim()
  .refine((text) => parsePercentMicros(text) !== null, { message: 'validation.taxRate' });

/**
 * The tax that applies to a sale: in force for the buyer's country (and region) at a moment.
 * `rateMicros` 0 and exclusive where no rate is kept. Prices are net; `inclusive` only says how
 * the country expects them shown (net + tax, "incl. VAT").
 */
export const ZTaxRule = z.object({
  countryCode: z.string().length(2),
  /** `''` when the rule is the whole country's. */
  region: z.string(),
  name: z.string(),
  rateMicros: z.number().int().min(0).max(1_000_000),
  inclusive: z.boolean(),
  shippingTaxed: z.boolean(),
});
export type TTaxRule = z.infer<typeof ZTaxRule>;

/** A kept rate, as the console lists it. Datetimes are `yyyy-MM-dd HH:mm:ss` (UTC). */
export const ZTaxRate = ZTaxRule.extend({
  id: z.string(),
  /** `rateMicros` as an exact percentage, e.g. `"8.875"`. */
  rate: z.string(),
  /** The first day (UTC, `yyyy-MM-dd`) it applies; the latest such day not in the future wins. */
  validFrom: z.string(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type TTaxRate = z.infer<typeof ZTaxRate>;

export const ZTaxRatePage = ZPage(ZTaxRate);
export type TTaxRatePage = z.infer<typeof ZTaxRatePage>;

export const ZTaxRatePageQuery = ZPageQuery.extend({
  /** Only this country's rates. */
  countryCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  /** Matches the name, the region or the country code. */
  keywords: z.string().trim().max(50).optional(),
});
export type TTaxRatePageQuery = z.infer<typeof ZTaxRatePageQuery>;

/**
 * Add and edit body. The rate is a percentage string, stored as integer micros; a rate that
 * changes later is a new row with a future `validFrom`, so it switches on by itself.
 */
export const ZTaxRateRequest = z.object({
  countryCode: ZTaxCountryCode,
  region: ZTaxRegion.default(''),
  name: ZTaxName,
  rate: ZTaxPercent,
  inclusive: z.boolean(),
  shippingTaxed: z.boolean(),
  validFrom: ZIsoDay,
});
export type TTaxRateRequest = z.infer<typeof ZTaxRateRequest>;

// ── The tax buyers see ──────────────────────────────────────────────────────────────────────

/**
 * Whose tax the storefront shows: the buyer's "Ship to" country and, where taxes differ by it
 * (US, CA, AU), optionally one of its regions from the list.
 */
export const ZShownTaxQuery = z
  .object({ countryCode: ZTaxCountryCode, region: ZTaxRegion.optional() })
  // A malformed region is already its field's error.
  .refine((q) => !q.region || !/^[A-Z0-9]{1,3}$/.test(q.region) || isRegionOf(q.countryCode, q.region), {
    path: ['region'],
    message: 'checkout.regionUnknown',
  });
export type TShownTaxQuery = z.infer<typeof ZShownTaxQuery>;

/**
 * The tax in force today where the buyer ships: what it is called, its rate, whether prices are
 * shown with it ("incl. VAT": the storefront shows `shownUnitPrice`) and whether shipping bears it.
 */
export const ZShownTax = ZTaxRule.pick({
  name: true,
  rateMicros: true,
  inclusive: true,
  shippingTaxed: true,
});
export type TShownTax = z.infer<typeof ZShownTax>;

// ── The tax report ──────────────────────────────────────────────────────────────────────────

/** The longest tax report: three years of returns, one month a column of the chart. */
export const MAX_TAX_REPORT_MONTHS = 36;

const MONTH_PATTERN = /^(?!0000)\d{4}-(0[1-9]|1[0-2])$/;

/** A UTC calendar month `yyyy-MM` (year 0000 is no PostgreSQL date, see ZIsoDay). */
export const ZTaxMonth = z.string().regex(MONTH_PATTERN, { message: 'validation.taxMonth' });

/** The range checks apply to two real months; a malformed one is already its field's error. */
const bothMonths = (q: { from: string; to: string }) =>
  MONTH_PATTERN.test(q.from) && MONTH_PATTERN.test(q.to);

/** Months from `from` to `to` (`yyyy-MM`), both included: 1 when they are the same month. */
export function monthsInRange(from: string, to: string): number {
  const index = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7));
  return index(to) - index(from) + 1;
}

/** Both months included, `from` ≤ `to`, at most MAX_TAX_REPORT_MONTHS of them. */
export const ZTaxReportQuery = z
  .object({ from: ZTaxMonth, to: ZTaxMonth })
  .refine((q) => !bothMonths(q) || q.from <= q.to, { path: ['to'], message: 'validation.taxMonthOrder' })
  .refine((q) => !bothMonths(q) || monthsInRange(q.from, q.to) <= MAX_TAX_REPORT_MONTHS, {
    path: ['to'],
    message: 'validation.taxMonthSpan',
  });
export type TTaxReportQuery = z.infer<typeof ZTaxReportQuery>;

const ZMinor = z.number().int();

/**
 * One jurisdiction's tax in one month, as the orders froze it: collected on the orders paid that
 * month, refunded by the refunds completed that month (each the order's tax in proportion to the
 * capture it gave back), net the difference. Integer minor units of `currencyCode`.
 */
export const ZTaxReportRow = z.object({
  month: ZTaxMonth,
  countryCode: z.string().length(2),
  /** `''` when the rate charged was the whole country's. */
  region: z.string(),
  taxName: z.string(),
  rateMicros: z.number().int().min(0).max(1_000_000),
  inclusive: z.boolean(),
  /**
   * 'ioss': EU imports of goods worth at most €150, their VAT collected at checkout and filed on
   * the monthly IOSS return; '' for the rest. (Orders over €150 charged no tax: no row.)
   */
  scheme: z.enum(['ioss', '']),
  currencyCode: z.string().length(3),
  /** Orders paid that month. */
  orders: z.number().int().min(0),
  /** Σ (total − tax) of those orders: sales before tax, shipping included. */
  salesMinor: ZMinor.min(0),
  collectedMinor: ZMinor.min(0),
  refundedMinor: ZMinor.min(0),
  /** collected − refunded: negative in a month with more refunds than sales. */
  netMinor: ZMinor,
});
export type TTaxReportRow = z.infer<typeof ZTaxReportRow>;

export const ZTaxReportTotal = z.object({
  currencyCode: z.string().length(3),
  collectedMinor: ZMinor.min(0),
  refundedMinor: ZMinor.min(0),
  netMinor: ZMinor,
});
export type TTaxReportTotal = z.infer<typeof ZTaxReportTotal>;

/** Rows by month, currency, country, region, scheme, tax; totals per currency, never summed across them. */
export const ZTaxReport = z.object({
  rows: z.array(ZTaxReportRow),
  totals: z.array(ZTaxReportTotal),
});
export type TTaxReport = z.infer<typeof ZTaxReport>;
