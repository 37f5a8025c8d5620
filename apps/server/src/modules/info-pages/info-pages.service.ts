import {
  DEFAULT_LANGUAGE,
  EMPTY_DOC,
  INFO_PAGE_KEYS,
  isEmptyDoc,
  parseStoredRichText,
  type TInfoPageForm,
  type TInfoPageKey,
  type TInfoPageList,
  type TLanguage,
  type TPublicInfoPage,
  type TRichDoc,
} from '@linkstore/contract';
import type { AppDatabase } from '../../platform/db/database';
import { AppError } from '../../platform/errors/app-error';
import { formatDateTime } from '../../platform/http/date-time';
import {
  findInfoPage,
  findInfoPageVersions,
  listInfoPages,
  upsertInfoPage,
  type InfoPageRow,
} from './info-pages.repository';

/** A row's document; an empty one stands for "no version in this language". */
const docOf = (row: InfoPageRow | undefined): TRichDoc | null => {
  if (!row) return null;
  const doc = parseStoredRichText(row.doc);
  return isEmptyDoc(doc) ? null : doc;
};

/** Every page, with the languages it has a (non-empty) version in. */
export async function getInfoPageList(db: AppDatabase): Promise<TInfoPageList> {
  const rows = await listInfoPages(db);
  return INFO_PAGE_KEYS.map((page) => ({
    page,
    versions: rows
      .filter((row) => row.page === page && docOf(row) !== null)
      .map((row) => ({ lang: row.lang as TLanguage, updateTime: formatDateTime(row.updatedAt) })),
  }));
}

export async function getInfoPageForm(
  db: AppDatabase,
  page: TInfoPageKey,
  lang: TLanguage,
): Promise<TInfoPageForm> {
  const row = await findInfoPage(db, page, lang);
  const doc = docOf(row);
  return {
    page,
    lang,
    doc: doc ?? EMPTY_DOC,
    updateTime: doc && row ? formatDateTime(row.updatedAt) : null,
  };
}

/**
 * Saves one version. An empty document clears the language (buyers read English instead); the
 * English version is what every other language falls back to, so it may not be emptied.
 */
export async function saveInfoPage(
  db: AppDatabase,
  page: TInfoPageKey,
  lang: TLanguage,
  doc: TRichDoc,
): Promise<TInfoPageForm> {
  if (lang === DEFAULT_LANGUAGE && isEmptyDoc(doc)) throw AppError.field('doc', 'validation.required');
  await upsertInfoPage(db, page, lang, JSON.stringify(isEmptyDoc(doc) ? EMPTY_DOC : doc));
  return getInfoPageForm(db, page, lang);
}

/** A page as a buyer reads it: in `lang`, else in English. */
export async function getPublicInfoPage(
  db: AppDatabase,
  page: TInfoPageKey,
  lang: TLanguage,
): Promise<TPublicInfoPage> {
  const rows = await findInfoPageVersions(db, page, [...new Set([lang, DEFAULT_LANGUAGE])]);
  const own = docOf(rows.find((row) => row.lang === lang));
  if (own) return { page, lang, doc: own };
  const english = docOf(rows.find((row) => row.lang === DEFAULT_LANGUAGE));
  if (!english) throw AppError.notFound();
  return { page, lang: DEFAULT_LANGUAGE, doc: english };
}
