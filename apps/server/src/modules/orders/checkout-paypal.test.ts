import { ErrorCode, type TCheckoutAnswer, type TOrderReceipt } from '@linkstore/contract';
import { eq, sql } from 'drizzle-orm';
import { resultRows } from '../../platform/db/rows';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helper';
import { payPalEnv, type PayPalStandIn, startPayPalStandIn } from '../../test/paypal-stand-in';
import { createUser, operatorWith } from '../../test/users';
import { productVariants } from '../catalog/catalog.table';
import { ledgerEntries } from '../earnings/earnings.table';
import { shops } from '../shops/shops.table';
import { PAYPAL_WEBHOOK_PATH } from './checkout.routes';
import { payments, webhookEvents } from '../payments/payments.table';
import { orders } from './orders.table';
import { addProductOnSale } from '../../test/catalog-kit';
import { sendTracking } from './shipment-tracking';

/**
 * The order flow against PayPal (the local stand-in): the capture answer and the webhook, each
 * any number of times and in any order, pay an order once and credit its profit once.
 */
let ctx: TestContext;
let stand: PayPalStandIn;
let productId = 0;
let address = 0;

const nextIp = () => `10.2.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

function post(url: string, payload: object) {
  return ctx.app.inject({ method: 'POST', url: `/api/v1/public${url}`, payload, remoteAddress: nextIp() });
}

function checkout() {
  return post('/checkout', {
    shop: 'pp-shop',
    email: 'pp-buyer@example.com',
    address: { name: 'Bo', line1: '2 High St', city: 'Leeds', postalCode: 'LS1 1AA', countryCode: 'GB' },
    items: [{ productId: String(productId), quantity: 2 }],
  });
}

/** A placed order its buyer has approved at PayPal; `token` is PayPal's order id. */
async function approvedOrder(): Promise<TCheckoutAnswer & { token: string }> {
  const res = await checkout();
  expect(res.statusCode, res.body).toBe(200);
  const answer = res.json<{ data: TCheckoutAnswer }>().data;
  const token = new URL(answer.approveUrl).searchParams.get('token') ?? '';
  stand.approve(token);
  return { ...answer, token };
}

const capture = (order: { orderNo: string; token: string }) =>
  post('/checkout/capture', { orderNo: order.orderNo, token: order.token });

function deliver(rawBody: string, headers = stand.signWebhook(rawBody)) {
  return ctx.app.inject({
    method: 'POST',
    url: PAYPAL_WEBHOOK_PATH,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: rawBody,
  });
}

/** Captured at PayPal without our capture call (e.g. its answer was lost). */
function capturedAtPayPal(token: string): string {
  const order = stand.orders.get(token);
  if (!order) throw new Error('no such order');
  order.status = 'COMPLETED';
  order.captureId = `CAP-${token}`;
  return stand.captureCompletedEvent(token);
}

async function stateOf(orderNo: string) {
  const db = ctx.database.db;
  const [order] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
  const ledger = await db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.orderId, order?.id ?? 0));
  return { status: order?.status, paidAt: order?.paidAt, flag: order?.flag, ledger: ledger.length };
}

beforeAll(async () => {
  stand = await startPayPalStandIn();
  ctx = await createTestApp({
    env: {
      ...payPalEnv(stand),
      PUBLIC_URL: 'https://shop.example',
      CAPTCHA_ENABLED: 'false',
    },
  });
  const db = ctx.database.db;
  const ownerUserId = await createUser(db, { username: 'pp-owner' });
  await db.insert(shops).values({ ownerUserId, slug: 'pp-shop', name: 'PP', defaultPercentage: 150 });
  productId = await addProductOnSale(db, { category: 'PP A', title: 'Lamp', costMinor: 2000, stock: 500 });
});
afterAll(async () => {
  await ctx.close();
  await stand.close();
});

describe('checkout with PayPal', () => {
  it('tells PayPal what is bought: each line with its SKU and variant, the breakdown, and the address to ship to', async () => {
    const order = await approvedOrder();
    const [variant] = await ctx.database.db
      .select({ sku: productVariants.sku })
      .from(productVariants)
      .where(eq(productVariants.productId, productId));
    const unit = stand.orders.get(order.token);
    expect(unit?.amount).toEqual({ currency_code: 'USD', value: '60.00' });
    expect(unit?.breakdown).toEqual({
      item_total: { currency_code: 'USD', value: '60.00' },
      shipping: { currency_code: 'USD', value: '0.00' },
      tax_total: { currency_code: 'USD', value: '0.00' },
      discount: { currency_code: 'USD', value: '0.00' },
    });
    expect(unit?.items).toEqual([
      {
        name: 'Lamp',
        quantity: '2',
        unit_amount: { currency_code: 'USD', value: '30.00' },
        category: 'PHYSICAL_GOODS',
        ...(variant?.sku ? { sku: variant.sku } : {}),
      },
    ]);
    expect(unit?.shippingPreference).toBe('SET_PROVIDED_ADDRESS');
    expect(unit?.shipping).toEqual({
      type: 'SHIPPING',
      name: { full_name: 'Bo' },
      address: {
        address_line_1: '2 High St',
        admin_area_2: 'Leeds',
        postal_code: 'LS1 1AA',
        country_code: 'GB',
      },
    });
  });

  it('an operator ships a captured order: PayPal gets its carrier and tracking number once, retried until it takes them', async () => {
    const order = await approvedOrder();
    expect((await capture(order)).statusCode).toBe(200);
    const shipper = await operatorWith(ctx, 'pp-shipper', ['sys:order:ship']);
    // PayPal down for longer than the adapter's own retries (three 503s): the job fails once.
    stand.failTimes('track', 3, 503);
    const trackCalls = stand.calls.track;
    const shipped = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/system/orders/ship',
      headers: { authorization: `Bearer ${shipper}` },
      payload: {
        items: [{ orderNo: order.orderNo, carrier: 'royal-mail', trackingNo: 'RM123456785GB', version: 0 }],
      },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    // The first attempt meets the 503s and is kept for a retry 10 s later. It is waited for at the
    // real time (the app's worker may hold it): a run at a later time would take over its lease.
    await ctx.app.jobs.runDue();
    expect(stand.orders.get(order.token)?.trackers).toBeUndefined();
    // A minute later the retry is due and PayPal takes the tracking.
    await ctx.app.jobs.runDue(new Date(Date.now() + 60_000));
    const paypalOrder = stand.orders.get(order.token);
    expect(paypalOrder?.trackers).toEqual([
      { captureId: paypalOrder?.captureId, trackingNumber: 'RM123456785GB', carrier: 'ROYAL_MAIL' },
    ]);
    expect(stand.calls.track - trackCalls).toBe(4);
    const runs = await ctx.database.db.execute<{ outcome: string }>(
      sql`select outcome from job_runs where job = 'payment-tracking' order by id`,
    );
    expect(resultRows(runs).map((r) => r.outcome)).toEqual(['failure', 'success']);
    // Told again with the same request id (a retry after a lost answer): PayPal answers the first
    // result again and adds nothing.
    const replays = stand.replays;
    expect(
      await sendTracking({ db: ctx.database.db, payments: ctx.app.payments }, { orderNo: order.orderNo }),
    ).toBe('sent');
    expect(stand.replays - replays).toBe(1);
    expect(stand.orders.get(order.token)?.trackers).toHaveLength(1);
    // An order never captured has nothing to tell.
    const unpaid = await approvedOrder();
    expect(
      await sendTracking({ db: ctx.database.db, payments: ctx.app.payments }, { orderNo: unpaid.orderNo }),
    ).toBe('nothing');
  });

  it('captures the approved order: paid, the capture recorded on the payment, one ledger row', async () => {
    const order = await approvedOrder();
    expect(order.totalMinor).toBe(6000);
    const res = await capture(order);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: TOrderReceipt }>().data.status).toBe(1);
    const [payment] = await ctx.database.db
      .select()
      .from(payments)
      .where(eq(payments.providerOrderId, order.token));
    expect(payment).toMatchObject({ provider: 'paypal', status: 'COMPLETED', capturedMinor: 6000 });
    expect(await stateOf(order.orderNo)).toMatchObject({ status: 1, ledger: 1 });
  });

  it('one webhook delivered 100 times in sequence and 20 at once: one state change, one ledger row', async () => {
    const order = await approvedOrder();
    const event = capturedAtPayPal(order.token);
    const first = await deliver(event);
    expect(first.statusCode, first.body).toBe(200);
    const { paidAt } = await stateOf(order.orderNo);
    for (let i = 1; i < 100; i++) expect((await deliver(event)).statusCode).toBe(200);
    const burst = await Promise.all(Array.from({ length: 20 }, () => deliver(event)));
    expect(burst.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(await stateOf(order.orderNo)).toEqual({ status: 1, paidAt, flag: null, ledger: 1 });
    const [recorded] = await ctx.database.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.eventId, (JSON.parse(event) as { id: string }).id));
    expect(recorded?.outcome).toBe('paid');
  });

  it('20 copies of a fresh event at once pay once', async () => {
    const order = await approvedOrder();
    const event = capturedAtPayPal(order.token);
    const burst = await Promise.all(Array.from({ length: 20 }, () => deliver(event)));
    expect(burst.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(await stateOf(order.orderNo)).toMatchObject({ status: 1, ledger: 1 });
  });

  it('refuses a tampered or unsigned webhook and changes nothing', async () => {
    const order = await approvedOrder();
    const event = capturedAtPayPal(order.token);
    const headers = stand.signWebhook(event);
    const tampered = event.replace('"value":"60.00"', '"value":"0.01"');
    expect(tampered).not.toBe(event);
    for (const res of [await deliver(tampered, headers), await deliver(event, {})]) {
      expect({ status: res.statusCode, code: res.json().code }).toEqual({
        status: 400,
        code: ErrorCode.WEBHOOK_REJECTED,
      });
    }
    expect(await stateOf(order.orderNo)).toMatchObject({ status: 0, ledger: 0 });
    const events = await ctx.database.db.select().from(webhookEvents);
    expect(events.map((e) => e.eventId)).not.toContain((JSON.parse(event) as { id: string }).id);
  });

  it('capture answer and webhook, in either order or together, credit once', async () => {
    // Capture answer first, then the webhook.
    const a = await approvedOrder();
    expect((await capture(a)).statusCode).toBe(200);
    expect((await deliver(stand.captureCompletedEvent(a.token))).statusCode).toBe(200);
    // The webhook first (the capture's answer arrives late), then the answer.
    const b = await approvedOrder();
    stand.answerLateOnce('capture', 400);
    const late = capture(b);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await deliver(stand.captureCompletedEvent(b.token))).statusCode).toBe(200);
    expect((await late).json<{ data: TOrderReceipt }>().data.status).toBe(1);
    // Both at once.
    const c = await approvedOrder();
    const event = capturedAtPayPal(c.token);
    const [answer] = await Promise.all([capture(c), deliver(event)]);
    expect(answer.statusCode).toBe(200);
    for (const order of [a, b, c])
      expect(await stateOf(order.orderNo)).toMatchObject({ status: 1, ledger: 1 });
  });

  it('refuses and flags a capture of a different amount, by answer or by webhook', async () => {
    const order = await approvedOrder();
    stand.captureOnce({ amount: { currency_code: 'USD', value: '59.00' } });
    const res = await capture(order);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe(ErrorCode.PAYMENT_AMOUNT_MISMATCH);
    expect(await stateOf(order.orderNo)).toMatchObject({ status: 0, ledger: 0 });
    expect((await stateOf(order.orderNo)).flag).toMatch(/captured \$59\.00 .* order total is \$60\.00/);
    expect((await deliver(stand.captureCompletedEvent(order.token))).statusCode).toBe(200);
    expect(await stateOf(order.orderNo)).toMatchObject({ status: 0, ledger: 0 });
  });

  it('keeps a PENDING capture unpaid until the webhook says it completed', async () => {
    const order = await approvedOrder();
    stand.captureOnce({ status: 'PENDING' });
    const res = await capture(order);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: TOrderReceipt }>().data).toMatchObject({ status: 0, paymentPending: true });
    expect(await stateOf(order.orderNo)).toMatchObject({ status: 0, ledger: 0 });
    expect((await deliver(stand.captureCompletedEvent(order.token))).statusCode).toBe(200);
    expect(await stateOf(order.orderNo)).toMatchObject({ status: 1, ledger: 1 });
  });

  it('refuses a declined capture and pays nothing', async () => {
    const order = await approvedOrder();
    stand.captureOnce({ status: 'DECLINED' });
    const res = await capture(order);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe(ErrorCode.PAYMENT_DECLINED);
    expect(await stateOf(order.orderNo)).toMatchObject({ status: 0, ledger: 0 });
  });

  it('captures on a CHECKOUT.ORDER.APPROVED webhook (the buyer never came back)', async () => {
    const order = await approvedOrder();
    const event = JSON.stringify({
      id: `WH-APPROVED-${order.token}`,
      event_type: 'CHECKOUT.ORDER.APPROVED',
      resource: { id: order.token, status: 'APPROVED' },
    });
    expect((await deliver(event)).statusCode).toBe(200);
    expect(await stateOf(order.orderNo)).toMatchObject({ status: 1, ledger: 1 });
    expect((await capture(order)).json<{ data: TOrderReceipt }>().data.status).toBe(1);
  });

  it('has no sandbox approval page when PayPal takes the payments', async () => {
    const order = await approvedOrder();
    expect((await ctx.app.inject({ url: `/api/v1/public/sandbox/orders/${order.token}` })).statusCode).toBe(
      404,
    );
    expect((await post(`/sandbox/orders/${order.token}/approve`, {})).statusCode).toBe(404);
  });

  it('gives the stock back and says so when PayPal refuses to create the order', async () => {
    const stock = async () =>
      (
        await ctx.database.db.select().from(productVariants).where(eq(productVariants.productId, productId))
      )[0]?.stock;
    const before = await stock();
    stand.failOnce('create', 400);
    const res = await checkout();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      code: ErrorCode.SERVICE_UNAVAILABLE,
      msg: expect.stringMatching(/could not be started/),
    });
    expect(await stock()).toBe(before);
  });
});
