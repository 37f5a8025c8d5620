import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { AppDatabase } from '../../platform/db/database';
import { platformBanners } from './catalog.table';
import { textMatches } from './translations';
import { containsPattern } from '../../platform/db/like';
import { stampNow } from '../../platform/db/stamp';

export type BannerRow = typeof platformBanners.$inferSelect;
export type BannerValues = Pick<BannerRow, 'title' | 'titles' | 'imageUrl' | 'linkUrl' | 'sort' | 'status'>;

export interface BannerFilter {
  keywords?: string | undefined;
  status?: number | undefined;
}

function whereOf(filter: BannerFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.keywords) {
    const pattern = containsPattern(filter.keywords);
    conditions.push(textMatches(platformBanners.title, platformBanners.titles, pattern));
  }
  if (filter.status !== undefined) conditions.push(eq(platformBanners.status, filter.status));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** A page of banners (sort, then newest first) and the total. */
export async function pageBanners(
  db: AppDatabase,
  filter: BannerFilter,
  pageNum: number,
  pageSize: number,
): Promise<{ rows: BannerRow[]; total: number }> {
  const where = whereOf(filter);
  const rows = await db
    .select()
    .from(platformBanners)
    .where(where)
    .orderBy(asc(platformBanners.sort), desc(platformBanners.id))
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize);
  const [totalRow] = await db.select({ total: count() }).from(platformBanners).where(where);
  return { rows, total: totalRow?.total ?? 0 };
}

export async function findBanner(db: AppDatabase, id: number): Promise<BannerRow | undefined> {
  const [row] = await db.select().from(platformBanners).where(eq(platformBanners.id, id)).limit(1);
  return row;
}

export async function insertBanner(db: AppDatabase, values: BannerValues): Promise<BannerRow> {
  const [row] = await db.insert(platformBanners).values(values).returning();
  if (!row) throw new Error('banner not inserted');
  return row;
}

export async function updateBanner(
  db: AppDatabase,
  id: number,
  values: Partial<BannerValues>,
): Promise<BannerRow | undefined> {
  const [row] = await db
    .update(platformBanners)
    .set({ ...values, updatedAt: stampNow() })
    .where(eq(platformBanners.id, id))
    .returning();
  return row;
}

/** Deletes the banners it finds; returns how many. */
export async function deleteBanners(db: AppDatabase, ids: number[]): Promise<number> {
  const rows = await db
    .delete(platformBanners)
    .where(inArray(platformBanners.id, ids))
    .returning({ id: platformBanners.id });
  return rows.length;
}
