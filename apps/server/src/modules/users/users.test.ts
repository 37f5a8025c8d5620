import {
  ErrorCode,
  ZEnvelope,
  ZUserForm,
  ZUserOptions,
  ZUserPage,
  type TUserForm,
  type TUserPage,
} from '@linkstore/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRoles } from '../../platform/auth/access.tables';
import { users } from '../../platform/auth/auth.tables';
import { verifyPassword } from '../../platform/auth/passwords';
import { createTestApp, type TestContext } from '../../test/helper';
import { createUser } from '../../test/users';
import { createKit, PASSWORD, USER_PERMS, type Kit } from '../../test/users-kit';

let ctx: TestContext;
let kit: Kit;
let managerRole = 0;
let guestRole = 0;

const pageOf = async (as: string, query: string): Promise<TUserPage> => {
  const res = await kit.call(as, 'GET', `/page?pageSize=100&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return ZEnvelope(ZUserPage).parse(res.json()).data;
};
const namesOf = async (as: string, query = '') =>
  (await pageOf(as, query)).list.map((u) => u.username).sort();

async function createAs(as: string, body: Record<string, unknown>): Promise<TUserForm> {
  const res = await kit.call(as, 'POST', '', body);
  expect(res.statusCode, res.body).toBe(200);
  return ZEnvelope(ZUserForm).parse(res.json()).data;
}

beforeAll(async () => {
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
  kit = await createKit(ctx);
  managerRole = await kit.addRole('USER_MANAGER', { dataScope: 0, perms: USER_PERMS });
  guestRole = await kit.roleId('GUEST');
  await kit.addOperator('manager', { roleIds: [managerRole], dept: 'LINKSTORE' });
  kit.tokens.manager = await kit.signIn('manager');
});
afterAll(() => ctx.close());

describe('create, read, edit', () => {
  it('grants a role named twice once (a repeated id was a 500: the fuzzing suite found it)', async () => {
    const created = await createAs('manager', {
      username: 'twice.roles',
      nickname: 'Twice',
      password: 'first-pass-9',
      deptId: String(kit.dept.ENG),
      roleIds: [String(guestRole), String(guestRole)],
    });
    expect(created.roleIds).toEqual([String(guestRole)]);
  });

  it('creates an operator with a first password, reads it back, edits it', async () => {
    const created = await createAs('manager', {
      username: 'Alice.W',
      nickname: 'Alice',
      password: 'first-pass-9',
      mobile: '+34600111222',
      gender: 2,
      email: 'Alice@Example.com',
      deptId: String(kit.dept.ENG),
      roleIds: [String(guestRole)],
      avatar: 'https://cdn.example.com/a.png',
    });
    expect(created).toMatchObject({
      username: 'Alice.W',
      nickname: 'Alice',
      mobile: '+34600111222',
      gender: 2,
      email: 'alice@example.com',
      status: 1,
      deptId: String(kit.dept.ENG),
      roleIds: [String(guestRole)],
      avatar: 'https://cdn.example.com/a.png',
    });
    const [row] = await kit.db
      .select()
      .from(users)
      .where(eq(users.id, Number(created.id)));
    expect(await verifyPassword(row?.passwordHash, 'first-pass-9')).toBe(true);
    // The new operator signs in with it.
    expect(await kit.signIn('alice.w', 'first-pass-9')).toBeTruthy();

    const form = await kit.call('manager', 'GET', `/${created.id}/form`);
    expect(ZEnvelope(ZUserForm).parse(form.json()).data).toEqual(created);

    const page = await pageOf('manager', 'keywords=alice');
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({
      id: created.id,
      deptName: 'Engineering',
      roleNames: 'Guest',
      gender: 2,
      status: 1,
    });
    expect(page.list[0]?.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const edited = await kit.call('manager', 'PUT', `/${created.id}`, {
      ...created,
      nickname: 'Alice W.',
      mobile: '',
      email: '',
      deptId: '',
      roleIds: [String(guestRole), String(managerRole)],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(ZEnvelope(ZUserForm).parse(edited.json()).data).toMatchObject({
      nickname: 'Alice W.',
      mobile: null,
      email: null,
      deptId: null,
      roleIds: [String(guestRole), String(managerRole)],
    });
  });

  it('requires a password on create and checks every field, in the caller’s language', async () => {
    const res = await kit.call(
      'manager',
      'POST',
      '',
      {
        username: 'a b',
        nickname: '',
        mobile: '12ab',
        email: 'not-an-email',
        gender: 5,
        avatar: 'javascript:alert(1)',
        roleIds: [],
      },
      { lang: 'es' },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(ErrorCode.VALIDATION_FAILED);
    const fields = res.json().data.fields as { field: string; message: string }[];
    expect(fields.map((f) => f.field).sort()).toEqual(
      ['avatar', 'email', 'gender', 'mobile', 'nickname', 'password', 'roleIds', 'username'].sort(),
    );
    expect(fields.find((f) => f.field === 'mobile')?.message).toBe(
      'Introduce un número de móvil válido (dígitos, opcionalmente con + delante)',
    );
    expect(fields.find((f) => f.field === 'password')?.message).toBe('password es obligatorio');
    expect(await kit.db.select().from(users).where(eq(users.nickname, ''))).toEqual([]);
  });

  it('refuses a weak password', async () => {
    const res = await kit.call('manager', 'POST', '', {
      username: 'weakling',
      nickname: 'Weak',
      password: 'short',
      roleIds: [String(guestRole)],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields).toContainEqual({
      field: 'password',
      message: 'The password must have at least 8 characters',
    });
  });

  it('refuses a duplicate username (any case) and email, on create and on edit', async () => {
    const first = await createAs('manager', {
      username: 'dup-user',
      nickname: 'Dup',
      password: 'first-pass-9',
      email: 'dup@example.com',
      roleIds: [String(guestRole)],
    });
    const again = await kit.call('manager', 'POST', '', {
      username: 'DUP-USER',
      nickname: 'Dup 2',
      password: 'first-pass-9',
      email: 'DUP@example.com',
      roleIds: [String(guestRole)],
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().data.fields).toEqual([
      { field: 'username', message: 'username is already in use.' },
      { field: 'email', message: 'email is already in use.' },
    ]);
    const other = await createAs('manager', {
      username: 'dup-other',
      nickname: 'Other',
      password: 'first-pass-9',
      roleIds: [String(guestRole)],
    });
    const edit = await kit.call('manager', 'PUT', `/${other.id}`, { ...other, username: 'Dup-User' });
    expect(edit.statusCode).toBe(400);
    expect(edit.json()).toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      data: { fields: [{ field: 'username' }] },
    });
    // Keeping one's own username and email is not a duplicate.
    const same = await kit.call('manager', 'PUT', `/${first.id}`, { ...first, nickname: 'Renamed' });
    expect(same.statusCode).toBe(200);
  });

  it('refuses unknown roles and departments, and ROOT to callers who are not ROOT', async () => {
    const rootRole = await kit.roleId('ROOT');
    const res = await kit.call('manager', 'POST', '', {
      username: 'sneaky-root',
      nickname: 'Sneaky',
      password: 'first-pass-9',
      deptId: '999999',
      roleIds: [String(rootRole)],
    });
    expect(res.statusCode).toBe(400);
    expect((res.json().data.fields as { field: string }[]).map((f) => f.field)).toEqual([
      'roleIds',
      'deptId',
    ]);
    const unknownRole = await kit.call('manager', 'POST', '', {
      username: 'sneaky-2',
      nickname: 'Sneaky',
      password: 'first-pass-9',
      roleIds: ['999999'],
    });
    expect(unknownRole.statusCode).toBe(400);
    // ROOT may grant ROOT.
    const byRoot = await kit.call('root', 'POST', '', {
      username: 'second-root',
      nickname: 'Second root',
      password: 'first-pass-9',
      roleIds: [String(rootRole)],
    });
    expect(byRoot.statusCode).toBe(200);
  });
});

describe('page', () => {
  let creatorId = 0;
  beforeAll(async () => {
    await kit.addOperator('pg-top', { roleIds: [guestRole], dept: 'LINKSTORE', mobile: '5550001' });
    await kit.addOperator('pg-eng', { roleIds: [guestRole], dept: 'ENG', email: 'pg-eng@corp.test' });
    await kit.addOperator('pg-web', { roleIds: [managerRole], dept: 'ENG_WEB', nickname: 'Webby' });
    await kit.addOperator('pg-qa', { roleIds: [guestRole], dept: 'QA' });
    creatorId = await createUser(kit.db, { email: 'pg-creator@example.com', password: PASSWORD });
  });

  it('matches keywords on username, nickname, mobile and email', async () => {
    expect(await namesOf('manager', 'keywords=pg-')).toEqual(['pg-eng', 'pg-qa', 'pg-top', 'pg-web']);
    expect(await namesOf('manager', 'keywords=webby')).toEqual(['pg-web']);
    expect(await namesOf('manager', 'keywords=5550001')).toEqual(['pg-top']);
    expect(await namesOf('manager', 'keywords=corp.test')).toEqual(['pg-eng']);
    // `%` and `_` are plain characters, not patterns.
    expect(await namesOf('manager', 'keywords=%25')).toEqual([]);
  });

  it('filters by department including the departments below it', async () => {
    expect(await namesOf('manager', `keywords=pg-&deptId=${kit.dept.ENG}`)).toEqual(['pg-eng', 'pg-web']);
    expect(await namesOf('manager', `keywords=pg-&deptId=${kit.dept.ENG_WEB}`)).toEqual(['pg-web']);
    expect(await namesOf('manager', `keywords=pg-&deptId=${kit.dept.LINKSTORE}`)).toEqual([
      'pg-eng',
      'pg-qa',
      'pg-top',
      'pg-web',
    ]);
  });

  it('filters by status, roles (any form of list) and created range', async () => {
    const [qa] = await kit.db.select().from(users).where(eq(users.username, 'pg-qa'));
    await kit.db
      .update(users)
      .set({ status: 0 })
      .where(eq(users.id, qa?.id ?? 0));
    expect(await namesOf('manager', 'keywords=pg-&status=0')).toEqual(['pg-qa']);
    expect(await namesOf('manager', 'keywords=pg-&status=1')).toEqual(['pg-eng', 'pg-top', 'pg-web']);
    await kit.db
      .update(users)
      .set({ status: 1 })
      .where(eq(users.id, qa?.id ?? 0));

    expect(await namesOf('manager', `keywords=pg-&roleIds[]=${managerRole}`)).toEqual(['pg-web']);
    expect(await namesOf('manager', `keywords=pg-&roleIds=${managerRole},${guestRole}`)).toHaveLength(4);
    expect(await namesOf('manager', `keywords=pg-&roleIds=${managerRole}&roleIds=${guestRole}`)).toHaveLength(
      4,
    );

    await kit.db
      .update(users)
      .set({ createdAt: new Date('2020-03-15T10:00:00Z') })
      .where(eq(users.username, 'pg-top'));
    expect(await namesOf('manager', 'keywords=pg-&createTime[]=2020-03-01&createTime[]=2020-03-15')).toEqual([
      'pg-top',
    ]);
    expect(await namesOf('manager', 'keywords=pg-&createTime[0]=2020-03-15 10:00:01&createTime[1]=')).toEqual(
      ['pg-eng', 'pg-qa', 'pg-web'],
    );
    const bad = await kit.call('manager', 'GET', '/page?createTime[]=2020-13-45&createTime[]=');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fields[0].field).toBe('createTime');
    // Year 0000 is no PostgreSQL timestamp (it failed the query: a 500), and a 30th of February
    // was read as March 2: both are refused as the field's error.
    for (const day of ['0000-01-01', '2020-02-30']) {
      const refused = await kit.call('manager', 'GET', `/page?createTime[]=${day}&createTime[]=`);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().data.fields[0].field).toBe('createTime');
    }
  });

  it('sorts by the given field and direction, and pages with the total of all matches', async () => {
    const asc = await pageOf('manager', 'keywords=pg-&field=username&direction=ASC');
    expect(asc.list.map((u) => u.username)).toEqual(['pg-eng', 'pg-qa', 'pg-top', 'pg-web']);
    const desc = await pageOf('manager', 'keywords=pg-&field=nickname&direction=descend');
    expect(desc.list.map((u) => u.nickname)).toEqual(['pg-top', 'pg-qa', 'pg-eng', 'Webby']);
    const res = await kit.call(
      'manager',
      'GET',
      '/page?keywords=pg-&field=username&direction=ASC&pageNum=2&pageSize=3',
    );
    const second = ZEnvelope(ZUserPage).parse(res.json()).data;
    expect(second.total).toBe(4);
    expect(second.list.map((u) => u.username)).toEqual(['pg-web']);
    expect((await kit.call('manager', 'GET', '/page?field=password')).statusCode).toBe(400);
  });

  it('lists operators only: a creator (no role) is not a console user', async () => {
    const page = await pageOf('root', 'keywords=pg-creator');
    expect(page.total).toBe(0);
    expect((await kit.call('root', 'GET', `/${creatorId}/form`)).statusCode).toBe(404);
    expect((await kit.call('root', 'DELETE', `/${creatorId}`)).statusCode).toBe(404);
  });

  it('hides ROOT users from callers who are not ROOT, everywhere', async () => {
    const [root] = await kit.db.select().from(users).where(eq(users.username, 'root'));
    const rootId = root?.id ?? 0;
    expect(await namesOf('manager', 'keywords=root')).not.toContain('root');
    expect(await namesOf('root', 'keywords=root')).toContain('root');
    for (const [method, url, body] of [
      ['GET', `/${rootId}/form`, undefined],
      ['PUT', `/${rootId}`, { username: 'root', nickname: 'x', roleIds: [String(guestRole)] }],
      ['PATCH', `/${rootId}/status?status=0`, undefined],
      ['PUT', `/${rootId}/password/reset`, { password: 'taken-over-1' }],
      ['DELETE', `/${rootId}`, undefined],
    ] as const) {
      const res = await kit.call('manager', method, url, body);
      expect({ url, status: res.statusCode, code: res.json().code }).toEqual({
        url,
        status: 404,
        code: ErrorCode.NOT_FOUND,
      });
    }
    const [still] = await kit.db.select().from(users).where(eq(users.id, rootId));
    expect(still).toMatchObject({ username: 'root', status: 1 });
  });
});

describe('data scope', () => {
  const scoped: Record<number, number> = {};
  beforeAll(async () => {
    for (const scope of [0, 1, 2, 3]) {
      scoped[scope] = await kit.addRole(`SCOPE_${scope}`, { dataScope: scope, perms: ['sys:user:query'] });
    }
    await kit.addOperator('ds-top', { roleIds: [guestRole], dept: 'LINKSTORE' });
    await kit.addOperator('ds-eng', { roleIds: [guestRole], dept: 'ENG' });
    await kit.addOperator('ds-web', { roleIds: [guestRole], dept: 'ENG_WEB' });
    await kit.addOperator('ds-qa', { roleIds: [guestRole], dept: 'QA' });
    await kit.addOperator('ds-nodept', { roleIds: [guestRole] });
    for (const scope of [0, 1, 2, 3]) {
      await kit.addOperator(`ds-viewer-${scope}`, { roleIds: [scoped[scope] ?? 0], dept: 'ENG' });
      kit.tokens[`scope${scope}`] = await kit.signIn(`ds-viewer-${scope}`);
    }
  });

  const visible = async (as: string) =>
    (await namesOf(as, 'keywords=ds-')).filter((n) => !n.startsWith('ds-viewer'));

  it('0 all: everyone (but ROOT users)', async () => {
    expect(await visible('scope0')).toEqual(['ds-eng', 'ds-nodept', 'ds-qa', 'ds-top', 'ds-web']);
  });

  it('1 own department and below', async () => {
    expect(await visible('scope1')).toEqual(['ds-eng', 'ds-web']);
    // The viewers in ENG are in scope too, and so is the caller.
    expect(await namesOf('scope1', 'keywords=ds-viewer')).toEqual([
      'ds-viewer-0',
      'ds-viewer-1',
      'ds-viewer-2',
      'ds-viewer-3',
    ]);
  });

  it('2 own department only', async () => {
    expect(await visible('scope2')).toEqual(['ds-eng']);
  });

  it('3 self only', async () => {
    expect(await namesOf('scope3', 'keywords=ds-')).toEqual(['ds-viewer-3']);
  });

  it('several roles: the widest scope wins; a disabled role does not count', async () => {
    const wide = await kit.addRole('SCOPE_WIDE_OFF', { dataScope: 0, status: 0, perms: ['sys:user:query'] });
    await kit.addOperator('ds-multi', { roleIds: [scoped[3] ?? 0, scoped[1] ?? 0, wide], dept: 'ENG' });
    kit.tokens.multi = await kit.signIn('ds-multi');
    expect(await visible('multi')).toEqual(['ds-eng', 'ds-multi', 'ds-web']);
  });

  it('without a department, a department scope sees only the caller', async () => {
    await kit.addOperator('ds-drifter', { roleIds: [scoped[1] ?? 0] });
    kit.tokens.drifter = await kit.signIn('ds-drifter');
    expect(await namesOf('drifter', 'keywords=ds-')).toEqual(['ds-drifter']);
  });

  it('scope bounds per-user actions too: out of scope is "not found"', async () => {
    const editor = await kit.addRole('SCOPE_2_EDITOR', { dataScope: 2, perms: USER_PERMS });
    await kit.addOperator('ds-editor', { roleIds: [editor], dept: 'QA' });
    kit.tokens.editor = await kit.signIn('ds-editor');
    const [eng] = await kit.db.select().from(users).where(eq(users.username, 'ds-eng'));
    const [qa] = await kit.db.select().from(users).where(eq(users.username, 'ds-qa'));
    expect((await kit.call('editor', 'GET', `/${eng?.id}/form`)).statusCode).toBe(404);
    expect((await kit.call('editor', 'PATCH', `/${eng?.id}/status?status=0`)).statusCode).toBe(404);
    expect((await kit.call('editor', 'GET', `/${qa?.id}/form`)).statusCode).toBe(200);
  });
});

describe('permissions', () => {
  it('refuses each action to a role lacking its permission (A0301), and changes nothing', async () => {
    const reader = await kit.addRole('USER_READER', { dataScope: 0, perms: ['sys:user:query'] });
    await kit.addOperator('perm-reader', { roleIds: [reader] });
    kit.tokens.reader = await kit.signIn('perm-reader');
    const target = await kit.addOperator('perm-target', { roleIds: [guestRole] });
    expect((await kit.call('reader', 'GET', '/page')).statusCode).toBe(200);
    const attempts = [
      ['GET', `/${target}/form`, undefined],
      [
        'POST',
        '',
        { username: 'nope', nickname: 'n', password: 'first-pass-9', roleIds: [String(guestRole)] },
      ],
      ['PUT', `/${target}`, { username: 'perm-target', nickname: 'changed', roleIds: [String(guestRole)] }],
      ['DELETE', `/${target}`, undefined],
      ['PATCH', `/${target}/status?status=0`, undefined],
      ['PUT', `/${target}/password/reset`, { password: 'taken-over-1' }],
      ['GET', '/template', undefined],
      ['POST', '/import', {}],
      ['GET', '/export', undefined],
    ] as const;
    for (const [method, url, body] of attempts) {
      const res = await kit.call('reader', method, url, body);
      expect({ url, method, status: res.statusCode, code: res.json().code }).toEqual({
        url,
        method,
        status: 403,
        code: ErrorCode.FORBIDDEN,
      });
    }
    // A role with no user permission at all cannot even list.
    kit.tokens.guestOnly = await kit.signIn('perm-target');
    expect((await kit.call('guestOnly', 'GET', '/page')).statusCode).toBe(403);
    const [row] = await kit.db.select().from(users).where(eq(users.id, target));
    expect(row).toMatchObject({ nickname: 'perm-target', status: 1 });
    expect(await kit.db.select().from(users).where(eq(users.username, 'nope'))).toEqual([]);
  });

  it('options: enabled operators for callers holding a role; creators are refused', async () => {
    const res = await kit.call('manager', 'GET', '/options');
    expect(res.statusCode).toBe(200);
    const options = ZEnvelope(ZUserOptions).parse(res.json()).data;
    const [manager] = await kit.db.select().from(users).where(eq(users.username, 'manager'));
    expect(options).toContainEqual({ value: String(manager?.id), label: 'manager' });
    expect(options.map((o) => o.label)).not.toContain('Root');
    await createUser(kit.db, { email: 'opt-creator@example.com', password: PASSWORD });
    kit.tokens.creator = await kit.signIn('opt-creator@example.com');
    const refused = await kit.call('creator', 'GET', '/options');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(ErrorCode.FORBIDDEN);
  });
});

describe('delete, status, password reset', () => {
  it('never deletes the caller, and deletes a batch all or nothing', async () => {
    const [me] = await kit.db.select().from(users).where(eq(users.username, 'manager'));
    const a = await kit.addOperator('del-a', { roleIds: [guestRole] });
    const b = await kit.addOperator('del-b', { roleIds: [guestRole] });
    const self = await kit.call('manager', 'DELETE', `/${a},${me?.id}`);
    expect(self.statusCode).toBe(409);
    expect(self.json().code).toBe(ErrorCode.SELF_ACTION);
    const unknown = await kit.call('manager', 'DELETE', `/${a},999999999`);
    expect(unknown.statusCode).toBe(404);
    expect(
      await kit.db
        .select()
        .from(users)
        .where(inArray(users.id, [a, b])),
    ).toHaveLength(2);

    const ok = await kit.call('manager', 'DELETE', `/${a},${b}`);
    expect(ok.statusCode).toBe(200);
    expect(
      await kit.db
        .select()
        .from(users)
        .where(inArray(users.id, [a, b])),
    ).toEqual([]);
    expect(
      await kit.db
        .select()
        .from(userRoles)
        .where(inArray(userRoles.userId, [a, b])),
    ).toEqual([]);
  });

  it('disabling ends every sign-in of the user; it cannot sign in until enabled', async () => {
    const id = await kit.addOperator('st-user', { roleIds: [guestRole] });
    kit.tokens.st = await kit.signIn('st-user');
    const me = () => kit.call('st', 'GET', '/api/v1/users/me');
    expect((await me()).statusCode).toBe(200);

    expect((await kit.call('manager', 'PATCH', `/${id}/status?status=0`)).statusCode).toBe(200);
    const after = await me();
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe(ErrorCode.ACCESS_TOKEN_INVALID);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'st-user', password: PASSWORD },
    });
    expect(login.json().code).toBe(ErrorCode.ACCOUNT_DISABLED);

    expect((await kit.call('manager', 'PATCH', `/${id}/status?status=1`)).statusCode).toBe(200);
    expect(await kit.signIn('st-user')).toBeTruthy();
    expect((await kit.call('manager', 'PATCH', `/${id}/status?status=2`)).statusCode).toBe(400);
  });

  it('refuses disabling oneself, by status or by edit', async () => {
    const [me] = await kit.db.select().from(users).where(eq(users.username, 'manager'));
    const res = await kit.call('manager', 'PATCH', `/${me?.id}/status?status=0`);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe(ErrorCode.SELF_ACTION);
    const form = ZEnvelope(ZUserForm).parse(
      (await kit.call('manager', 'GET', `/${me?.id}/form`)).json(),
    ).data;
    const edit = await kit.call('manager', 'PUT', `/${me?.id}`, { ...form, status: 0 });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().code).toBe(ErrorCode.SELF_ACTION);
    expect((await kit.call('manager', 'GET', '/page')).statusCode).toBe(200);
  });

  it('editing a user to disabled ends their sign-ins as well', async () => {
    const id = await kit.addOperator('st-edit', { roleIds: [guestRole] });
    kit.tokens.stEdit = await kit.signIn('st-edit');
    const form = ZEnvelope(ZUserForm).parse((await kit.call('manager', 'GET', `/${id}/form`)).json()).data;
    expect((await kit.call('manager', 'PUT', `/${id}`, { ...form, status: 0 })).statusCode).toBe(200);
    expect((await kit.call('stEdit', 'GET', '/api/v1/users/me')).statusCode).toBe(401);
  });

  it('resets a password from the body (never the query) and ends the user’s sign-ins', async () => {
    const id = await kit.addOperator('pw-user', { roleIds: [guestRole] });
    kit.tokens.pw = await kit.signIn('pw-user');
    const inQuery = await kit.call('manager', 'PUT', `/${id}/password/reset?password=query-pass-1`);
    expect(inQuery.statusCode).toBe(400);

    const res = await kit.call('manager', 'PUT', `/${id}/password/reset`, { password: 'fresh-pass-2' });
    expect(res.statusCode).toBe(200);
    expect((await kit.call('pw', 'GET', '/api/v1/users/me')).statusCode).toBe(401);
    await expect(kit.signIn('pw-user')).rejects.toThrow();
    expect(await kit.signIn('pw-user', 'fresh-pass-2')).toBeTruthy();
    const weak = await kit.call('manager', 'PUT', `/${id}/password/reset`, { password: 'abc' });
    expect(weak.statusCode).toBe(400);
  });
});
