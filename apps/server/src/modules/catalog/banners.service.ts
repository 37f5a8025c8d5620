import type {
  TBannerForm,
  TBannerPageItem,
  TBannerPageQuery,
  TBannerRequestParsed,
  TBannerTitles,
  TLanguage,
  TPage,
} from '@linkstore/contract';
import type { AppDatabase } from '../../platform/db/database';
import { withTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors/app-error';
import { formatDateTime } from '../../platform/http/date-time';
import {
  deleteBanners,
  findBanner,
  insertBanner,
  pageBanners,
  updateBanner,
  type BannerRow,
} from './banners.repository';

const OTHER_LANGUAGES = ['es', 'pt', 'zh-cn', 'fr'] as const;

/** Only the known languages with a non-empty text: the jsonb column may hold anything. */
function cleanTitles(texts: Record<string, string> | null | undefined): TBannerTitles {
  const out: TBannerTitles = {};
  for (const lang of OTHER_LANGUAGES) {
    const value = texts?.[lang];
    if (typeof value === 'string' && value !== '') out[lang] = value;
  }
  return out;
}

function toForm(row: BannerRow): TBannerForm {
  return {
    id: String(row.id),
    title: row.title,
    titles: cleanTitles(row.titles),
    imageUrl: row.imageUrl,
    linkUrl: row.linkUrl,
    sort: row.sort,
    status: row.status === 1 ? 1 : 0,
  };
}

/** The banner's title in `lang`, English when it has none there. */
export function bannerLabel(row: BannerRow, lang: TLanguage): string {
  return lang === 'en' ? row.title : (cleanTitles(row.titles)[lang] ?? row.title);
}

export async function pageBannerList(
  db: AppDatabase,
  lang: TLanguage,
  query: TBannerPageQuery,
): Promise<TPage<TBannerPageItem>> {
  const { rows, total } = await pageBanners(
    db,
    { keywords: query.keywords, status: query.status },
    query.pageNum,
    query.pageSize,
  );
  const list = rows.map((row): TBannerPageItem => ({
    ...toForm(row),
    label: bannerLabel(row, lang),
    createTime: formatDateTime(row.createdAt),
  }));
  return { list, total };
}

export async function getBannerForm(db: AppDatabase, id: number): Promise<TBannerForm> {
  const row = await findBanner(db, id);
  if (!row) throw AppError.notFound();
  return toForm(row);
}

/** Adds (`id` null) or changes a banner. */
export async function saveBanner(
  db: AppDatabase,
  id: number | null,
  form: TBannerRequestParsed,
): Promise<TBannerForm> {
  const values = {
    title: form.title,
    titles: cleanTitles(form.titles),
    imageUrl: form.imageUrl,
    linkUrl: form.linkUrl,
    sort: form.sort,
    status: form.status,
  };
  const row = id === null ? await insertBanner(db, values) : await updateBanner(db, id, values);
  if (!row) throw AppError.notFound();
  return toForm(row);
}

/** All or nothing: an unknown id stops the whole batch. */
export async function removeBanners(db: AppDatabase, ids: number[]): Promise<void> {
  await withTransaction(db, async (tx) => {
    if ((await deleteBanners(tx, ids)) !== ids.length) throw AppError.notFound();
  });
}

export async function setBannerStatus(db: AppDatabase, id: number, status: 0 | 1): Promise<void> {
  if (!(await updateBanner(db, id, { status }))) throw AppError.notFound();
}
