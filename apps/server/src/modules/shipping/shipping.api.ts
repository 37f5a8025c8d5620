import {
  isFree,
  shippingCostOf,
  zoneFor,
  type TShippingLine,
  type TShippingQuote,
  type TShippingQuotes,
  type TShippingZoneInfo,
} from '@linkstore/contract';
import type { AppDatabase } from '../../platform/db/database';
import { listEnabledZones, methodsByZone, toShippingMethod } from './shipping.repository';
import { shippingZones } from './shipping.table';

/*
 * The shipping face other modules call (checkout, storefront, the shipping information page).
 * Only enabled zones and enabled methods ship; prices are US cents.
 */

/** The demo install's zones, for installs and tests that sell as a real shop. */
export { seedShipping } from './shipping.seed';

/** An address and a cart as shipping sees them. */
export interface TShippingQuoteInput {
  /** ISO 3166-1 alpha-2, any case. */
  countryCode: string;
  /** The state or province code (`CA`, `ON`), when the address has one. */
  region?: string | null | undefined;
  lines: readonly TShippingLine[];
  /** The items total in US cents: what free-shipping thresholds compare with. */
  itemsMinor: number;
}

/**
 * The zone shipping to the address and its methods priced for the cart, by sort then cost.
 * Null when no zone ships there; `methods` is empty when the zone has no method for this cart
 * (too heavy for every band, or none enabled): either way the order cannot be shipped.
 */
export async function quoteShipping(
  db: AppDatabase,
  input: TShippingQuoteInput,
): Promise<TShippingQuotes | null> {
  const zone = zoneFor(await listEnabledZones(db), input.countryCode, input.region);
  if (!zone) return null;
  const methods = (await methodsByZone(db, [zone.id], { enabledOnly: true })).get(zone.id) ?? [];
  const offered = methods.flatMap((method) => {
    const costMinor = shippingCostOf(method, input.lines, input.itemsMinor);
    if (costMinor === null) return [];
    const quote: TShippingQuote = {
      methodId: String(method.id),
      name: method.name,
      costMinor,
      currencyCode: method.currencyCode,
      minDays: method.minDays,
      maxDays: method.maxDays,
      free: isFree(method, input.itemsMinor),
    };
    return [{ sort: method.sort, quote }];
  });
  offered.sort((a, b) => a.sort - b.sort || a.quote.costMinor - b.quote.costMinor);
  return { zone: { id: String(zone.id), name: zone.name }, methods: offered.map(({ quote }) => quote) };
}

/**
 * The method a buyer chose, priced again for the address and cart (checkout never trusts the
 * price it was shown). Null when that method is not offered there: unknown, disabled, of another
 * zone than the address's, or without a band for the cart's weight.
 */
export async function findShippingMethod(
  db: AppDatabase,
  methodId: string,
  input: TShippingQuoteInput,
): Promise<TShippingQuote | null> {
  const quotes = await quoteShipping(db, input);
  return quotes?.methods.find((method) => method.methodId === methodId) ?? null;
}

/**
 * Every enabled zone that has an enabled method, with those methods: what the shipping
 * information page says, in resolution order.
 */
export async function listShippingZonesForInfo(db: AppDatabase): Promise<TShippingZoneInfo[]> {
  const zones = await listEnabledZones(db);
  const methods = await methodsByZone(
    db,
    zones.map((zone) => zone.id),
    { enabledOnly: true },
  );
  return zones.flatMap((zone) => {
    const zoneMethods = methods.get(zone.id) ?? [];
    if (zoneMethods.length === 0) return [];
    return [
      {
        id: String(zone.id),
        name: zone.name,
        countries: zone.countries,
        regions: zone.regions,
        methods: zoneMethods.map(toShippingMethod),
      },
    ];
  });
}

/**
 * Whether operators have set shipping up: any zone at all, enabled or not. A platform with none
 * ships everywhere, free (decision 0056); disabling every zone stops shipping instead.
 */
export async function shippingConfigured(db: AppDatabase): Promise<boolean> {
  const [row] = await db.select({ id: shippingZones.id }).from(shippingZones).limit(1);
  return row !== undefined;
}
