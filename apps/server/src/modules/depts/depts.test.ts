import {
  ErrorCode,
  ZDeptForm,
  ZDeptOptionTree,
  ZDeptTree,
  ZEnvelope,
  type TDept,
  type TDeptForm,
} from '@linkstore/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../platform/auth/auth.tables';
import { apiCalls } from '../../test/api-calls';
import { createTestApp, type TestContext } from '../../test/helper';
import { accessTokenFor, createUser, operatorWith } from '../../test/users';
import { depts } from './depts.table';

let ctx: TestContext;
const tokens: Record<string, string> = {};

const DEPT_PERMS = ['sys:dept:query', 'sys:dept:add', 'sys:dept:edit', 'sys:dept:delete'];

const signIn = (username: string, password?: string) => accessTokenFor(ctx.app, username, password);

const { call, expectForbidden } = apiCalls(() => ctx.app, tokens, '/dept');

async function createDept(
  name: string,
  code: string,
  parentId = '0',
  extra: Partial<TDeptForm> = {},
): Promise<TDeptForm> {
  const res = await call('manager', 'POST', '', { name, code, parentId, ...extra });
  expect(res.statusCode).toBe(200);
  return ZEnvelope(ZDeptForm).parse(res.json()).data;
}

async function tree(query = ''): Promise<TDept[]> {
  const res = await call('manager', 'GET', query);
  expect(res.statusCode).toBe(200);
  return ZEnvelope(ZDeptTree).parse(res.json()).data;
}

/** `code` → its children's codes, for the part of the tree under `code`. */
function shape(nodes: TDept[]): Record<string, unknown> {
  return Object.fromEntries(nodes.map((n) => [n.code, n.children ? shape(n.children) : null]));
}

async function pathsOf(codes: string[]): Promise<Record<string, string>> {
  const rows = await ctx.database.db
    .select({ code: depts.code, treePath: depts.treePath, parentId: depts.parentId })
    .from(depts)
    .where(inArray(depts.code, codes));
  return Object.fromEntries(rows.map((r) => [r.code, `${r.parentId}|${r.treePath}`]));
}

async function idOf(code: string): Promise<number> {
  const [row] = await ctx.database.db.select({ id: depts.id }).from(depts).where(eq(depts.code, code));
  if (!row) throw new Error(`no department ${code}`);
  return row.id;
}

beforeAll(async () => {
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
  tokens.manager = await operatorWith(ctx, 'dept-manager', DEPT_PERMS);
  tokens.root = await signIn('root');
  tokens.guest = await signIn('test');
});
afterAll(() => ctx.close());

describe('seed', () => {
  it('seeds LinkStore with Engineering and Quality, and places admin and test', async () => {
    const all = await tree();
    expect(shape(all)).toMatchObject({ LINKSTORE: { ENG: null, QA: null } });
    const top = all.find((d) => d.code === 'LINKSTORE');
    expect(top).toMatchObject({ parentId: '0', name: 'LinkStore', status: 1 });
    expect(top?.children?.map((c) => c.name)).toEqual(['Engineering', 'Quality']);
    expect(top?.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(await pathsOf(['LINKSTORE', 'QA'])).toEqual({
      LINKSTORE: '0|0',
      QA: `${top?.id}|0,${top?.id}`,
    });
    const placed = await ctx.database.db
      .select({ username: users.username, deptId: users.deptId })
      .from(users)
      .where(inArray(users.username, ['root', 'admin', 'test']));
    expect(Object.fromEntries(placed.map((u) => [u.username, u.deptId]))).toEqual({
      root: null,
      admin: await idOf('LINKSTORE'),
      test: await idOf('QA'),
    });
  });
});

describe('tree', () => {
  it('builds the tree in sort order, filters by keywords and status, and gives options', async () => {
    const top = await createDept('Tree top', 'T_TOP', '0', { sort: 50 });
    const late = await createDept('Tree late leaf', 'T_LATE', top.id, { sort: 9 });
    const early = await createDept('Tree early branch', 'T_EARLY', top.id, { sort: 1 });
    await createDept('Tree deep leaf', 'T_DEEP', early.id, { status: 0 });
    expect(late.parentId).toBe(top.id);

    const full = (await tree()).find((d) => d.id === top.id);
    expect(shape(full ? [full] : [])).toEqual({ T_TOP: { T_EARLY: { T_DEEP: null }, T_LATE: null } });
    expect(full?.children?.[0]).toMatchObject({ id: early.id, parentId: top.id, name: 'Tree early branch' });

    // A match whose parent does not match is a root; matches beneath a match stay under it.
    expect(shape(await tree('?keywords=LEAF'))).toEqual({ T_LATE: null, T_DEEP: null });
    expect(shape(await tree('?keywords=tree%20'))).toEqual({
      T_TOP: { T_EARLY: { T_DEEP: null }, T_LATE: null },
    });
    expect(shape(await tree('?keywords=tree&status=0'))).toEqual({ T_DEEP: null });
    expect(Object.keys(shape(await tree('?keywords=tree&status=1')))).toEqual(['T_TOP']);
    expect(await tree('?keywords=%25')).toEqual([]);

    const options = await call('manager', 'GET', '/options');
    const optionTree = ZEnvelope(ZDeptOptionTree).parse(options.json()).data;
    const topOption = optionTree.find((o) => o.value === top.id);
    // Disabled departments are not offered.
    expect(topOption).toEqual({
      value: top.id,
      label: 'Tree top',
      children: [
        { value: early.id, label: 'Tree early branch' },
        { value: late.id, label: 'Tree late leaf' },
      ],
    });

    const form = await call('manager', 'GET', `/${early.id}/form`);
    expect(ZEnvelope(ZDeptForm).parse(form.json()).data).toEqual(early);
  });

  it('refuses a bad status filter and bad ids, and answers an unknown id with A0404', async () => {
    const status = await call('manager', 'GET', '?status=2');
    expect(status.statusCode).toBe(400);
    expect(status.json().data.fields[0].field).toBe('status');
    for (const url of ['/abc/form', '/0/form']) {
      const res = await call('manager', 'GET', url);
      expect({ url, status: res.statusCode, field: res.json().data?.fields?.[0]?.field }).toEqual({
        url,
        status: 400,
        field: 'id',
      });
    }
    const unknown = await call('manager', 'GET', '/999999999/form');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe(ErrorCode.NOT_FOUND);
    const unknownEdit = await call('manager', 'PUT', '/999999999', { name: 'x', code: 'NOWHERE' });
    expect(unknownEdit.statusCode).toBe(404);
  });
});

describe('save', () => {
  it('moving a department re-paths its whole branch, at every level, and nothing else', async () => {
    const a = await createDept('Move A', 'M_A');
    const b = await createDept('Move B', 'M_B', a.id);
    const c = await createDept('Move C', 'M_C', b.id);
    await createDept('Move D', 'M_D', c.id);
    const other = await createDept('Move other', 'M_OTHER');
    const sibling = await createDept('Move sibling', 'M_SIB', a.id);
    const codes = ['M_A', 'M_B', 'M_C', 'M_D', 'M_OTHER', 'M_SIB'];
    expect(await pathsOf(codes)).toEqual({
      M_A: '0|0',
      M_B: `${a.id}|0,${a.id}`,
      M_C: `${b.id}|0,${a.id},${b.id}`,
      M_D: `${c.id}|0,${a.id},${b.id},${c.id}`,
      M_OTHER: '0|0',
      M_SIB: `${a.id}|0,${a.id}`,
    });

    const moved = await call('manager', 'PUT', `/${b.id}`, {
      id: b.id,
      name: 'Move B (moved)',
      code: 'M_B',
      parentId: other.id,
    });
    expect(moved.statusCode).toBe(200);
    expect(ZEnvelope(ZDeptForm).parse(moved.json()).data).toMatchObject({
      id: b.id,
      parentId: other.id,
      name: 'Move B (moved)',
    });
    expect(await pathsOf(codes)).toEqual({
      M_A: '0|0',
      M_B: `${other.id}|0,${other.id}`,
      M_C: `${b.id}|0,${other.id},${b.id}`,
      M_D: `${c.id}|0,${other.id},${b.id},${c.id}`,
      M_OTHER: '0|0',
      M_SIB: `${a.id}|0,${a.id}`,
    });
    expect(shape(await tree('?keywords=move'))).toEqual({
      M_A: { M_SIB: null },
      M_OTHER: { M_B: { M_C: { M_D: null } } },
    });

    // To the top, then under the sibling: every level follows.
    expect(
      (await call('manager', 'PUT', `/${b.id}`, { name: 'B', code: 'M_B', parentId: '0' })).statusCode,
    ).toBe(200);
    expect(await pathsOf(['M_B', 'M_C', 'M_D'])).toEqual({
      M_B: '0|0',
      M_C: `${b.id}|0,${b.id}`,
      M_D: `${c.id}|0,${b.id},${c.id}`,
    });
    expect(
      (await call('manager', 'PUT', `/${b.id}`, { name: 'B', code: 'M_B', parentId: sibling.id })).statusCode,
    ).toBe(200);
    expect(await pathsOf(['M_B', 'M_C', 'M_D'])).toEqual({
      M_B: `${sibling.id}|0,${a.id},${sibling.id}`,
      M_C: `${b.id}|0,${a.id},${sibling.id},${b.id}`,
      M_D: `${c.id}|0,${a.id},${sibling.id},${b.id},${c.id}`,
    });
  });

  it('refuses the department itself, a descendant or an unknown parent, changing nothing', async () => {
    const top = await createDept('Cycle top', 'C_TOP');
    const mid = await createDept('Cycle mid', 'C_MID', top.id);
    const leaf = await createDept('Cycle leaf', 'C_LEAF', mid.id);
    const before = await ctx.database.db
      .select()
      .from(depts)
      .where(inArray(depts.code, ['C_TOP', 'C_MID', 'C_LEAF']));

    for (const parentId of [top.id, mid.id, leaf.id, '999999999']) {
      const res = await call('manager', 'PUT', `/${top.id}`, { name: 'Renamed', code: 'C_TOP', parentId });
      expect({ parentId, status: res.statusCode, body: res.json() }).toMatchObject({
        parentId,
        status: 400,
        body: { code: ErrorCode.VALIDATION_FAILED, data: { fields: [{ field: 'parentId' }] } },
      });
    }
    const create = await call('manager', 'POST', '', {
      name: 'Orphan',
      code: 'C_ORPHAN',
      parentId: '999999999',
    });
    expect(create.statusCode).toBe(400);
    expect(create.json().data.fields[0].field).toBe('parentId');

    const after = await ctx.database.db
      .select()
      .from(depts)
      .where(inArray(depts.code, ['C_TOP', 'C_MID', 'C_LEAF']));
    expect(after).toEqual(before);
    expect(await ctx.database.db.select().from(depts).where(eq(depts.code, 'C_ORPHAN'))).toEqual([]);
  });

  it('refuses a duplicate code on create and on edit, naming `code`', async () => {
    const first = await createDept('Dup one', 'D_ONE');
    await createDept('Dup two', 'D_TWO');
    const res = await call('manager', 'POST', '', { name: 'Again', code: 'D_ONE' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      data: { fields: [{ field: 'code' }] },
    });
    const edit = await call('manager', 'PUT', `/${first.id}`, { name: 'x', code: 'D_TWO' });
    expect(edit.statusCode).toBe(400);
    expect(edit.json()).toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      data: { fields: [{ field: 'code' }] },
    });
    // Keeping its own code is not a duplicate.
    const same = await call('manager', 'PUT', `/${first.id}`, { name: 'Renamed', code: 'D_ONE', sort: 3 });
    expect(same.statusCode).toBe(200);
    expect(same.json().data).toMatchObject({ name: 'Renamed', code: 'D_ONE', sort: 3, parentId: '0' });
  });

  it('validates the body field by field', async () => {
    const res = await call('manager', 'POST', '', {
      name: '',
      code: 'has space',
      parentId: '-1',
      status: 2,
      sort: -1,
    });
    expect(res.statusCode).toBe(400);
    const fields = (res.json().data.fields as { field: string }[]).map((f) => f.field).sort();
    expect(fields).toEqual(['code', 'name', 'parentId', 'sort', 'status']);
  });
});

describe('delete', () => {
  it('refuses a department with sub-departments or users, all or nothing', async () => {
    const parent = await createDept('Del parent', 'DEL_PARENT');
    const child = await createDept('Del child', 'DEL_CHILD', parent.id);
    const free = await createDept('Del free', 'DEL_FREE');
    const staffed = await createDept('Del staffed', 'DEL_STAFFED');
    const userId = await createUser(ctx.database.db, { username: 'dept-member' });
    await ctx.database.db
      .update(users)
      .set({ deptId: Number(staffed.id) })
      .where(eq(users.id, userId));

    const withChildren = await call('manager', 'DELETE', `/${free.id},${parent.id}`);
    expect(withChildren.statusCode).toBe(409);
    expect(withChildren.json().code).toBe(ErrorCode.HAS_CHILDREN);
    const withUsers = await call('manager', 'DELETE', `/${free.id},${staffed.id}`);
    expect(withUsers.statusCode).toBe(409);
    expect(withUsers.json().code).toBe(ErrorCode.IN_USE);
    const unknown = await call('manager', 'DELETE', `/${free.id},999999999`);
    expect(unknown.statusCode).toBe(404);
    const ids = [parent, child, free, staffed].map((d) => Number(d.id));
    expect(await ctx.database.db.select().from(depts).where(inArray(depts.id, ids))).toHaveLength(4);

    // A parent goes together with its children in one batch; then the user moves out.
    expect((await call('manager', 'DELETE', `/${parent.id},${child.id},${free.id}`)).statusCode).toBe(200);
    await ctx.database.db.update(users).set({ deptId: null }).where(eq(users.id, userId));
    expect((await call('manager', 'DELETE', `/${staffed.id}`)).statusCode).toBe(200);
    expect(await ctx.database.db.select().from(depts).where(inArray(depts.id, ids))).toEqual([]);
    expect((await call('manager', 'GET', `/${free.id}/form`)).statusCode).toBe(404);
  });

  it('refuses malformed id lists naming `ids`', async () => {
    for (const ids of ['1,x', ',', '1,,2', 'abc']) {
      const res = await call('manager', 'DELETE', `/${ids}`);
      expect({ ids, status: res.statusCode, field: res.json().data?.fields?.[0]?.field }).toEqual({
        ids,
        status: 400,
        field: 'ids',
      });
    }
  });
});

describe('access', () => {
  it('refuses a user without the permission (A0301) and writes nothing; ROOT passes', async () => {
    await expectForbidden('guest', [
      ['GET', ''],
      ['GET', '/options'],
      ['POST', '', { name: 'Sneaky', code: 'SNEAKY' }],
      ['DELETE', `/${await idOf('QA')}`],
    ]);
    expect(await ctx.database.db.select().from(depts).where(eq(depts.code, 'SNEAKY'))).toEqual([]);
    expect(
      await ctx.database.db
        .select({ n: sql<number>`1` })
        .from(depts)
        .where(eq(depts.code, 'QA')),
    ).toHaveLength(1);
    expect((await call('root', 'GET', '/options')).statusCode).toBe(200);
  });
});
