import {
  ErrorCode,
  ZEnvelope,
  ZProductForm,
  ZProductPage,
  plainTextToDoc,
  type TProductForm,
  type TRichDoc,
} from '@linkstore/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../test/api-calls';
import { createTestApp, type TestContext } from '../../test/helper';
import { accessTokenFor, operatorWith } from '../../test/users';
import { categories, productImages, products } from './catalog.table';

let ctx: TestContext;
const tokens: Record<string, string> = {};
const PERMS = [
  'catalog:product:query',
  'catalog:product:add',
  'catalog:product:edit',
  'catalog:product:delete',
];
const { call, expectForbidden } = apiCalls(() => ctx.app, tokens, '/catalog/products');

let top = 0;
let leaf = 0;
let otherLeaf = 0;

async function create(body: Record<string, unknown>): Promise<TProductForm> {
  const res = await call('manager', 'POST', '', {
    categoryId: String(leaf),
    platformPriceMinor: 1000,
    ...body,
  });
  expect(res.statusCode).toBe(200);
  return ZEnvelope(ZProductForm).parse(res.json()).data;
}

async function page(query: string, lang = 'en') {
  const res = await call('manager', 'GET', query, undefined, lang);
  expect(res.statusCode).toBe(200);
  return ZEnvelope(ZProductPage).parse(res.json()).data;
}

beforeAll(async () => {
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
  const db = ctx.database.db;
  tokens.manager = await operatorWith(ctx, 'product-manager', PERMS);
  tokens.guest = await accessTokenFor(ctx.app, 'test');
  const [t] = await db
    .insert(categories)
    .values({ name: 'Prod top', names: { es: 'Prod arriba' } })
    .returning({ id: categories.id });
  top = t?.id ?? 0;
  const [l] = await db
    .insert(categories)
    .values({ name: 'Prod leaf', names: { es: 'Prod hoja' }, parentId: top })
    .returning({ id: categories.id });
  leaf = l?.id ?? 0;
  const [o] = await db
    .insert(categories)
    .values({ name: 'Prod other', parentId: top })
    .returning({ id: categories.id });
  otherLeaf = o?.id ?? 0;
});
afterAll(() => ctx.close());

describe('products', () => {
  it('creates a product with translations, cents and images, and pages it in the caller language', async () => {
    const made = await create({
      title: 'Pg Mug',
      titles: { es: 'Pg Taza', fr: '' },
      description: plainTextToDoc('A <b>mug</b>'),
      descriptions: { pt: plainTextToDoc('Uma caneca'), es: { type: 'doc', content: [] } },
      platformPriceMinor: 1299,
      stock: 7,
      images: ['/files/product/a.png', 'https://cdn.example.com/b.png'],
    });
    expect(made).toMatchObject({
      categoryId: String(leaf),
      title: 'Pg Mug',
      titles: { es: 'Pg Taza' },
      description: plainTextToDoc('A <b>mug</b>'),
      descriptions: { pt: plainTextToDoc('Uma caneca') },
      platformPriceMinor: 1299,
      stock: 7,
      variants: 1,
      status: 1,
      images: ['/files/product/a.png', 'https://cdn.example.com/b.png'],
    });
    await create({ title: 'Pg Plate', categoryId: String(otherLeaf), status: 0 });

    const spanish = await page('?keywords=pg%20', 'es');
    expect(spanish.total).toBe(2);
    const mug = spanish.list.find((p) => p.id === made.id);
    expect(mug).toMatchObject({
      label: 'Pg Taza',
      title: 'Pg Mug',
      categoryLabel: 'Prod hoja',
      platformPriceMinor: 1299,
      maxPlatformPriceMinor: 1299,
      variants: 1,
      imageUrl: '/files/product/a.png',
    });
    expect((await page('?keywords=TAZA')).list.map((p) => p.id)).toEqual([made.id]);
    expect((await page(`?categoryId=${top}&keywords=pg`)).total).toBe(2);
    expect((await page(`?categoryId=${otherLeaf}`)).list.map((p) => p.title)).toEqual(['Pg Plate']);
    expect((await page('?keywords=pg&status=1')).list.map((p) => p.title)).toEqual(['Pg Mug']);
    expect((await page('?keywords=pg&pageSize=1&pageNum=2')).list).toHaveLength(1);
    expect((await page('?keywords=%25')).total).toBe(0);
    // Only texts are searched, not the language codes of the translations ("es" is a key above).
    expect((await page('?keywords=es')).total).toBe(0);

    const form = await call('manager', 'GET', `/${made.id}/form`);
    expect(form.json().data).toEqual(made);
  });

  it('edits a product, replacing its images, and changes its status', async () => {
    const made = await create({ title: 'Ed Cap', images: ['/files/product/1.png', '/files/product/2.png'] });
    const res = await call('manager', 'PUT', `/${made.id}`, {
      id: made.id,
      categoryId: String(otherLeaf),
      title: 'Ed Cap 2',
      platformPriceMinor: 2500,
      stock: 3,
      images: ['/files/product/3.png'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      title: 'Ed Cap 2',
      platformPriceMinor: 2500,
      images: ['/files/product/3.png'],
    });
    const images = await ctx.database.db
      .select({ url: productImages.url })
      .from(productImages)
      .where(eq(productImages.productId, Number(made.id)));
    expect(images).toEqual([{ url: '/files/product/3.png' }]);
    expect((await call('manager', 'PATCH', `/${made.id}/status?status=0`)).statusCode).toBe(200);
    const [row] = await ctx.database.db
      .select()
      .from(products)
      .where(eq(products.id, Number(made.id)));
    expect(row?.status).toBe(0);
    expect(
      (
        await call('manager', 'PUT', '/999999999', {
          categoryId: String(leaf),
          title: 'x',
          platformPriceMinor: 1,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refuses a first-level or unknown category, a float or non-positive price, with translated messages', async () => {
    const first = await call(
      'manager',
      'POST',
      '',
      { categoryId: String(top), title: 'Bad', platformPriceMinor: 100 },
      'es',
    );
    expect(first.statusCode).toBe(400);
    expect(first.json()).toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      msg: 'La categoría debe ser de segundo nivel.',
      data: { fields: [{ field: 'categoryId', message: 'La categoría debe ser de segundo nivel.' }] },
    });
    const unknown = await call('manager', 'POST', '', {
      categoryId: '999999999',
      title: 'Bad',
      platformPriceMinor: 100,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      data: { fields: [{ field: 'categoryId', message: 'The category must be a second-level category.' }] },
    });
    for (const price of [12.5, 0, -1, '100']) {
      const res = await call('manager', 'POST', '', {
        categoryId: String(leaf),
        title: 'Bad',
        platformPriceMinor: price,
      });
      expect({ price, status: res.statusCode }).toEqual({ price, status: 400 });
    }
    const noTitle = await call('manager', 'POST', '', {
      categoryId: String(leaf),
      title: ' ',
      platformPriceMinor: 1,
      stock: -1,
    });
    expect((noTitle.json().data.fields as { field: string }[]).map((f) => f.field).sort()).toEqual([
      'stock',
      'title',
    ]);
    const badImage = await call('manager', 'POST', '', {
      categoryId: String(leaf),
      title: 'x',
      platformPriceMinor: 1,
      images: ['javascript:x'],
    });
    expect(badImage.statusCode).toBe(400);
    expect(await ctx.database.db.select().from(products).where(eq(products.title, 'Bad'))).toEqual([]);
  });

  it('keeps rich descriptions as documents, refuses unsafe links, and reads old plain text', async () => {
    const rich: TRichDoc = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Read ' },
            {
              type: 'text',
              text: 'more',
              marks: [{ type: 'link', attrs: { href: 'https://example.com/care' } }],
            },
          ],
        },
        {
          type: 'bulletList',
          content: [
            { type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Soft' }] }] },
          ],
        },
      ],
    };
    const made = await create({ title: 'Rt Tee', description: rich, descriptions: { fr: rich } });
    const form = (await call('manager', 'GET', `/${made.id}/form`)).json().data as TProductForm;
    expect(form).toMatchObject({ description: rich, descriptions: { fr: rich } });

    const hostile = structuredClone(rich);
    const link = hostile.content[0];
    if (link?.type === 'paragraph' && link.content?.[1]?.type === 'text') {
      link.content[1].marks = [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }];
    }
    for (const body of [{ description: hostile }, { descriptions: { es: hostile } }]) {
      const res = await call('manager', 'PUT', `/${made.id}`, {
        categoryId: String(leaf),
        title: 'Rt Tee changed',
        platformPriceMinor: 1000,
        ...body,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().data.fields).toEqual([
        {
          field: Object.keys(body)[0] === 'description' ? 'description' : 'descriptions.es',
          message: expect.any(String),
        },
      ]);
    }
    const [row] = await ctx.database.db
      .select()
      .from(products)
      .where(eq(products.id, Number(made.id)));
    expect(row?.title).toBe('Rt Tee');
    expect(JSON.parse(row?.description ?? '')).toEqual(rich);

    await ctx.database.db
      .update(products)
      .set({
        description: 'Old line one\nline two\n\nSecond <i>paragraph</i>',
        descriptions: { es: 'Viejo' },
      })
      .where(eq(products.id, Number(made.id)));
    const old = (await call('manager', 'GET', `/${made.id}/form`)).json().data as TProductForm;
    expect(old.description).toEqual(plainTextToDoc('Old line one\nline two\n\nSecond <i>paragraph</i>'));
    expect(old.description.content).toHaveLength(2);
    expect(old.descriptions).toEqual({ es: plainTextToDoc('Viejo') });
  });

  it('deletes a product with its images', async () => {
    const made = await create({ title: 'Del Bowl', images: ['/files/product/x.png'] });
    expect((await call('manager', 'DELETE', `/${made.id}`)).statusCode).toBe(200);
    expect(
      await ctx.database.db
        .select()
        .from(productImages)
        .where(eq(productImages.productId, Number(made.id))),
    ).toEqual([]);
    expect((await call('manager', 'DELETE', `/${made.id}`)).statusCode).toBe(404);
  });

  it('refuses users without the permission (A0301) and writes nothing', async () => {
    await expectForbidden('guest', [
      ['GET', '', undefined],
      ['POST', '', { categoryId: String(leaf), title: 'Sneaky', platformPriceMinor: 1 }],
      ['DELETE', '/1', undefined],
      ['PATCH', '/1/status?status=0', undefined],
    ]);
    expect(await ctx.database.db.select().from(products).where(eq(products.title, 'Sneaky'))).toEqual([]);
    // The product editor may read the category options for its picker.
    const options = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/catalog/categories/options?level=all',
      headers: { authorization: `Bearer ${tokens.manager ?? ''}` },
    });
    expect(options.statusCode).toBe(200);
  });
});
