import { z } from 'zod';
import { ZPage, ZPageQuery } from '../platform/page';
import { ISO_COUNTRY_CODES, isIsoCountryCode } from '../taxes/iso-countries';

/*
 * Shipping zones (sets of countries, and regions where it matters) and their methods, priced in
 * US cents: by first item + each additional item, or by weight bands. A country no enabled zone
 * lists cannot be shipped to.
 */

/** Platform prices are US cents; so are shipping rates. */
export const SHIPPING_CURRENCY = 'USD';
/** The largest amount a rate, a band or a free-shipping threshold may be: $10,000.00. */
export const MAX_SHIPPING_MINOR = 1_000_000;
/** The heaviest band: 1,000 kg. */
export const MAX_BAND_GRAMS = 1_000_000;
export const MAX_SHIPPING_DAYS = 60;
export const MAX_ZONE_NAME_LENGTH = 80;
export const MAX_METHOD_NAME_LENGTH = 60;
export const MAX_METHODS_PER_ZONE = 20;
export const MAX_BANDS_PER_METHOD = 20;
export const MAX_REGIONS_PER_COUNTRY = 100;

export const SHIPPING_METHOD_KINDS = ['items', 'weight'] as const;
export const ZShippingMethodKind = z.enum(SHIPPING_METHOD_KINDS);
export type TShippingMethodKind = z.infer<typeof ZShippingMethodKind>;

/** A zone or method id on the wire: a digit string (the table's bigint), small enough for a safe integer. */
export const ZShippingId = z.string().regex(/^[1-9]\d{0,14}$/);
export const ZShippingZoneIdParams = z.object({ id: ZShippingId });
export type TShippingZoneIdParams = z.infer<typeof ZShippingZoneIdParams>;

/** An ISO 3166-1 alpha-2 code, upper-cased; answered as `shipping.countryCode` when unknown. */
export const ZShippingCountryCode = z
  .string()
  .trim()
  .toUpperCase()
  .refine(isIsoCountryCode, { message: 'shipping.countryCode' });

/** A region, state or province code (ISO 3166-2's part after the dash: `AK`, `HI`, `NU`). */
export const ZShippingRegionCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{1,3}$/, { message: 'shipping.regionCode' });

/** An amount in US cents: a whole number from 0 to $10,000.00. */
export const ZShippingMinor = z
  .int()
  .min(0, { message: 'shipping.amountRange' })
  .max(MAX_SHIPPING_MINOR, { message: 'shipping.amountRange' });

const ZShippingDays = z
  .int()
  .min(1, { message: 'shipping.daysRange' })
  .max(MAX_SHIPPING_DAYS, { message: 'shipping.daysRange' });

/** Parcels up to `upToGrams` (inclusive) cost `rateMinor`. */
export const ZWeightBand = z.object({
  upToGrams: z
    .int()
    .min(1, { message: 'shipping.bandGrams' })
    .max(MAX_BAND_GRAMS, { message: 'shipping.bandGrams' }),
  rateMinor: ZShippingMinor,
});
export type TWeightBand = z.infer<typeof ZWeightBand>;

/**
 * A method as sent. `id` keeps an existing method of the zone (a checkout that chose it can still
 * re-price it); a method without one is added, and the zone's methods not sent are removed. Only
 * the price fields of its kind are kept: first/additional item for `items`, bands for `weight`.
 */
export const ZShippingMethodRequest = z
  .object({
    id: ZShippingId.optional(),
    name: z.string().trim().min(1).max(MAX_METHOD_NAME_LENGTH),
    kind: ZShippingMethodKind,
    firstItemMinor: ZShippingMinor.default(0),
    additionalItemMinor: ZShippingMinor.default(0),
    weightBands: z.array(ZWeightBand).max(MAX_BANDS_PER_METHOD).default([]),
    minDays: ZShippingDays,
    maxDays: ZShippingDays,
    /** Items total (US cents) from which the method is free; null when it never is. */
    freeOverMinor: ZShippingMinor.nullable().default(null),
    sort: z.int().min(0).max(9999).default(0),
    enabled: z.boolean().default(true),
  })
  .superRefine((method, ctx) => {
    if (method.minDays > method.maxDays) {
      ctx.addIssue({ code: 'custom', path: ['maxDays'], message: 'shipping.daysOrder' });
    }
    if (method.kind !== 'weight') return;
    if (method.weightBands.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['weightBands'], message: 'shipping.noBands' });
    }
    method.weightBands.forEach((band, index) => {
      const previous = method.weightBands[index - 1];
      if (previous && band.upToGrams <= previous.upToGrams) {
        ctx.addIssue({
          code: 'custom',
          path: ['weightBands', index, 'upToGrams'],
          message: 'shipping.bandsAscending',
        });
      }
    });
  });
export type TShippingMethodRequest = z.input<typeof ZShippingMethodRequest>;
export type TShippingMethodRequestParsed = z.output<typeof ZShippingMethodRequest>;

/** Region codes per country of the zone; a country without a list is matched whole. */
export const ZShippingRegions = z.record(
  z.string(),
  z.array(ZShippingRegionCode).max(MAX_REGIONS_PER_COUNTRY),
);
export type TShippingRegions = z.infer<typeof ZShippingRegions>;

/**
 * A zone with all its methods, saved whole (in one transaction). Whether a (country, region) it
 * names is already another zone's at the same specificity and sort is checked by the server.
 */
export const ZShippingZoneRequest = z
  .object({
    name: z.string().trim().min(1).max(MAX_ZONE_NAME_LENGTH),
    countries: z
      .array(ZShippingCountryCode)
      .min(1, { message: 'shipping.noCountries' })
      .max(ISO_COUNTRY_CODES.length),
    /** `{ US: ['AK', 'HI'] }`: only Alaska and Hawaii of the United States. */
    regions: ZShippingRegions.default({}),
    sort: z.int().min(0).max(9999).default(100),
    enabled: z.boolean().default(true),
    methods: z.array(ZShippingMethodRequest).max(MAX_METHODS_PER_ZONE).default([]),
  })
  .superRefine((zone, ctx) => {
    zone.countries.forEach((code, index) => {
      if (zone.countries.indexOf(code) !== index) {
        ctx.addIssue({ code: 'custom', path: ['countries', index], message: 'shipping.countryTwice' });
      }
    });
    for (const [country, codes] of Object.entries(zone.regions)) {
      if (!zone.countries.includes(country)) {
        ctx.addIssue({ code: 'custom', path: ['regions', country], message: 'shipping.regionCountry' });
      }
      if (new Set(codes).size !== codes.length) {
        ctx.addIssue({ code: 'custom', path: ['regions', country], message: 'shipping.regionTwice' });
      }
    }
    const ids = zone.methods.flatMap((method) => (method.id === undefined ? [] : [method.id]));
    if (new Set(ids).size !== ids.length) {
      ctx.addIssue({ code: 'custom', path: ['methods'], message: 'shipping.methodTwice' });
    }
  });
export type TShippingZoneRequest = z.input<typeof ZShippingZoneRequest>;
export type TShippingZoneRequestParsed = z.output<typeof ZShippingZoneRequest>;

export const ZShippingMethod = z.object({
  id: z.string(),
  name: z.string(),
  kind: ZShippingMethodKind,
  firstItemMinor: z.number().int(),
  additionalItemMinor: z.number().int(),
  weightBands: z.array(ZWeightBand),
  minDays: z.number().int(),
  maxDays: z.number().int(),
  freeOverMinor: z.number().int().nullable(),
  currencyCode: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
});
export type TShippingMethod = z.infer<typeof ZShippingMethod>;

/** A zone as the console edits it, with its methods in their order. Datetimes `yyyy-MM-dd HH:mm:ss` (UTC). */
export const ZShippingZone = z.object({
  id: z.string(),
  name: z.string(),
  countries: z.array(z.string()),
  regions: z.record(z.string(), z.array(z.string())),
  sort: z.number().int(),
  enabled: z.boolean(),
  methods: z.array(ZShippingMethod),
  createTime: z.string(),
  updateTime: z.string(),
});
export type TShippingZone = z.infer<typeof ZShippingZone>;

export const ZShippingZonePageQuery = ZPageQuery.extend({
  /** Matches the zone's name, or one of its country codes exactly. */
  keywords: z.string().trim().max(50).optional(),
});
export type TShippingZonePageQuery = z.infer<typeof ZShippingZonePageQuery>;

export const ZShippingZonePageItem = ZShippingZone.omit({ methods: true }).extend({
  methodCount: z.number().int().min(0),
});
export type TShippingZonePageItem = z.infer<typeof ZShippingZonePageItem>;
export const ZShippingZonePage = ZPage(ZShippingZonePageItem);

/** One way to ship an order to an address, priced for its lines. */
export const ZShippingQuote = z.object({
  methodId: z.string(),
  name: z.string(),
  /** US cents; 0 when `free`. */
  costMinor: z.number().int().min(0),
  currencyCode: z.string(),
  minDays: z.number().int(),
  maxDays: z.number().int(),
  /** The free-shipping threshold applies. */
  free: z.boolean(),
});
export type TShippingQuote = z.infer<typeof ZShippingQuote>;

/** The zone shipping to an address and its methods, sorted by sort then cost. */
export const ZShippingQuotes = z.object({
  zone: z.object({ id: z.string(), name: z.string() }),
  methods: z.array(ZShippingQuote),
});
export type TShippingQuotes = z.infer<typeof ZShippingQuotes>;

/** An enabled zone with its enabled methods: what the shipping information page is made of. */
export const ZShippingZoneInfo = ZShippingZone.pick({
  id: true,
  name: true,
  countries: true,
  regions: true,
  methods: true,
});
export type TShippingZoneInfo = z.infer<typeof ZShippingZoneInfo>;
