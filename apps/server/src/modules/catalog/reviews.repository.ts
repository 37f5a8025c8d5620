import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AppDatabase } from '../../platform/db/database';
import { products, reviews } from './catalog.table';
import { textMatches } from './translations';
import { containsPattern } from '../../platform/db/like';
import { stampNow } from '../../platform/db/stamp';

export interface ReviewFilter {
  keywords?: string | undefined;
  status?: number | undefined;
  rating?: number | undefined;
}

/** A review with its product's titles, for the moderation table. */
export interface ReviewListRow {
  id: number;
  productId: number;
  productTitle: string;
  productTitles: Record<string, string>;
  orderItemId: number | null;
  authorName: string;
  rating: number;
  body: string;
  language: string;
  status: number;
  createdAt: Date;
}

function whereOf(filter: ReviewFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.keywords) {
    const pattern = containsPattern(filter.keywords);
    conditions.push(textMatches(products.title, products.titles, pattern));
  }
  if (filter.status !== undefined) conditions.push(eq(reviews.status, filter.status));
  if (filter.rating !== undefined) conditions.push(eq(reviews.rating, filter.rating));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** A page of reviews, newest first, and the total. */
export async function pageReviews(
  db: AppDatabase,
  filter: ReviewFilter,
  pageNum: number,
  pageSize: number,
): Promise<{ rows: ReviewListRow[]; total: number }> {
  const where = whereOf(filter);
  const rows = await db
    .select({
      id: reviews.id,
      productId: reviews.productId,
      productTitle: products.title,
      productTitles: products.titles,
      orderItemId: reviews.orderItemId,
      authorName: reviews.authorName,
      rating: reviews.rating,
      body: reviews.body,
      language: reviews.language,
      status: reviews.status,
      createdAt: reviews.createdAt,
    })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(where)
    .orderBy(desc(reviews.id))
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize);
  const [totalRow] = await db
    .select({ total: count() })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(where);
  return { rows, total: totalRow?.total ?? 0 };
}

/** Sets the status of the reviews it finds; returns how many. */
export async function setReviewsStatus(db: AppDatabase, ids: number[], status: number): Promise<number> {
  const rows = await db
    .update(reviews)
    .set({ status, updatedAt: stampNow() })
    .where(inArray(reviews.id, ids))
    .returning({ id: reviews.id });
  return rows.length;
}

/** Deletes the reviews it finds; returns how many. */
export async function deleteReviews(db: AppDatabase, ids: number[]): Promise<number> {
  const rows = await db.delete(reviews).where(inArray(reviews.id, ids)).returning({ id: reviews.id });
  return rows.length;
}

/** Adds a review as given (the demo seed's verified reviews). */
export async function insertReview(db: AppDatabase, review: typeof reviews.$inferInsert): Promise<void> {
  await db.insert(reviews).values(review);
}

export interface PublishedReviewRow {
  id: number;
  authorName: string;
  rating: number;
  body: string;
  orderItemId: number | null;
  /** The variant of the order line reviewed, '' for a product without options or no order line. */
  boughtVariant: string;
  createdAt: Date;
  total: number;
}

/** A page of a product's published reviews, newest first, each row carrying the total: one query. */
export function pagePublishedReviews(
  db: AppDatabase,
  productId: number,
  page: { limit: number; offset: number },
): Promise<PublishedReviewRow[]> {
  return db
    .select({
      id: reviews.id,
      authorName: reviews.authorName,
      rating: reviews.rating,
      body: reviews.body,
      orderItemId: reviews.orderItemId,
      // The variant the reviewer bought ("M / Black"), read from the order line they reviewed.
      boughtVariant: sql<string>`coalesce((select oi.variant_label from order_items oi
        where oi.id = ${reviews.orderItemId}), '')`,
      createdAt: reviews.createdAt,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.status, 1)))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(page.limit)
    .offset(page.offset);
}
