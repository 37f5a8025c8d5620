import { z } from 'zod';
import { ZCurrencyCode } from '../platform/currency';

/**
 * A country with its currency. Wire names follow SPEC.md §3 (`currency_jc`,
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
