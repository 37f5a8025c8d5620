import {
  ErrorCode,
  type TCategory,
  type TCategoryForm,
  type TCategoryListQuery,
  type TCategoryNames,
  type TCategoryOption,
  type TCategoryOptionsQuery,
  type TCategoryRequestParsed,
  type TLanguage,
} from '@linkstore/contract';
import type { AppDatabase } from '../../platform/db/database';
import { withTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors/app-error';
import { formatDateTime } from '../../platform/http/date-time';
import {
  deleteCategory,
  findCategory,
  findCategoryForUpdate,
  hasChildCategories,
  hasProducts,
  insertCategory,
  listAllCategories,
  lockCategoryTree,
  updateCategory,
  type CategoryRow,
} from './categories.repository';

const flag = (value: number): 0 | 1 => (value === 1 ? 1 : 0);

const NAME_LANGUAGES = ['es', 'pt', 'zh-cn', 'fr'] as const;

/** Only the known languages with a non-empty text: the jsonb column is open. */
function cleanNames(names: Record<string, string> | null | undefined): TCategoryNames {
  const out: TCategoryNames = {};
  for (const lang of NAME_LANGUAGES) {
    const value = names?.[lang];
    if (typeof value === 'string' && value !== '') out[lang] = value;
  }
  return out;
}

/** The name in `lang`, English when there is no translation. */
export function categoryLabel(row: Pick<CategoryRow, 'name' | 'names'>, lang: TLanguage): string {
  if (lang === 'en') return row.name;
  return cleanNames(row.names)[lang] ?? row.name;
}

function inTreeOrder(rows: CategoryRow[]): CategoryRow[] {
  return [...rows].sort((a, b) => a.sort - b.sort || a.id - b.id);
}

/** Every row whose parent is not among them is a root: a filtered set keeps matches under matches. */
function buildTree<T>(rows: CategoryRow[], toNode: (row: CategoryRow, children: T[]) => T): T[] {
  const ids = new Set(rows.map((r) => r.id));
  const byParent = new Map<number, CategoryRow[]>();
  for (const row of inTreeOrder(rows)) {
    const siblings = byParent.get(row.parentId) ?? [];
    siblings.push(row);
    byParent.set(row.parentId, siblings);
  }
  const build = (row: CategoryRow): T => toNode(row, (byParent.get(row.id) ?? []).map(build));
  return inTreeOrder(rows.filter((r) => !ids.has(r.parentId))).map(build);
}

function toForm(row: CategoryRow): TCategoryForm {
  return {
    id: String(row.id),
    parentId: String(row.parentId),
    name: row.name,
    names: cleanNames(row.names),
    iconUrl: row.iconUrl,
    sort: row.sort,
    status: flag(row.status),
  };
}

/** The tree; with `keywords` (a name in any language, any case) or `status`, the matching categories. */
export async function listCategoryTree(
  db: AppDatabase,
  lang: TLanguage,
  query: TCategoryListQuery,
): Promise<TCategory[]> {
  const needle = query.keywords?.toLowerCase();
  const rows = (await listAllCategories(db)).filter(
    (r) =>
      (!needle ||
        [r.name, ...Object.values(cleanNames(r.names))].some((n) => n.toLowerCase().includes(needle))) &&
      (query.status === undefined || r.status === query.status),
  );
  return buildTree<TCategory>(rows, (row, children) => ({
    ...toForm(row),
    label: categoryLabel(row, lang),
    ...(children.length > 0 ? { children } : {}),
    createTime: formatDateTime(row.createdAt),
    updateTime: formatDateTime(row.updatedAt),
  }));
}

/** Shown categories as options: first-level ones (the parent picker) or the whole tree. */
export async function listCategoryOptions(
  db: AppDatabase,
  lang: TLanguage,
  query: TCategoryOptionsQuery,
): Promise<TCategoryOption[]> {
  const all = (await listAllCategories(db)).filter((r) => r.status === 1);
  const shownTop = new Set(all.filter((r) => r.parentId === 0).map((r) => r.id));
  // A child of a hidden first-level category is not offered on its own.
  const rows = all.filter((r) =>
    query.level === 'first' ? r.parentId === 0 : r.parentId === 0 || shownTop.has(r.parentId),
  );
  return buildTree<TCategoryOption>(rows, (row, children) => ({
    value: String(row.id),
    label: categoryLabel(row, lang),
    ...(children.length > 0 ? { children } : {}),
  }));
}

export async function getCategoryForm(db: AppDatabase, id: number): Promise<TCategoryForm> {
  const row = await findCategory(db, id);
  if (!row) throw AppError.notFound();
  return toForm(row);
}

/**
 * Adds (`id` null) or changes a category. Two levels only: a parent (0 = first level) must be an
 * existing first-level category other than the category itself, and a category that has
 * sub-categories must stay at the first level.
 */
export async function saveCategory(
  db: AppDatabase,
  id: number | null,
  form: TCategoryRequestParsed,
): Promise<TCategoryForm> {
  const parentId = Number(form.parentId);
  const saved = await withTransaction(db, async (tx) => {
    await lockCategoryTree(tx);
    const current = id === null ? undefined : await findCategory(tx, id);
    if (id !== null && !current) throw AppError.notFound();
    if (parentId !== 0) {
      const parent = await findCategory(tx, parentId);
      if (!parent || parent.parentId !== 0 || parentId === id) {
        throw AppError.field('parentId', 'catalog.category.parentNotFirstLevel');
      }
      if (id !== null && (await hasChildCategories(tx, id))) {
        throw AppError.field('parentId', 'catalog.category.hasSubcategories');
      }
    }
    const values = {
      parentId,
      name: form.name,
      names: cleanNames(form.names),
      iconUrl: form.iconUrl ? form.iconUrl : null,
      sort: form.sort,
      status: form.status,
    };
    if (id === null) return insertCategory(tx, values);
    const row = await updateCategory(tx, id, values);
    if (!row) throw AppError.notFound();
    return row;
  });
  return toForm(saved);
}

/** Refused while the category has sub-categories or products. */
export async function removeCategory(db: AppDatabase, id: number): Promise<void> {
  await withTransaction(db, async (tx) => {
    await lockCategoryTree(tx);
    if (!(await findCategoryForUpdate(tx, id))) throw AppError.notFound();
    if (await hasChildCategories(tx, id)) {
      throw AppError.of(ErrorCode.HAS_CHILDREN, 'catalog.category.hasSubcategories');
    }
    if (await hasProducts(tx, id)) {
      throw AppError.of(ErrorCode.IN_USE, 'catalog.category.hasProducts');
    }
    await deleteCategory(tx, id);
  });
}

export async function setCategoryStatus(db: AppDatabase, id: number, status: 0 | 1): Promise<void> {
  if (!(await updateCategory(db, id, { status }))) throw AppError.notFound();
}
