import type {
  TLanguage,
  TProductTranslations,
  TPublicSizeGuideAnswer,
  TSizeGuide,
  TSizeGuideAnswer,
  TSizeGuideRequestParsed,
} from '@linkstore/contract';
import type { AppDatabase } from '../../platform/db/database';
import { withTransaction } from '../../platform/db/transaction';
import { AppError, type FieldProblem } from '../../platform/errors/app-error';
import { formatDateTime } from '../../platform/http/date-time';
import type { SizeGuideColumnValue, SizeGuideRowValue } from './catalog.table';
import {
  deleteSizeGuide,
  findCategoryPlace,
  findSizeGuide,
  findSizeGuides,
  holdCategory,
  upsertSizeGuide,
  type SizeGuideRow,
} from './size-guides.repository';

/*
 * Size guides per category: a table of sizes × measurements in whole millimetres, saved whole by
 * the console and read by buyers in their language. A product shows its category's guide, else
 * its parent's (a first-level category's guide serves all its sub-categories that have none).
 */

const OTHER_LANGUAGES = ['es', 'pt', 'zh-cn', 'fr'] as const;

/** Only the known languages with a non-empty text: the jsonb column is open. */
function translationsOf(texts: Record<string, string> | null | undefined): TProductTranslations {
  const out: TProductTranslations = {};
  for (const lang of OTHER_LANGUAGES) {
    const value = texts?.[lang];
    if (typeof value === 'string' && value !== '') out[lang] = value;
  }
  return out;
}

/** The text in `lang`, English when there is no translation. */
function inLanguage(english: string, texts: Record<string, string> | null | undefined, lang: TLanguage) {
  return lang === 'en' ? english : (translationsOf(texts)[lang] ?? english);
}

/** Names are compared as people read them: without regard to case or surrounding spaces. */
const keyOf = (text: string) => text.trim().toLowerCase();

function toGuide(row: SizeGuideRow): TSizeGuide {
  return {
    categoryId: String(row.categoryId),
    columns: row.columns.map((column) => ({ name: column.name, names: translationsOf(column.names) })),
    rows: row.rows.map((r) => ({ size: r.size, values: [...r.values] })),
    note: row.note,
    notes: translationsOf(row.notes),
    updateTime: formatDateTime(row.updatedAt),
  };
}

/**
 * What the request schema cannot say, field by field: each row one value per column, no size
 * twice, no measurement name twice (in English or in any one language).
 */
function checkGuide(form: TSizeGuideRequestParsed): void {
  const problems: FieldProblem[] = [];
  const names = new Map<string, Set<string>>();
  const isRepeated = (lang: string, text: string) => {
    const seen = names.get(lang) ?? new Set<string>();
    names.set(lang, seen);
    const repeated = seen.has(keyOf(text));
    seen.add(keyOf(text));
    return repeated;
  };
  form.columns.forEach((column, i) => {
    if (isRepeated('en', column.name)) {
      problems.push({ field: `columns.${i}.name`, key: 'catalog.sizeGuide.columnTwice' });
    }
    for (const [lang, text] of Object.entries(column.names)) {
      if (typeof text === 'string' && isRepeated(lang, text)) {
        problems.push({ field: `columns.${i}.names.${lang}`, key: 'catalog.sizeGuide.columnTwice' });
      }
    }
  });
  const sizes = new Set<string>();
  const count = form.columns.length;
  form.rows.forEach((row, i) => {
    if (sizes.has(keyOf(row.size))) {
      problems.push({ field: `rows.${i}.size`, key: 'catalog.sizeGuide.sizeTwice' });
    }
    sizes.add(keyOf(row.size));
    if (row.values.length !== count) {
      problems.push({ field: `rows.${i}.values`, key: 'catalog.sizeGuide.valuesPerRow', params: { count } });
    }
  });
  if (problems.length > 0) throw AppError.fields(problems);
}

/** The category's own guide, or null; 404 when there is no such category. */
export async function getSizeGuide(db: AppDatabase, categoryId: number): Promise<TSizeGuideAnswer> {
  if (!(await findCategoryPlace(db, categoryId))) throw AppError.notFound();
  const row = await findSizeGuide(db, categoryId);
  return row ? toGuide(row) : null;
}

/** Saves the category's whole guide as sent, or refuses it field by field with nothing written. */
export async function saveSizeGuide(
  db: AppDatabase,
  categoryId: number,
  form: TSizeGuideRequestParsed,
): Promise<TSizeGuide> {
  checkGuide(form);
  const columns: SizeGuideColumnValue[] = form.columns.map((column) => ({
    name: column.name,
    names: translationsOf(column.names),
  }));
  const rows: SizeGuideRowValue[] = form.rows.map((row) => ({ size: row.size, values: [...row.values] }));
  const saved = await withTransaction(db, async (tx) => {
    if (!(await holdCategory(tx, categoryId))) throw AppError.notFound();
    return upsertSizeGuide(tx, categoryId, {
      columns,
      rows,
      note: form.note,
      notes: translationsOf(form.notes),
    });
  });
  return toGuide(saved);
}

/** Removes the category's guide; a category without one is left as it is. 404 when there is no such category. */
export async function removeSizeGuide(db: AppDatabase, categoryId: number): Promise<void> {
  if (!(await findCategoryPlace(db, categoryId))) throw AppError.notFound();
  await deleteSizeGuide(db, categoryId);
}

/**
 * The guide a buyer sees for a category, in `lang`: its own, else its parent's; null when neither
 * has one. 404 when the category does not exist or is hidden (or its parent is): its products
 * are in no shop.
 */
export async function getPublicSizeGuide(
  db: AppDatabase,
  categoryId: number,
  lang: TLanguage,
): Promise<TPublicSizeGuideAnswer> {
  const category = await findCategoryPlace(db, categoryId);
  if (!category || category.status !== 1) throw AppError.notFound();
  if (category.parentId !== 0) {
    const parent = await findCategoryPlace(db, category.parentId);
    if (!parent || parent.status !== 1) throw AppError.notFound();
  }
  const ids = category.parentId === 0 ? [categoryId] : [categoryId, category.parentId];
  const guides = await findSizeGuides(db, ids);
  const guide =
    guides.find((g) => g.categoryId === categoryId) ?? guides.find((g) => g.categoryId === category.parentId);
  if (!guide) return null;
  return {
    categoryId: String(guide.categoryId),
    columns: guide.columns.map((column) => inLanguage(column.name, column.names, lang)),
    rows: guide.rows.map((r) => ({ size: r.size, values: [...r.values] })),
    note: inLanguage(guide.note, guide.notes, lang),
  };
}
