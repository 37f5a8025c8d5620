import {
  ErrorCode,
  ZEnvelope,
  ZPublicSizeGuideAnswer,
  ZSizeGuide,
  ZSizeGuideAnswer,
  type TPublicSizeGuideAnswer,
  type TSizeGuide,
  type TSizeGuideAnswer,
  type TSizeGuideRequest,
} from '@linkstore/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { apiCalls } from '../../test/api-calls';
import { createTestApp, testConfig, type TestContext } from '../../test/helper';
import { accessTokenFor, operatorWith } from '../../test/users';
import { categories, categorySizeGuides } from './catalog.table';

/** Long enough that only the change feed can make a save reach the cached app in time. */
const CACHE_MS = 5000;

let ctx: TestContext;
/** A second process on the same database that keeps public answers (the storefront's setting). */
let cached: FastifyInstance;
const tokens: Record<string, string> = {};
const { call, ok, expectForbidden } = apiCalls(() => ctx.app, tokens);

const guidePath = (id: number) => `/catalog/categories/${id}/size-guide`;
const publicPath = (id: number) => `/public/size-guides/${id}`;

const GUIDE: TSizeGuideRequest = {
  columns: [
    { name: 'Chest', names: { es: 'Pecho', fr: 'Poitrine', pt: '' } },
    { name: 'Length', names: { es: 'Largo' } },
  ],
  rows: [
    { size: ' S ', values: [480, 690] },
    { size: 'M', values: [520, 710] },
    { size: 'XL', values: [600, 750] },
  ],
  note: 'Measured flat.',
  notes: { es: 'Medido en plano.' },
};

async function addCategory(name: string, parentId = 0, status = 1): Promise<number> {
  const [row] = await ctx.database.db.insert(categories).values({ parentId, name, status }).returning();
  if (!row) throw new Error('category not added');
  return row.id;
}

async function save(id: number, body: unknown = GUIDE): Promise<TSizeGuide> {
  return ZSizeGuide.parse(await ok('manager', 'PUT', guidePath(id), body));
}

async function consoleGuide(id: number): Promise<TSizeGuideAnswer> {
  return ZSizeGuideAnswer.parse(await ok('manager', 'GET', guidePath(id)));
}

async function publicGuide(id: number, lang = 'en'): Promise<TPublicSizeGuideAnswer> {
  const res = await call(null, 'GET', publicPath(id), undefined, lang);
  expect(res.statusCode, res.body).toBe(200);
  return ZEnvelope(ZPublicSizeGuideAnswer).parse(res.json()).data;
}

async function guideRows() {
  return ctx.database.db.select().from(categorySizeGuides);
}

beforeAll(async () => {
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
  const env = { CAPTCHA_ENABLED: 'false', STOREFRONT_CACHE_MS: String(CACHE_MS) };
  cached = await buildApp({ config: testConfig(env), database: ctx.database, logger: false });
  await cached.ready();
  tokens.manager = await operatorWith(ctx, 'guide-manager', [
    'catalog:category:query',
    'catalog:category:edit',
  ]);
  tokens.viewer = await operatorWith(ctx, 'guide-viewer', ['catalog:category:query']);
  tokens.guest = await accessTokenFor(ctx.app, 'test');
});
afterAll(async () => {
  await cached.close();
  await ctx.close();
});

describe('size guides', () => {
  it('saves a guide in millimetres and reads it back with every translation, and in a buyer language', async () => {
    const top = await addCategory('Guide Apparel');
    const shirts = await addCategory('Guide T-shirts', top);
    expect(await consoleGuide(shirts)).toBeNull();

    const saved = await save(shirts);
    expect(saved).toMatchObject({
      categoryId: String(shirts),
      columns: [
        { name: 'Chest', names: { es: 'Pecho', fr: 'Poitrine' } },
        { name: 'Length', names: { es: 'Largo' } },
      ],
      rows: [
        { size: 'S', values: [480, 690] },
        { size: 'M', values: [520, 710] },
        { size: 'XL', values: [600, 750] },
      ],
      note: 'Measured flat.',
      notes: { es: 'Medido en plano.' },
    });
    expect(saved.updateTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(await consoleGuide(shirts)).toEqual(saved);

    expect(await publicGuide(shirts, 'es')).toEqual({
      categoryId: String(shirts),
      columns: ['Pecho', 'Largo'],
      rows: saved.rows,
      note: 'Medido en plano.',
    });
    // No translation: English.
    expect(await publicGuide(shirts, 'pt')).toMatchObject({
      columns: ['Chest', 'Length'],
      note: 'Measured flat.',
    });
    expect(await publicGuide(shirts, 'fr')).toMatchObject({ columns: ['Poitrine', 'Length'] });

    // A save replaces the whole guide.
    const smaller = await save(shirts, {
      columns: [{ name: 'Chest' }],
      rows: [{ size: 'One size', values: [550] }],
    });
    expect(smaller).toMatchObject({
      columns: [{ name: 'Chest', names: {} }],
      rows: [{ size: 'One size', values: [550] }],
      note: '',
      notes: {},
    });
    expect(await publicGuide(shirts, 'es')).toEqual({
      categoryId: String(shirts),
      columns: ['Chest'],
      rows: [{ size: 'One size', values: [550] }],
      note: '',
    });
  });

  it("shows a category's own guide, else its parent's; null when neither has one", async () => {
    const top = await addCategory('Fallback Apparel');
    const hoodies = await addCategory('Fallback Hoodies', top);
    const caps = await addCategory('Fallback Caps', top);
    const mugs = await addCategory('Fallback Mugs', await addCategory('Fallback Home'));
    expect(await publicGuide(hoodies)).toBeNull();

    await save(top);
    await save(caps, { columns: [{ name: 'Head' }], rows: [{ size: 'M', values: [570] }] });
    expect(await publicGuide(top)).toMatchObject({ categoryId: String(top), columns: ['Chest', 'Length'] });
    expect(await publicGuide(hoodies)).toMatchObject({
      categoryId: String(top),
      columns: ['Chest', 'Length'],
    });
    expect(await publicGuide(caps)).toMatchObject({ categoryId: String(caps), columns: ['Head'] });
    expect(await publicGuide(mugs)).toBeNull();
    // The console edits a category's own guide only.
    expect(await consoleGuide(hoodies)).toBeNull();

    // Without its own guide, a category falls back on its parent's again.
    expect(await ok('manager', 'DELETE', guidePath(caps))).toBeNull();
    expect(await consoleGuide(caps)).toBeNull();
    expect(await publicGuide(caps)).toMatchObject({ categoryId: String(top) });
    // Deleting a guide that is not there changes nothing.
    expect(await ok('manager', 'DELETE', guidePath(caps))).toBeNull();

    // A category that is gone takes its guide with it.
    await ctx.database.db.delete(categories).where(eq(categories.id, caps));
    await ctx.database.db.delete(categories).where(eq(categories.id, hoodies));
    await ctx.database.db.delete(categories).where(eq(categories.id, top));
    expect((await guideRows()).filter((g) => g.categoryId === top)).toEqual([]);
  });

  it('answers 404 for an unknown or hidden category (or one under a hidden parent), 400 for a bad id', async () => {
    const hiddenTop = await addCategory('Hidden Apparel', 0, 0);
    const underHidden = await addCategory('Hidden Shirts', hiddenTop);
    const hidden = await addCategory('Hidden Child', await addCategory('Shown Apparel'), 0);
    await save(hiddenTop);
    await save(hidden);
    for (const id of [hiddenTop, underHidden, hidden, 999_999_999]) {
      const res = await call(null, 'GET', publicPath(id));
      expect({ id, status: res.statusCode, code: res.json().code }).toEqual({
        id,
        status: 404,
        code: ErrorCode.NOT_FOUND,
      });
    }
    expect((await call(null, 'GET', '/public/size-guides/abc')).statusCode).toBe(400);
    expect((await call('manager', 'GET', guidePath(999_999_999))).statusCode).toBe(404);
    expect((await call('manager', 'PUT', guidePath(999_999_999), GUIDE)).statusCode).toBe(404);
    expect((await call('manager', 'DELETE', guidePath(999_999_999))).statusCode).toBe(404);
  });

  it('refuses each bad guide on its field, in the caller language, with nothing written', async () => {
    const id = await addCategory('Refused Shirts', await addCategory('Refused Apparel'));
    const before = await save(id);
    const column = (name: string, names: Record<string, string> = {}) => ({ name, names });
    const row = (size: string, values: unknown[]) => ({ size, values });
    const cases: { body: Record<string, unknown>; field: string; message?: string }[] = [
      { body: { columns: [] }, field: 'columns', message: 'A size guide needs at least one measurement.' },
      {
        body: {
          columns: Array.from({ length: 13 }, (_, i) => column(`C${i}`)),
          rows: [
            row(
              'M',
              Array.from({ length: 13 }, () => 100),
            ),
          ],
        },
        field: 'columns',
        message: 'A size guide has at most 12 measurements.',
      },
      { body: { rows: [] }, field: 'rows', message: 'A size guide needs at least one size.' },
      {
        body: { rows: Array.from({ length: 31 }, (_, i) => row(`S${i}`, [500, 700])) },
        field: 'rows',
        message: 'A size guide has at most 30 sizes.',
      },
      {
        body: { rows: [row('M', [520, 0])] },
        field: 'rows.0.values.1',
        message: 'A measurement must be more than 0 and at most 5000 mm (500 cm).',
      },
      { body: { rows: [row('M', [5001, 700])] }, field: 'rows.0.values.0' },
      { body: { rows: [row('M', [-3, 700])] }, field: 'rows.0.values.0' },
      { body: { rows: [row('M', [520.5, 700])] }, field: 'rows.0.values.0' },
      { body: { rows: [row('M', ['520', 700])] }, field: 'rows.0.values.0' },
      {
        body: { rows: [row('S', [480, 690]), row('M', [520])] },
        field: 'rows.1.values',
        message: 'Each size needs one value per measurement (2).',
      },
      { body: { rows: [row('M', [520, 710, 800])] }, field: 'rows.0.values' },
      {
        body: { rows: [row('M', [480, 690]), row(' m ', [520, 710])] },
        field: 'rows.1.size',
        message: 'Another size already has this name.',
      },
      { body: { rows: [row(' ', [480, 690])] }, field: 'rows.0.size' },
      { body: { rows: [row('X'.repeat(21), [480, 690])] }, field: 'rows.0.size' },
      {
        body: { columns: [column('Chest'), column(' chest ')] },
        field: 'columns.1.name',
        message: 'Another measurement already has this name.',
      },
      {
        body: { columns: [column('Chest', { es: 'Pecho' }), column('Bust', { es: 'pecho' })] },
        field: 'columns.1.names.es',
      },
      { body: { columns: [column(''), column('Length')] }, field: 'columns.0.name' },
      { body: { note: 'n'.repeat(501) }, field: 'note' },
    ];
    for (const { body, field, message } of cases) {
      const res = await call('manager', 'PUT', guidePath(id), { ...GUIDE, ...body });
      expect({ field, status: res.statusCode, code: res.json().code }).toEqual({
        field,
        status: 400,
        code: ErrorCode.VALIDATION_FAILED,
      });
      const fields = res.json<{ data: { fields: { field: string; message: string }[] } }>().data.fields;
      expect(fields.map((f) => f.field)).toContain(field);
      if (message) expect(fields.find((f) => f.field === field)?.message).toBe(message);
    }
    // Translated for the caller.
    const spanish = await call(
      'manager',
      'PUT',
      guidePath(id),
      { ...GUIDE, rows: [row('M', [480, 690]), row('M', [520, 710])] },
      'es',
    );
    expect(spanish.json().data.fields).toEqual([
      { field: 'rows.1.size', message: 'Otra talla ya tiene este nombre.' },
    ]);

    expect(await consoleGuide(id)).toEqual(before);
    const other = await addCategory('Refused Caps', await addCategory('Refused Hats'));
    expect((await call('manager', 'PUT', guidePath(other), { ...GUIDE, rows: [] })).statusCode).toBe(400);
    expect((await guideRows()).filter((g) => g.categoryId === other)).toEqual([]);
  });

  it('reading needs catalog:category:query, saving and deleting catalog:category:edit; buyers need no sign-in', async () => {
    const id = await addCategory('Perm Shirts', await addCategory('Perm Apparel'));
    await save(id);
    expect(ZSizeGuideAnswer.parse(await ok('viewer', 'GET', guidePath(id)))).toMatchObject({
      categoryId: String(id),
    });
    await expectForbidden('viewer', [
      ['PUT', guidePath(id), GUIDE],
      ['DELETE', guidePath(id)],
    ]);
    await expectForbidden('guest', [
      ['GET', guidePath(id)],
      ['PUT', guidePath(id), GUIDE],
      ['DELETE', guidePath(id)],
    ]);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await call(null, method, guidePath(id), method === 'PUT' ? GUIDE : undefined);
      expect({ method, status: res.statusCode }).toEqual({ method, status: 401 });
    }
    expect((await consoleGuide(id))?.rows).toHaveLength(3);
    expect(await publicGuide(id)).toMatchObject({ categoryId: String(id) });
  });

  it('public answers are cached and forgotten as soon as a guide is saved', async () => {
    const id = await addCategory('Cached Shirts', await addCategory('Cached Apparel'));
    await save(id, { columns: [{ name: 'Chest' }], rows: [{ size: 'M', values: [500] }] });
    const read = async () => {
      const res = await cached.inject({
        method: 'GET',
        url: `/api/v1${publicPath(id)}`,
        headers: { lang: 'en' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toContain('public');
      expect(res.headers.etag).toBeTruthy();
      return ZEnvelope(ZPublicSizeGuideAnswer).parse(res.json()).data?.rows[0]?.values[0];
    };
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await read()).toBe(500);

    const started = Date.now();
    await save(id, { columns: [{ name: 'Chest' }], rows: [{ size: 'M', values: [510] }] });
    await expect.poll(read, { timeout: 1000, interval: 50 }).toBe(510);
    await ok('manager', 'DELETE', guidePath(id));
    await expect.poll(read, { timeout: 1000, interval: 50 }).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(CACHE_MS);
  });
});
