import {
  SHIPPING_CURRENCY,
  zoneClashes,
  type TPage,
  type TShippingMethod,
  type TShippingMethodRequestParsed,
  type TShippingZone,
  type TShippingZonePageItem,
  type TShippingZonePageQuery,
  type TShippingZoneRequestParsed,
} from '@linkstore/contract';
import {
  and,
  arrayOverlaps,
  asc,
  count,
  eq,
  ilike,
  inArray,
  ne,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { AppDatabase } from '../../platform/db/database';
import { containsPattern } from '../../platform/db/like';
import { stampNow } from '../../platform/db/stamp';
import { withTransaction } from '../../platform/db/transaction';
import { AppError, type FieldProblem } from '../../platform/errors/app-error';
import { formatDateTime } from '../../platform/http/date-time';
import { shippingMethods, shippingZones } from './shipping.table';

type ZoneRow = typeof shippingZones.$inferSelect;
type MethodRow = typeof shippingMethods.$inferSelect;

export function toShippingMethod(row: MethodRow): TShippingMethod {
  return {
    id: String(row.id),
    name: row.name,
    kind: row.kind,
    firstItemMinor: row.firstItemMinor,
    additionalItemMinor: row.additionalItemMinor,
    weightBands: row.weightBands,
    minDays: row.minDays,
    maxDays: row.maxDays,
    freeOverMinor: row.freeOverMinor,
    currencyCode: row.currencyCode,
    sort: row.sort,
    enabled: row.enabled,
  };
}

function toShippingZone(row: ZoneRow, methods: MethodRow[]): TShippingZone {
  return {
    id: String(row.id),
    name: row.name,
    countries: row.countries,
    regions: row.regions,
    sort: row.sort,
    enabled: row.enabled,
    methods: methods.map(toShippingMethod),
    createTime: formatDateTime(row.createdAt),
    updateTime: formatDateTime(row.updatedAt),
  };
}

/** Zones in the order they are resolved and listed: sort, then the oldest first. */
export const zoneOrder = [asc(shippingZones.sort), asc(shippingZones.id)] as const;
/** A zone's methods in the order they are offered. */
export const methodOrder = [asc(shippingMethods.sort), asc(shippingMethods.id)] as const;

/** Keywords match the name, or one of the zone's countries by its exact code (`us`, `FR`). */
function zoneFilter(keywords?: string): SQL | undefined {
  if (!keywords) return undefined;
  return or(
    ilike(shippingZones.name, containsPattern(keywords)),
    sql`${keywords.toUpperCase()} = ANY(${shippingZones.countries})`,
  );
}

/** The methods of `zoneIds`, in their order, by zone. */
export async function methodsByZone(
  db: AppDatabase,
  zoneIds: number[],
  options: { enabledOnly?: boolean } = {},
): Promise<Map<number, MethodRow[]>> {
  const byZone = new Map<number, MethodRow[]>();
  if (zoneIds.length === 0) return byZone;
  const rows = await db
    .select()
    .from(shippingMethods)
    .where(
      and(
        inArray(shippingMethods.zoneId, zoneIds),
        options.enabledOnly ? eq(shippingMethods.enabled, true) : undefined,
      ),
    )
    .orderBy(...methodOrder);
  for (const row of rows) byZone.set(row.zoneId, [...(byZone.get(row.zoneId) ?? []), row]);
  return byZone;
}

export async function pageShippingZones(
  db: AppDatabase,
  query: TShippingZonePageQuery,
): Promise<TPage<TShippingZonePageItem>> {
  const where = zoneFilter(query.keywords);
  const rows = await db
    .select()
    .from(shippingZones)
    .where(where)
    .orderBy(...zoneOrder)
    .limit(query.pageSize)
    .offset((query.pageNum - 1) * query.pageSize);
  const [totalRow] = await db.select({ total: count() }).from(shippingZones).where(where);
  const methods = await methodsByZone(
    db,
    rows.map((row) => row.id),
  );
  const list = rows.map((row): TShippingZonePageItem => {
    const { methods: zoneMethods, ...zone } = toShippingZone(row, methods.get(row.id) ?? []);
    return { ...zone, methodCount: zoneMethods.length };
  });
  return { list, total: totalRow?.total ?? 0 };
}

export async function getShippingZone(db: AppDatabase, id: number): Promise<TShippingZone> {
  const [row] = await db.select().from(shippingZones).where(eq(shippingZones.id, id));
  if (!row) throw AppError.notFound();
  const methods = await methodsByZone(db, [row.id]);
  return toShippingZone(row, methods.get(row.id) ?? []);
}

/** A method's columns: only its kind's prices are kept (the table's check says the same). */
function methodValues(method: TShippingMethodRequestParsed) {
  const byItems = method.kind === 'items';
  return {
    name: method.name,
    kind: method.kind,
    firstItemMinor: byItems ? method.firstItemMinor : 0,
    additionalItemMinor: byItems ? method.additionalItemMinor : 0,
    weightBands: byItems ? [] : method.weightBands,
    minDays: method.minDays,
    maxDays: method.maxDays,
    freeOverMinor: method.freeOverMinor,
    currencyCode: SHIPPING_CURRENCY,
    sort: method.sort,
    enabled: method.enabled,
  };
}

/**
 * Refuses a zone naming a (country, region) another zone already names at the same specificity
 * and sort: the address would have two zones. Regions the body lists for a country it does not
 * name are refused by the contract already.
 */
async function assertNoClash(db: AppDatabase, body: TShippingZoneRequestParsed, id?: number) {
  const others = await db
    .select()
    .from(shippingZones)
    .where(
      and(
        arrayOverlaps(shippingZones.countries, body.countries),
        eq(shippingZones.sort, body.sort),
        id === undefined ? undefined : ne(shippingZones.id, id),
      ),
    )
    .orderBy(...zoneOrder);
  const problems: FieldProblem[] = [];
  const seen = new Set<string>();
  for (const other of others) {
    for (const { country, region } of zoneClashes(body, other)) {
      const field = region === null ? `countries.${body.countries.indexOf(country)}` : `regions.${country}`;
      if (seen.has(field)) continue;
      seen.add(field);
      problems.push({
        field,
        key: region === null ? 'shipping.countryInZone' : 'shipping.regionInZone',
        params: { country, region: region ?? '', zone: other.name },
      });
    }
  }
  if (problems.length > 0) throw AppError.fields(problems);
}

/**
 * Zone writes take this lock first: two operators saving overlapping zones at once are checked
 * one after the other, never both against the state before either. Reads go on meanwhile.
 */
async function lockZones(db: AppDatabase): Promise<void> {
  await db.execute(sql`LOCK TABLE ${shippingZones} IN SHARE ROW EXCLUSIVE MODE`);
}

export async function createShippingZone(
  db: AppDatabase,
  body: TShippingZoneRequestParsed,
): Promise<TShippingZone> {
  const id = await withTransaction(db, async (tx) => {
    await lockZones(tx);
    await assertNoClash(tx, body);
    const [zone] = await tx
      .insert(shippingZones)
      .values({
        name: body.name,
        countries: body.countries,
        regions: body.regions,
        sort: body.sort,
        enabled: body.enabled,
      })
      .returning({ id: shippingZones.id });
    if (!zone) throw new Error('shipping zone insert returned no row');
    if (body.methods.length > 0) {
      await tx
        .insert(shippingMethods)
        .values(body.methods.map((method) => ({ zoneId: zone.id, ...methodValues(method) })));
    }
    return zone.id;
  });
  return getShippingZone(db, id);
}

/**
 * Saves a zone and its methods whole: methods sent with an id are updated in place (a checkout
 * holding that id can re-price it), new ones inserted, the zone's others deleted. An id that is
 * not one of this zone's methods is refused on its field.
 */
export async function updateShippingZone(
  db: AppDatabase,
  id: number,
  body: TShippingZoneRequestParsed,
): Promise<TShippingZone> {
  await withTransaction(db, async (tx) => {
    await lockZones(tx);
    const [zone] = await tx
      .select({ id: shippingZones.id })
      .from(shippingZones)
      .where(eq(shippingZones.id, id));
    if (!zone) throw AppError.notFound();
    await assertNoClash(tx, body, id);
    const existing = await tx
      .select({ id: shippingMethods.id })
      .from(shippingMethods)
      .where(eq(shippingMethods.zoneId, id));
    const existingIds = new Set(existing.map((row) => String(row.id)));
    const unknown = body.methods.flatMap((method, index): FieldProblem[] =>
      method.id !== undefined && !existingIds.has(method.id)
        ? [{ field: `methods.${index}.id`, key: 'shipping.methodUnknown' }]
        : [],
    );
    if (unknown.length > 0) throw AppError.fields(unknown);

    await tx
      .update(shippingZones)
      .set({
        name: body.name,
        countries: body.countries,
        regions: body.regions,
        sort: body.sort,
        enabled: body.enabled,
        updatedAt: stampNow(),
      })
      .where(eq(shippingZones.id, id));
    const keptIds = body.methods.flatMap((method) => (method.id === undefined ? [] : [Number(method.id)]));
    await tx
      .delete(shippingMethods)
      .where(
        and(
          eq(shippingMethods.zoneId, id),
          keptIds.length > 0 ? notInArray(shippingMethods.id, keptIds) : undefined,
        ),
      );
    for (const method of body.methods) {
      if (method.id === undefined) continue;
      await tx
        .update(shippingMethods)
        .set({ ...methodValues(method), updatedAt: stampNow() })
        .where(and(eq(shippingMethods.id, Number(method.id)), eq(shippingMethods.zoneId, id)));
    }
    const added = body.methods.filter((method) => method.id === undefined);
    if (added.length > 0) {
      await tx
        .insert(shippingMethods)
        .values(added.map((method) => ({ zoneId: id, ...methodValues(method) })));
    }
  });
  return getShippingZone(db, id);
}

/** Deletes a zone; its methods go with it (foreign key cascade). */
export async function deleteShippingZone(db: AppDatabase, id: number): Promise<void> {
  const deleted = await db
    .delete(shippingZones)
    .where(eq(shippingZones.id, id))
    .returning({ id: shippingZones.id });
  if (deleted.length === 0) throw AppError.notFound();
}

/** Enabled zones in resolution order, for `zoneFor`. */
export function listEnabledZones(db: AppDatabase): Promise<ZoneRow[]> {
  return db
    .select()
    .from(shippingZones)
    .where(eq(shippingZones.enabled, true))
    .orderBy(...zoneOrder);
}
