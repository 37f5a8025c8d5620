import { ErrorCode, type TCheckoutAnswer, type TOrderReceipt, type TPurchase } from '@linkstore/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../test/api-calls';
import { createTestApp, type TestContext } from '../../test/helper';
import { accessTokenFor, createUser } from '../../test/users';
import { productVariants } from '../catalog/catalog.table';
import { ledgerEntries } from '../earnings/earnings.table';
import { sandboxOrders } from '../payments/payments.table';
import { shops } from '../shops/shops.table';
import { releaseExpired } from './checkout.repository';
import { orderPurchases, orders } from './orders.table';
import { addProductOnSale } from '../../test/catalog-kit';

/** The creator pays for their own unpaid orders through the sandbox provider (b-side). */
let ctx: TestContext;
const tokens: Record<string, string> = {};
const PASSWORD = 'Purchase-test-pw-1';
let productId = 0;
let address = 0;

const { call } = apiCalls(() => ctx.app, tokens);
const nextIp = () => `10.3.${Math.floor(++address / 250)}.${(address % 250) + 1}`;
let keySeq = 0;
const newKey = () => `pay-key-${String(++keySeq).padStart(12, '0')}`;

function publicPost(url: string, payload: object) {
  return ctx.app.inject({ method: 'POST', url: `/api/v1/public${url}`, payload, remoteAddress: nextIp() });
}

/** A buyer's order in `slug`'s shop, unpaid (0), its buyer's payment started. */
async function placeOrder(slug = 'pu-shop', quantity = 1): Promise<TCheckoutAnswer> {
  const res = await publicPost('/checkout', {
    shop: slug,
    email: 'pu-buyer@example.com',
    address: { name: 'Ana', line1: '1 Main St', city: 'Lisbon', postalCode: '1000-001', countryCode: 'PT' },
    items: [{ productId: String(productId), quantity }],
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: TCheckoutAnswer }>().data;
}

const tokenOf = (url: string) => new URL(url, 'http://x').searchParams.get('token') ?? '';

/** The approval page's "approve": answers where the provider sends the payer back. */
async function approve(approveUrl: string): Promise<string> {
  const res = await publicPost(`/sandbox/orders/${tokenOf(approveUrl)}/approve`, {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { redirectTo: string } }>().data.redirectTo;
}

const buyerCapture = (answer: TCheckoutAnswer) =>
  publicPost('/checkout/capture', { orderNo: answer.orderNo, token: tokenOf(answer.approveUrl) });

const startPurchase = (orderNos: string[], payKey = newKey(), as = 'ana') =>
  call(as, 'POST', '/orders/purchases', { orderNos, payKey });

async function started(orderNos: string[], payKey?: string): Promise<TPurchase> {
  const res = await startPurchase(orderNos, payKey);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: TPurchase }>().data;
}

const capturePurchase = (id: string, as = 'ana') => call(as, 'POST', `/orders/purchases/${id}/capture`);

async function stateOf(orderNos: string[]) {
  const db = ctx.database.db;
  const rows = await db.select().from(orders).where(inArray(orders.orderNo, orderNos));
  const ledger = await db
    .select()
    .from(ledgerEntries)
    .where(
      inArray(
        ledgerEntries.orderId,
        rows.map((row) => row.id),
      ),
    );
  return { rows, ledger };
}

const balance = async (as = 'ana') =>
  (await call(as, 'GET', '/earnings')).json<{ data: { balanceMinor: number } }>().data.balanceMinor;

const stock = async () =>
  (
    await ctx.database.db
      .select({ stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.productId, productId))
  )[0]?.stock;

const capturesOf = async (providerOrderId: string) =>
  ctx.database.db.select().from(sandboxOrders).where(eq(sandboxOrders.id, providerOrderId));

beforeAll(async () => {
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
  const db = ctx.database.db;
  for (const [name, slug] of [
    ['ana', 'pu-shop'],
    ['bo', 'pu-other'],
  ] as const) {
    const userId = await createUser(db, { username: `pu-${name}`, password: PASSWORD });
    tokens[name] = await accessTokenFor(ctx.app, `pu-${name}`, PASSWORD);
    await db.insert(shops).values({ ownerUserId: userId, slug, name: slug, defaultPercentage: 150 });
  }
  productId = await addProductOnSale(db, { category: 'PU A', title: 'Vase', costMinor: 1000, stock: 1000 });
});
afterAll(async () => {
  await ctx.close();
});

describe('the creator pays for their orders (b-side)', () => {
  it('pays three orders at once: all completed, three purchase rows, no sale, balance unchanged', async () => {
    const placed = [await placeOrder(), await placeOrder('pu-shop', 2), await placeOrder()];
    const nos = placed.map((p) => p.orderNo);
    const before = await balance();
    const purchase = await started(nos);
    expect(purchase.status).toBe('created');
    expect(purchase.totalMinor).toBe(4000);
    expect(purchase.orders.map((o) => [o.orderNo, o.amountMinor, o.status])).toEqual(
      expect.arrayContaining([
        [nos[0], 1000, 0],
        [nos[1], 2000, 0],
        [nos[2], 1000, 0],
      ]),
    );
    const back = await approve(purchase.approveUrl ?? '');
    expect(back).toMatch(new RegExp(`^/\\?token=[^#]+#/order/pay-result\\?purchase=${purchase.id}$`));
    const stockBefore = await stock();
    const res = await capturePurchase(purchase.id);
    expect(res.statusCode, res.body).toBe(200);
    const paid = res.json<{ data: TPurchase }>().data;
    expect(paid.status).toBe('paid');
    expect(paid.orders.every((o) => o.status === 2)).toBe(true);
    const { rows, ledger } = await stateOf(nos);
    expect(
      rows.map((r) => [r.status, r.side, r.payingSide, r.completedAt !== null, r.paidAt !== null]),
    ).toEqual([0, 1, 2].map(() => [2, 'b', null, true, true]));
    expect(ledger.map((l) => l.kind)).toEqual(['purchase', 'purchase', 'purchase']);
    expect(ledger.map((l) => l.amountMinor).sort()).toEqual([-1000, -1000, -2000]);
    expect(await balance()).toBe(before);
    // Still reserved: no stock moved by the payment.
    expect(await stock()).toBe(stockBefore);
    // A replay answers the same, without the provider.
    const again = await capturePurchase(purchase.id);
    expect(again.json<{ data: TPurchase }>().data.status).toBe('paid');
    const detail = await call('ana', 'GET', `/orders/purchases/${purchase.id}`);
    expect(detail.json<{ data: TPurchase }>().data.status).toBe('paid');
    // The buyer's capture now does nothing: never charged twice.
    await approve(placed[0]?.approveUrl ?? '');
    const buyer = await buyerCapture(placed[0] as TCheckoutAnswer);
    expect(buyer.statusCode, buyer.body).toBe(200);
    expect(buyer.json<{ data: TOrderReceipt }>().data.status).toBe(2);
    expect((await capturesOf(tokenOf(placed[0]?.approveUrl ?? '')))[0]?.captureId).toBeNull();
  });

  it('takes the stock again for an order whose reservation ran out', async () => {
    const placed = await placeOrder('pu-shop', 3);
    const db = ctx.database.db;
    await db
      .update(orders)
      .set({ reservedUntil: sql`now() - interval '1 minute'` })
      .where(eq(orders.orderNo, placed.orderNo));
    await releaseExpired(db);
    const released = await stock();
    const purchase = await started([placed.orderNo]);
    await approve(purchase.approveUrl ?? '');
    expect((await capturePurchase(purchase.id)).statusCode).toBe(200);
    expect(await stock()).toBe((released ?? 0) - 3);
  });

  it('answers the same purchase for the same payKey', async () => {
    const placed = await placeOrder();
    const key = newKey();
    const first = await started([placed.orderNo], key);
    const second = await started([placed.orderNo], key);
    expect(second.id).toBe(first.id);
    expect(second.approveUrl).toBe(first.approveUrl);
    const key2 = newKey();
    const [both1, both2] = await Promise.all([
      startPurchase([placed.orderNo], key2),
      startPurchase([placed.orderNo], key2),
    ]);
    expect(both1.json<{ data: TPurchase }>().data.id).toBe(both2.json<{ data: TPurchase }>().data.id);
    const count = await ctx.database.db
      .select()
      .from(orderPurchases)
      .where(inArray(orderPurchases.payKey, [key, key2]));
    expect(count).toHaveLength(2);
  });

  it('captures once when the same capture is submitted twice at once', async () => {
    const placed = [await placeOrder(), await placeOrder()];
    const nos = placed.map((p) => p.orderNo);
    const purchase = await started(nos);
    await approve(purchase.approveUrl ?? '');
    const answers = await Promise.all([capturePurchase(purchase.id), capturePurchase(purchase.id)]);
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const [sandbox] = await capturesOf(tokenOf(purchase.approveUrl ?? ''));
    expect(sandbox?.status).toBe('COMPLETED');
    expect(sandbox?.captureRequestId).toBe(`capture:purchase:${purchase.id}`);
    const { rows, ledger } = await stateOf(nos);
    expect(rows.every((r) => r.status === 2)).toBe(true);
    expect(ledger).toHaveLength(2);
  });

  it('charges nothing and moves nothing when a buyer paid an order between start and capture', async () => {
    const placed = [await placeOrder(), await placeOrder()];
    const nos = placed.map((p) => p.orderNo);
    const purchase = await started(nos);
    await approve(purchase.approveUrl ?? '');
    await approve(placed[1]?.approveUrl ?? '');
    expect((await buyerCapture(placed[1] as TCheckoutAnswer)).statusCode).toBe(200);
    const res = await capturePurchase(purchase.id);
    expect(res.statusCode, res.body).toBe(409);
    const body = res.json<{ code: string; msg: string; data: { orderNos: string[] } }>();
    expect(body.code).toBe(ErrorCode.ORDERS_NOT_UNPAID);
    expect(body.data.orderNos).toEqual([nos[1]]);
    expect(body.msg).toContain(nos[1]);
    const [sandbox] = await capturesOf(tokenOf(purchase.approveUrl ?? ''));
    expect(sandbox?.captureId).toBeNull();
    const { rows, ledger } = await stateOf(nos);
    expect(rows.find((r) => r.orderNo === nos[0])?.status).toBe(0);
    expect(rows.find((r) => r.orderNo === nos[0])?.payingSide).toBeNull();
    expect(rows.find((r) => r.orderNo === nos[1])?.status).toBe(1);
    expect(ledger.map((l) => l.kind)).toEqual(['sale']);
    // Replayed: the same refusal.
    expect((await capturePurchase(purchase.id)).json<{ code: string }>().code).toBe(
      ErrorCode.ORDERS_NOT_UNPAID,
    );
    // Starting again with the paid order refuses it by name, writing nothing.
    const again = await startPurchase(nos);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ data: { orderNos: string[] } }>().data.orderNos).toEqual([nos[1]]);
  });

  it('refuses the buyer’s capture while the creator holds the claim, and the creator’s while the buyer does', async () => {
    const placed = await placeOrder();
    await approve(placed.approveUrl);
    const db = ctx.database.db;
    await db
      .update(orders)
      .set({ payingSide: 'b', payingSince: sql`now()` })
      .where(eq(orders.orderNo, placed.orderNo));
    const res = await buyerCapture(placed);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json<{ code: string }>().code).toBe(ErrorCode.ORDERS_NOT_UNPAID);
    const [sandbox] = await capturesOf(tokenOf(placed.approveUrl));
    expect(sandbox?.captureId).toBeNull();

    // A claim older than five minutes (a crashed process) is taken over.
    await db
      .update(orders)
      .set({ payingSince: sql`now() - interval '6 minutes'` })
      .where(eq(orders.orderNo, placed.orderNo));
    const later = await buyerCapture(placed);
    expect(later.statusCode, later.body).toBe(200);
    const [row] = await db.select().from(orders).where(eq(orders.orderNo, placed.orderNo));
    expect([row?.status, row?.payingSide]).toEqual([1, null]);

    // The buyer's fresh claim refuses the creator's capture, nothing charged, purchase kept.
    const other = await placeOrder();
    const purchase = await started([other.orderNo]);
    await approve(purchase.approveUrl ?? '');
    await db
      .update(orders)
      .set({ payingSide: 'c', payingSince: sql`now()` })
      .where(eq(orders.orderNo, other.orderNo));
    const refused = await capturePurchase(purchase.id);
    expect(refused.statusCode, refused.body).toBe(409);
    expect((await capturesOf(tokenOf(purchase.approveUrl ?? '')))[0]?.captureId).toBeNull();
    await db
      .update(orders)
      .set({ payingSide: null, payingSince: null })
      .where(eq(orders.orderNo, other.orderNo));
    expect((await capturePurchase(purchase.id)).statusCode).toBe(200);
  });

  it('releases the claim when the buyer’s capture is not approved', async () => {
    const placed = await placeOrder();
    const res = await buyerCapture(placed);
    expect(res.json<{ code: string }>().code).toBe(ErrorCode.PAYMENT_NOT_APPROVED);
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.orderNo, placed.orderNo));
    expect(row?.payingSide).toBeNull();
  });

  it('releases the creator’s claims when the capture is not approved', async () => {
    const placed = await placeOrder();
    const purchase = await started([placed.orderNo]);
    const res = await capturePurchase(purchase.id);
    expect(res.json<{ code: string }>().code).toBe(ErrorCode.PAYMENT_NOT_APPROVED);
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.orderNo, placed.orderNo));
    expect([row?.status, row?.payingSide]).toEqual([0, null]);
  });

  it('refuses another creator’s order and purchase', async () => {
    const theirs = await placeOrder('pu-other');
    const res = await startPurchase([theirs.orderNo]);
    expect(res.statusCode).toBe(404);
    const mine = await placeOrder();
    const purchase = await started([mine.orderNo]);
    expect((await call('bo', 'GET', `/orders/purchases/${purchase.id}`)).statusCode).toBe(404);
    expect((await capturePurchase(purchase.id, 'bo')).statusCode).toBe(404);
    expect(
      (await call(null, 'POST', '/orders/purchases', { orderNos: [mine.orderNo], payKey: newKey() }))
        .statusCode,
    ).toBe(401);
  });

  it('names the field for bad input', async () => {
    const fields = async (payload: unknown) => {
      const res = await call('ana', 'POST', '/orders/purchases', payload);
      expect(res.statusCode, res.body).toBe(400);
      const body = res.json<{ code: string; data: { fields: { field: string }[] } }>();
      expect(body.code).toBe(ErrorCode.VALIDATION_FAILED);
      return body.data.fields.map((f) => f.field);
    };
    const no = (i: number) => `LS261125-${String(i).padStart(8, 'A')}`;
    expect(await fields({ orderNos: [], payKey: newKey() })).toEqual(['orderNos']);
    expect(await fields({ orderNos: Array.from({ length: 51 }, (_, i) => no(i)), payKey: newKey() })).toEqual(
      ['orderNos'],
    );
    expect(await fields({ orderNos: [no(1), no(1)], payKey: newKey() })).toEqual(['orderNos']);
    expect((await fields({ orderNos: ['ls-bad no'], payKey: newKey() }))[0]).toMatch(/^orderNos/);
    expect(await fields({ orderNos: [no(1)], payKey: 'short' })).toEqual(['payKey']);
  });
});
