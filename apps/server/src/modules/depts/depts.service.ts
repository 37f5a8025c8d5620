import {
  ErrorCode,
  type TDept,
  type TDeptForm,
  type TDeptListQuery,
  type TDeptOption,
  type TDeptRequest,
} from '@linkstore/contract';
import type { AppDatabase } from '../../platform/db/database';
import { withTransaction } from '../../platform/db/transaction';
import { isUniqueViolation } from '../../platform/db/errors';
import { AppError } from '../../platform/errors/app-error';
import { formatDateTime } from '../../platform/http/date-time';
import {
  deleteDepts,
  findDept,
  findDeptsForUpdate,
  insertDept,
  isAnyDeptStaffed,
  isCodeTaken,
  listAllDepts,
  listChildIds,
  lockDeptTree,
  rePathBranch,
  updateDept,
  type DeptRow,
} from './depts.repository';

const flag = (value: number): 0 | 1 => (value === 1 ? 1 : 0);

function inTreeOrder(rows: DeptRow[]): DeptRow[] {
  return [...rows].sort((a, b) => a.sort - b.sort || a.id - b.id);
}

/**
 * Builds a tree of the rows. Every row whose parent is not among them is a root, so a filtered
 * set keeps each match with the matches beneath it.
 */
function buildTree<T>(rows: DeptRow[], toNode: (row: DeptRow, children: T[]) => T): T[] {
  const ids = new Set(rows.map((r) => r.id));
  const byParent = new Map<number, DeptRow[]>();
  for (const row of inTreeOrder(rows)) {
    const siblings = byParent.get(row.parentId) ?? [];
    siblings.push(row);
    byParent.set(row.parentId, siblings);
  }
  const build = (row: DeptRow): T => toNode(row, (byParent.get(row.id) ?? []).map(build));
  return inTreeOrder(rows.filter((r) => !ids.has(r.parentId))).map(build);
}

function toDept(row: DeptRow, children: TDept[]): TDept {
  return {
    id: String(row.id),
    parentId: String(row.parentId),
    name: row.name,
    code: row.code,
    sort: row.sort,
    status: flag(row.status),
    ...(children.length > 0 ? { children } : {}),
    createTime: formatDateTime(row.createdAt),
    updateTime: formatDateTime(row.updatedAt),
  };
}

function toOption(row: DeptRow, children: TDeptOption[]): TDeptOption {
  return { value: String(row.id), label: row.name, ...(children.length > 0 ? { children } : {}) };
}

function toForm(row: DeptRow): TDeptForm {
  return {
    id: String(row.id),
    name: row.name,
    code: row.code,
    parentId: String(row.parentId),
    status: flag(row.status),
    sort: row.sort,
  };
}

/** The tree; with `keywords` (name, any case) or `status`, the matching departments. */
export async function listDeptTree(db: AppDatabase, query: TDeptListQuery): Promise<TDept[]> {
  const needle = query.keywords?.toLowerCase();
  const rows = (await listAllDepts(db)).filter(
    (r) =>
      (!needle || r.name.toLowerCase().includes(needle)) &&
      (query.status === undefined || r.status === query.status),
  );
  return buildTree(rows, toDept);
}

/** Active departments as options, for pickers. */
export async function listDeptOptions(db: AppDatabase): Promise<TDeptOption[]> {
  const rows = (await listAllDepts(db)).filter((r) => r.status === 1);
  return buildTree(rows, toOption);
}

export async function getDeptForm(db: AppDatabase, id: number): Promise<TDeptForm> {
  const row = await findDept(db, id);
  if (!row) throw AppError.notFound();
  return toForm(row);
}

/**
 * Adds (`id` null) or changes a department. The parent (0 = top) must exist and may not be the
 * department itself or anything beneath it. A move rewrites the tree path of the whole branch
 * in the same transaction.
 */
export async function saveDept(db: AppDatabase, id: number | null, form: TDeptRequest): Promise<TDeptForm> {
  const parentId = Number(form.parentId);
  try {
    const saved = await withTransaction(db, async (tx) => {
      await lockDeptTree(tx);
      const current = id === null ? undefined : await findDept(tx, id);
      if (id !== null && !current) throw AppError.notFound();
      let treePath = '0';
      if (parentId !== 0) {
        const parent = await findDept(tx, parentId);
        const isOwnBranch =
          id !== null && (parentId === id || (parent?.treePath.split(',') ?? []).includes(String(id)));
        if (!parent || isOwnBranch) throw AppError.field('parentId', 'error.invalidParent');
        treePath = `${parent.treePath},${parent.id}`;
      }
      if (await isCodeTaken(tx, form.code, id ?? undefined)) throw AppError.field('code', 'error.duplicate');
      const values = {
        name: form.name,
        code: form.code,
        parentId,
        treePath,
        sort: form.sort,
        status: form.status,
      };
      if (id === null || !current) return insertDept(tx, values);
      if (current.treePath !== treePath) {
        await rePathBranch(tx, `${current.treePath},${id}`, `${treePath},${id}`);
      }
      const row = await updateDept(tx, id, values);
      if (!row) throw AppError.notFound();
      return row;
    });
    return toForm(saved);
  } catch (error) {
    // Two saves of the same code at once: the unique index decides.
    if (!(error instanceof AppError) && isUniqueViolation(error)) {
      throw AppError.field('code', 'error.duplicate');
    }
    throw error;
  }
}

/**
 * All or nothing: an unknown id, a department with sub-departments that are not deleted with
 * it, or one that users still belong to stops the whole batch.
 */
export async function removeDepts(db: AppDatabase, ids: number[]): Promise<void> {
  await withTransaction(db, async (tx) => {
    await lockDeptTree(tx);
    const found = await findDeptsForUpdate(tx, ids);
    if (found.length !== ids.length) throw AppError.notFound();
    const batch = new Set(ids);
    if ((await listChildIds(tx, ids)).some((childId) => !batch.has(childId))) {
      throw AppError.of(ErrorCode.HAS_CHILDREN, 'error.hasChildren');
    }
    if (await isAnyDeptStaffed(tx, ids)) {
      throw AppError.of(ErrorCode.IN_USE, 'error.inUse');
    }
    await deleteDepts(tx, ids);
  });
}
