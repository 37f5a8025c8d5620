import type { TLanguage, TPage, TReviewPageItem, TReviewPageQuery, TReviewStatus } from '@linkstore/contract';
import type { AppDatabase } from '../../platform/db/database';
import { withTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors/app-error';
import { formatDateTime } from '../../platform/http/date-time';
import { deleteReviews, pageReviews, setReviewsStatus, type ReviewListRow } from './reviews.repository';

function reviewStatus(value: number): TReviewStatus {
  return value === 1 || value === 2 ? value : 0;
}

function productLabel(row: ReviewListRow, lang: TLanguage): string {
  if (lang === 'en') return row.productTitle;
  const translated = row.productTitles[lang];
  return typeof translated === 'string' && translated !== '' ? translated : row.productTitle;
}

export async function pageReviewList(
  db: AppDatabase,
  lang: TLanguage,
  query: TReviewPageQuery,
): Promise<TPage<TReviewPageItem>> {
  const { rows, total } = await pageReviews(
    db,
    { keywords: query.keywords, status: query.status, rating: query.rating },
    query.pageNum,
    query.pageSize,
  );
  const list = rows.map((row): TReviewPageItem => ({
    id: String(row.id),
    productId: String(row.productId),
    productLabel: productLabel(row, lang),
    authorName: row.authorName,
    rating: row.rating,
    body: row.body,
    language: row.language,
    verified: row.orderItemId !== null,
    status: reviewStatus(row.status),
    createTime: formatDateTime(row.createdAt),
  }));
  return { list, total };
}

/** Publishes (1) or rejects (2) reviews. All or nothing: an unknown id stops the whole batch. */
export async function moderateReviews(db: AppDatabase, ids: number[], status: 1 | 2): Promise<void> {
  await withTransaction(db, async (tx) => {
    if ((await setReviewsStatus(tx, ids, status)) !== ids.length) throw AppError.notFound();
  });
}

/** All or nothing: an unknown id stops the whole batch. */
export async function removeReviews(db: AppDatabase, ids: number[]): Promise<void> {
  await withTransaction(db, async (tx) => {
    if ((await deleteReviews(tx, ids)) !== ids.length) throw AppError.notFound();
  });
}
