import {
  DICT_LABEL_LANGUAGES,
  ZDictTagTypeOrNone,
  type TDictForm,
  type TDictItemForm,
  type TDictItemPage,
  type TDictItemPageQuery,
  type TDictItemRequest,
  type TDictLabels,
  type TDictList,
  type TDictOptions,
  type TDictPage,
  type TDictPageQuery,
  type TDictRequest,
  type TDictTagTypeOrNone,
  type TLanguage,
} from '@linkstore/contract';
import type { AppDatabase } from '../../platform/db/database';
import { withTransaction } from '../../platform/db/transaction';
import { isUniqueViolation } from '../../platform/db/errors';
import { AppError } from '../../platform/errors/app-error';
import { formatDateTime } from '../../platform/http/date-time';
import {
  deleteDictItems,
  deleteDicts,
  findDict,
  findDictByCodeForShare,
  findDictForUpdate,
  findDictItem,
  findDictItemsForUpdate,
  findDictsForUpdate,
  insertDict,
  insertDictItem,
  isDictCodeTaken,
  isItemValueTaken,
  listActiveDicts,
  moveDictItems,
  pageDictItems,
  pageDicts,
  updateDict,
  updateDictItem,
  type DictItemFields,
  type DictItemRow,
  type DictRow,
} from './dicts.repository';

const flag = (value: number): 0 | 1 => (value === 1 ? 1 : 0);

/** A stored tag type the contract does not know (edited by hand) shows as a plain tag. */
function tagTypeOf(stored: string | null): TDictTagTypeOrNone {
  const parsed = ZDictTagTypeOrNone.safeParse(stored ?? '');
  return parsed.success ? parsed.data : '';
}

/** The item's label in `lang`, else English. */
export function labelIn(lang: TLanguage, item: { label: string; labels: Record<string, string> }): string {
  if (lang === 'en') return item.label;
  const translated = item.labels[lang];
  return typeof translated === 'string' && translated.trim() !== '' ? translated : item.label;
}

/** Only the translations given; an empty one means "use English". */
function storedLabels(labels: TDictLabels): Record<string, string> {
  const stored: Record<string, string> = {};
  for (const lang of DICT_LABEL_LANGUAGES) if (labels[lang] !== '') stored[lang] = labels[lang];
  return stored;
}

function formLabels(stored: Record<string, string>): TDictItemForm['labels'] {
  const text = (lang: (typeof DICT_LABEL_LANGUAGES)[number]) =>
    typeof stored[lang] === 'string' ? stored[lang] : '';
  return { es: text('es'), pt: text('pt'), 'zh-cn': text('zh-cn'), fr: text('fr') };
}

function toDictForm(row: DictRow): TDictForm {
  return {
    id: String(row.id),
    name: row.name,
    dictCode: row.dictCode,
    remark: row.remark ?? '',
    status: flag(row.status),
  };
}

function toItemForm(row: DictItemRow): TDictItemForm {
  return {
    id: String(row.id),
    dictCode: row.dictCode,
    value: row.value,
    label: row.label,
    labels: formLabels(row.labels),
    tagType: tagTypeOf(row.tagType),
    sort: row.sort,
    status: flag(row.status),
  };
}

// ── Dictionaries ────────────────────────────────────────────────────────────────────────────

export async function getDictPage(db: AppDatabase, query: TDictPageQuery): Promise<TDictPage> {
  const { rows, total } = await pageDicts(db, query);
  return {
    total,
    list: rows.map((row) => ({
      ...toDictForm(row),
      createTime: formatDateTime(row.createdAt),
      updateTime: formatDateTime(row.updatedAt),
    })),
  };
}

export async function getDictForm(db: AppDatabase, id: number): Promise<TDictForm> {
  const row = await findDict(db, id);
  if (!row) throw AppError.notFound();
  return toDictForm(row);
}

/**
 * Adds (`id` null) or changes a dictionary. The code must be unused by another dictionary; when
 * it changes, the items move with it in the same transaction.
 */
export async function saveDict(db: AppDatabase, id: number | null, body: TDictRequest): Promise<TDictForm> {
  const fields = { name: body.name, dictCode: body.dictCode, remark: body.remark, status: body.status };
  try {
    const row = await withTransaction(db, async (tx) => {
      const current = id === null ? undefined : await findDictForUpdate(tx, id);
      if (id !== null && !current) throw AppError.notFound();
      if (await isDictCodeTaken(tx, body.dictCode, id ?? undefined)) {
        throw AppError.field('dictCode', 'error.duplicate');
      }
      if (!current) return insertDict(tx, fields);
      const updated = await updateDict(tx, current.id, fields);
      if (current.dictCode !== body.dictCode) await moveDictItems(tx, current.dictCode, body.dictCode);
      return updated;
    });
    if (!row) throw AppError.notFound();
    return toDictForm(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.field('dictCode', 'error.duplicate');
    throw error;
  }
}

/** All or nothing: an unknown id stops the whole batch. Each dictionary's items go with it. */
export async function removeDicts(db: AppDatabase, ids: number[]): Promise<void> {
  await withTransaction(db, async (tx) => {
    const found = await findDictsForUpdate(tx, ids);
    if (found.length !== ids.length) throw AppError.notFound();
    await deleteDicts(
      tx,
      ids,
      found.map((d) => d.dictCode),
    );
  });
}

// ── Items ───────────────────────────────────────────────────────────────────────────────────

export async function getDictItemPage(db: AppDatabase, query: TDictItemPageQuery): Promise<TDictItemPage> {
  const { rows, total } = await pageDictItems(db, query);
  return {
    total,
    list: rows.map((row) => ({
      ...toItemForm(row),
      createTime: formatDateTime(row.createdAt),
      updateTime: formatDateTime(row.updatedAt),
    })),
  };
}

export async function getDictItemForm(db: AppDatabase, id: number): Promise<TDictItemForm> {
  const row = await findDictItem(db, id);
  if (!row) throw AppError.notFound();
  return toItemForm(row);
}

/** Adds (`id` null) or changes an item of an existing dictionary; its value is unique there. */
export async function saveDictItem(
  db: AppDatabase,
  id: number | null,
  body: TDictItemRequest,
): Promise<TDictItemForm> {
  const fields: DictItemFields = {
    dictCode: body.dictCode,
    value: body.value,
    label: body.label,
    labels: storedLabels(body.labels),
    tagType: body.tagType === '' ? null : body.tagType,
    sort: body.sort,
    status: body.status,
  };
  try {
    const row = await withTransaction(db, async (tx) => {
      if (id !== null && !(await findDictItem(tx, id))) throw AppError.notFound();
      if (!(await findDictByCodeForShare(tx, body.dictCode)))
        throw AppError.field('dictCode', 'dict.unknown');
      if (await isItemValueTaken(tx, body.dictCode, body.value, id ?? undefined)) {
        throw AppError.field('value', 'error.duplicate');
      }
      return id === null ? insertDictItem(tx, fields) : updateDictItem(tx, id, fields);
    });
    if (!row) throw AppError.notFound();
    return toItemForm(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.field('value', 'error.duplicate');
    throw error;
  }
}

/** All or nothing: an unknown id stops the whole batch. */
export async function removeDictItems(db: AppDatabase, ids: number[]): Promise<void> {
  await withTransaction(db, async (tx) => {
    const found = await findDictItemsForUpdate(tx, ids);
    if (found.length !== ids.length) throw AppError.notFound();
    await deleteDictItems(tx, ids);
  });
}

// ── For forms and tables ────────────────────────────────────────────────────────────────────

/** Every active dictionary with its active items, labels in `lang` (else English). */
export async function getDictList(db: AppDatabase, lang: TLanguage): Promise<TDictList> {
  const { dicts, items } = await listActiveDicts(db);
  const byCode = new Map<string, TDictList[number]['dictDataList']>(dicts.map((d) => [d.dictCode, []]));
  for (const item of items) {
    byCode.get(item.dictCode)?.push({
      value: item.value,
      label: labelIn(lang, item),
      tagType: tagTypeOf(item.tagType),
    });
  }
  return dicts.map((dict) => ({
    name: dict.name,
    dictCode: dict.dictCode,
    dictDataList: byCode.get(dict.dictCode) ?? [],
  }));
}

/** One active dictionary's active items as options; an unknown or disabled code has none. */
export async function getDictOptions(
  db: AppDatabase,
  lang: TLanguage,
  dictCode: string,
): Promise<TDictOptions> {
  const { items } = await listActiveDicts(db, dictCode);
  return items.map((item) => ({
    value: item.value,
    label: labelIn(lang, item),
    tag: tagTypeOf(item.tagType),
  }));
}
