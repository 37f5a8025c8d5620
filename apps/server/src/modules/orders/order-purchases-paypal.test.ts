import { ErrorCode, type TCheckoutAnswer, type TPurchase } from '@linkstore/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../test/api-calls';
import { createTestApp, type TestContext } from '../../test/helper';
import { payPalEnv, type PayPalStandIn, startPayPalStandIn } from '../../test/paypal-stand-in';
import { accessTokenFor, createUser } from '../../test/users';
import { ledgerEntries } from '../earnings/earnings.table';
import { shops } from '../shops/shops.table';
import { orderPurchases, orders } from './orders.table';
import { addProductOnSale } from '../../test/catalog-kit';

/** The creator pays for their own orders through PayPal (the local stand-in). */
let ctx: TestContext;
let stand: PayPalStandIn;
const tokens: Record<string, string> = {};
let productId = 0;
let address = 0;
let keySeq = 0;

const { call } = apiCalls(() => ctx.app, tokens);
const nextIp = () => `10.4.${Math.floor(++address / 250)}.${(address % 250) + 1}`;
const newKey = () => `pp-pay-key-${String(++keySeq).padStart(10, '0')}`;

async function placeOrder(): Promise<TCheckoutAnswer> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/public/checkout',
    remoteAddress: nextIp(),
    payload: {
      shop: 'ppu-shop',
      email: 'ppu-buyer@example.com',
      address: { name: 'Bo', line1: '2 High St', city: 'Leeds', postalCode: 'LS1 1AA', countryCode: 'GB' },
      items: [{ productId: String(productId), quantity: 1 }],
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: TCheckoutAnswer }>().data;
}

/** A purchase of these orders the creator approved at PayPal; `token` is PayPal's order id. */
async function approvedPurchase(orderNos: string[]): Promise<TPurchase & { token: string }> {
  const res = await call('ana', 'POST', '/orders/purchases', { orderNos, payKey: newKey() });
  expect(res.statusCode, res.body).toBe(200);
  const purchase = res.json<{ data: TPurchase }>().data;
  const token = new URL(purchase.approveUrl ?? '').searchParams.get('token') ?? '';
  stand.approve(token);
  return { ...purchase, token };
}

const capture = (id: string) => call('ana', 'POST', `/orders/purchases/${id}/capture`);

async function stateOf(orderNos: string[]) {
  const db = ctx.database.db;
  const rows = await db.select().from(orders).where(inArray(orders.orderNo, orderNos));
  const ledger = await db
    .select()
    .from(ledgerEntries)
    .where(
      inArray(
        ledgerEntries.orderId,
        rows.map((r) => r.id),
      ),
    );
  return { statuses: rows.map((r) => r.status), kinds: ledger.map((l) => l.kind) };
}

beforeAll(async () => {
  stand = await startPayPalStandIn();
  ctx = await createTestApp({
    env: {
      CAPTCHA_ENABLED: 'false',
      ...payPalEnv(stand),
      PUBLIC_URL: 'https://studio.example',
    },
  });
  const db = ctx.database.db;
  const userId = await createUser(db, { username: 'ppu-ana', password: 'Ppu-test-pw-1' });
  tokens.ana = await accessTokenFor(ctx.app, 'ppu-ana', 'Ppu-test-pw-1');
  await db
    .insert(shops)
    .values({ ownerUserId: userId, slug: 'ppu-shop', name: 'PPU', defaultPercentage: 150 });
  productId = await addProductOnSale(db, { category: 'PPU A', title: 'Kettle', costMinor: 1500, stock: 500 });
});
afterAll(async () => {
  await ctx.close();
  await stand.close();
});

describe('the creator pays through PayPal', () => {
  it('creates the PayPal order for the total, then captures it once', async () => {
    const nos = [(await placeOrder()).orderNo, (await placeOrder()).orderNo];
    const purchase = await approvedPurchase(nos);
    const order = stand.orders.get(purchase.token);
    expect(order?.amount).toEqual({ currency_code: 'USD', value: '30.00' });
    expect(order?.reference).toBe(`purchase:${purchase.id}`);
    const before = stand.capturesPerformed;
    const res = await capture(purchase.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: TPurchase }>().data.status).toBe('paid');
    expect(stand.capturesPerformed).toBe(before + 1);
    expect(await stateOf(nos)).toEqual({ statuses: [2, 2], kinds: ['purchase', 'purchase'] });
    const [row] = await ctx.database.db
      .select()
      .from(orderPurchases)
      .where(eq(orderPurchases.id, Number(purchase.id)));
    expect(row?.captureId).toBeTruthy();
  });

  it('charges once when the capture is submitted twice at once, and after a 5xx retried', async () => {
    const nos = [(await placeOrder()).orderNo];
    const purchase = await approvedPurchase(nos);
    const before = stand.capturesPerformed;
    stand.failOnce('capture', 503);
    const answers = await Promise.all([capture(purchase.id), capture(purchase.id)]);
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    expect(stand.capturesPerformed).toBe(before + 1);
    expect(await stateOf(nos)).toEqual({ statuses: [2], kinds: ['purchase'] });
  });

  it('charges once when the capture answer arrives late and is retried', async () => {
    const nos = [(await placeOrder()).orderNo];
    const purchase = await approvedPurchase(nos);
    const before = stand.capturesPerformed;
    stand.answerLateOnce('capture', 200);
    const first = await capture(purchase.id);
    expect(first.statusCode, first.body).toBe(200);
    expect((await capture(purchase.id)).statusCode).toBe(200);
    expect(stand.capturesPerformed).toBe(before + 1);
  });

  it('refuses the buyer while the creator is capturing: only the creator is charged', async () => {
    const placed = await placeOrder();
    const buyerToken = new URL(placed.approveUrl).searchParams.get('token') ?? '';
    stand.approve(buyerToken);
    const purchase = await approvedPurchase([placed.orderNo]);
    const before = stand.capturesPerformed;
    // The creator's capture is done at PayPal but answered late: the claim is held meanwhile.
    stand.answerLateOnce('capture', 400);
    const creator = capture(purchase.id);
    await new Promise((resolve) => setTimeout(resolve, 150));
    const buyer = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/public/checkout/capture',
      remoteAddress: nextIp(),
      payload: { orderNo: placed.orderNo, token: buyerToken },
    });
    expect(buyer.statusCode, buyer.body).toBe(409);
    expect(buyer.json<{ code: string }>().code).toBe(ErrorCode.ORDERS_NOT_UNPAID);
    expect((await creator).statusCode).toBe(200);
    expect(stand.capturesPerformed).toBe(before + 1);
    expect(stand.orders.get(buyerToken)?.status).toBe('APPROVED');
    const { statuses, kinds } = await stateOf([placed.orderNo]);
    expect({ statuses, kinds }).toEqual({ statuses: [2], kinds: ['purchase'] });
    // Afterwards the buyer's capture answers the completed order and still charges nothing.
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/public/checkout/capture',
      remoteAddress: nextIp(),
      payload: { orderNo: placed.orderNo, token: buyerToken },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(stand.capturesPerformed).toBe(before + 1);
  });

  it('a second capture call while the first is at PayPal uses its claims and the same request id', async () => {
    const nos = [(await placeOrder()).orderNo, (await placeOrder()).orderNo];
    const purchase = await approvedPurchase(nos);
    const before = { performed: stand.capturesPerformed, replays: stand.replays };
    stand.answerLateOnce('capture', 400);
    const first = capture(purchase.id);
    await new Promise((resolve) => setTimeout(resolve, 150));
    const second = await capture(purchase.id);
    expect(second.statusCode, second.body).toBe(200);
    expect((await first).statusCode).toBe(200);
    expect(stand.capturesPerformed).toBe(before.performed + 1);
    expect(stand.replays).toBe(before.replays + 1);
    expect(await stateOf(nos)).toEqual({ statuses: [2, 2], kinds: ['purchase', 'purchase'] });
  });

  it('refuses a declined capture and gives the orders back to their buyers', async () => {
    const nos = [(await placeOrder()).orderNo];
    const purchase = await approvedPurchase(nos);
    stand.captureOnce({ status: 'DECLINED' });
    const res = await capture(purchase.id);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json<{ code: string }>().code).toBe(ErrorCode.PAYMENT_DECLINED);
    const [row] = await ctx.database.db
      .select()
      .from(orders)
      .where(eq(orders.orderNo, nos[0] ?? ''));
    expect([row?.status, row?.payingSide]).toEqual([0, null]);
    expect((await capture(purchase.id)).json<{ code: string }>().code).toBe(ErrorCode.PAYMENT_DECLINED);
  });

  it('pays nothing when PayPal captured another amount', async () => {
    const nos = [(await placeOrder()).orderNo];
    const purchase = await approvedPurchase(nos);
    stand.captureOnce({ amount: { currency_code: 'USD', value: '1.00' } });
    const res = await capture(purchase.id);
    expect(res.json<{ code: string }>().code).toBe(ErrorCode.PAYMENT_AMOUNT_MISMATCH);
    expect(await stateOf(nos)).toEqual({ statuses: [0], kinds: [] });
  });
});
