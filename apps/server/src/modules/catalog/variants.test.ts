import {
  ZEnvelope,
  ZLowStockPage,
  ZProductVariants,
  type TProductVariants,
  type TProductVariantsRequest,
} from '@linkstore/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../test/api-calls';
import { createTestApp, type TestContext } from '../../test/helper';
import { accessTokenFor, operatorWith } from '../../test/users';
import { categories, productOptions, productOptionValues, products, productVariants } from './catalog.table';
import { insertSimpleProducts } from './variants.repository';

let ctx: TestContext;
const tokens: Record<string, string> = {};
const { call, expectForbidden } = apiCalls(() => ctx.app, tokens, '/catalog/products');
const catalog = apiCalls(() => ctx.app, tokens, '/catalog');
let leaf = 0;

beforeAll(async () => {
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
  tokens.editor = await operatorWith(ctx, 'variant-editor', [
    'catalog:product:query',
    'catalog:product:edit',
  ]);
  tokens.reader = await operatorWith(ctx, 'variant-reader', ['catalog:product:query']);
  tokens.guest = await accessTokenFor(ctx.app, 'test');
  const db = ctx.database.db;
  const [top] = await db.insert(categories).values({ name: 'Var top' }).returning({ id: categories.id });
  const [child] = await db
    .insert(categories)
    .values({ name: 'Var leaf', parentId: top?.id ?? 0 })
    .returning({ id: categories.id });
  leaf = child?.id ?? 0;
});
afterAll(() => ctx.close());

let serial = 0;
async function hoodie(): Promise<number> {
  serial += 1;
  const [row] = await insertSimpleProducts(ctx.database.db, [
    { categoryId: leaf, title: `Hoodie ${serial}`, platformPriceMinor: 1800, stock: 4, sku: `HD-${serial}` },
  ]);
  return row?.id ?? 0;
}

const read = async (id: number): Promise<TProductVariants> => {
  const res = await call('editor', 'GET', `/${id}/variants`);
  expect(res.statusCode, res.body).toBe(200);
  return ZEnvelope(ZProductVariants).parse(res.json()).data;
};
const save = (id: number, body: TProductVariantsRequest, as = 'editor') =>
  call(as, 'PUT', `/${id}/variants`, body);

const SIZES = {
  name: 'Size',
  names: { es: 'Talla' },
  values: [{ value: 'M' }, { value: 'L' }, { value: 'XL' }],
};
const COLOURS = { name: 'Colour', values: [{ value: 'Black', values: { fr: 'Noir' } }, { value: 'Grey' }] };
const grid = (prefix: string) =>
  SIZES.values.flatMap((size, i) =>
    COLOURS.values.map((colour, j) => ({
      values: [size.value, colour.value],
      sku: `${prefix}-${size.value}-${colour.value}`,
      // Larger sizes cost more.
      platformPriceMinor: 1800 + i * 200,
      stock: (i + j) % 3,
    })),
  );

describe('product variants (console)', () => {
  it('a product without options is one variant; a grid of sizes × colours replaces it, in order', async () => {
    const id = await hoodie();
    const before = await read(id);
    expect(before.options).toEqual([]);
    expect(before.variants).toEqual([
      {
        id: expect.any(String),
        values: [],
        label: '',
        sku: `HD-${serial}`,
        platformPriceMinor: 1800,
        stock: 4,
        imageUrl: null,
        weightGrams: 0,
        status: 1,
      },
    ]);

    const res = await save(id, { options: [SIZES, COLOURS], variants: grid(`G${id}`) });
    expect(res.statusCode, res.body).toBe(200);
    const after = ZEnvelope(ZProductVariants).parse(res.json()).data;
    expect(after.options.map((o) => [o.name, o.names, o.values.map((v) => v.value)])).toEqual([
      ['Size', { es: 'Talla' }, ['M', 'L', 'XL']],
      ['Colour', {}, ['Black', 'Grey']],
    ]);
    expect(after.options[1]?.values[0]?.values).toEqual({ fr: 'Noir' });
    expect(after.variants.map((v) => [v.label, v.sku, v.platformPriceMinor, v.stock])).toEqual([
      ['M / Black', `G${id}-M-Black`, 1800, 0],
      ['M / Grey', `G${id}-M-Grey`, 1800, 1],
      ['L / Black', `G${id}-L-Black`, 2000, 1],
      ['L / Grey', `G${id}-L-Grey`, 2000, 2],
      ['XL / Black', `G${id}-XL-Black`, 2200, 2],
      ['XL / Grey', `G${id}-XL-Grey`, 2200, 0],
    ]);
    expect(await read(id)).toEqual(after);

    // The product's form and its table row count the variants; the row has the range of costs.
    const form = await call('editor', 'GET', `/${id}/form`);
    expect(form.json().data).toMatchObject({ platformPriceMinor: 1800, stock: 6, variants: 6 });
    const listed = await call(
      'editor',
      'GET',
      `?keywords=${encodeURIComponent(`Hoodie ${serial}`)}&pageSize=100`,
    );
    expect(listed.json().data.list.find((p: { id: string }) => p.id === String(id))).toMatchObject({
      platformPriceMinor: 1800,
      maxPlatformPriceMinor: 2200,
      stock: 6,
      variants: 6,
    });
  });

  it('saving again keeps the rows it can: a variant by id or by its values, an option by place, a value by text', async () => {
    const id = await hoodie();
    const first = ZEnvelope(ZProductVariants).parse(
      (await save(id, { options: [SIZES, COLOURS], variants: grid(`K${id}`) })).json(),
    ).data;
    const mBlack = first.variants[0];
    const lGrey = first.variants[3];
    // Sizes reordered (XL first), Grey renamed in French, one variant gone, SKUs swapped between two.
    const second = await save(id, {
      options: [
        { ...SIZES, values: [{ value: 'XL' }, { value: 'M' }, { value: 'L' }] },
        { ...COLOURS, values: [{ value: 'Black' }, { value: 'Grey', values: { fr: 'Gris' } }] },
      ],
      variants: [
        { id: mBlack?.id, values: ['M', 'Black'], sku: lGrey?.sku ?? '', platformPriceMinor: 1900, stock: 9 },
        { values: ['L', 'Grey'], sku: mBlack?.sku ?? '', platformPriceMinor: 2100, stock: 3 },
      ],
    });
    expect(second.statusCode, second.body).toBe(200);
    const after = ZEnvelope(ZProductVariants).parse(second.json()).data;
    expect(after.variants.map((v) => [v.id, v.label, v.sku, v.stock])).toEqual([
      [mBlack?.id, 'M / Black', lGrey?.sku, 9],
      [lGrey?.id, 'L / Grey', mBlack?.sku, 3],
    ]);
    expect(after.options[0]?.values.map((v) => v.value)).toEqual(['XL', 'M', 'L']);
    expect(after.options[0]?.values.find((v) => v.value === 'M')?.id).toBe(
      first.options[0]?.values.find((v) => v.value === 'M')?.id,
    );
    expect(after.options[1]?.values[1]?.values).toEqual({ fr: 'Gris' });
    expect(after.options.map((o) => o.id)).toEqual(first.options.map((o) => o.id));

    // Back to no options: one variant, the options and their values gone.
    const plain = await save(id, { variants: [{ sku: `K${id}-ONE`, platformPriceMinor: 1500 }] });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(ZEnvelope(ZProductVariants).parse(plain.json()).data.options).toEqual([]);
    const db = ctx.database.db;
    expect(await db.select().from(productOptions).where(eq(productOptions.productId, id))).toEqual([]);
    expect(await db.select().from(productVariants).where(eq(productVariants.productId, id))).toHaveLength(1);
    const optionIds = first.options.map((o) => Number(o.id));
    for (const optionId of optionIds) {
      expect(
        await db.select().from(productOptionValues).where(eq(productOptionValues.optionId, optionId)),
      ).toEqual([]);
    }
  });

  it('bad input is refused on the right field, in the caller language, and nothing is written', async () => {
    const id = await hoodie();
    const other = await hoodie();
    const before = await read(id);
    const refused = async (body: TProductVariantsRequest, field: string, message: RegExp, lang = 'en') => {
      const res = await call('editor', 'PUT', `/${id}/variants`, body, lang);
      expect(res.statusCode, res.body).toBe(400);
      const { data } = res.json<{ data: { fields: { field: string; message: string }[] } }>();
      expect(data.fields).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
      expect(data.fields.find((f) => f.field === field)?.message).toMatch(message);
    };
    const one = (extra: Record<string, unknown> = {}) => ({
      sku: `B${id}-1`,
      platformPriceMinor: 1000,
      ...extra,
    });
    await refused(
      { options: [SIZES, { ...COLOURS, name: 'size' }], variants: [one()] },
      'options.1.name',
      /already/,
    );
    await refused(
      {
        options: [{ name: 'Size', values: [{ value: 'M' }, { value: 'm' }] }],
        variants: [one({ values: ['M'] })],
      },
      'options.0.values.1.value',
      /already has this value/,
    );
    await refused(
      { options: [SIZES], variants: [one()] },
      'variants.0.values',
      /one value of each option \(1\)/,
    );
    await refused(
      { options: [SIZES], variants: [one({ values: ['XXS'] })] },
      'variants.0.values.0',
      /no value “XXS”/,
    );
    await refused(
      { options: [SIZES], variants: [one({ values: ['M'] }), one({ values: ['m'], sku: `B${id}-2` })] },
      'variants.1.values',
      /these values/,
    );
    await refused(
      { options: [SIZES], variants: [one({ values: ['M'] }), one({ values: ['L'], sku: `b${id}-1` })] },
      'variants.1.sku',
      /already has this SKU/,
    );
    const otherSku = (await read(other)).variants[0]?.sku;
    await refused(
      { variants: [one({ sku: otherSku?.toLowerCase() })] },
      'variants.0.sku',
      /belongs to another product/,
    );
    const otherVariant = (await read(other)).variants[0]?.id;
    await refused({ variants: [one({ id: otherVariant })] }, 'variants.0.id', /another product/);
    await refused({ variants: [one({ platformPriceMinor: 0 })] }, 'variants.0.platformPriceMinor', /./);
    await refused({ variants: [one({ stock: -1 })] }, 'variants.0.stock', /./);
    await refused({ variants: [one({ sku: 'no spaces' })] }, 'variants.0.sku', /./);
    await refused({ variants: [] }, 'variants', /./);
    await refused(
      { variants: Array.from({ length: 251 }, (_, i) => one({ sku: `MANY-${i}` })) },
      'variants',
      /./,
    );
    await refused(
      { options: [SIZES], variants: [one({ values: ['XXS'] })] },
      'variants.0.values.0',
      /no tiene el valor «XXS»/,
      'es',
    );
    expect(await read(id)).toEqual(before);
  });

  it('reading needs catalog:product:query and saving catalog:product:edit; an unknown product is 404', async () => {
    const id = await hoodie();
    await expectForbidden('guest', [['GET', `/${id}/variants`]]);
    await expectForbidden('reader', [
      ['PUT', `/${id}/variants`, { variants: [{ sku: 'X-1', platformPriceMinor: 100 }] }],
    ]);
    expect((await call('editor', 'GET', '/987654321/variants')).statusCode).toBe(404);
    expect(
      (await save(987_654_321, { variants: [{ sku: 'NOPE-1', platformPriceMinor: 100 }] })).statusCode,
    ).toBe(404);
  });

  it('lists the variants on sale with fewer units than the setting, fewest first, named by their values', async () => {
    const id = await hoodie();
    const saved = await save(id, {
      options: [{ name: 'Size', values: [{ value: 'S' }, { value: 'M' }, { value: 'L' }, { value: 'XL' }] }],
      variants: [
        { values: ['S'], sku: `LOW${id}-S`, platformPriceMinor: 1000, stock: 3 },
        { values: ['M'], sku: `LOW${id}-M`, platformPriceMinor: 1000, stock: 0 },
        { values: ['L'], sku: `LOW${id}-L`, platformPriceMinor: 1000, stock: 5 },
        { values: ['XL'], sku: `LOW${id}-XL`, platformPriceMinor: 1000, stock: 1, status: 0 },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const withdrawn = await hoodie();
    await ctx.database.db.update(products).set({ status: 0 }).where(eq(products.id, withdrawn));
    await ctx.database.db
      .update(productVariants)
      .set({ stock: 0 })
      .where(eq(productVariants.productId, withdrawn));

    const res = await catalog.call('reader', 'GET', '/low-stock?pageSize=100');
    expect(res.statusCode, res.body).toBe(200);
    const page = ZEnvelope(ZLowStockPage).parse(res.json()).data;
    expect(page.threshold).toBe(5);
    const ours = page.list.filter(
      (item) => item.productId === String(id) || item.productId === String(withdrawn),
    );
    expect(ours.map((item) => [item.label, item.sku, item.stock])).toEqual([
      ['M', `LOW${id}-M`, 0],
      ['S', `LOW${id}-S`, 3],
    ]);
    expect(ours[0]?.title).toBe(`Hoodie ${serial - 1}`);
    const stocks = page.list.map((item) => item.stock);
    expect(stocks).toEqual([...stocks].sort((a, b) => a - b));
    expect(page.total).toBeGreaterThanOrEqual(2);
    await catalog.expectForbidden('guest', [['GET', '/low-stock']]);
  });
});
