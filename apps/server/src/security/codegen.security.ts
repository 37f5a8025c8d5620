import { ErrorCode, ZCodegenConfig, ZCodegenOptions } from '@linkstore/contract';
import { isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menus, roleMenus } from '../platform/auth/access.tables';
import { createTestApp, type TestContext } from '../test/helper';
import { operatorWith } from '../test/users';
import { recordFigures } from './figures';

/**
 * The code generator hands out nothing its operator could not (issue 31). It creates console
 * menus and grants them to ADMIN when a configuration is saved with a parent menu, and each
 * generated button carries a permission string `<module>:<entity>:<action>`. Here:
 * - an operator holding the generator's permissions and every other one except sys:menu:add,
 *   or except sys:role:assign, cannot create or grant a menu through it (403 A0301);
 * - no permission string there is — every seeded menu's, and ones made by hand — can be
 *   reproduced by a generated button, even by an operator who holds every permission: each
 *   module and entity name that would yield one is refused (400), and ADMIN's grants and the
 *   menus are unchanged afterwards.
 */

let ctx: TestContext;
let requests = 0;
const statuses: Record<number, number> = {};

beforeAll(async () => {
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
  await ctx.database.db.execute(sql`create table sec_codegen_items (
    id bigserial primary key,
    title varchar(40) not null
  )`);
});
afterAll(async () => {
  recordFigures('codegen', { requests, answersByStatus: statuses });
  await ctx.close();
});

async function send(token: string, body: unknown) {
  requests += 1;
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/codegen/sec_codegen_items/config',
    headers: { authorization: `Bearer ${token}` },
    payload: body as object,
  });
  statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
  return res;
}

async function snapshot() {
  const db = ctx.database.db;
  return {
    menus: await db.select().from(menus).orderBy(menus.id),
    grants: await db.select().from(roleMenus).orderBy(roleMenus.roleId, roleMenus.menuId),
  };
}

const pascal = (kebab: string) =>
  kebab
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');

describe('code generator: only what the operator could do by hand', () => {
  let fields: unknown[] = [];
  let parentMenuId = '';
  let everyPermission: string[] = [];

  beforeAll(async () => {
    const db = ctx.database.db;
    const seeded = await db.selectDistinct({ perm: menus.perm }).from(menus).where(isNotNull(menus.perm));
    everyPermission = seeded.flatMap((r) => (r.perm ? [r.perm] : [])).sort();
    const token = await operatorWith(ctx, 'sec-codegen-reader', ['dev:codegen:query']);
    const get = async (url: string) => {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      return res.json<{ data: unknown }>().data;
    };
    const config = ZCodegenConfig.parse(await get('/api/v1/codegen/sec_codegen_items/config'));
    fields = config.fields.map(({ columnName, fieldName, fieldComment, isShowInList, isShowInForm }) => ({
      columnName,
      fieldName,
      fieldComment,
      isShowInList,
      isShowInForm,
      isShowInQuery: false,
      isRequired: false,
      maxLength: null,
      formType: 'input',
      queryType: '=',
      dictType: null,
    }));
    const options = ZCodegenOptions.parse(await get('/api/v1/codegen/options'));
    parentMenuId = options.catalogs[0]?.id ?? '';
    expect(parentMenuId).not.toBe('');
  });

  it('without sys:menu:add, or without sys:role:assign, no menu is created or granted (403)', async () => {
    const before = await snapshot();
    for (const lacking of ['sys:menu:add', 'sys:role:assign']) {
      const token = await operatorWith(
        ctx,
        `sec-codegen-no-${lacking.replace(/:/g, '-')}`,
        everyPermission.filter((p) => p !== lacking),
      );
      const grantsBefore = await snapshot();
      const res = await send(token, {
        moduleName: 'secgen',
        entityName: 'SecItem',
        businessName: 'Items',
        fields,
        parentMenuId,
      });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().code).toBe(ErrorCode.FORBIDDEN);
      expect(await snapshot()).toEqual(grantsBefore);
    }
    // The operators' own roles and menus are the only difference.
    expect((await snapshot()).menus.filter((m) => m.routeName === 'SecItem')).toEqual([]);
    expect(before.menus.filter((m) => m.routeName === 'SecItem')).toEqual([]);
  });

  it('no existing permission string can be generated, by an operator holding every permission', async () => {
    // Besides the built-in ones, permissions some menu carries in namespaces no module owns.
    const handMade = ['shelf:thing:delete', 'crm:lead:query'];
    await operatorWith(ctx, 'sec-codegen-hand-made', handMade);
    const token = await operatorWith(ctx, 'sec-codegen-all', everyPermission);
    const before = await snapshot();
    const targets = [
      ...everyPermission.filter((p) => /^[a-z][a-z0-9]*:[a-z0-9-]+:(query|add|edit|delete)$/.test(p)),
      ...handMade,
    ];
    expect(targets.length).toBeGreaterThan(40);
    const wrong: { perm: string; status: number }[] = [];
    for (const perm of targets) {
      const [moduleName, entity] = perm.split(':') as [string, string];
      for (const withMenu of [true, false]) {
        const res = await send(token, {
          moduleName,
          entityName: pascal(entity),
          businessName: 'Hijack',
          fields,
          parentMenuId: withMenu ? parentMenuId : null,
        });
        if (res.statusCode !== 400) wrong.push({ perm, status: res.statusCode });
      }
    }
    expect(wrong).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });
});
