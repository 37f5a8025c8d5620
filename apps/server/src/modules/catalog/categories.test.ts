import { insertSimpleProducts } from './variants.repository';
import {
  ErrorCode,
  ZCategoryForm,
  ZCategoryOptionTree,
  ZCategoryTree,
  ZEnvelope,
  type TCategory,
  type TCategoryForm,
  type TCategoryOption,
} from '@linkstore/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls, type TMethod } from '../../test/api-calls';
import { createTestApp, type TestContext } from '../../test/helper';
import { accessTokenFor, operatorWith } from '../../test/users';
import { categories, products } from './catalog.table';

let ctx: TestContext;
const tokens: Record<string, string> = {};

const PERMS = [
  'catalog:category:query',
  'catalog:category:add',
  'catalog:category:edit',
  'catalog:category:delete',
];

const { call } = apiCalls(() => ctx.app, tokens, '/catalog/categories');

async function create(body: Record<string, unknown>): Promise<TCategoryForm> {
  const res = await call('manager', 'POST', '', body);
  expect(res.statusCode).toBe(200);
  return ZEnvelope(ZCategoryForm).parse(res.json()).data;
}

async function tree(query = '', lang = 'en'): Promise<TCategory[]> {
  const res = await call('manager', 'GET', query, undefined, lang);
  expect(res.statusCode).toBe(200);
  return ZEnvelope(ZCategoryTree).parse(res.json()).data;
}

async function options(query = '', lang = 'en'): Promise<TCategoryOption[]> {
  const res = await call('manager', 'GET', `/options${query}`, undefined, lang);
  expect(res.statusCode).toBe(200);
  return ZEnvelope(ZCategoryOptionTree).parse(res.json()).data;
}

async function rowOf(id: string) {
  const [row] = await ctx.database.db
    .select()
    .from(categories)
    .where(eq(categories.id, Number(id)));
  return row;
}

beforeAll(async () => {
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
  tokens.manager = await operatorWith(ctx, 'category-manager', PERMS);
  // Only allowed to look.
  tokens.viewer = await operatorWith(ctx, 'category-viewer', ['catalog:category:query']);
  tokens.guest = await accessTokenFor(ctx.app, 'test');
});
afterAll(() => ctx.close());

describe('categories', () => {
  it('creates two levels, answers the name in the caller language with every translation', async () => {
    const top = await create({
      name: 'Tree Apparel',
      names: { es: 'Ropa árbol', 'zh-cn': '树服装', fr: '' },
      iconUrl: '/files/category/apparel.png',
      sort: 7,
    });
    expect(top).toMatchObject({
      parentId: '0',
      name: 'Tree Apparel',
      names: { es: 'Ropa árbol', 'zh-cn': '树服装' },
      iconUrl: '/files/category/apparel.png',
      sort: 7,
      status: 1,
    });
    expect(top.names).not.toHaveProperty('fr');
    const late = await create({ name: 'Tree T-shirts', parentId: top.id, sort: 5 });
    const early = await create({
      name: 'Tree Hoodies',
      parentId: top.id,
      sort: 1,
      names: { es: 'Sudaderas' },
    });

    const inEnglish = (await tree()).find((c) => c.id === top.id);
    expect(inEnglish).toMatchObject({ label: 'Tree Apparel', name: 'Tree Apparel' });
    expect(inEnglish?.children?.map((c) => c.id)).toEqual([early.id, late.id]);
    expect(inEnglish?.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const inSpanish = (await tree('', 'es')).find((c) => c.id === top.id);
    expect(inSpanish?.label).toBe('Ropa árbol');
    // No Spanish name: English.
    expect(inSpanish?.children?.map((c) => c.label)).toEqual(['Sudaderas', 'Tree T-shirts']);
    expect((await tree('', 'pt')).find((c) => c.id === top.id)?.label).toBe('Tree Apparel');

    // Keywords match any language; a match under a non-match is a root.
    expect((await tree('?keywords=SUDADERA')).map((c) => c.id)).toEqual([early.id]);
    expect((await tree('?keywords=树服')).map((c) => c.id)).toEqual([top.id]);
    expect(await tree('?keywords=%25tree')).toEqual([]);

    const form = await call('manager', 'GET', `/${early.id}/form`);
    expect(form.json().data).toEqual({
      id: early.id,
      parentId: top.id,
      name: 'Tree Hoodies',
      names: { es: 'Sudaderas' },
      iconUrl: null,
      sort: 1,
      status: 1,
    });
    expect((await call('manager', 'GET', '/999999999/form')).json().code).toBe(ErrorCode.NOT_FOUND);
  });

  it('offers first-level options for the parent picker, or the shown tree', async () => {
    const top = await create({ name: 'Opt Home', names: { fr: 'Maison opt' } });
    const child = await create({ name: 'Opt Mugs', parentId: top.id });
    const hidden = await create({ name: 'Opt Hidden', status: 0 });
    await create({ name: 'Opt Under hidden', parentId: hidden.id });

    const first = await options('', 'fr');
    expect(first.find((o) => o.value === top.id)).toEqual({ value: top.id, label: 'Maison opt' });
    expect(first.some((o) => o.value === child.id || o.value === hidden.id)).toBe(false);

    const all = await options('?level=all');
    expect(all.find((o) => o.value === top.id)).toEqual({
      value: top.id,
      label: 'Opt Home',
      children: [{ value: child.id, label: 'Opt Mugs' }],
    });
    expect(JSON.stringify(all)).not.toContain('Opt Under hidden');
  });

  it('edits a category and changes its status', async () => {
    const top = await create({ name: 'Edit top', names: { es: 'Editar' } });
    const other = await create({ name: 'Edit other' });
    const child = await create({ name: 'Edit child', parentId: top.id });
    const res = await call('manager', 'PUT', `/${child.id}`, {
      id: child.id,
      name: 'Edit moved',
      names: { pt: 'Movido' },
      parentId: other.id,
      iconUrl: 'https://cdn.example.com/i.png',
      sort: 3,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      parentId: other.id,
      name: 'Edit moved',
      names: { pt: 'Movido' },
      iconUrl: 'https://cdn.example.com/i.png',
      sort: 3,
    });
    // An empty icon clears it; translations are replaced, not merged.
    const cleared = await call('manager', 'PUT', `/${top.id}`, { name: 'Edit top', iconUrl: '' });
    expect(cleared.json().data).toMatchObject({ iconUrl: null, names: {} });

    expect((await call('manager', 'PATCH', `/${top.id}/status?status=0`)).statusCode).toBe(200);
    expect((await rowOf(top.id))?.status).toBe(0);
    expect((await call('manager', 'PATCH', `/${top.id}/status?status=1`)).statusCode).toBe(200);
    expect((await rowOf(top.id))?.status).toBe(1);
    expect((await call('manager', 'PATCH', '/999999999/status?status=1')).statusCode).toBe(404);
    expect((await call('manager', 'PATCH', `/${top.id}/status?status=2`)).statusCode).toBe(400);
  });

  it('keeps two levels, with a translated refusal that changes nothing', async () => {
    const top = await create({ name: 'Level top' });
    const child = await create({ name: 'Level child', parentId: top.id });

    const third = await call('manager', 'POST', '', { name: 'Level third', parentId: child.id }, 'es');
    expect(third.statusCode).toBe(400);
    expect(third.json()).toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      msg: 'La categoría superior debe ser de primer nivel.',
      data: { fields: [{ field: 'parentId', message: 'La categoría superior debe ser de primer nivel.' }] },
    });
    expect(await tree('?keywords=Level%20third')).toEqual([]);

    const parentRefusal = {
      code: ErrorCode.VALIDATION_FAILED,
      data: { fields: [{ field: 'parentId', message: 'The parent must be a first-level category.' }] },
    };
    const missing = await call('manager', 'POST', '', { name: 'Level orphan', parentId: '999999999' });
    expect({ status: missing.statusCode, body: missing.json() }).toMatchObject({
      status: 400,
      body: parentRefusal,
    });

    const self = await call('manager', 'PUT', `/${top.id}`, { name: 'Level top', parentId: top.id });
    expect({ status: self.statusCode, body: self.json() }).toMatchObject({
      status: 400,
      body: parentRefusal,
    });

    // A first-level category with children cannot go under another.
    const other = await create({ name: 'Level other' });
    const moveDown = await call('manager', 'PUT', `/${top.id}`, { name: 'Level top', parentId: other.id });
    expect(moveDown.statusCode).toBe(400);
    expect(moveDown.json()).toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      data: { fields: [{ field: 'parentId', message: 'It has sub-categories: delete or move them first.' }] },
    });
    expect((await rowOf(top.id))?.parentId).toBe(0);
  });

  it('validates the body with translated messages', async () => {
    const res = await call(
      'manager',
      'POST',
      '',
      { name: '  ', sort: -1, iconUrl: 'javascript:alert(1)' },
      'fr',
    );
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe(ErrorCode.VALIDATION_FAILED);
    const fields = (body.data.fields as { field: string; message: string }[]).map((f) => f.field).sort();
    expect(fields).toEqual(['iconUrl', 'name', 'sort']);
    expect(body.msg).not.toMatch(/ is required| must /);
    const long = await call('manager', 'POST', '', { name: 'x'.repeat(65) });
    expect(long.statusCode).toBe(400);
    const badLang = await call('manager', 'POST', '', { name: 'ok', names: { es: 'y'.repeat(65) } });
    expect(badLang.statusCode).toBe(400);
  });

  it('refuses to delete a category with sub-categories or products, then deletes', async () => {
    const top = await create({ name: 'Del top' });
    const child = await create({ name: 'Del child', parentId: top.id });
    const parentRefused = await call('manager', 'DELETE', `/${top.id}`);
    expect(parentRefused.statusCode).toBe(409);
    expect(parentRefused.json().code).toBe(ErrorCode.HAS_CHILDREN);

    const [product] = await insertSimpleProducts(ctx.database.db, [
      { categoryId: Number(child.id), title: 'Del product', platformPriceMinor: 1299 },
    ]);
    const childRefused = await call('manager', 'DELETE', `/${child.id}`);
    expect(childRefused.statusCode).toBe(409);
    expect(childRefused.json().code).toBe(ErrorCode.IN_USE);
    expect(await rowOf(child.id)).toBeDefined();

    await ctx.database.db.delete(products).where(eq(products.id, product?.id ?? 0));
    expect((await call('manager', 'DELETE', `/${child.id}`)).statusCode).toBe(200);
    expect((await call('manager', 'DELETE', `/${top.id}`)).statusCode).toBe(200);
    expect(await rowOf(top.id)).toBeUndefined();
    expect((await call('manager', 'DELETE', `/${top.id}`)).statusCode).toBe(404);
  });
});

describe('access', () => {
  it('refuses users without the permission (A0301) and writes nothing', async () => {
    const target = await create({ name: 'Access target' });
    const attempts: [string, TMethod, string, unknown][] = [
      ['guest', 'GET', '', undefined],
      ['guest', 'GET', '/options', undefined],
      ['guest', 'GET', `/${target.id}/form`, undefined],
      ['guest', 'POST', '', { name: 'Sneaky' }],
      ['viewer', 'POST', '', { name: 'Sneaky' }],
      ['viewer', 'PUT', `/${target.id}`, { name: 'Sneaky' }],
      ['viewer', 'PATCH', `/${target.id}/status?status=0`, undefined],
      ['viewer', 'DELETE', `/${target.id}`, undefined],
    ];
    for (const [as, method, url, payload] of attempts) {
      const res = await call(as, method, url, payload);
      expect({ as, method, url, status: res.statusCode, code: res.json().code }).toEqual({
        as,
        method,
        url,
        status: 403,
        code: ErrorCode.FORBIDDEN,
      });
    }
    expect(await rowOf(target.id)).toMatchObject({ name: 'Access target', status: 1 });
    expect(await tree('?keywords=Sneaky')).toEqual([]);
    expect((await call('viewer', 'GET', '')).statusCode).toBe(200);
  });
});
