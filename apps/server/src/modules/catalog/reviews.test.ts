import { insertSimpleProducts } from './variants.repository';
import { ZEnvelope, ZReviewPage } from '@linkstore/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../test/api-calls';
import { createTestApp, type TestContext } from '../../test/helper';
import { accessTokenFor, operatorWith } from '../../test/users';
import { categories, reviews } from './catalog.table';

let ctx: TestContext;
const tokens: Record<string, string> = {};
const PERMS = ['catalog:review:query', 'catalog:review:moderate', 'catalog:review:delete'];
const { call, expectForbidden } = apiCalls(() => ctx.app, tokens, '/catalog/reviews');

async function page(query: string, lang = 'en') {
  const res = await call('moderator', 'GET', query, undefined, lang);
  expect(res.statusCode).toBe(200);
  return ZEnvelope(ZReviewPage).parse(res.json()).data;
}

async function statusOf(ids: string[]): Promise<number[]> {
  const rows = await ctx.database.db
    .select({ status: reviews.status })
    .from(reviews)
    .where(inArray(reviews.id, ids.map(Number)))
    .orderBy(reviews.id);
  return rows.map((r) => r.status);
}

const ids: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
  const db = ctx.database.db;
  tokens.moderator = await operatorWith(ctx, 'review-moderator', PERMS);
  tokens.guest = await accessTokenFor(ctx.app, 'test');

  const [top] = await db.insert(categories).values({ name: 'Rv top' }).returning({ id: categories.id });
  const [leaf] = await db
    .insert(categories)
    .values({ name: 'Rv leaf', parentId: top?.id ?? 0 })
    .returning({ id: categories.id });
  const [mug, cap] = await insertSimpleProducts(db, [
    { categoryId: leaf?.id ?? 0, title: 'Rv Mug', titles: { es: 'Rv Taza' }, platformPriceMinor: 500 },
    { categoryId: leaf?.id ?? 0, title: 'Rv Cap', platformPriceMinor: 800 },
  ]);
  const rows = await db
    .insert(reviews)
    .values([
      { productId: mug?.id ?? 0, orderItemId: 77, authorName: 'Ana', rating: 5, body: 'Great mug' },
      { productId: mug?.id ?? 0, authorName: 'Bo', rating: 2, body: 'Chipped', status: 1 },
      { productId: cap?.id ?? 0, authorName: 'Cy', rating: 4, body: 'Fits well' },
    ])
    .returning({ id: reviews.id });
  const [ana, bo, cy] = rows.map((r) => String(r.id));
  Object.assign(ids, { ana, bo, cy });
});
afterAll(() => ctx.close());

describe('review moderation', () => {
  it('pages reviews newest first with the product title in the caller language and the verified flag', async () => {
    const spanish = await page('?keywords=rv', 'es');
    expect(spanish.total).toBe(3);
    expect(spanish.list.map((r) => r.authorName)).toEqual(['Cy', 'Bo', 'Ana']);
    expect(spanish.list[2]).toMatchObject({
      id: ids.ana,
      productLabel: 'Rv Taza',
      rating: 5,
      body: 'Great mug',
      verified: true,
      status: 0,
    });
    expect(spanish.list[1]).toMatchObject({ productLabel: 'Rv Taza', verified: false, status: 1 });
    expect((await page('?keywords=TAZA')).list.map((r) => r.authorName)).toEqual(['Bo', 'Ana']);
    expect((await page('?keywords=rv&status=0')).list.map((r) => r.authorName)).toEqual(['Cy', 'Ana']);
    expect((await page('?keywords=rv&rating=4')).list.map((r) => r.authorName)).toEqual(['Cy']);
    expect((await page('?keywords=%25')).total).toBe(0);
    expect((await call('moderator', 'GET', '?rating=6')).statusCode).toBe(400);
  });

  it('publishes and rejects in batches, all or none', async () => {
    const both = [ids.ana ?? '', ids.cy ?? ''];
    expect((await call('moderator', 'PUT', '/status', { ids: both, status: 1 })).statusCode).toBe(200);
    expect(await statusOf(both)).toEqual([1, 1]);
    const unknown = await call('moderator', 'PUT', '/status', { ids: [ids.ana, '999999999'], status: 2 });
    expect(unknown.statusCode).toBe(404);
    expect(await statusOf(both)).toEqual([1, 1]);
    expect((await call('moderator', 'PUT', '/status', { ids: [ids.cy], status: 2 })).statusCode).toBe(200);
    expect(await statusOf(both)).toEqual([1, 2]);
    expect((await call('moderator', 'PUT', '/status', { ids: [ids.cy], status: 0 })).statusCode).toBe(400);
    expect((await call('moderator', 'PUT', '/status', { ids: [], status: 1 })).statusCode).toBe(400);
  });

  it('refuses users without the permission (A0301) and changes nothing', async () => {
    await expectForbidden('guest', [
      ['GET', '', undefined],
      ['PUT', '/status', { ids: [ids.bo], status: 2 }],
      ['DELETE', `/${ids.bo}`, undefined],
    ]);
    expect(await statusOf([ids.bo ?? ''])).toEqual([1]);
  });

  it('deletes a batch all or none', async () => {
    expect((await call('moderator', 'DELETE', `/${ids.bo},999999999`)).statusCode).toBe(404);
    expect(await statusOf([ids.bo ?? ''])).toEqual([1]);
    expect((await call('moderator', 'DELETE', `/${ids.bo},${ids.cy}`)).statusCode).toBe(200);
    const left = await ctx.database.db
      .select({ id: reviews.id })
      .from(reviews)
      .where(eq(reviews.authorName, 'Ana'));
    expect(left).toHaveLength(1);
    expect((await page('?keywords=rv')).list.map((r) => r.authorName)).toEqual(['Ana']);
  });
});
