import {
  ErrorCode,
  USER_EXPORT_MAX_ROWS,
  type TGender,
  type TUserCreateRequest,
  type TUserForm,
  type TUserOption,
  type TUserPage,
  type TUserPageItem,
  type TUserPageQuery,
  type TUserRequest,
} from '@linkstore/contract';
import { hashPassword } from '../../platform/auth/passwords';
import type { SessionService } from '../../platform/auth/sessions';
import type { AppDatabase } from '../../platform/db/database';
import { AppError, type FieldProblem } from '../../platform/errors/app-error';
import { withTransaction } from '../../platform/db/transaction';
import { ROOT_ROLE } from '../../platform/http/access';
import { formatDateTime } from '../../platform/http/date-time';
import {
  countUsers,
  deleteUsers,
  findUserById,
  findVisibleUser,
  findVisibleUserIdsForUpdate,
  insertUser,
  insertUserRoles,
  isEmailTaken,
  isUsernameTaken,
  listAllRoles,
  listDepts,
  listRolesOfUsers,
  listUserOptions,
  pageUsers,
  replaceUserRoles,
  updateUser,
  widestDataScope,
  type DeptRef,
  type RoleRef,
  type UserFilter,
  type UserRow,
  type Visibility,
} from './users.repository';
import { utcRangeEnd } from '../../platform/http/days';

/** Who asks: the signed-in user as the auth plugin resolved it. */
export interface Caller {
  id: string;
  /** Active role codes. */
  roles: string[];
}

const selfAction = (key: 'users.selfDelete' | 'users.selfDisable') => AppError.of(ErrorCode.SELF_ACTION, key);

export const isRoot = (caller: Caller) => caller.roles.includes(ROOT_ROLE);
const flag = (value: number): 0 | 1 => (value === 1 ? 1 : 0);
export const genderOf = (value: number): TGender => (value === 1 || value === 2 ? value : 0);

/** Which unique index a failed insert or update hit, if it was one of ours. */
export function violatedUniqueField(error: unknown): 'username' | 'email' | undefined {
  for (let e: unknown = error; typeof e === 'object' && e !== null;) {
    const { code, constraint, message } = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (code === '23505') {
      const text = [constraint, message].filter((part) => typeof part === 'string').join(' ');
      if (text.includes('users_email_key')) return 'email';
      if (text.includes('users_username_key')) return 'username';
    }
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A department and every department below it (tree paths list the ancestors). */
export function subtreeIds(depts: DeptRef[], id: number): number[] {
  const key = String(id);
  return depts.filter((d) => d.id === id || d.treePath.split(',').includes(key)).map((d) => d.id);
}

/**
 * What the caller may reach, from the widest data scope of their active roles: 0 all, 1 their
 * department and below, 2 their department, 3 themselves (also without a role or department).
 * ROOT reaches everyone; nobody else sees ROOT users.
 */
export async function visibilityOf(db: AppDatabase, caller: Caller): Promise<Visibility> {
  const callerId = Number(caller.id);
  if (isRoot(caller)) return { callerId, isRootHidden: false, isSelfOnly: false };
  const base = { callerId, isRootHidden: true };
  const scope = await widestDataScope(db, callerId);
  if (scope === 0) return { ...base, isSelfOnly: false };
  const deptId = scope === 1 || scope === 2 ? (await findUserById(db, callerId))?.deptId : null;
  if (deptId === null || deptId === undefined) return { ...base, isSelfOnly: true };
  const deptIds = scope === 1 ? subtreeIds(await listDepts(db), deptId) : [deptId];
  return { ...base, isSelfOnly: false, deptIds };
}

const joinNames = (roles: RoleRef[] | undefined) => (roles ?? []).map((r) => r.name).join(',');

function toForm(row: UserRow, roles: RoleRef[]): TUserForm {
  return {
    id: String(row.id),
    username: row.username ?? '',
    nickname: row.nickname,
    mobile: row.mobile,
    gender: genderOf(row.gender),
    avatar: row.avatarUrl,
    email: row.email,
    status: flag(row.status),
    deptId: row.deptId === null ? null : String(row.deptId),
    roleIds: roles.map((r) => String(r.id)),
  };
}

async function filterOf(db: AppDatabase, query: TUserPageQuery): Promise<UserFilter> {
  const from = utcRangeEnd(query.createdFrom, 'from', 'createTime');
  const to = utcRangeEnd(query.createdTo, 'to', 'createTime');
  return {
    keywords: query.keywords,
    status: query.status,
    deptIds: query.deptId === null ? undefined : subtreeIds(await listDepts(db), Number(query.deptId)),
    roleIds: query.roleIds.map(Number),
    createdFrom: from?.date,
    createdTo: to?.date,
    isCreatedToExclusive: to?.isExclusive ?? false,
  };
}

/** A user the caller may reach (a visible console user), or "not found". */
async function requireVisible(db: AppDatabase, id: number, visibility: Visibility): Promise<UserRow> {
  const row = await findVisibleUser(db, id, visibility);
  if (!row) throw AppError.notFound();
  return row;
}

/** Roles must exist (ROOT only for ROOT callers); the department must exist. */
async function checkReferences(db: AppDatabase, body: TUserRequest, caller: Caller): Promise<FieldProblem[]> {
  const problems: FieldProblem[] = [];
  const grantable = new Set(
    (await listAllRoles(db)).filter((r) => r.code !== ROOT_ROLE || isRoot(caller)).map((r) => String(r.id)),
  );
  if (body.roleIds.some((id) => !grantable.has(id))) {
    problems.push({ field: 'roleIds', key: 'validation.invalid' });
  }
  if (body.deptId !== null) {
    const depts = await listDepts(db);
    if (!depts.some((d) => String(d.id) === body.deptId)) {
      problems.push({ field: 'deptId', key: 'validation.invalid' });
    }
  }
  return problems;
}

async function checkUnique(db: AppDatabase, body: TUserRequest, exceptId?: number): Promise<FieldProblem[]> {
  const problems: FieldProblem[] = [];
  if (await isUsernameTaken(db, body.username, exceptId)) {
    problems.push({ field: 'username', key: 'error.duplicate' });
  }
  if (body.email !== null && (await isEmailTaken(db, body.email, exceptId))) {
    problems.push({ field: 'email', key: 'error.duplicate' });
  }
  return problems;
}

function valuesOf(body: TUserRequest) {
  return {
    username: body.username,
    nickname: body.nickname,
    mobile: body.mobile,
    gender: body.gender,
    avatarUrl: body.avatar,
    email: body.email,
    status: body.status,
    deptId: body.deptId === null ? null : Number(body.deptId),
  };
}

/** Runs a write; a unique index that caught a race the pre-check lost answers as a duplicate. */
async function guardUnique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const field = violatedUniqueField(error);
    if (field) throw AppError.field(field, 'error.duplicate');
    throw error;
  }
}

export function createUsersService({ db, sessions }: { db: AppDatabase; sessions: SessionService }) {
  async function search(query: TUserPageQuery, caller: Caller, isPaged: boolean) {
    const visibility = await visibilityOf(db, caller);
    const filter = await filterOf(db, query);
    if (!isPaged && (await countUsers(db, visibility, filter)) > USER_EXPORT_MAX_ROWS) {
      throw AppError.of(ErrorCode.TOO_MANY_ROWS, 'users.export.tooMany', { max: USER_EXPORT_MAX_ROWS });
    }
    const { rows, total } = await pageUsers(db, {
      visibility,
      filter,
      sort: query.field ? { field: query.field, direction: query.direction ?? 'ASC' } : undefined,
      page: isPaged ? { pageNum: query.pageNum, pageSize: query.pageSize } : undefined,
    });
    const rolesByUser = await listRolesOfUsers(
      db,
      rows.map((r) => r.id),
    );
    const depts = new Map((await listDepts(db)).map((d) => [d.id, d]));
    return { rows, total, rolesByUser, depts };
  }

  async function form(id: number, caller: Caller): Promise<TUserForm> {
    const row = await requireVisible(db, id, await visibilityOf(db, caller));
    return toForm(row, (await listRolesOfUsers(db, [id])).get(id) ?? []);
  }

  return {
    async page(query: TUserPageQuery, caller: Caller): Promise<TUserPage> {
      const { rows, total, rolesByUser, depts } = await search(query, caller, true);
      const list = rows.map((row): TUserPageItem => {
        const { roleIds: _roleIds, ...fields } = toForm(row, []);
        return {
          ...fields,
          deptName: row.deptId === null ? null : (depts.get(row.deptId)?.name ?? null),
          roleNames: joinNames(rolesByUser.get(row.id)),
          createTime: formatDateTime(row.createdAt),
        };
      });
      return { list, total };
    },

    /** Every match of the page query (no paging), with role codes and department codes. */
    async exportRows(query: TUserPageQuery, caller: Caller) {
      const { rows, rolesByUser, depts } = await search(query, caller, false);
      return rows.map((row) => {
        const dept = row.deptId === null ? undefined : depts.get(row.deptId);
        return {
          username: row.username ?? '',
          nickname: row.nickname,
          gender: genderOf(row.gender),
          mobile: row.mobile ?? '',
          email: row.email ?? '',
          roles: (rolesByUser.get(row.id) ?? []).map((r) => r.code).join(','),
          dept: dept?.code ?? '',
          deptName: dept?.name ?? '',
          status: flag(row.status),
          createTime: formatDateTime(row.createdAt),
        };
      });
    },

    async options(caller: Caller): Promise<TUserOption[]> {
      // Creators (no console role) are signed in too, but have no business listing operators.
      if (caller.roles.length === 0) throw AppError.forbidden();
      const rows = await listUserOptions(db, await visibilityOf(db, caller));
      return rows.map((r) => ({ value: String(r.id), label: r.nickname || (r.username ?? '') }));
    },

    form,

    async create(body: TUserCreateRequest, caller: Caller): Promise<TUserForm> {
      const problems = [...(await checkUnique(db, body)), ...(await checkReferences(db, body, caller))];
      if (problems.length > 0) throw AppError.fields(problems);
      const passwordHash = await hashPassword(body.password);
      const row = await guardUnique(() =>
        withTransaction(db, async (tx) => {
          const created = await insertUser(tx, { ...valuesOf(body), passwordHash });
          await insertUserRoles(
            tx,
            body.roleIds.map((roleId) => ({ userId: created.id, roleId: Number(roleId) })),
          );
          return created;
        }),
      );
      return form(row.id, caller);
    },

    async update(id: number, body: TUserRequest, caller: Caller): Promise<TUserForm> {
      const current = await requireVisible(db, id, await visibilityOf(db, caller));
      if (id === Number(caller.id) && body.status === 0) throw selfAction('users.selfDisable');
      const problems = [...(await checkUnique(db, body, id)), ...(await checkReferences(db, body, caller))];
      if (problems.length > 0) throw AppError.fields(problems);
      await guardUnique(() =>
        withTransaction(db, async (tx) => {
          await updateUser(tx, id, valuesOf(body));
          await replaceUserRoles(tx, id, [...new Set(body.roleIds)].map(Number));
          if (current.status === 1 && body.status === 0) await sessions.revokeAllForUser(id, tx);
        }),
      );
      return form(id, caller);
    },

    /** All or nothing: one id the caller cannot reach stops the batch; never the caller. */
    async remove(ids: number[], caller: Caller): Promise<void> {
      if (ids.includes(Number(caller.id))) throw selfAction('users.selfDelete');
      const visibility = await visibilityOf(db, caller);
      await withTransaction(db, async (tx) => {
        const found = await findVisibleUserIdsForUpdate(tx, ids, visibility);
        if (found.length !== ids.length) throw AppError.notFound();
        await deleteUsers(tx, ids);
      });
    },

    /** Disabling ends every sign-in of the user at once. */
    async setStatus(id: number, status: number, caller: Caller): Promise<void> {
      await requireVisible(db, id, await visibilityOf(db, caller));
      if (id === Number(caller.id) && status === 0) throw selfAction('users.selfDisable');
      await withTransaction(db, async (tx) => {
        await updateUser(tx, id, { status });
        if (status === 0) await sessions.revokeAllForUser(id, tx);
      });
    },

    /** Sets the password an operator chose and ends every sign-in of the user. */
    async resetPassword(id: number, password: string, caller: Caller): Promise<void> {
      await requireVisible(db, id, await visibilityOf(db, caller));
      const passwordHash = await hashPassword(password);
      await withTransaction(db, async (tx) => {
        await updateUser(tx, id, { passwordHash });
        await sessions.revokeAllForUser(id, tx);
      });
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
