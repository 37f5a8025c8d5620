import {
  ErrorCode,
  ZDictForm,
  ZDictItemForm,
  ZDictItemPage,
  ZDictList,
  ZDictOptions,
  ZDictPage,
  ZEnvelope,
  type TDictForm,
  type TDictItemForm,
  type TDictItemRequest,
  type TDictList,
  type TLanguage,
} from '@linkstore/contract';
import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSeed } from '../../seed';
import { createTestApp, type TestContext } from '../../test/helper';
import { accessTokenFor, operatorWith } from '../../test/users';
import { dictItems, dicts } from './dicts.table';

let ctx: TestContext;
const tokens: Record<string, string> = {};

const DICT_PERMS = ['sys:dict:query', 'sys:dict:add', 'sys:dict:edit', 'sys:dict:delete'];
const ITEM_PERMS = ['sys:dict-data:query', 'sys:dict-data:add', 'sys:dict-data:edit', 'sys:dict-data:delete'];

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function call(as: string, method: Method, url: string, payload?: unknown, lang?: TLanguage) {
  return ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: {
      ...(tokens[as] ? { authorization: `Bearer ${tokens[as]}` } : {}),
      ...(lang ? { lang } : {}),
    },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function data<T extends z.ZodType>(
  schema: T,
  as: string,
  method: Method,
  url: string,
  payload?: unknown,
) {
  const res = await call(as, method, url, payload);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().code).toBe(1);
  return schema.parse(res.json<{ data: unknown }>().data);
}

const createDict = (dictCode: string, extra: Partial<TDictForm> = {}) =>
  data(ZDictForm, 'manager', 'POST', '/dict', { name: `Dict ${dictCode}`, dictCode, ...extra });

const createItem = (dictCode: string, value: string, extra: Partial<TDictItemRequest> = {}) =>
  data(ZDictItemForm, 'manager', 'POST', '/dict-data', {
    dictCode,
    value,
    label: `Label ${value}`,
    ...extra,
  });

async function list(as: string, lang?: TLanguage): Promise<TDictList> {
  const res = await call(as, 'GET', '/dict/list', undefined, lang);
  expect(res.statusCode, res.body).toBe(200);
  return ZEnvelope(ZDictList).parse(res.json()).data;
}

const entry = (all: TDictList, dictCode: string) => all.find((d) => d.dictCode === dictCode);

beforeAll(async () => {
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
  tokens.manager = await operatorWith(ctx, 'dict-manager', [...DICT_PERMS, ...ITEM_PERMS]);
  tokens.dictOnly = await operatorWith(ctx, 'dict-only', DICT_PERMS);
  tokens.root = await accessTokenFor(ctx.app, 'root');
  tokens.guest = await accessTokenFor(ctx.app, 'test');
});
afterAll(() => ctx.close());

describe('seeded dictionaries and the list', () => {
  it('seeds gender, notice_type and notice_level with their items in order, in English by default', async () => {
    const all = await list('guest');
    expect(entry(all, 'gender')).toEqual({
      name: 'Gender',
      dictCode: 'gender',
      dictDataList: [
        { value: '1', label: 'Male', tagType: 'primary' },
        { value: '2', label: 'Female', tagType: 'danger' },
        { value: '0', label: 'Prefer not to say', tagType: 'info' },
      ],
    });
    expect(entry(all, 'notice_type')?.dictDataList).toEqual([
      { value: '1', label: 'System upgrade', tagType: 'success' },
      { value: '2', label: 'System maintenance', tagType: 'primary' },
      { value: '3', label: 'Security warning', tagType: 'danger' },
      { value: '4', label: 'Holiday notice', tagType: 'success' },
      { value: '5', label: 'Company news', tagType: 'primary' },
      { value: '99', label: 'Other', tagType: 'info' },
    ]);
    expect(entry(all, 'notice_level')?.dictDataList).toEqual([
      { value: 'L', label: 'Low', tagType: 'info' },
      { value: 'M', label: 'Medium', tagType: 'warning' },
      { value: 'H', label: 'High', tagType: 'danger' },
    ]);
  });

  it("answers in the caller's language (lang header, else Accept-Language)", async () => {
    const labels = async (lang: TLanguage) =>
      entry(await list('guest', lang), 'gender')?.dictDataList.map((i) => i.label);
    expect(await labels('es')).toEqual(['Masculino', 'Femenino', 'Prefiero no decirlo']);
    expect(await labels('pt')).toEqual(['Masculino', 'Feminino', 'Prefiro não dizer']);
    expect(await labels('zh-cn')).toEqual(['男', '女', '保密']);
    expect(await labels('fr')).toEqual(['Homme', 'Femme', 'Préfère ne pas le dire']);
    expect(entry(await list('guest', 'fr'), 'notice_level')?.dictDataList.map((i) => i.label)).toEqual([
      'Faible',
      'Moyenne',
      'Élevée',
    ]);
    const accept = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/dict/list',
      headers: { authorization: `Bearer ${tokens.guest}`, 'accept-language': 'zh-CN,zh;q=0.9' },
    });
    expect(entry(ZEnvelope(ZDictList).parse(accept.json()).data, 'notice_type')?.dictDataList[0]?.label).toBe(
      '系统升级',
    );
  });

  it('falls back to English where a language has no label', async () => {
    await createDict('fallback_demo');
    await createItem('fallback_demo', 'a', { label: 'Apple', labels: { es: 'Manzana' } as never });
    await createItem('fallback_demo', 'b', {
      label: 'Banana',
      labels: { es: '', pt: 'Banana', 'zh-cn': '', fr: '' },
    });
    expect(entry(await list('guest', 'es'), 'fallback_demo')?.dictDataList).toEqual([
      { value: 'a', label: 'Manzana', tagType: '' },
      { value: 'b', label: 'Banana', tagType: '' },
    ]);
    expect(entry(await list('guest', 'fr'), 'fallback_demo')?.dictDataList.map((i) => i.label)).toEqual([
      'Apple',
      'Banana',
    ]);
    const options = await call('guest', 'GET', '/dict-data/fallback_demo/options', undefined, 'zh-cn');
    expect(ZEnvelope(ZDictOptions).parse(options.json()).data).toEqual([
      { value: 'a', label: 'Apple', tag: '' },
      { value: 'b', label: 'Banana', tag: '' },
    ]);
  });

  it('leaves out disabled items and disabled dictionaries, and orders items by sort', async () => {
    const dict = await createDict('status_demo');
    await createItem('status_demo', 'late', { sort: 9 });
    await createItem('status_demo', 'off', { sort: 1, status: 0 });
    await createItem('status_demo', 'early', { sort: 2, tagType: 'warning' });
    expect(entry(await list('guest'), 'status_demo')?.dictDataList).toEqual([
      { value: 'early', label: 'Label early', tagType: 'warning' },
      { value: 'late', label: 'Label late', tagType: '' },
    ]);
    const options = await data(ZDictOptions, 'guest', 'GET', '/dict-data/status_demo/options');
    expect(options.map((o) => o.value)).toEqual(['early', 'late']);

    await data(ZDictForm, 'manager', 'PUT', `/dict/${dict.id}`, { ...dict, status: 0 });
    expect(entry(await list('guest'), 'status_demo')).toBeUndefined();
    expect(await data(ZDictOptions, 'guest', 'GET', '/dict-data/status_demo/options')).toEqual([]);
    // The console still sees it and its items, disabled ones included.
    const page = await data(ZDictItemPage, 'manager', 'GET', '/dict-data/page?dictCode=status_demo');
    expect(page.list.map((i) => [i.value, i.status])).toEqual([
      ['off', 0],
      ['early', 1],
      ['late', 1],
    ]);
  });

  it('options of an unknown code are empty; a malformed code is refused', async () => {
    expect(await data(ZDictOptions, 'guest', 'GET', '/dict-data/no_such_dict/options')).toEqual([]);
    const bad = await call('guest', 'GET', '/dict-data/Bad-Code/options');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fields[0].field).toBe('dictCode');
  });

  it('seeding again inserts nothing and keeps what operators changed or deleted', async () => {
    const db = ctx.database.db;
    const [male] = await db
      .select()
      .from(dictItems)
      .where(eq(dictItems.dictCode, 'gender'))
      .orderBy(dictItems.sort)
      .limit(1);
    const [other] = await db.select().from(dictItems).where(eq(dictItems.value, '99'));
    await db
      .update(dictItems)
      .set({ label: 'Man' })
      .where(eq(dictItems.id, male?.id ?? 0));
    await db.delete(dictItems).where(eq(dictItems.id, other?.id ?? 0));
    const report = await runSeed(db);
    expect(report.dicts).toBe(0);
    const all = await list('guest');
    expect(entry(all, 'gender')?.dictDataList[0]?.label).toBe('Man');
    expect(entry(all, 'notice_type')?.dictDataList.map((i) => i.value)).toEqual(['1', '2', '3', '4', '5']);
  });
});

describe('dictionaries', () => {
  it('creates, reads, pages, edits and deletes', async () => {
    const created = await createDict('shirt_size', { name: 'Shirt size', remark: 'For the shop' });
    expect(created).toEqual({
      id: created.id,
      name: 'Shirt size',
      dictCode: 'shirt_size',
      remark: 'For the shop',
      status: 1,
    });
    expect(await data(ZDictForm, 'manager', 'GET', `/dict/${created.id}/form`)).toEqual(created);

    const page = await data(ZDictPage, 'manager', 'GET', '/dict/page?keywords=SHIRT');
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({ dictCode: 'shirt_size', name: 'Shirt size' });
    expect(page.list[0]?.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const byName = await data(ZDictPage, 'manager', 'GET', '/dict/page?keywords=gend');
    expect(byName.list.map((d) => d.dictCode)).toEqual(['gender']);
    const wildcard = await data(ZDictPage, 'manager', 'GET', '/dict/page?keywords=%25');
    expect(wildcard).toEqual({ list: [], total: 0 });

    const edited = await data(ZDictForm, 'manager', 'PUT', `/dict/${created.id}`, {
      id: created.id,
      name: 'Sizes',
      dictCode: 'shirt_size',
      status: 0,
    });
    expect(edited).toEqual({ id: created.id, name: 'Sizes', dictCode: 'shirt_size', remark: '', status: 0 });

    expect((await call('manager', 'DELETE', `/dict/${created.id}`)).statusCode).toBe(200);
    const gone = await call('manager', 'GET', `/dict/${created.id}/form`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe(ErrorCode.NOT_FOUND);
  });

  it('pages with total over all matches', async () => {
    for (const code of ['pg_one', 'pg_two', 'pg_three']) await createDict(code);
    const first = await data(ZDictPage, 'manager', 'GET', '/dict/page?keywords=pg_&pageNum=1&pageSize=2');
    expect(first.total).toBe(3);
    expect(first.list.map((d) => d.dictCode)).toEqual(['pg_one', 'pg_two']);
    const second = await data(ZDictPage, 'manager', 'GET', '/dict/page?keywords=pg_&pageNum=2&pageSize=2');
    expect(second.list.map((d) => d.dictCode)).toEqual(['pg_three']);
  });

  it('validates the code format and the body, with translated messages', async () => {
    const res = await call('manager', 'POST', '/dict', { name: '', dictCode: 'Bad-Code' }, 'es');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(ErrorCode.VALIDATION_FAILED);
    const fields = res.json().data.fields as { field: string; message: string }[];
    expect(fields.find((f) => f.field === 'dictCode')?.message).toBe(
      'dictCode debe empezar por una letra minúscula y contener solo letras minúsculas, dígitos y _',
    );
    expect(fields.map((f) => f.field).sort()).toEqual(['dictCode', 'name']);
    for (const dictCode of ['1abc', '_abc', 'abc def', 'ABC', 'a'.repeat(65)]) {
      const bad = await call('manager', 'POST', '/dict', { name: 'x', dictCode });
      expect({ dictCode, status: bad.statusCode }).toEqual({ dictCode, status: 400 });
    }
    expect(await ctx.database.db.select().from(dicts).where(eq(dicts.name, 'x'))).toEqual([]);
    for (const url of ['/dict/abc/form', '/dict/0/form']) {
      const bad = await call('manager', 'GET', url);
      expect({ url, status: bad.statusCode, field: bad.json().data?.fields?.[0]?.field }).toEqual({
        url,
        status: 400,
        field: 'id',
      });
    }
    expect((await call('manager', 'DELETE', '/dict/1,,2')).json().data.fields[0].field).toBe('ids');
    const unknown = await call('manager', 'PUT', '/dict/999999999', { name: 'x', dictCode: 'nothing_here' });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses a duplicate code on create and on edit, naming dictCode', async () => {
    const mine = await createDict('dup_mine');
    const res = await call('manager', 'POST', '/dict', { name: 'Again', dictCode: 'gender' }, 'fr');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      data: { fields: [{ field: 'dictCode' }] },
    });
    const edit = await call('manager', 'PUT', `/dict/${mine.id}`, { name: 'x', dictCode: 'gender' });
    expect(edit.statusCode).toBe(400);
    expect(edit.json()).toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      data: { fields: [{ field: 'dictCode' }] },
    });
    expect(await data(ZDictForm, 'manager', 'GET', `/dict/${mine.id}/form`)).toEqual(mine);
    // Keeping its own code is not a duplicate.
    const same = await call('manager', 'PUT', `/dict/${mine.id}`, { name: 'Renamed', dictCode: 'dup_mine' });
    expect(same.statusCode).toBe(200);
  });

  it('a new code moves the items with it', async () => {
    const dict = await createDict('colour');
    await createItem('colour', 'r', { label: 'Red', tagType: 'danger' });
    await createItem('colour', 'g', { label: 'Green' });
    await data(ZDictForm, 'manager', 'PUT', `/dict/${dict.id}`, { name: 'Color', dictCode: 'color' });
    const moved = await data(ZDictItemPage, 'manager', 'GET', '/dict-data/page?dictCode=color');
    expect(moved.list.map((i) => [i.dictCode, i.value, i.label])).toEqual([
      ['color', 'r', 'Red'],
      ['color', 'g', 'Green'],
    ]);
    const old = await data(ZDictItemPage, 'manager', 'GET', '/dict-data/page?dictCode=colour');
    expect(old).toEqual({ list: [], total: 0 });
    expect(entry(await list('guest'), 'color')?.dictDataList.map((i) => i.value)).toEqual(['r', 'g']);
  });

  it('deleting dictionaries deletes their items, all or nothing', async () => {
    const a = await createDict('del_a');
    const b = await createDict('del_b');
    const keep = await createDict('del_keep');
    await createItem('del_a', '1');
    await createItem('del_b', '1');
    await createItem('del_keep', '1');
    const db = ctx.database.db;
    const itemsOf = (codes: string[]) =>
      db.select().from(dictItems).where(inArray(dictItems.dictCode, codes));

    const unknown = await call('manager', 'DELETE', `/dict/${a.id},999999999`);
    expect(unknown.statusCode).toBe(404);
    expect(await itemsOf(['del_a', 'del_b'])).toHaveLength(2);

    expect((await call('manager', 'DELETE', `/dict/${a.id},${b.id}`)).statusCode).toBe(200);
    expect(await itemsOf(['del_a', 'del_b'])).toEqual([]);
    expect(
      await db
        .select()
        .from(dicts)
        .where(inArray(dicts.id, [Number(a.id), Number(b.id)])),
    ).toEqual([]);
    expect(await itemsOf(['del_keep'])).toHaveLength(1);
    expect(await data(ZDictForm, 'manager', 'GET', `/dict/${keep.id}/form`)).toEqual(keep);
  });
});

describe('dictionary items', () => {
  it('creates, reads, pages, edits and deletes, with a label per language', async () => {
    await createDict('fruit');
    const created = await createItem('fruit', 'apple', {
      label: ' Apple ',
      labels: { es: 'Manzana', pt: 'Maçã', 'zh-cn': '苹果', fr: '' },
      tagType: 'success',
      sort: 3,
    });
    const expected: TDictItemForm = {
      id: created.id,
      dictCode: 'fruit',
      value: 'apple',
      label: 'Apple',
      labels: { es: 'Manzana', pt: 'Maçã', 'zh-cn': '苹果', fr: '' },
      tagType: 'success',
      sort: 3,
      status: 1,
    };
    expect(created).toEqual(expected);
    expect(await data(ZDictItemForm, 'manager', 'GET', `/dict-data/${created.id}/form`)).toEqual(expected);
    const [stored] = await ctx.database.db
      .select()
      .from(dictItems)
      .where(eq(dictItems.id, Number(created.id)));
    expect(stored?.labels).toEqual({ es: 'Manzana', pt: 'Maçã', 'zh-cn': '苹果' });

    // Keywords match the value and the label in any language.
    for (const keywords of ['APP', 'manz', '苹']) {
      const page = await data(
        ZDictItemPage,
        'manager',
        'GET',
        `/dict-data/page?dictCode=fruit&keywords=${encodeURIComponent(keywords)}`,
      );
      expect({ keywords, values: page.list.map((i) => i.value) }).toEqual({ keywords, values: ['apple'] });
    }
    const none = await data(ZDictItemPage, 'manager', 'GET', '/dict-data/page?dictCode=fruit&keywords=zh');
    expect(none.total).toBe(0);

    const edited = await data(ZDictItemForm, 'manager', 'PUT', `/dict-data/${created.id}`, {
      ...expected,
      value: 'green_apple',
      labels: { fr: 'Pomme' },
      tagType: '',
      status: 0,
    });
    expect(edited).toEqual({
      ...expected,
      value: 'green_apple',
      labels: { es: '', pt: '', 'zh-cn': '', fr: 'Pomme' },
      tagType: '',
      status: 0,
    });

    expect((await call('manager', 'DELETE', `/dict-data/${created.id}`)).statusCode).toBe(200);
    expect((await call('manager', 'GET', `/dict-data/${created.id}/form`)).statusCode).toBe(404);
  });

  it('keeps a value unique within its dictionary only', async () => {
    await createDict('uniq_a');
    await createDict('uniq_b');
    const first = await createItem('uniq_a', 'x');
    const other = await createItem('uniq_a', 'y');
    await createItem('uniq_b', 'x');
    const res = await call(
      'manager',
      'POST',
      '/dict-data',
      { dictCode: 'uniq_a', value: 'x', label: 'Again' },
      'es',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields).toEqual([{ field: 'value', message: 'value ya está en uso.' }]);
    const edit = await call('manager', 'PUT', `/dict-data/${other.id}`, {
      dictCode: 'uniq_a',
      value: 'x',
      label: 'y',
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().data.fields[0].field).toBe('value');
    // Moving an item into a dictionary that has its value is a duplicate too.
    const move = await call('manager', 'PUT', `/dict-data/${first.id}`, {
      dictCode: 'uniq_b',
      value: 'x',
      label: 'x',
    });
    expect(move.statusCode).toBe(400);
    expect((await data(ZDictItemForm, 'manager', 'GET', `/dict-data/${first.id}/form`)).dictCode).toBe(
      'uniq_a',
    );
  });

  it('validates the body: an existing dictionary, tag type, label sizes, sort', async () => {
    const unknown = await call(
      'manager',
      'POST',
      '/dict-data',
      { dictCode: 'nope_dict', value: '1', label: 'x' },
      'pt',
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().data.fields).toEqual([
      { field: 'dictCode', message: 'Não há nenhum dicionário com este código.' },
    ]);
    await createDict('valid_demo');
    const res = await call('manager', 'POST', '/dict-data', {
      dictCode: 'valid_demo',
      value: '',
      label: '   ',
      labels: { es: 'x'.repeat(129) },
      tagType: 'purple',
      sort: -1,
    });
    expect(res.statusCode).toBe(400);
    const fields = (res.json().data.fields as { field: string }[]).map((f) => f.field).sort();
    expect(fields).toEqual(['label', 'labels.es', 'sort', 'tagType', 'value']);
    expect(
      await ctx.database.db.select().from(dictItems).where(eq(dictItems.dictCode, 'valid_demo')),
    ).toEqual([]);
  });

  it('deletes a batch all or nothing', async () => {
    await createDict('batch_items');
    const a = await createItem('batch_items', 'a');
    const b = await createItem('batch_items', 'b');
    const unknown = await call('manager', 'DELETE', `/dict-data/${a.id},999999999`);
    expect(unknown.statusCode).toBe(404);
    expect((await data(ZDictItemPage, 'manager', 'GET', '/dict-data/page?dictCode=batch_items')).total).toBe(
      2,
    );
    expect((await call('manager', 'DELETE', `/dict-data/${a.id},${b.id}`)).statusCode).toBe(200);
    expect((await data(ZDictItemPage, 'manager', 'GET', '/dict-data/page?dictCode=batch_items')).total).toBe(
      0,
    );
  });
});

describe('access', () => {
  const guarded: [Method, string, unknown?][] = [
    ['GET', '/dict/page'],
    ['GET', '/dict/1/form'],
    ['POST', '/dict', { name: 'Sneaky', dictCode: 'sneaky' }],
    ['PUT', '/dict/1', { name: 'Sneaky', dictCode: 'sneaky' }],
    ['DELETE', '/dict/1'],
    ['GET', '/dict-data/page'],
    ['GET', '/dict-data/1/form'],
    ['POST', '/dict-data', { dictCode: 'gender', value: 'sneaky', label: 'Sneaky' }],
    ['PUT', '/dict-data/1', { dictCode: 'gender', value: 'sneaky', label: 'Sneaky' }],
    ['DELETE', '/dict-data/1'],
  ];

  it('refuses a user without the permission (A0301, translated) and writes nothing', async () => {
    for (const [method, url, payload] of guarded) {
      const res = await call('guest', method, url, payload, 'es');
      expect({ method, url, status: res.statusCode, code: res.json().code, msg: res.json().msg }).toEqual({
        method,
        url,
        status: 403,
        code: ErrorCode.FORBIDDEN,
        msg: 'No tienes permiso para hacer esto.',
      });
    }
    const db = ctx.database.db;
    expect(await db.select().from(dicts).where(eq(dicts.dictCode, 'sneaky'))).toEqual([]);
    expect(await db.select().from(dictItems).where(eq(dictItems.value, 'sneaky'))).toEqual([]);
  });

  it('dictionary permissions do not grant the items', async () => {
    expect((await call('dictOnly', 'GET', '/dict/page')).statusCode).toBe(200);
    for (const [method, url, payload] of guarded.filter(([, url]) => url.startsWith('/dict-data'))) {
      const res = await call('dictOnly', method, url, payload);
      expect({ method, url, status: res.statusCode }).toEqual({ method, url, status: 403 });
    }
  });

  it('the list and options need a sign-in, nothing more; ROOT passes everywhere', async () => {
    for (const url of ['/dict/list', '/dict-data/gender/options']) {
      const res = await call('visitor', 'GET', url);
      expect({ url, status: res.statusCode, code: res.json().code }).toEqual({
        url,
        status: 401,
        code: ErrorCode.ACCESS_TOKEN_INVALID,
      });
      expect((await call('guest', 'GET', url)).statusCode).toBe(200);
    }
    expect((await call('root', 'GET', '/dict/page')).statusCode).toBe(200);
    expect((await call('root', 'GET', '/dict-data/page?dictCode=gender')).statusCode).toBe(200);
  });
});
