import { ErrorCode, ZConfigForm, ZConfigPage, ZEnvelope, type TConfigForm } from '@linkstore/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../test/api-calls';
import { createTestApp, type TestContext } from '../../test/helper';
import { accessTokenFor, operatorWith } from '../../test/users';
import { configs } from './configs.table';

let ctx: TestContext;
const tokens: Record<string, string> = {};

const CONFIG_PERMS = [
  'sys:config:query',
  'sys:config:add',
  'sys:config:update',
  'sys:config:delete',
  'sys:config:refresh',
];

const signIn = (username: string, password?: string) => accessTokenFor(ctx.app, username, password);

const { call, expectForbidden } = apiCalls(() => ctx.app, tokens, '/config');

async function createConfig(key: string, extra: Partial<TConfigForm> = {}): Promise<TConfigForm> {
  const res = await call('manager', 'POST', '', { name: `Setting ${key}`, key, value: 'v', ...extra });
  expect(res.statusCode).toBe(200);
  return ZEnvelope(ZConfigForm).parse(res.json()).data;
}

beforeAll(async () => {
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
  tokens.manager = await operatorWith(ctx, 'config-manager', CONFIG_PERMS);
  tokens.root = await signIn('root');
  tokens.guest = await signIn('test');
});
afterAll(() => ctx.close());

describe('settings', () => {
  it('seeds IP_QPS_THRESHOLD_LIMIT = 10, loaded into the cache at start', async () => {
    const res = await call('manager', 'GET', '/page?keywords=qps');
    const page = ZEnvelope(ZConfigPage).parse(res.json()).data;
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({
      key: 'IP_QPS_THRESHOLD_LIMIT',
      name: 'IP requests per second limit',
      value: '10',
    });
    expect(page.list[0]?.updateTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(ctx.app.configValues.get('IP_QPS_THRESHOLD_LIMIT')).toBe('10');
  });

  it('creates, reads, edits and deletes, and the cache follows every write', async () => {
    const created = await createConfig('SHOP_BANNER', { value: 'Hello', remark: 'Shown on top' });
    expect(created).toEqual({
      id: created.id,
      name: 'Setting SHOP_BANNER',
      key: 'SHOP_BANNER',
      value: 'Hello',
      remark: 'Shown on top',
    });
    expect(ctx.app.configValues.get('SHOP_BANNER')).toBe('Hello');

    const form = await call('manager', 'GET', `/${created.id}/form`);
    expect(ZEnvelope(ZConfigForm).parse(form.json()).data).toEqual(created);

    const edited = await call('manager', 'PUT', `/${created.id}`, {
      id: created.id,
      name: 'Banner',
      key: 'SHOP_BANNER_TEXT',
      value: 'Welcome',
    });
    expect(edited.statusCode).toBe(200);
    expect(ZEnvelope(ZConfigForm).parse(edited.json()).data).toEqual({
      id: created.id,
      name: 'Banner',
      key: 'SHOP_BANNER_TEXT',
      value: 'Welcome',
      remark: '',
    });
    expect(ctx.app.configValues.get('SHOP_BANNER')).toBeUndefined();
    expect(ctx.app.configValues.get('SHOP_BANNER_TEXT')).toBe('Welcome');

    const removed = await call('manager', 'DELETE', `/${created.id}`);
    expect(removed.statusCode).toBe(200);
    expect(ctx.app.configValues.get('SHOP_BANNER_TEXT')).toBeUndefined();
    const gone = await call('manager', 'GET', `/${created.id}/form`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe(ErrorCode.NOT_FOUND);
  });

  it('refresh picks up changes made behind the cache (another process, or by hand)', async () => {
    const setting = await createConfig('REFRESH_ME', { value: 'before' });
    await ctx.database.db
      .update(configs)
      .set({ value: 'after' })
      .where(eq(configs.id, Number(setting.id)));
    await ctx.database.db.insert(configs).values({ name: 'Direct', key: 'DIRECT_ROW', value: 'x' });
    expect(ctx.app.configValues.get('REFRESH_ME')).toBe('before');
    expect(ctx.app.configValues.get('DIRECT_ROW')).toBeUndefined();

    const res = await call('manager', 'PUT', '/refresh');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toBeNull();
    expect(ctx.app.configValues.get('REFRESH_ME')).toBe('after');
    expect(ctx.app.configValues.get('DIRECT_ROW')).toBe('x');
  });

  it('pages by keywords on name or key, with total over all matches', async () => {
    await createConfig('PAGE_ONE');
    await createConfig('PAGE_TWO');
    await createConfig('OTHER_KEY', { name: 'Page-like name' });
    const first = ZEnvelope(ZConfigPage).parse(
      (await call('manager', 'GET', '/page?keywords=page&pageNum=1&pageSize=2')).json(),
    ).data;
    expect(first.total).toBe(3);
    expect(first.list.map((c) => c.key)).toEqual(['PAGE_ONE', 'PAGE_TWO']);
    const second = ZEnvelope(ZConfigPage).parse(
      (await call('manager', 'GET', '/page?keywords=page&pageNum=2&pageSize=2')).json(),
    ).data;
    expect(second.list.map((c) => c.key)).toEqual(['OTHER_KEY']);
    const wildcard = ZEnvelope(ZConfigPage).parse(
      (await call('manager', 'GET', '/page?keywords=%25')).json(),
    ).data;
    expect(wildcard).toEqual({ list: [], total: 0 });
  });

  it('refuses a duplicate key on create and on edit, naming `key`, and the cache keeps the old value', async () => {
    const first = await createConfig('DUP_A', { value: 'a' });
    await createConfig('DUP_B', { value: 'b' });
    const res = await call('manager', 'POST', '', { name: 'Again', key: 'DUP_A', value: 'z' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      data: { fields: [{ field: 'key' }] },
    });
    const edit = await call('manager', 'PUT', `/${first.id}`, { name: 'x', key: 'DUP_B', value: 'z' });
    expect(edit.statusCode).toBe(400);
    expect(edit.json()).toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      data: { fields: [{ field: 'key' }] },
    });
    expect(ctx.app.configValues.get('DUP_A')).toBe('a');
    expect(ctx.app.configValues.get('DUP_B')).toBe('b');
    // Keeping its own key is not a duplicate.
    const same = await call('manager', 'PUT', `/${first.id}`, { name: 'x', key: 'DUP_A', value: 'a2' });
    expect(same.statusCode).toBe(200);
    expect(ctx.app.configValues.get('DUP_A')).toBe('a2');
  });

  it('deletes a batch all or nothing', async () => {
    const a = await createConfig('BATCH_A');
    const b = await createConfig('BATCH_B');
    const unknown = await call('manager', 'DELETE', `/${a.id},999999999`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe(ErrorCode.NOT_FOUND);
    const ids = [Number(a.id), Number(b.id)];
    expect(await ctx.database.db.select().from(configs).where(inArray(configs.id, ids))).toHaveLength(2);
    expect(ctx.app.configValues.get('BATCH_A')).toBe('v');
    expect((await call('manager', 'DELETE', `/${a.id},${b.id}`)).statusCode).toBe(200);
    expect(await ctx.database.db.select().from(configs).where(inArray(configs.id, ids))).toEqual([]);
    expect(ctx.app.configValues.get('BATCH_A')).toBeUndefined();
  });

  it('validates the body, ids and unknown ids', async () => {
    const res = await call('manager', 'POST', '', { name: '', key: 'has space', value: 5 });
    expect(res.statusCode).toBe(400);
    const fields = (res.json().data.fields as { field: string }[]).map((f) => f.field).sort();
    expect(fields).toEqual(['key', 'name', 'value']);
    for (const url of ['/abc/form', '/0/form']) {
      const bad = await call('manager', 'GET', url);
      expect({ url, status: bad.statusCode, field: bad.json().data?.fields?.[0]?.field }).toEqual({
        url,
        status: 400,
        field: 'id',
      });
    }
    const badIds = await call('manager', 'DELETE', '/1,,2');
    expect(badIds.json().data.fields[0].field).toBe('ids');
    const unknown = await call('manager', 'PUT', '/999999999', {
      name: 'x',
      key: 'IP_QPS_THRESHOLD_LIMIT',
      value: '1',
    });
    expect(unknown.statusCode).toBe(404);
    expect(ctx.app.configValues.get('IP_QPS_THRESHOLD_LIMIT')).toBe('10');
  });
});

describe('navbar links (DOC_URL, CODE_HOSTING_URL)', () => {
  const idOf = async (key: string) => {
    const res = await call('manager', 'GET', `/page?keywords=${key}`);
    const item = ZEnvelope(ZConfigPage)
      .parse(res.json())
      .data.list.find((row) => row.key === key);
    if (!item) throw new Error(`no seeded ${key}`);
    return item;
  };
  const edit = async (key: string, value: string, lang?: string) => {
    const item = await idOf(key);
    return call('manager', 'PUT', `/${item.id}`, { name: item.name, key, value, remark: item.remark }, lang);
  };

  it('are seeded empty, so any signed-in operator reads both as null', async () => {
    expect((await idOf('DOC_URL')).value).toBe('');
    expect((await idOf('CODE_HOSTING_URL')).value).toBe('');
    const res = await call('guest', 'GET', '/links');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ docUrl: null, codeHostingUrl: null });
    expect((await call(null, 'GET', '/links')).statusCode).toBe(401);
  });

  it('refuses a value that is not an http(s) address, on the value field, translated; nothing changes', async () => {
    for (const bad of ['javascript:alert(1)', 'ftp://example.com', 'example.com', 'https://']) {
      const res = await edit('DOC_URL', bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().data.fields[0].field).toBe('value');
    }
    const spanish = await edit('CODE_HOSTING_URL', 'mailto:a@b.c', 'es');
    expect(spanish.json().data.fields[0].message).not.toBe(
      (await edit('CODE_HOSTING_URL', 'mailto:a@b.c')).json().data.fields[0].message,
    );
    expect((await idOf('DOC_URL')).value).toBe('');
    expect(ctx.app.configValues.get('DOC_URL')).toBe('');
  });

  it('saves http(s) addresses (trimmed) and the links follow; emptying hides them again', async () => {
    expect((await edit('DOC_URL', ' https://docs.example.com/start ')).statusCode).toBe(200);
    expect((await edit('CODE_HOSTING_URL', 'http://git.example.com/linkstore')).statusCode).toBe(200);
    expect((await call('guest', 'GET', '/links')).json().data).toEqual({
      docUrl: 'https://docs.example.com/start',
      codeHostingUrl: 'http://git.example.com/linkstore',
    });
    expect((await edit('DOC_URL', '')).statusCode).toBe(200);
    expect((await edit('CODE_HOSTING_URL', '')).statusCode).toBe(200);
    expect((await call('guest', 'GET', '/links')).json().data).toEqual({
      docUrl: null,
      codeHostingUrl: null,
    });
  });
});

describe('access', () => {
  it('refuses a user without the permission (A0301) and writes nothing; ROOT passes', async () => {
    await expectForbidden('guest', [
      ['GET', '/page'],
      ['POST', '', { name: 'Sneaky', key: 'SNEAKY', value: '1' }],
      ['PUT', '/refresh'],
      ['DELETE', '/1'],
    ]);
    expect(await ctx.database.db.select().from(configs).where(eq(configs.key, 'SNEAKY'))).toEqual([]);
    expect(ctx.app.configValues.get('SNEAKY')).toBeUndefined();
    expect((await call('root', 'PUT', '/refresh')).statusCode).toBe(200);
  });
});
