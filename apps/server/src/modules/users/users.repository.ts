import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  lte,
  min,
  ne,
  not,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { roles, userRoles } from '../../platform/auth/access.tables';
import { refreshTokens, users } from '../../platform/auth/auth.tables';
import type { AppDatabase } from '../../platform/db/database';
import { ROOT_ROLE } from '../../platform/http/access';
import { containsPattern } from '../../platform/db/like';
import { listAllDepts } from '../depts/depts.api';
import { stampNow } from '../../platform/db/stamp';

export type UserRow = typeof users.$inferSelect;
export type UserValues = Pick<
  UserRow,
  'username' | 'nickname' | 'mobile' | 'gender' | 'avatarUrl' | 'email' | 'status' | 'deptId'
>;

/** A department as this module needs it (the table belongs to the depts module). */
export interface DeptRef {
  id: number;
  name: string;
  code: string;
  treePath: string;
}

export interface RoleRef {
  id: number;
  name: string;
  code: string;
}

/**
 * Who the caller may see. `undefined` dept ids: every department. Otherwise users in those
 * departments, and always the caller.
 */
export interface Visibility {
  callerId: number;
  isRootHidden: boolean;
  deptIds?: number[] | undefined;
  isSelfOnly: boolean;
}

export interface UserFilter {
  keywords?: string | undefined;
  status?: number | undefined;
  /** Users in these departments (a department and the ones below it). */
  deptIds?: number[] | undefined;
  roleIds?: number[] | undefined;
  createdFrom?: Date | undefined;
  /** Exclusive when `isCreatedToExclusive`, else inclusive. */
  createdTo?: Date | undefined;
  isCreatedToExclusive?: boolean;
}

export type SortField = 'createTime' | 'updateTime' | 'username' | 'nickname' | 'status';

const SORT_COLUMNS = {
  createTime: users.createdAt,
  updateTime: users.updatedAt,
  username: users.username,
  nickname: users.nickname,
  status: users.status,
} as const;

/** Every department; the table is small, so subtrees and names are worked out in memory. */
export async function listDepts(db: AppDatabase): Promise<DeptRef[]> {
  const rows = await listAllDepts(db);
  return rows.map(({ id, name, code, treePath }) => ({ id, name, code, treePath }));
}

/** Whether the user holds any role at all: only such users are console users (operators). */
function isOperator(db: AppDatabase): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(userRoles)
      .where(eq(userRoles.userId, users.id)),
  );
}

function holdsRootRole(db: AppDatabase): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(and(eq(userRoles.userId, users.id), eq(roles.code, ROOT_ROLE))),
  );
}

function visibleTo(db: AppDatabase, visibility: Visibility): SQL | undefined {
  const { callerId, deptIds } = visibility;
  let scope: SQL | undefined;
  if (visibility.isSelfOnly) scope = eq(users.id, callerId);
  else if (deptIds !== undefined) {
    scope =
      deptIds.length > 0
        ? or(eq(users.id, callerId), inArray(users.deptId, deptIds))
        : eq(users.id, callerId);
  }
  return and(isOperator(db), visibility.isRootHidden ? not(holdsRootRole(db)) : undefined, scope);
}

function matching(db: AppDatabase, filter: UserFilter): SQL | undefined {
  const pattern = filter.keywords ? containsPattern(filter.keywords) : undefined;
  const { deptIds, roleIds } = filter;
  return and(
    pattern
      ? or(
          ilike(users.username, pattern),
          ilike(users.nickname, pattern),
          ilike(users.mobile, pattern),
          ilike(users.email, pattern),
        )
      : undefined,
    filter.status === undefined ? undefined : eq(users.status, filter.status),
    deptIds === undefined ? undefined : deptIds.length > 0 ? inArray(users.deptId, deptIds) : sql`false`,
    roleIds && roleIds.length > 0
      ? exists(
          db
            .select({ one: sql`1` })
            .from(userRoles)
            .where(and(eq(userRoles.userId, users.id), inArray(userRoles.roleId, roleIds))),
        )
      : undefined,
    filter.createdFrom ? gte(users.createdAt, filter.createdFrom) : undefined,
    filter.createdTo
      ? filter.isCreatedToExclusive
        ? lt(users.createdAt, filter.createdTo)
        : lte(users.createdAt, filter.createdTo)
      : undefined,
  );
}

export async function pageUsers(
  db: AppDatabase,
  query: {
    visibility: Visibility;
    filter: UserFilter;
    sort?: { field: SortField; direction: 'ASC' | 'DESC' } | undefined;
    /** Absent: every match (the export). */
    page?: { pageNum: number; pageSize: number } | undefined;
  },
): Promise<{ rows: UserRow[]; total: number }> {
  const where = and(visibleTo(db, query.visibility), matching(db, query.filter));
  const [totalRow] = await db.select({ total: count() }).from(users).where(where);
  const total = totalRow?.total ?? 0;
  const column = query.sort ? SORT_COLUMNS[query.sort.field] : users.createdAt;
  const order = query.sort?.direction === 'ASC' ? asc : desc;
  const select = db.select().from(users).where(where).orderBy(order(column), order(users.id));
  const rows = query.page
    ? await select.limit(query.page.pageSize).offset((query.page.pageNum - 1) * query.page.pageSize)
    : await select;
  return { rows, total };
}

export async function countUsers(
  db: AppDatabase,
  visibility: Visibility,
  filter: UserFilter,
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(users)
    .where(and(visibleTo(db, visibility), matching(db, filter)));
  return row?.total ?? 0;
}

/** The user, when the caller may see it as a console user. */
export async function findVisibleUser(
  db: AppDatabase,
  id: number,
  visibility: Visibility,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), visibleTo(db, visibility)))
    .limit(1);
  return row;
}

/** The visible ones among `ids`, locked for the rest of the transaction. */
export async function findVisibleUserIdsForUpdate(
  db: AppDatabase,
  ids: number[],
  visibility: Visibility,
): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), visibleTo(db, visibility)))
    .for('update');
  return rows.map((r) => r.id);
}

export async function findUserById(db: AppDatabase, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Enabled console users the caller may see, for pickers. */
export async function listUserOptions(
  db: AppDatabase,
  visibility: Visibility,
): Promise<{ id: number; nickname: string; username: string | null }[]> {
  return db
    .select({ id: users.id, nickname: users.nickname, username: users.username })
    .from(users)
    .where(and(visibleTo(db, visibility), eq(users.status, 1)))
    .orderBy(asc(users.nickname), asc(users.id));
}

/** The roles of each user, in role order. */
export async function listRolesOfUsers(db: AppDatabase, userIds: number[]): Promise<Map<number, RoleRef[]>> {
  const byUser = new Map<number, RoleRef[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({ userId: userRoles.userId, id: roles.id, name: roles.name, code: roles.code })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(inArray(userRoles.userId, userIds))
    .orderBy(asc(roles.sort), asc(roles.id));
  for (const { userId, ...role } of rows) {
    byUser.set(userId, [...(byUser.get(userId) ?? []), role]);
  }
  return byUser;
}

export async function listAllRoles(db: AppDatabase): Promise<RoleRef[]> {
  return db.select({ id: roles.id, name: roles.name, code: roles.code }).from(roles);
}

/** The widest data scope among the user's active roles (0 all … 3 self); undefined with none. */
export async function widestDataScope(db: AppDatabase, userId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ scope: min(roles.dataScope) })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), eq(roles.status, 1)));
  return row?.scope ?? undefined;
}

/** Users other than `exceptId` holding the username (case-insensitive). */
export async function isUsernameTaken(
  db: AppDatabase,
  username: string,
  exceptId?: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.username}) = ${username.toLowerCase()}`,
        exceptId === undefined ? undefined : ne(users.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function isEmailTaken(db: AppDatabase, email: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), exceptId === undefined ? undefined : ne(users.id, exceptId)))
    .limit(1);
  return row !== undefined;
}

/** Which of these (lower-cased) usernames are taken. */
export async function findTakenUsernames(db: AppDatabase, usernames: string[]): Promise<Set<string>> {
  if (usernames.length === 0) return new Set();
  const rows = await db
    .select({ username: users.username })
    .from(users)
    .where(inArray(sql`lower(${users.username})`, usernames));
  return new Set(rows.flatMap((r) => (r.username ? [r.username.toLowerCase()] : [])));
}

export async function findTakenEmails(db: AppDatabase, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db.select({ email: users.email }).from(users).where(inArray(users.email, emails));
  return new Set(rows.flatMap((r) => (r.email ? [r.email] : [])));
}

export async function insertUser(
  db: AppDatabase,
  values: UserValues & { passwordHash: string | null },
): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('user not inserted');
  return row;
}

/** Many users at once. */
export async function insertUsers(
  db: AppDatabase,
  values: (UserValues & { passwordHash: string | null })[],
): Promise<{ id: number; username: string | null }[]> {
  if (values.length === 0) return [];
  return db.insert(users).values(values).returning({ id: users.id, username: users.username });
}

export async function updateUser(
  db: AppDatabase,
  id: number,
  values: Partial<UserValues & { passwordHash: string | null }>,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: stampNow() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function replaceUserRoles(db: AppDatabase, userId: number, roleIds: number[]): Promise<void> {
  await db.delete(userRoles).where(eq(userRoles.userId, userId));
  // A role named twice is granted once (a form or a script may repeat an id).
  if (roleIds.length > 0)
    await db
      .insert(userRoles)
      .values(roleIds.map((roleId) => ({ userId, roleId })))
      .onConflictDoNothing();
}

export async function insertUserRoles(
  db: AppDatabase,
  rows: { userId: number; roleId: number }[],
): Promise<void> {
  if (rows.length > 0) await db.insert(userRoles).values(rows).onConflictDoNothing();
}

/** Roles, identities and refresh tokens go with the user (on delete cascade). */
export async function deleteUsers(db: AppDatabase, ids: number[]): Promise<number> {
  const rows = await db.delete(users).where(inArray(users.id, ids)).returning({ id: users.id });
  return rows.length;
}

/**
 * Ends every sign-in of the user except `keepFamilyId`: revoking a family's refresh tokens also
 * stops its access tokens at once (the auth plugin checks), without touching the caller's own.
 */
export async function revokeOtherSessions(
  db: AppDatabase,
  userId: number,
  keepFamilyId: string | null,
): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        keepFamilyId ? ne(refreshTokens.familyId, keepFamilyId) : undefined,
      ),
    );
}
