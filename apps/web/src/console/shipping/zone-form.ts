import {
  MAX_SHIPPING_MINOR,
  minorToDecimal,
  type TShippingMethodKind,
  type TShippingZone,
  type TShippingZoneRequest,
} from '@linkstore/contract';
import { parseMinor } from '../../shared/money/money';

/*
 * The zone form's values and their conversions. Operators type amounts in dollars ("4.99"); the
 * server keeps US cents. Regions are edited as rows (a country and its codes) and sent as a map.
 */

/** US cents have two decimals. */
const USD_DIGITS = 2;

export interface TBandFormValues {
  upToGrams: number | null;
  /** Dollars as typed. */
  rate: string;
}

export interface TMethodFormValues {
  /** Kept so a saved method keeps its id (a checkout holding it can re-price it). */
  id?: string | undefined;
  name: string;
  kind: TShippingMethodKind;
  first: string;
  additional: string;
  bands: TBandFormValues[];
  minDays: number | null;
  maxDays: number | null;
  /** Dollars as typed; empty when the method is never free. */
  freeOver: string;
  sort: number;
  enabled: boolean;
}

export interface TRegionFormValues {
  country: string | undefined;
  codes: string[];
}

export interface TZoneFormValues {
  name: string;
  countries: string[];
  regions: TRegionFormValues[];
  sort: number;
  enabled: boolean;
  methods: TMethodFormValues[];
}

export const NEW_METHOD: TMethodFormValues = {
  name: '',
  kind: 'items',
  first: '',
  additional: '0',
  bands: [],
  minDays: null,
  maxDays: null,
  freeOver: '',
  sort: 0,
  enabled: true,
};

export const NEW_BAND: TBandFormValues = { upToGrams: null, rate: '' };

export const NEW_ZONE: TZoneFormValues = {
  name: '',
  countries: [],
  regions: [],
  sort: 100,
  enabled: true,
  methods: [],
};

/** Dollars typed ("4.99", "4,99") as cents from 0 to $10,000.00; null when not such an amount. */
export function centsOf(text: string): number | null {
  const cents = parseMinor(text, USD_DIGITS);
  return cents !== null && cents <= MAX_SHIPPING_MINOR ? cents : null;
}

const dollars = (cents: number) => minorToDecimal(cents, USD_DIGITS);

export function zoneFormValuesOf(zone: TShippingZone): TZoneFormValues {
  return {
    name: zone.name,
    countries: zone.countries,
    regions: Object.entries(zone.regions).map(([country, codes]) => ({ country, codes })),
    sort: zone.sort,
    enabled: zone.enabled,
    methods: zone.methods.map((method) => ({
      id: method.id,
      name: method.name,
      kind: method.kind,
      first: dollars(method.firstItemMinor),
      additional: dollars(method.additionalItemMinor),
      bands: method.weightBands.map((band) => ({ upToGrams: band.upToGrams, rate: dollars(band.rateMinor) })),
      minDays: method.minDays,
      maxDays: method.maxDays,
      freeOver: method.freeOverMinor === null ? '' : dollars(method.freeOverMinor),
      sort: method.sort,
      enabled: method.enabled,
    })),
  };
}

/** Cents of an amount the form's rules accepted; reaching here with another would be a bug. */
function checkedCents(text: string): number {
  const cents = centsOf(text);
  if (cents === null) throw new Error('an amount passed the form rules but does not parse');
  return cents;
}

/** The request for validated form values: only the prices of each method's kind are sent. */
export function zoneRequestOf(values: TZoneFormValues): TShippingZoneRequest {
  return {
    name: values.name,
    countries: values.countries,
    regions: Object.fromEntries(
      (values.regions ?? []).flatMap(({ country, codes }) =>
        country && codes.length > 0 ? [[country, codes.map((code) => code.trim().toUpperCase())]] : [],
      ),
    ),
    sort: values.sort,
    enabled: values.enabled,
    methods: (values.methods ?? []).map((method) => {
      const byItems = method.kind === 'items';
      return {
        ...(method.id ? { id: method.id } : {}),
        name: method.name,
        kind: method.kind,
        firstItemMinor: byItems ? checkedCents(method.first) : 0,
        additionalItemMinor: byItems ? checkedCents(method.additional) : 0,
        weightBands: byItems
          ? []
          : (method.bands ?? []).map((band) => ({
              upToGrams: band.upToGrams ?? 0,
              rateMinor: checkedCents(band.rate),
            })),
        minDays: method.minDays ?? 0,
        maxDays: method.maxDays ?? 0,
        freeOverMinor: method.freeOver.trim() === '' ? null : checkedCents(method.freeOver),
        sort: method.sort,
        enabled: method.enabled,
      };
    }),
  };
}

const METHOD_FIELDS: Record<string, keyof TMethodFormValues> = {
  id: 'name',
  name: 'name',
  kind: 'kind',
  firstItemMinor: 'first',
  additionalItemMinor: 'additional',
  // "A method by weight needs a band" is shown under its kind.
  weightBands: 'kind',
  minDays: 'minDays',
  maxDays: 'maxDays',
  freeOverMinor: 'freeOver',
  sort: 'sort',
  enabled: 'enabled',
};
const BAND_FIELDS: Record<string, keyof TBandFormValues> = { upToGrams: 'upToGrams', rateMinor: 'rate' };

/**
 * Where the form shows a server field error that names a place inside the zone
 * (`countries.1`, `regions.US`, `methods.0.weightBands.1.upToGrams`); undefined for the
 * top-level fields (the dialog puts those on their fields itself) and for unknown places.
 */
export function formPathOf(field: string, values: TZoneFormValues): (string | number)[] | undefined {
  const [head, ...rest] = field.split('.');
  if (head === 'countries' && rest.length > 0) return ['countries'];
  if (head === 'regions' && rest[0] !== undefined) {
    const index = (values.regions ?? []).findIndex((row) => row.country === rest[0]);
    return index < 0 ? ['countries'] : ['regions', index, 'codes'];
  }
  if (head !== 'methods' || rest.length < 2) return undefined;
  const method = Number(rest[0]);
  const name = METHOD_FIELDS[rest[1] ?? ''];
  if (!name) return undefined;
  const band = rest[2] === undefined ? undefined : BAND_FIELDS[rest[3] ?? ''];
  return band ? ['methods', method, 'bands', Number(rest[2]), band] : ['methods', method, name];
}
