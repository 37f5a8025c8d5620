import { z } from 'zod';
import { ZCurrencyCode } from '../platform/currency';
import { ZPage, ZPageQuery } from '../platform/page';

/**
 * A country with its currency. Wire names are the original client's (`currency_jc`,
 * `currency_symbol`); `rate_per_usd_micros` is how many millionths of the currency's major
 * unit one US dollar buys (1.000000 USD = 1000000), kept as an integer so money math never
 * touches floats.
 */
export const ZCountry = z.object({
  id: z.string(),
  code: z.string().length(2),
  name: z.string(),
  currency: z.string(),
  currency_jc: ZCurrencyCode,
  currency_symbol: z.string(),
  currency_minor_digits: z.number().int().min(0).max(3),
  rate_per_usd_micros: z.number().int().positive(),
});
export type TCountry = z.infer<typeof ZCountry>;

export const ZCountryListResponse = z.array(ZCountry);
export type TCountryListResponse = z.infer<typeof ZCountryListResponse>;

export const ZCountryListQuery = z.object({
  keywords: z.string().trim().max(50).optional(),
});
export type TCountryListQuery = z.infer<typeof ZCountryListQuery>;

/** The largest rate accepted: 999,999,999.999999 units of a currency for one US dollar. */
const MAX_RATE_WHOLE_DIGITS = 9;
const RATE_PATTERN = /^(\d{1,9})(?:\.(\d{1,6}))?$/;

/**
 * `"0.92"` → 920000: a rate typed as a decimal (up to six decimals) to integer micros, with
 * string and integer math only. Null when the text is not such a number or is zero.
 */
export function parseRateMicros(text: string): number | null {
  const match = RATE_PATTERN.exec(text.trim());
  if (!match?.[1] || match[1].length > MAX_RATE_WHOLE_DIGITS) return null;
  const micros = Number(match[1]) * 1_000_000 + Number((match[2] ?? '').padEnd(6, '0'));
  return micros > 0 ? micros : null;
}

/** 920000 → `"0.92"`, 1000000 → `"1"`: integer micros as the shortest exact decimal. */
export function formatRateMicros(micros: number): string {
  const whole = Math.floor(micros / 1_000_000);
  const fraction = String(micros % 1_000_000)
    .padStart(6, '0')
    .replace(/0+$/, '');
  return fraction === '' ? String(whole) : `${whole}.${fraction}`;
}

/** A country id on the wire: its ISO 3166 alpha-2 code. */
export const ZCountryIdParams = z.object({ id: z.string().regex(/^[A-Z]{2}$/) });

export const ZCountryPageQuery = ZPageQuery.extend({
  /** Matches the country's name, its code or its currency code. */
  keywords: z.string().trim().max(50).optional(),
});
export type TCountryPageQuery = z.infer<typeof ZCountryPageQuery>;

/** A row of the console's currency rates: the public fields, the rate as a decimal and when it changed. */
export const ZCountryPageItem = ZCountry.extend({
  /** `rate_per_usd_micros` as an exact decimal, e.g. `"0.92"`. */
  rate: z.string(),
  updateTime: z.string(),
});
export type TCountryPageItem = z.infer<typeof ZCountryPageItem>;
export const ZCountryPage = ZPage(ZCountryPageItem);

/**
 * What operators edit: the rate (a decimal string, stored as integer micros) and the symbol. A
 * currency's minor digits are not theirs to edit: they come from ISO 4217 (`minorDigitsOf`).
 */
export const ZCountryUpdateRequest = z.object({
  /** Answered as `validation.invalid` on the `rate` field when it is not such a number. */
  rate: z
    .string()
    .trim()
    .refine((text) => parseRateMicros(text) !== null),
  currencySymbol: z.string().trim().min(1).max(8),
});
export type TCountryUpdateRequest = z.infer<typeof ZCountryUpdateRequest>;

/** `POST /api/getCountry`: the caller's country first in `info.default`, and all countries. */
export const ZGetCountryResponse = z.object({
  info: z.object({ default: z.array(ZCountry), list: z.array(ZCountry) }),
});
export type TGetCountryResponse = z.infer<typeof ZGetCountryResponse>;
export const ZGetCountryQuery = z.object({ api_token: z.string().max(2000).optional() });

export const ZUpdateCountryRequest = z.object({ countryId: z.string().length(2).toUpperCase() });
