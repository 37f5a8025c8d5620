import {
  ErrorCode,
  type TRoleForm,
  type TRoleOption,
  type TRolePage,
  type TRolePageQuery,
  type TRoleRequest,
} from '@linkstore/contract';
import { isUniqueViolation } from '../../platform/db/errors';
import { AppError } from '../../platform/errors/app-error';
import type { AppDatabase } from '../../platform/db/database';
import { withTransaction } from '../../platform/db/transaction';
import { ROOT_ROLE } from '../../platform/http/access';
import { formatDateTime } from '../../platform/http/date-time';
import {
  deleteRoles,
  findExistingMenuIds,
  findRoleById,
  findRoleIdByCode,
  findRolesForUpdate,
  insertRole,
  isAnyRoleAssigned,
  listRoleMenuIds,
  listRoleOptions,
  pageRoles,
  replaceRoleMenus,
  updateRole,
  type RoleRow,
} from './roles.repository';

/** Who asks: ROOT sees ROOT; nobody else does. */
export interface Caller {
  roles: string[];
}

const isRoot = (caller: Caller) => caller.roles.includes(ROOT_ROLE);

const flag = (value: number): 0 | 1 => (value === 1 ? 1 : 0);

function toForm(row: RoleRow): TRoleForm {
  return {
    id: String(row.id),
    name: row.name,
    code: row.code,
    sort: row.sort,
    status: flag(row.status),
    dataScope: row.dataScope,
  };
}

const duplicateCode = () => AppError.field('code', 'error.duplicate');

const protectedRole = () => AppError.of(ErrorCode.PROTECTED_RECORD, 'error.protected');

async function requireRole(db: AppDatabase, id: number): Promise<RoleRow> {
  const row = await findRoleById(db, id);
  if (!row) throw AppError.notFound();
  return row;
}

/**
 * The role a write may change: it exists and is not ROOT. Every write route goes through here,
 * so ROOT answers A0442 to all of them alike, whoever asks (ROOT passes every permission check by
 * its code, so its rows have nothing to change).
 */
async function requireWritableRole(db: AppDatabase, id: number): Promise<RoleRow> {
  const row = await requireRole(db, id);
  if (row.code === ROOT_ROLE) throw protectedRole();
  return row;
}

/** ROOT is hidden from other callers, so for them it does not exist. */
async function requireVisibleRole(db: AppDatabase, id: number, caller: Caller): Promise<RoleRow> {
  const row = await requireRole(db, id);
  if (row.code === ROOT_ROLE && !isRoot(caller)) throw AppError.notFound();
  return row;
}

export async function getRolePage(
  db: AppDatabase,
  query: TRolePageQuery,
  caller: Caller,
): Promise<TRolePage> {
  const { rows, total } = await pageRoles(db, { ...query, isRootHidden: !isRoot(caller) });
  return {
    total,
    list: rows.map((row) => ({
      ...toForm(row),
      createTime: formatDateTime(row.createdAt),
      updateTime: formatDateTime(row.updatedAt),
    })),
  };
}

export async function getRoleOptions(db: AppDatabase, caller: Caller): Promise<TRoleOption[]> {
  const rows = await listRoleOptions(db, !isRoot(caller));
  return rows.map((row) => ({ value: String(row.id), label: row.name }));
}

export async function getRoleForm(db: AppDatabase, id: number, caller: Caller): Promise<TRoleForm> {
  return toForm(await requireVisibleRole(db, id, caller));
}

export async function createRole(db: AppDatabase, body: TRoleRequest): Promise<TRoleForm> {
  if ((await findRoleIdByCode(db, body.code)) !== undefined) throw duplicateCode();
  try {
    return toForm(await insertRole(db, body));
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateCode();
    throw error;
  }
}

export async function editRole(db: AppDatabase, id: number, body: TRoleRequest): Promise<TRoleForm> {
  await requireWritableRole(db, id);
  const holder = await findRoleIdByCode(db, body.code);
  if (holder !== undefined && holder !== id) throw duplicateCode();
  try {
    const row = await updateRole(db, id, body);
    if (!row) throw AppError.notFound();
    return toForm(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateCode();
    throw error;
  }
}

export async function setRoleStatus(db: AppDatabase, id: number, status: number): Promise<void> {
  await requireWritableRole(db, id);
  await updateRole(db, id, { status });
}

/** All or nothing: an unknown id, ROOT, or a role still held by a user stops the whole batch. */
export async function removeRoles(db: AppDatabase, ids: number[]): Promise<void> {
  await withTransaction(db, async (tx) => {
    const found = await findRolesForUpdate(tx, ids);
    if (found.length !== ids.length) throw AppError.notFound();
    if (found.some((role) => role.code === ROOT_ROLE)) throw protectedRole();
    if (await isAnyRoleAssigned(tx, ids)) {
      throw AppError.of(ErrorCode.IN_USE, 'error.inUse');
    }
    await deleteRoles(tx, ids);
  });
}

export async function getRoleMenuIds(db: AppDatabase, id: number, caller: Caller): Promise<string[]> {
  await requireVisibleRole(db, id, caller);
  return (await listRoleMenuIds(db, id)).map(String);
}

/** Replaces the role's menus in one transaction; any unknown menu id refuses the whole set. */
export async function assignRoleMenus(db: AppDatabase, id: number, menuIds: number[]): Promise<void> {
  const wanted = [...new Set(menuIds)];
  await withTransaction(db, async (tx) => {
    await requireWritableRole(tx, id);
    const existing = new Set(await findExistingMenuIds(tx, wanted));
    if (wanted.some((menuId) => !existing.has(menuId))) {
      throw AppError.field('menuIds', 'validation.invalid');
    }
    await replaceRoleMenus(tx, id, wanted);
  });
}
