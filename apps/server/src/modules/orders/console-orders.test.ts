import {
  ErrorCode,
  type TConsoleOrderDetail,
  type TConsoleOrderPage,
  type TCreatorOrderDetail,
  type TEarningsSummary,
} from '@linkstore/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, waitFor, type SmtpSink } from '../../platform/mail/mail-testing';
import { apiCalls } from '../../test/api-calls';
import { createTestApp, type TestContext } from '../../test/helper';
import { accessTokenFor, createUser, operatorWith } from '../../test/users';
import { configs } from '../configs/configs.table';
import { ledgerEntries } from '../earnings/earnings.table';
import { payments } from '../payments/payments.table';
import { composeShipped } from './console-orders.service';
import { orderItems, orders } from './orders.table';

let ctx: TestContext;
let sink: SmtpSink;
const tokens: Record<string, string> = {};
const owners: Record<string, { userId: number; shopId: number }> = {};
const PASSWORD = 'Console-orders-pw-1';

const { call, ok: okAs, expectForbidden } = apiCalls(() => ctx.app, tokens, '/system/orders');
const page = (as: string, query = '') => okAs<TConsoleOrderPage>(as, 'GET', `/page${query}`);
const ship = (as: string, items: unknown[], lang?: string) => call(as, 'POST', '/ship', { items }, lang);

async function addOrder(
  owner: string,
  orderNo: string,
  status: 0 | 1 | 2,
  createdAt: string,
  extra: { email?: string; language?: string; flag?: string; title?: string } = {},
) {
  const { userId, shopId } = owners[owner] ?? { userId: 0, shopId: 0 };
  const [order] = await ctx.database.db
    .insert(orders)
    .values({
      orderNo,
      shopId,
      ownerUserId: userId,
      status,
      buyerEmail: extra.email ?? 'buyer@example.com',
      shippingAddress: {
        name: 'Bea Buyer',
        line1: '1 Main St',
        city: 'Porto',
        postalCode: '4000',
        countryCode: 'PT',
      },
      language: extra.language ?? 'en',
      totalMinor: 999,
      platformMinor: 500,
      profitMinor: 499,
      flag: extra.flag ?? null,
      paidAt: status > 0 ? new Date(createdAt) : null,
      completedAt: status === 2 ? new Date(createdAt) : null,
      createdAt: new Date(createdAt),
    })
    .returning({ id: orders.id });
  if (!order) throw new Error('order not inserted');
  await ctx.database.db.insert(orderItems).values({
    orderId: order.id,
    productId: 990_001,
    title: extra.title ?? 'Blue mug',
    quantity: 1,
    platformPriceMinor: 500,
    sellingPriceMinor: 999,
    profitMinor: 499,
  });
  if (status > 0) {
    await ctx.database.db.insert(ledgerEntries).values({
      userId,
      shopId,
      kind: 'sale',
      amountMinor: 499,
      orderId: order.id,
      createdAt: new Date(createdAt),
    });
  }
  return order.id;
}

const statusOf = async (orderNo: string) =>
  (await ctx.database.db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0];

beforeAll(async () => {
  sink = await startSmtpSink();
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false', SMTP_URL: sink.url } });
  tokens.admin = await accessTokenFor(ctx.app, 'admin');
  tokens.reader = await operatorWith(ctx, 'order-reader', ['sys:order:query']);
  tokens.shipper = await operatorWith(ctx, 'order-shipper', ['sys:order:ship']);
  for (const name of ['dora', 'emil']) {
    const userId = await createUser(ctx.database.db, { username: `cons-${name}`, password: PASSWORD });
    tokens[name] = await accessTokenFor(ctx.app, `cons-${name}`, PASSWORD);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/shop',
      headers: { authorization: `Bearer ${tokens[name] ?? ''}` },
      payload: { name: `Shop ${name}`, slug: `cons-${name}` },
    });
    owners[name] = { userId, shopId: Number(res.json<{ data: { id: string } }>().data.id) };
  }
  await addOrder('dora', 'LS261101-DDDDDDD1', 0, '2026-11-01T10:00:00Z', { email: 'zoe@example.com' });
  const paid = await addOrder('dora', 'LS261102-DDDDDDD2', 1, '2026-11-02T10:00:00Z', {
    email: 'pablo@example.com',
    language: 'es',
    title: 'Red cup',
  });
  await ctx.database.db.insert(payments).values({
    orderId: paid,
    provider: 'sandbox',
    providerOrderId: 'SBX-1',
    status: 'COMPLETED',
    amountMinor: 999,
    currencyCode: 'USD',
    captureId: 'CAP-1',
    capturedMinor: 999,
    capturedCurrency: 'USD',
    approveUrl: 'https://example.com/approve',
  });
  await addOrder('dora', 'LS261103-DDDDDDD3', 2, '2026-11-03T10:00:00Z', { flag: 'amount' });
  await addOrder('emil', 'LS261104-EEEEEEE1', 1, '2026-11-04T10:00:00Z', {
    email: 'li@example.com',
    language: 'zh-cn',
  });
  await addOrder('emil', 'LS261104-EEEEEEE2', 1, '2026-11-04T10:00:00Z', {
    email: 'ana@example.com',
    language: 'pt',
  });
  await addOrder('emil', 'LS261105-EEEEEEE3', 1, '2026-11-05T10:00:00Z', {
    email: 'jean@example.com',
    language: 'fr',
  });
});

afterAll(async () => {
  await ctx.close();
  await sink.close();
});

describe('the console order list and detail', () => {
  it('lists every shop’s orders newest first, with keyset paging that neither repeats nor skips', async () => {
    const all = await page('admin');
    expect(all.list.map((o) => o.orderNo)).toEqual([
      'LS261105-EEEEEEE3',
      'LS261104-EEEEEEE2',
      'LS261104-EEEEEEE1',
      'LS261103-DDDDDDD3',
      'LS261102-DDDDDDD2',
      'LS261101-DDDDDDD1',
    ]);
    expect(all).toMatchObject({ total: 6, nextCursor: null });
    expect(all.list[4]).toMatchObject({ shopName: 'Shop dora', buyerEmail: 'pablo@example.com', version: 0 });

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const p: TConsoleOrderPage = await page('reader', `?pageSize=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(p.total).toBe(6);
      seen.push(...p.list.map((o) => o.orderNo));
      cursor = p.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.list.map((o) => o.orderNo));
  });

  it('filters by number, buyer, shop, product, status, flag and days', async () => {
    const nos = async (q: string) => (await page('admin', q)).list.map((o) => o.orderNo);
    expect(await nos('?orderNo=ddddddd2')).toEqual(['LS261102-DDDDDDD2']);
    expect(await nos('?buyerEmail=PABLO')).toEqual(['LS261102-DDDDDDD2']);
    expect(await nos('?shop=cons-emil')).toHaveLength(3);
    expect(await nos('?shop=Shop%20dora&status=1')).toEqual(['LS261102-DDDDDDD2']);
    expect(await nos('?product=red')).toEqual(['LS261102-DDDDDDD2']);
    expect(await nos('?flagged=true')).toEqual(['LS261103-DDDDDDD3']);
    expect(await nos('?flagged=false&status=0')).toEqual(['LS261101-DDDDDDD1']);
    expect(await nos('?from=2026-11-02&to=2026-11-03')).toEqual(['LS261103-DDDDDDD3', 'LS261102-DDDDDDD2']);
    const res = await call('admin', 'GET', '/page?from=2026-11-05&to=2026-11-01');
    expect(res.json<{ code: string }>().code).toBe(ErrorCode.VALIDATION_FAILED);
  });

  it('details one order with items, frozen prices, payment with its capture and ledger rows', async () => {
    const detail = await okAs<TConsoleOrderDetail>('reader', 'GET', '/LS261102-DDDDDDD2');
    expect(detail).toMatchObject({
      orderNo: 'LS261102-DDDDDDD2',
      status: 1,
      items: [{ title: 'Red cup', quantity: 1, platformUnitMinor: 500, sellingUnitMinor: 999 }],
      payments: [{ provider: 'sandbox', captureId: 'CAP-1', capturedMinor: 999, status: 'COMPLETED' }],
      ledger: [{ kind: 'sale', amountMinor: 499 }],
      shippingAddress: { line1: '1 Main St', postalCode: '4000' },
      shipment: null,
    });
    expect((await call('admin', 'GET', '/LS999999-NOPE0000')).statusCode).toBe(404);
  });

  it('shows when and why payments flagged an order in its history', async () => {
    await ctx.database.db
      .update(orders)
      .set({ flagReason: 'amount_mismatch', flaggedAt: new Date('2026-11-03T10:05:00Z') })
      .where(eq(orders.orderNo, 'LS261103-DDDDDDD3'));
    const detail = await okAs<TConsoleOrderDetail>('reader', 'GET', '/LS261103-DDDDDDD3');
    expect(detail.history).toContainEqual({
      action: 'flagged',
      actor: null,
      detail: { reason: 'amount_mismatch' },
      at: '2026-11-03T10:05:00.000Z',
    });
    await ctx.database.db
      .update(orders)
      .set({ flagReason: null, flaggedAt: null })
      .where(eq(orders.orderNo, 'LS261103-DDDDDDD3'));
  });

  it('refuses each endpoint to a role without its permission', async () => {
    await expectForbidden('shipper', [
      ['GET', '/page'],
      ['GET', '/LS261102-DDDDDDD2'],
    ]);
    await expectForbidden('reader', [
      [
        'POST',
        '/ship',
        {
          items: [
            { orderNo: 'LS261102-DDDDDDD2', carrier: 'ups', trackingNo: '1Z999AA10123456784', version: 0 },
          ],
        },
      ],
    ]);
  });
});

describe('shipping', () => {
  it('refuses bad carriers and tracking numbers as field errors, changing nothing', async () => {
    const res = await ship('admin', [
      { orderNo: 'LS261102-DDDDDDD2', carrier: 'pigeon', trackingNo: 'X1', version: 0 },
      { orderNo: 'LS261104-EEEEEEE1', carrier: 'ups', trackingNo: 'hello world', version: 0 },
    ]);
    expect(res.statusCode).toBe(400);
    const body = res.json<{ code: string; data: { fields: { field: string; message: string }[] } }>();
    expect(body.code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(body.data.fields.map((f) => f.field)).toEqual(
      expect.arrayContaining(['items.0.carrier', 'items.1.trackingNo']),
    );
    expect((await statusOf('LS261102-DDDDDDD2'))?.status).toBe(1);
    expect(
      composeShipped('a@b.c', {
        orderUrl: 'http://127.0.0.1/s/demo/order/t.s',
        lang: 'en',
        orderNo: 'X',
        shopName: 'S',
        carrier: 'other',
        trackingNo: 'AB-12',
      }).text,
      // No carrier page for "other": the only link is the order's own page.
    ).not.toContain('Track your parcel');
  });

  it('refuses an unpaid or completed order by its number, in the caller’s language, and ships none of the batch', async () => {
    const res = await ship(
      'admin',
      [
        { orderNo: 'LS261104-EEEEEEE1', carrier: 'ups', trackingNo: '1Z999AA10123456784', version: 0 },
        { orderNo: 'LS261101-DDDDDDD1', carrier: 'dhl', trackingNo: '1234567890', version: 0 },
      ],
      'fr',
    );
    expect(res.statusCode).toBe(409);
    const body = res.json<{
      code: string;
      msg: string;
      data: { fields: { field: string; message: string }[] };
    }>();
    expect(body.code).toBe(ErrorCode.ORDER_NOT_SHIPPABLE);
    expect(body.msg).toContain('LS261101-DDDDDDD1');
    expect(body.msg).toContain('pas encore payée');
    expect(body.data.fields).toEqual([
      { field: 'items.1.orderNo', message: expect.stringContaining('LS261101-DDDDDDD1') },
    ]);
    expect((await statusOf('LS261104-EEEEEEE1'))?.status).toBe(1);

    const done = await ship('admin', [
      { orderNo: 'LS261103-DDDDDDD3', carrier: 'dhl', trackingNo: '1234567890', version: 0 },
    ]);
    expect(done.json<{ code: string; msg: string }>()).toMatchObject({
      code: ErrorCode.ORDER_NOT_SHIPPABLE,
      msg: expect.stringContaining('already completed'),
    });
  });

  it('refuses a stale version and changes nothing', async () => {
    const res = await ship('admin', [
      { orderNo: 'LS261104-EEEEEEE1', carrier: 'ups', trackingNo: '1Z999AA10123456784', version: 3 },
    ]);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ code: string; msg: string }>()).toMatchObject({
      code: ErrorCode.ORDER_STALE,
      msg: expect.stringContaining('LS261104-EEEEEEE1'),
    });
    expect(await statusOf('LS261104-EEEEEEE1')).toMatchObject({ status: 1, carrier: null, version: 0 });
  });

  it('ships one order: completed, tracked, mailed in the buyer’s language; the creator sees it and its sale becomes available', async () => {
    const res = await ship('shipper', [
      { orderNo: 'LS261102-DDDDDDD2', carrier: 'ups', trackingNo: ' 1z999aa10123456784 ', version: 0 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: { shipped: number } }>().data).toEqual({ shipped: 1 });
    const row = await statusOf('LS261102-DDDDDDD2');
    expect(row).toMatchObject({ status: 2, carrier: 'ups', trackingNo: '1Z999AA10123456784', version: 1 });
    expect(row?.completedAt).toBeInstanceOf(Date);
    expect(row?.shippedAt).toBeInstanceOf(Date);
    expect(row?.shippedBy).toEqual(expect.any(Number));

    const mail = await waitFor(() => sink.messages.find((m) => m.to.includes('pablo@example.com')));
    expect(mail.subject).toBe('Tu pedido LS261102-DDDDDDD2 de Shop dora está en camino');
    expect(mail.text).toContain('Número de seguimiento: 1Z999AA10123456784');
    expect(mail.text).toContain('https://www.ups.com/track?tracknum=1Z999AA10123456784');

    // The history's shipping line carries its own typed details (contract: ZOrderEvent).
    const shipped = await okAs<TConsoleOrderDetail>('reader', 'GET', '/LS261102-DDDDDDD2');
    expect(shipped.history.map((event) => event.action)).toEqual(['placed', 'paid', 'shipped']);
    expect(shipped.history[2]).toMatchObject({
      action: 'shipped',
      detail: { carrier: 'ups', trackingNo: '1Z999AA10123456784' },
    });

    const again = await ship('admin', [
      { orderNo: 'LS261102-DDDDDDD2', carrier: 'ups', trackingNo: '1Z999AA10123456784', version: 1 },
    ]);
    expect(again.json<{ code: string }>().code).toBe(ErrorCode.ORDER_NOT_SHIPPABLE);

    const creator = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/orders/LS261102-DDDDDDD2',
      headers: { authorization: `Bearer ${tokens.dora ?? ''}` },
    });
    expect(creator.json<{ data: TCreatorOrderDetail }>().data).toMatchObject({
      status: 2,
      shipment: {
        carrier: 'ups',
        trackingNo: '1Z999AA10123456784',
        trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      },
    });

    // Decision 0025: completing the order starts the hold; with no hold the sale is available.
    await ctx.database.db.delete(configs).where(eq(configs.key, 'PAYOUT_HOLD_DAYS'));
    await ctx.database.db
      .insert(configs)
      .values({ name: 'Payout hold', key: 'PAYOUT_HOLD_DAYS', value: '0' });
    await ctx.app.configValues.reload();
    const summary = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/earnings',
      headers: { authorization: `Bearer ${tokens.dora ?? ''}` },
    });
    // dora's sales: the shipped order (available) and the one completed at seeding (long past).
    expect(summary.json<{ data: TEarningsSummary }>().data).toMatchObject({
      holdDays: 0,
      availableMinor: 2 * 499,
    });
  });

  it('ships in bulk in one go and mails each buyer in their language', async () => {
    const res = await ship('admin', [
      { orderNo: 'LS261104-EEEEEEE1', carrier: 'china-post', trackingNo: 'RA123456789CN', version: 0 },
      { orderNo: 'LS261104-EEEEEEE2', carrier: 'correos', trackingNo: 'PQ4F6P0703573470128001Z', version: 0 },
      { orderNo: 'LS261105-EEEEEEE3', carrier: 'other', trackingNo: 'ab-1234', version: 0 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    for (const no of ['LS261104-EEEEEEE1', 'LS261104-EEEEEEE2', 'LS261105-EEEEEEE3']) {
      expect((await statusOf(no))?.status).toBe(2);
    }
    const zh = await waitFor(() => sink.messages.find((m) => m.to.includes('li@example.com')));
    expect(zh.subject).toContain('已发货');
    expect(zh.text).toContain('中国邮政');
    const pt = await waitFor(() => sink.messages.find((m) => m.to.includes('ana@example.com')));
    expect(pt.subject).toContain('está a caminho');
    const fr = await waitFor(() => sink.messages.find((m) => m.to.includes('jean@example.com')));
    expect(fr.text).toContain('AB-1234');
    // No carrier page for "other" (the only link is the order's page, in the buyer's language).
    expect(fr.text).not.toContain('Suivez votre colis');
    expect(fr.text).toMatch(/\/s\/[a-z0-9-]+\/order\/[A-Za-z0-9_.-]+\?lang=fr/);
  });
});
