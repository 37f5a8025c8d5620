import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../platform/db/database';
import { shopBanners, shopCategoryPrices, shopProductStats, shopSlugHistory, shops } from './shops.table';
import { stampNow } from '../../platform/db/stamp';

export type ShopRow = typeof shops.$inferSelect;
export type ShopBannerRow = typeof shopBanners.$inferSelect;

export async function findShopByOwner(db: AppDatabase, ownerUserId: number): Promise<ShopRow | undefined> {
  const [row] = await db.select().from(shops).where(eq(shops.ownerUserId, ownerUserId));
  return row;
}

/** The owner's shop, locked until the transaction ends (renames and banner edits queue up). */
export async function lockShopByOwner(db: AppDatabase, ownerUserId: number): Promise<ShopRow | undefined> {
  const [row] = await db.select().from(shops).where(eq(shops.ownerUserId, ownerUserId)).for('update');
  return row;
}

export async function findShopBySlug(db: AppDatabase, slug: string): Promise<ShopRow | undefined> {
  const [row] = await db.select().from(shops).where(eq(shops.slug, slug));
  return row;
}

/** The shop that used to have this slug, if any. */
export async function findShopByOldSlug(db: AppDatabase, slug: string): Promise<ShopRow | undefined> {
  const [row] = await db
    .select({ shop: shops })
    .from(shopSlugHistory)
    .innerJoin(shops, eq(shops.id, shopSlugHistory.shopId))
    .where(eq(shopSlugHistory.slug, slug));
  return row?.shop;
}

/** True when another shop has the slug now, or had it before (its old links still point there). */
export async function isSlugTaken(db: AppDatabase, slug: string, exceptShopId?: number): Promise<boolean> {
  const current = await db
    .select({ id: shops.id })
    .from(shops)
    .where(exceptShopId ? and(eq(shops.slug, slug), ne(shops.id, exceptShopId)) : eq(shops.slug, slug));
  if (current.length > 0) return true;
  const old = await db
    .select({ id: shopSlugHistory.shopId })
    .from(shopSlugHistory)
    .where(
      exceptShopId
        ? and(eq(shopSlugHistory.slug, slug), ne(shopSlugHistory.shopId, exceptShopId))
        : eq(shopSlugHistory.slug, slug),
    );
  return old.length > 0;
}

export async function insertShop(
  db: AppDatabase,
  values: { ownerUserId: number; slug: string; name: string },
): Promise<ShopRow> {
  const [row] = await db.insert(shops).values(values).returning();
  if (!row) throw new Error('shop not inserted');
  return row;
}

export async function updateShop(
  db: AppDatabase,
  id: number,
  values: Partial<
    Pick<
      ShopRow,
      'name' | 'slug' | 'description' | 'bannerUrl' | 'imageUrl' | 'paypalEmail' | 'freeShippingOverMinor'
    >
  >,
): Promise<ShopRow> {
  const [row] = await db
    .update(shops)
    .set({ ...values, updatedAt: stampNow() })
    .where(eq(shops.id, id))
    .returning();
  if (!row) throw new Error('shop not updated');
  return row;
}

/** Records the first time the shop's link was shared; later calls keep that time. */
export async function markLinkShared(db: AppDatabase, id: number): Promise<ShopRow> {
  const [row] = await db
    .update(shops)
    .set({ linkSharedAt: sql`coalesce(${shops.linkSharedAt}, now())` })
    .where(eq(shops.id, id))
    .returning();
  if (!row) throw new Error('shop not updated');
  return row;
}

/** Of `slugs`, those another shop has now or had before (the same rule as `isSlugTaken`). */
export async function takenSlugsAmong(
  db: AppDatabase,
  slugs: string[],
  exceptShopId?: number,
): Promise<Set<string>> {
  if (slugs.length === 0) return new Set();
  const current = await db
    .select({ slug: shops.slug })
    .from(shops)
    .where(
      exceptShopId ? and(inArray(shops.slug, slugs), ne(shops.id, exceptShopId)) : inArray(shops.slug, slugs),
    );
  const old = await db
    .select({ slug: shopSlugHistory.slug })
    .from(shopSlugHistory)
    .where(
      exceptShopId
        ? and(inArray(shopSlugHistory.slug, slugs), ne(shopSlugHistory.shopId, exceptShopId))
        : inArray(shopSlugHistory.slug, slugs),
    );
  return new Set([...current, ...old].map((row) => row.slug));
}

/**
 * Quick start step 3 without changing a price: the creator keeps the suggested prices. Kept from
 * the first time, like any price save.
 */
export async function markPricesKept(db: AppDatabase, id: number): Promise<ShopRow> {
  const [row] = await db
    .update(shops)
    .set({ pricesSavedAt: sql`coalesce(${shops.pricesSavedAt}, now())` })
    .where(eq(shops.id, id))
    .returning();
  if (!row) throw new Error('shop not updated');
  return row;
}

/** Keeps `oldSlug` pointing at the shop; the new slug leaves the shop's own history. */
export async function recordSlugChange(
  db: AppDatabase,
  shopId: number,
  oldSlug: string,
  newSlug: string,
): Promise<void> {
  await db
    .delete(shopSlugHistory)
    .where(and(eq(shopSlugHistory.shopId, shopId), eq(shopSlugHistory.slug, newSlug)));
  await db.insert(shopSlugHistory).values({ slug: oldSlug, shopId }).onConflictDoNothing();
}

export async function listBanners(db: AppDatabase, shopId: number): Promise<ShopBannerRow[]> {
  return db
    .select()
    .from(shopBanners)
    .where(eq(shopBanners.shopId, shopId))
    .orderBy(asc(shopBanners.sort), asc(shopBanners.id));
}

export async function insertBanner(
  db: AppDatabase,
  values: { shopId: number; imageUrl: string; linkUrl: string | null; title: string },
): Promise<ShopBannerRow> {
  const [row] = await db
    .insert(shopBanners)
    .values({
      ...values,
      sort: sql`(select coalesce(max(${shopBanners.sort}), 0) + 1 from ${shopBanners} where ${shopBanners.shopId} = ${values.shopId})`,
    })
    .returning();
  if (!row) throw new Error('banner not inserted');
  return row;
}

/** Changes a banner of this shop only; undefined when the shop has no such banner. */
export async function updateBanner(
  db: AppDatabase,
  shopId: number,
  id: number,
  values: { imageUrl: string; linkUrl: string | null; title: string },
): Promise<ShopBannerRow | undefined> {
  const [row] = await db
    .update(shopBanners)
    .set(values)
    .where(and(eq(shopBanners.id, id), eq(shopBanners.shopId, shopId)))
    .returning();
  return row;
}

export async function deleteBanner(db: AppDatabase, shopId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(shopBanners)
    .where(and(eq(shopBanners.id, id), eq(shopBanners.shopId, shopId)))
    .returning({ id: shopBanners.id });
  return rows.length > 0;
}

export async function setBannerSort(db: AppDatabase, shopId: number, ids: number[]): Promise<void> {
  for (const [index, id] of ids.entries()) {
    await db
      .update(shopBanners)
      .set({ sort: index + 1 })
      .where(and(eq(shopBanners.id, id), eq(shopBanners.shopId, shopId)));
  }
}

/** The shop's default pricing rules; every save counts as the quick start's price step. */
export async function updateShopPricing(
  db: AppDatabase,
  shopId: number,
  values: { defaultPercentage?: number; rounding?: string },
): Promise<void> {
  // Every save counts as the quick start's "adjust product prices" step, kept from the first one.
  await db
    .update(shops)
    .set({ ...values, pricesSavedAt: sql`coalesce(${shops.pricesSavedAt}, now())`, updatedAt: stampNow() })
    .where(eq(shops.id, shopId));
}

/** Increments of a product's counters in a shop (views, clicks, add-to-carts). */
export type ProductStatsIncrement = typeof shopProductStats.$inferInsert;

/** Adds to products' counters in one upsert (a storefront event batch, or the demo shop's start). */
export async function addProductStats(db: AppDatabase, increments: ProductStatsIncrement[]): Promise<void> {
  if (increments.length === 0) return;
  await db
    .insert(shopProductStats)
    .values(increments)
    .onConflictDoUpdate({
      target: [shopProductStats.shopId, shopProductStats.productId],
      set: {
        views: sql`${shopProductStats.views} + excluded.views`,
        clicks: sql`${shopProductStats.clicks} + excluded.clicks`,
        addToCarts: sql`${shopProductStats.addToCarts} + excluded.add_to_carts`,
      },
    });
}

/** The shop's percentages per category, by category id. */
export async function listCategoryPercentages(
  db: AppDatabase,
  shopId: number,
): Promise<{ categoryId: number; percentage: number }[]> {
  return db
    .select({ categoryId: shopCategoryPrices.categoryId, percentage: shopCategoryPrices.percentage })
    .from(shopCategoryPrices)
    .where(eq(shopCategoryPrices.shopId, shopId))
    .orderBy(asc(shopCategoryPrices.categoryId));
}

/** Sets (or, with null, removes) the shop's percentage for one category. */
export async function setCategoryPercentage(
  db: AppDatabase,
  shopId: number,
  categoryId: number,
  percentage: number | null,
): Promise<void> {
  if (percentage === null) {
    await db
      .delete(shopCategoryPrices)
      .where(and(eq(shopCategoryPrices.shopId, shopId), eq(shopCategoryPrices.categoryId, categoryId)));
    return;
  }
  await db
    .insert(shopCategoryPrices)
    .values({ shopId, categoryId, percentage })
    .onConflictDoUpdate({
      target: [shopCategoryPrices.shopId, shopCategoryPrices.categoryId],
      set: { percentage },
    });
}

/**
 * The scale seed's counters, set to what its generated events add up to: the given products get
 * these figures, every other product of the shop 0.
 */
export async function replaceProductStats(
  db: AppDatabase,
  shopId: number,
  counted: { productId: number; views: number; clicks: number; addToCarts: number }[],
): Promise<void> {
  const array = (values: number[]) => `{${values.join(',')}}`;
  const ids = array(counted.map((c) => c.productId));
  await db.execute(sql`update ${shopProductStats} set views = 0, clicks = 0, add_to_carts = 0
    where shop_id = ${shopId} and not (product_id = any(${ids}::bigint[]))`);
  if (counted.length === 0) return;
  await db.execute(sql`insert into ${shopProductStats} as s (shop_id, product_id, views, clicks, add_to_carts)
    select ${shopId}, product_id, views, clicks, carts
    from unnest(${ids}::bigint[], ${array(counted.map((c) => c.views))}::int[],
      ${array(counted.map((c) => c.clicks))}::int[], ${array(counted.map((c) => c.addToCarts))}::int[])
      as c(product_id, views, clicks, carts)
    on conflict (shop_id, product_id) do update set
      views = excluded.views, clicks = excluded.clicks, add_to_carts = excluded.add_to_carts`);
}
