import type { TShippingMethodKind, TWeightBand } from './shipping.schema';

/*
 * The shipping rules shared by the server (quotes, checkout) and the web (the console's preview):
 * what a method costs for an order's lines, and which zone ships to an address.
 */

/** What pricing needs of a method. */
export interface TShippingRate {
  kind: TShippingMethodKind;
  firstItemMinor: number;
  additionalItemMinor: number;
  /** Ascending by `upToGrams`. */
  weightBands: readonly TWeightBand[];
  freeOverMinor: number | null;
}

/** An order line as shipping sees it: units and each unit's weight. */
export interface TShippingLine {
  quantity: number;
  weightGrams: number;
}

/**
 * What `method` costs for `lines`, in integer US cents: first item + each additional item (kind
 * `items`), or the first band the parcel's weight fits (kind `weight`). 0 when the items total
 * (`itemsMinor`) reaches the method's free-shipping threshold, or when there is nothing to ship.
 * Null when the parcel is heavier than the last band: the method is not offered, even free.
 */
export function shippingCostOf(
  method: TShippingRate,
  lines: readonly TShippingLine[],
  itemsMinor: number,
): number | null {
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  if (method.kind === 'weight') {
    const grams = lines.reduce((sum, line) => sum + line.quantity * line.weightGrams, 0);
    const band = method.weightBands.find((candidate) => grams <= candidate.upToGrams);
    if (!band) return null;
    if (units === 0 || isFree(method, itemsMinor)) return 0;
    return band.rateMinor;
  }
  if (units === 0 || isFree(method, itemsMinor)) return 0;
  return method.firstItemMinor + method.additionalItemMinor * (units - 1);
}

/** Whether the items total reaches the method's free-shipping threshold. */
export function isFree(method: Pick<TShippingRate, 'freeOverMinor'>, itemsMinor: number): boolean {
  return method.freeOverMinor !== null && itemsMinor >= method.freeOverMinor;
}

/** What `zoneFor` needs of a zone. */
export interface TZoneArea {
  countries: readonly string[];
  /** Region codes per country; a country with none (or an empty list) is matched whole. */
  regions: Readonly<Record<string, readonly string[]>>;
  sort: number;
}

/** A zone's region codes of `country` (own keys only: no prototype behind a stored name). */
function regionsIn(zone: TZoneArea, country: string): readonly string[] {
  return Object.hasOwn(zone.regions, country) ? (zone.regions[country] ?? []) : [];
}

/**
 * How specifically a zone names (country, region): 2 by the region, 1 by the whole country, 0
 * not at all. A zone listing regions of a country does not match an address of it without one.
 */
export function zoneSpecificity(zone: TZoneArea, country: string, region?: string | null): 0 | 1 | 2 {
  const code = country.toUpperCase();
  if (!zone.countries.includes(code)) return 0;
  const regions = regionsIn(zone, code);
  if (regions.length === 0) return 1;
  return region && regions.includes(region.toUpperCase()) ? 2 : 0;
}

/**
 * The one zone that ships to (country, region): the most specific (a region match beats a
 * whole-country one), then the lowest sort, then the first given. Null when none ships there.
 */
export function zoneFor<Z extends TZoneArea>(
  zones: readonly Z[],
  country: string,
  region?: string | null,
): Z | null {
  let best: { zone: Z; specificity: number } | null = null;
  for (const zone of zones) {
    const specificity = zoneSpecificity(zone, country, region);
    if (specificity === 0) continue;
    if (
      !best ||
      specificity > best.specificity ||
      (specificity === best.specificity && zone.sort < best.zone.sort)
    ) {
      best = { zone, specificity };
    }
  }
  return best?.zone ?? null;
}

/**
 * The (country, region) pairs two zones both name at the same specificity and sort — which
 * `zoneFor` could then only settle by the order it is given them. `region` is null for a whole
 * country. Empty when they do not clash.
 */
export function zoneClashes(a: TZoneArea, b: TZoneArea): { country: string; region: string | null }[] {
  if (a.sort !== b.sort) return [];
  const clashes: { country: string; region: string | null }[] = [];
  for (const country of a.countries) {
    if (!b.countries.includes(country)) continue;
    const aRegions = regionsIn(a, country);
    const bRegions = regionsIn(b, country);
    if (aRegions.length === 0 && bRegions.length === 0) clashes.push({ country, region: null });
    for (const region of aRegions) {
      if (bRegions.includes(region)) clashes.push({ country, region });
    }
  }
  return clashes;
}
