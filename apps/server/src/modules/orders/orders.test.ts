import { insertSimpleProducts } from '../catalog/catalog.api';
import { ErrorCode, type TCreatorOrderDetail, type TCreatorOrderPage } from '@linkstore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../test/api-calls';
import { createTestApp, type TestContext } from '../../test/helper';
import { accessTokenFor, createUser } from '../../test/users';
import { decodeCursor, encodeCursor, maskEmail } from './orders.service';
import { eq } from 'drizzle-orm';
import { categories, products } from '../catalog/catalog.table';
import { countOrders } from './orders.repository';
import { orderItems, orders } from './orders.table';

let ctx: TestContext;
const tokens: Record<string, string> = {};
const owners: Record<string, { userId: number; shopId: number }> = {};
const PASSWORD = 'Orders-test-pw-1';

const { call, ok: okAs } = apiCalls(() => ctx.app, tokens);
const get = (as: string, url: string) => call(as, 'GET', url);
const ok = <T>(as: string, url: string) => okAs<T>(as, 'GET', url);

const numbers = (page: TCreatorOrderPage) => page.list.map((order) => order.orderNo);

interface Line {
  /** A catalogue product; else an id no product has. */
  productId?: number;
  title: string;
  quantity: number;
  platform: number;
  selling: number;
}

/** An order as checkout leaves it: lines with frozen prices and totals that add up. */
async function addOrder(owner: string, orderNo: string, status: 0 | 1 | 2, createdAt: string, lines: Line[]) {
  const { userId, shopId } = owners[owner] ?? { userId: 0, shopId: 0 };
  const total = lines.reduce((sum, l) => sum + l.selling * l.quantity, 0);
  const platform = lines.reduce((sum, l) => sum + l.platform * l.quantity, 0);
  const [order] = await ctx.database.db
    .insert(orders)
    .values({
      orderNo,
      shopId,
      ownerUserId: userId,
      status,
      buyerEmail: 'alice.buyer@example.com',
      shippingAddress: {
        name: 'Alice Buyer',
        line1: '1 Secret Street',
        city: 'Lyon',
        postalCode: '69001',
        countryCode: 'FR',
        phone: '+33 1 23 45 67 89',
      },
      language: 'fr',
      totalMinor: total,
      platformMinor: platform,
      profitMinor: total - platform,
      paidAt: status > 0 ? new Date(createdAt) : null,
      createdAt: new Date(createdAt),
    })
    .returning({ id: orders.id });
  if (!order) throw new Error('order not inserted');
  await ctx.database.db.insert(orderItems).values(
    lines.map((l, i) => ({
      orderId: order.id,
      productId: l.productId ?? 900_000 + i,
      title: l.title,
      quantity: l.quantity,
      platformPriceMinor: l.platform,
      sellingPriceMinor: l.selling,
      profitMinor: l.selling - l.platform,
    })),
  );
}

const mug: Line = { title: 'Blue mug', quantity: 2, platform: 500, selling: 999 };
const tee: Line = { title: 'Plain tee 100%', quantity: 1, platform: 1200, selling: 2399 };

beforeAll(async () => {
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
  for (const name of ['anna', 'bruno', 'carla']) {
    const userId = await createUser(ctx.database.db, { username: `ord-${name}`, password: PASSWORD });
    tokens[name] = await accessTokenFor(ctx.app, `ord-${name}`, PASSWORD);
    if (name === 'carla') continue; // no shop: no orders
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/shop',
      headers: { authorization: `Bearer ${tokens[name] ?? ''}` },
      payload: { name, slug: `ord-${name}` },
    });
    owners[name] = { userId, shopId: Number(res.json<{ data: { id: string } }>().data.id) };
  }
  await addOrder('anna', 'LS261101-AAAAAAA1', 0, '2026-11-01T10:00:00Z', [mug]);
  await addOrder('anna', 'LS261105-AAAAAAA2', 1, '2026-11-05T23:59:59.999Z', [mug, tee]);
  await addOrder('anna', 'LS261106-AAAAAAA3', 2, '2026-11-06T00:00:00Z', [tee]);
  // Same instant as the one before: the cursor must still tell them apart.
  await addOrder('anna', 'LS261106-AAAAAAA4', 1, '2026-11-06T00:00:00Z', [mug]);
  await addOrder('bruno', 'LS261105-BBBBBBB1', 1, '2026-11-05T12:00:00Z', [mug]);
});

afterAll(async () => {
  await ctx.close();
});

describe('helpers', () => {
  it('masks the local part of an email and round-trips a cursor', () => {
    expect(maskEmail('alice.buyer@example.com')).toBe('a***@example.com');
    expect(maskEmail('x@y.org')).toBe('x***@y.org');
    const cursor = { at: '2026-11-06T00:00:00.123456Z', id: 42 };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    expect(() => decodeCursor('bm9wZQ')).toThrow();
    // The right shape but no real instant: refused here, not by the database.
    for (const at of ['2026-13-45T99:99:99.000000Z', '2026-02-30T00:00:00.000000Z']) {
      expect(() => decodeCursor(Buffer.from(`${at}|7`).toString('base64url'))).toThrow();
    }
  });
});

describe("the creator's orders", () => {
  it('lists only the caller’s orders, newest first, with frozen lines and a masked buyer', async () => {
    const page = await ok<TCreatorOrderPage>('anna', '/orders');
    expect(numbers(page)).toEqual([
      'LS261106-AAAAAAA4',
      'LS261106-AAAAAAA3',
      'LS261105-AAAAAAA2',
      'LS261101-AAAAAAA1',
    ]);
    expect(page).toMatchObject({ total: 4, totalIsCapped: false, nextCursor: null });
    expect(page.list[2]).toMatchObject({
      status: 1,
      quantity: 3,
      platformMinor: 2 * 500 + 1200,
      totalMinor: 2 * 999 + 2399,
      profitMinor: 2 * 499 + 1199,
      currencyCode: 'USD',
      buyerEmail: 'a***@example.com',
      createdAt: '2026-11-05T23:59:59.999Z',
    });
    expect(page.list[2]?.items[1]).toMatchObject({
      title: 'Plain tee 100%',
      quantity: 1,
      platformUnitMinor: 1200,
      sellingUnitMinor: 2399,
      profitUnitMinor: 1199,
    });
    expect(numbers(await ok('bruno', '/orders'))).toEqual(['LS261105-BBBBBBB1']);
    expect(await ok('carla', '/orders')).toEqual({
      list: [],
      total: 0,
      totalIsCapped: false,
      nextCursor: null,
    });
  });

  it('counts matching orders only up to the cap, and says when there are more', async () => {
    const anna = owners.anna?.userId ?? 0;
    expect(await countOrders(ctx.database.db, anna, {}, 10)).toEqual({ total: 4, isCapped: false });
    expect(await countOrders(ctx.database.db, anna, {}, 4)).toEqual({ total: 4, isCapped: false });
    expect(await countOrders(ctx.database.db, anna, {}, 3)).toEqual({ total: 3, isCapped: true });
  });

  it('pages by cursor without repeating or skipping orders of the same instant', async () => {
    const seen: string[] = [];
    let url = '/orders?pageSize=1';
    for (;;) {
      const page = await ok<TCreatorOrderPage>('anna', url);
      expect(page.total).toBe(4);
      seen.push(...numbers(page));
      if (!page.nextCursor) break;
      url = `/orders?pageSize=1&cursor=${page.nextCursor}`;
    }
    expect(seen).toEqual(numbers(await ok('anna', '/orders')));
    const bad = await get('anna', '/orders?cursor=bm9wZQ');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      data: { fields: [{ field: 'cursor' }] },
    });
  });

  it('filters by product title (with % taken literally), status and UTC days', async () => {
    expect(numbers(await ok('anna', '/orders?keywords=tee'))).toEqual([
      'LS261106-AAAAAAA3',
      'LS261105-AAAAAAA2',
    ]);
    expect(numbers(await ok('anna', `/orders?keywords=${encodeURIComponent('100%')}`))).toHaveLength(2);
    expect(numbers(await ok('anna', `/orders?keywords=${encodeURIComponent('0%')}`))).toHaveLength(2);
    expect(numbers(await ok('anna', `/orders?keywords=${encodeURIComponent('%mug')}`))).toEqual([]);
    expect(numbers(await ok('anna', '/orders?status=1'))).toEqual(['LS261106-AAAAAAA4', 'LS261105-AAAAAAA2']);
    expect(numbers(await ok('anna', '/orders?from=2026-11-05&to=2026-11-05'))).toEqual(['LS261105-AAAAAAA2']);
    expect(numbers(await ok('anna', '/orders?from=2026-11-06'))).toHaveLength(2);
    expect(numbers(await ok('anna', '/orders?keywords=mug&status=1&to=2026-11-05'))).toEqual([
      'LS261105-AAAAAAA2',
    ]);
    const reversed = await get('anna', '/orders?from=2026-11-06&to=2026-11-05');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      data: { fields: [{ field: 'to' }] },
    });
    expect((await get('anna', '/orders?status=3')).statusCode).toBe(400);
  });

  it("answers one order's detail to its owner only, shipped to the town", async () => {
    const detail = await ok<TCreatorOrderDetail>('anna', '/orders/LS261105-AAAAAAA2');
    expect(detail).toMatchObject({
      orderNo: 'LS261105-AAAAAAA2',
      side: 'c',
      language: 'fr',
      buyerEmail: 'a***@example.com',
      shipTo: { name: 'Alice Buyer', city: 'Lyon', region: null, countryCode: 'FR' },
    });
    expect(detail.items).toHaveLength(2);
    expect(JSON.stringify(detail)).not.toMatch(/Secret Street|69001|\+33|alice\.buyer/);
    expect((await get('bruno', '/orders/LS261105-AAAAAAA2')).statusCode).toBe(404);
    expect((await get('anna', '/orders/LS261105-BBBBBBB1')).statusCode).toBe(404);
  });

  it("titles each line in the reader's language while its product exists, else as frozen at checkout", async () => {
    const { db } = ctx.database;
    const [top] = await db.insert(categories).values({ name: 'Ord top' }).returning({ id: categories.id });
    const [leaf] = await db
      .insert(categories)
      .values({ name: 'Ord leaf', parentId: top?.id ?? 0 })
      .returning({ id: categories.id });
    const [product] = await insertSimpleProducts(db, [
      {
        categoryId: leaf?.id ?? 0,
        title: 'Teapot',
        titles: { fr: 'Théière', es: '' },
        platformPriceMinor: 900,
      },
    ]);
    const productId = product?.id ?? 0;
    // Bought by a French buyer: the line was frozen with the French title.
    await addOrder('bruno', 'LS261107-BBBBBBB2', 1, '2026-11-07T09:00:00Z', [
      { productId, title: 'Théière', quantity: 1, platform: 900, selling: 1500 },
    ]);
    const titleIn = async (lang: string) => {
      const res = await call('bruno', 'GET', '/orders/LS261107-BBBBBBB2', undefined, lang);
      return res.json<{ data: TCreatorOrderDetail }>().data.items[0]?.title;
    };
    expect(await titleIn('en')).toBe('Teapot');
    expect(await titleIn('fr')).toBe('Théière');
    // No Spanish title (empty): English.
    expect(await titleIn('es')).toBe('Teapot');
    const list = await call('bruno', 'GET', '/orders?keywords=teapot', undefined, 'en');
    expect(list.json<{ data: TCreatorOrderPage }>().data.list[0]?.items[0]?.title).toBe('Teapot');

    await db.delete(products).where(eq(products.id, productId));
    expect(await titleIn('en')).toBe('Théière');
  });

  it('refuses a caller who is not signed in', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/orders' });
    expect(res.statusCode).toBe(401);
  });
});
