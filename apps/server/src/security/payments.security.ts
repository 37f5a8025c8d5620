import { randomUUID } from 'node:crypto';
import {
  ErrorCode,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  type TCheckoutAnswer,
  type TPayout,
  type TPurchase,
} from '@linkstore/contract';
import { and, count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProductOnSale } from '../test/catalog-kit';
import { createTestApp, type TestContext } from '../test/helper';
import { payPalEnv, type PayPalStandIn, startPayPalStandIn } from '../test/paypal-stand-in';
import { newKey, payoutsKit, type Creator } from '../test/payouts-kit';
import { refundsKit } from '../test/refunds-kit';
import { accessTokenFor } from '../test/users';
import { ledgerEntries } from '../modules/earnings/earnings.table';
import { PAYPAL_WEBHOOK_PATH } from '../modules/orders/checkout.routes';
import { orderPurchases, orders } from '../modules/orders/orders.table';
import { webhookEvents } from '../modules/payments/payments.table';
import { recordFigures } from './figures';

/**
 * Payments: PayPal webhooks in any number change state once and only when signed; the routes
 * that move money answer a replayed `Idempotency-Key` with the first answer and act once.
 */
let ctx: TestContext;
let stand: PayPalStandIn;
const money = payoutsKit(() => ctx, 'secpay');
const kit = refundsKit(() => ctx, 'secpay');
let ann: Creator;
let adminToken = '';
let productId = 0;
let address = 0;
const started = Date.now();
const statuses: Record<string, number> = {};
let requests = 0;
const inFlightSeen: number[] = [];

const nextIp = () => `10.77.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

async function send(
  method: 'POST' | 'GET',
  url: string,
  options: { token?: string; key?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  const res = await ctx.app.inject({
    method,
    url,
    remoteAddress: nextIp(),
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.key ? { [IDEMPOTENCY_KEY_HEADER]: options.key } : {}),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
  requests += 1;
  statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
  return res;
}

const deliver = (rawBody: string, headers: Record<string, string> = stand.signWebhook(rawBody)) =>
  send('POST', PAYPAL_WEBHOOK_PATH, {
    headers: { ...headers, 'content-type': 'application/json' },
    body: rawBody,
  });

const codeOf = (res: LightMyRequestResponse) => res.json<{ code: unknown }>().code;

/**
 * A replay answers the first answer's bytes, marked replayed; the effect counted by `effects`
 * did not move.
 */
async function expectReplay(
  first: LightMyRequestResponse,
  again: () => Promise<LightMyRequestResponse>,
  effects: () => Promise<number>,
) {
  expect(first.statusCode, first.body).toBe(200);
  const before = await effects();
  const replay = await again();
  expect(replay.statusCode).toBe(200);
  expect(replay.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
  expect(replay.body).toBe(first.body);
  expect(await effects()).toBe(before);
}

/** The same key with another body: A0681 (422) and no effect. */
async function expectMismatch(other: () => Promise<LightMyRequestResponse>, effects: () => Promise<number>) {
  const before = await effects();
  const res = await other();
  expect({ status: res.statusCode, code: codeOf(res) }).toEqual({
    status: 422,
    code: ErrorCode.IDEMPOTENCY_KEY_REUSED,
  });
  expect(await effects()).toBe(before);
}

/**
 * 10 requests with one key at once: one answer computed; each other one is A0680 (409) or, having
 * arrived after it finished, its replay. Answers the computed one.
 */
async function expectOneOfConcurrent(make: () => Promise<LightMyRequestResponse>) {
  const answers = await Promise.all(Array.from({ length: 10 }, make));
  const computed = answers.filter((r) => r.statusCode === 200 && !r.headers[IDEMPOTENT_REPLAYED_HEADER]);
  expect(computed, answers.map((r) => `${r.statusCode} ${r.body}`).join('\n')).toHaveLength(1);
  const [winner] = computed;
  let inFlight = 0;
  for (const res of answers) {
    if (res === winner) continue;
    if (res.statusCode === 200) expect(res.body).toBe(winner?.body);
    else {
      expect({ status: res.statusCode, code: codeOf(res) }).toEqual({
        status: 409,
        code: ErrorCode.IDEMPOTENCY_IN_FLIGHT,
      });
      inFlight += 1;
    }
  }
  inFlightSeen.push(inFlight);
  // Both drivers interleave requests between statements, so duplicates meet the first in flight.
  expect(inFlight).toBeGreaterThan(0);
  return winner as LightMyRequestResponse;
}

const ordersOf = async (email: string) =>
  (await ctx.database.db.select({ n: count() }).from(orders).where(eq(orders.buyerEmail, email)))[0]?.n ?? 0;
const ledgerRows = async (kind?: string) =>
  (
    await ctx.database.db
      .select({ n: count() })
      .from(ledgerEntries)
      .where(kind ? eq(ledgerEntries.kind, kind) : undefined)
  )[0]?.n ?? 0;

const checkoutBody = (email: string, quantity = 1) => ({
  shop: 'secpay-ann',
  email,
  address: { name: 'Bo', line1: '2 High St', city: 'Leeds', postalCode: 'LS1 1AA', countryCode: 'GB' },
  items: [{ productId: String(productId), quantity }],
});

/** A placed order (no key of any kind), its buyer's approval given at PayPal. */
async function approvedOrder(email = `buyer-${randomUUID().slice(0, 8)}@example.com`) {
  const res = await send('POST', '/api/v1/public/checkout', { body: checkoutBody(email) });
  expect(res.statusCode, res.body).toBe(200);
  const answer = res.json<{ data: TCheckoutAnswer }>().data;
  const token = new URL(answer.approveUrl).searchParams.get('token') ?? '';
  stand.approve(token);
  return { ...answer, token };
}

async function orderState(orderNo: string) {
  const db = ctx.database.db;
  const [order] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
  const [ledger] = await db
    .select({ n: count() })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.orderId, order?.id ?? 0));
  return { status: order?.status, paidAt: order?.paidAt?.toISOString(), ledger: ledger?.n };
}

beforeAll(async () => {
  stand = await startPayPalStandIn();
  ctx = await createTestApp({
    env: { CAPTCHA_ENABLED: 'false', ...payPalEnv(stand), PUBLIC_URL: 'https://shop.example' },
  });
  ann = await money.creator('ann');
  adminToken = await accessTokenFor(ctx.app, 'admin');
  productId = await addProductOnSale(ctx.database.db, {
    category: 'SecPay',
    title: 'Mug',
    costMinor: 1000,
    stock: 100_000,
  });
});
afterAll(async () => {
  recordFigures('payments', {
    requests,
    answersByStatus: statuses,
    concurrentDuplicatesRefusedInFlight: inFlightSeen,
    driver: ctx.database.driver,
    ms: Date.now() - started,
  });
  await ctx.close();
  await stand.close();
});

describe('PayPal webhooks', () => {
  it('a capture event ×100 in turn, ×20 at once and 20 fresh ids at once: paid once, one sale row', async () => {
    const order = await approvedOrder();
    const held = stand.orders.get(order.token);
    if (!held) throw new Error('no order at the stand-in');
    held.status = 'COMPLETED';
    held.captureId = `CAP-${order.token}`;
    const event = stand.captureCompletedEvent(order.token);
    expect((await deliver(event)).statusCode).toBe(200);
    const after = await orderState(order.orderNo);
    expect(after).toMatchObject({ status: 1, ledger: 1 });
    for (let i = 1; i < 100; i++) expect((await deliver(event)).statusCode).toBe(200);
    const burst = await Promise.all(Array.from({ length: 20 }, () => deliver(event)));
    const fresh = await Promise.all(
      Array.from({ length: 20 }, () => deliver(stand.captureCompletedEvent(order.token))),
    );
    expect([...burst, ...fresh].map((r) => r.statusCode)).toEqual(Array(40).fill(200));
    expect(await orderState(order.orderNo)).toEqual(after);
  });

  it('a refund event ×100 in turn and ×20 at once: one refund, one reversal', async () => {
    const captureId = `CAPSEC${randomUUID().slice(0, 10)}`;
    const providerOrderId = `SISEC${randomUUID().slice(0, 10)}`;
    stand.orders.set(providerOrderId, {
      id: providerOrderId,
      status: 'COMPLETED',
      reference: undefined,
      amount: { currency_code: 'USD', value: '20.00' },
      captureId,
    });
    const paid = await kit.paidOrder({
      ...ann,
      totalMinor: 2_000,
      profitMinor: 800,
      provider: 'paypal',
      providerOrderId,
      captureId,
    });
    const refund = stand.refundAtPayPal(captureId, '5.00');
    const event = stand.refundEvent(refund.id);
    for (let i = 0; i < 100; i++) expect((await deliver(event)).statusCode).toBe(200);
    const burst = await Promise.all(Array.from({ length: 20 }, () => deliver(event)));
    expect(burst.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect((await kit.refundsOf(paid.orderId)).map((r) => r.amountMinor)).toEqual([500]);
    expect((await kit.reversalsOf(paid.orderId)).map((r) => r.amountMinor)).toEqual([-200]);
  });

  it('a payout item event ×100 in turn and ×20 at once: returned once, one return row', async () => {
    const cy = await money.creator('cy');
    await money.sale(cy, 3_000);
    const res = await send('POST', '/api/v1/payouts', {
      token: cy.token,
      body: { currencyCode: 'USD', requestKey: newKey() },
    });
    expect(res.statusCode, res.body).toBe(200);
    const payout = (await money.payoutsOf(cy)).at(-1);
    const batch = stand.payoutBySender(payout?.senderBatchId ?? '');
    if (!batch) throw new Error('no batch at the stand-in');
    stand.setPayoutItemStatus(batch.itemId, 'RETURNED');
    const event = stand.payoutItemEvent(batch.itemId, 'RETURNED');
    for (let i = 0; i < 100; i++) expect((await deliver(event)).statusCode).toBe(200);
    const burst = await Promise.all(Array.from({ length: 20 }, () => deliver(event)));
    expect(burst.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect((await money.payoutsOf(cy)).map((p) => p.status)).toEqual(['returned']);
    expect(await money.entriesOf(cy, 'payout_return')).toHaveLength(1);
    await money.expectBalanced(cy);
  });

  it('tampered bodies or signature headers are refused (A0623) and change nothing', async () => {
    const order = await approvedOrder();
    const held = stand.orders.get(order.token);
    if (!held) throw new Error('no order at the stand-in');
    held.status = 'COMPLETED';
    held.captureId = `CAP-${order.token}`;
    const event = stand.captureCompletedEvent(order.token);
    const headers = stand.signWebhook(event);
    const other = stand.captureCompletedEvent(order.token);
    const parsed = JSON.parse(event) as { id: string; resource: Record<string, unknown> };
    // The first character: all six of its bits are signature bits (the last ones may be padding).
    const flip = (value: string) => `${value.startsWith('A') ? 'B' : 'A'}${value.slice(1)}`;
    const cases: [string, string, Record<string, string>][] = [
      ['amount changed', event.replace(/"value":"[\d.]+"/, '"value":"0.01"'), headers],
      ['event id changed', JSON.stringify({ ...parsed, id: `${parsed.id}X` }), headers],
      [
        'resource changed',
        JSON.stringify({ ...parsed, resource: { ...parsed.resource, id: 'CAP-OTHER' } }),
        headers,
      ],
      [
        'signature changed',
        event,
        { ...headers, 'paypal-transmission-sig': flip(headers['paypal-transmission-sig'] ?? '') },
      ],
      ['transmission id changed', event, { ...headers, 'paypal-transmission-id': 'ffffffffffffffff' }],
      ['time changed', event, { ...headers, 'paypal-transmission-time': new Date(0).toISOString() }],
      ['algorithm changed', event, { ...headers, 'paypal-auth-algo': 'SHA256withRSA' }],
      ['another event’s headers', event, stand.signWebhook(other)],
      ['no headers', event, {}],
      ['not JSON', `${event}}`, headers],
    ];
    for (const [name, body, sent] of cases) {
      const res = await deliver(body, sent);
      expect({ name, status: res.statusCode, code: codeOf(res) }).toEqual({
        name,
        status: 400,
        code: ErrorCode.WEBHOOK_REJECTED,
      });
    }
    expect(await orderState(order.orderNo)).toMatchObject({ status: 0, ledger: 0 });
    const recorded = await ctx.database.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.eventId, parsed.id));
    expect(recorded).toEqual([]);
  });
});

describe('Idempotency-Key on the routes that move money', () => {
  it('checkout: the replay answers the same order, once; another body is A0681; a duplicate in flight A0680', async () => {
    const email = `idem-${randomUUID().slice(0, 8)}@example.com`;
    const key = randomUUID();
    const place = (body = checkoutBody(email)) => send('POST', '/api/v1/public/checkout', { key, body });
    const first = await place();
    await expectReplay(first, place, () => ordersOf(email));
    expect(await ordersOf(email)).toBe(1);
    await expectMismatch(
      () => place(checkoutBody(email, 2)),
      () => ordersOf(email),
    );

    const racing = `race-${randomUUID().slice(0, 8)}@example.com`;
    const raceKey = randomUUID();
    await expectOneOfConcurrent(() =>
      send('POST', '/api/v1/public/checkout', { key: raceKey, body: checkoutBody(racing) }),
    );
    expect(await ordersOf(racing)).toBe(1);
  });

  it('checkout capture: captured once at PayPal, one sale row, whatever the replays', async () => {
    const order = await approvedOrder();
    const key = randomUUID();
    const capture = (body: object = { orderNo: order.orderNo, token: order.token }) =>
      send('POST', '/api/v1/public/checkout/capture', { key, body });
    const captures = () => Promise.resolve(stand.capturesPerformed);
    const before = stand.capturesPerformed;
    const first = await capture();
    await expectReplay(first, capture, captures);
    const other = await approvedOrder();
    await expectMismatch(() => capture({ orderNo: other.orderNo, token: other.token }), captures);
    expect(stand.capturesPerformed).toBe(before + 1);
    expect(await orderState(order.orderNo)).toMatchObject({ status: 1, ledger: 1 });

    const raceKey = randomUUID();
    const beforeRace = stand.capturesPerformed;
    await expectOneOfConcurrent(() =>
      send('POST', '/api/v1/public/checkout/capture', {
        key: raceKey,
        body: { orderNo: other.orderNo, token: other.token },
      }),
    );
    expect(stand.capturesPerformed).toBe(beforeRace + 1);
    expect(await orderState(other.orderNo)).toMatchObject({ status: 1, ledger: 1 });
  });

  it('bulk pay and its capture: one purchase, one capture, one purchase row per order', async () => {
    const nos = [(await approvedOrder()).orderNo, (await approvedOrder()).orderNo];
    const payKey = `secpay-${randomUUID()}`.slice(0, 40);
    const key = randomUUID();
    const purchases = async () =>
      (
        await ctx.database.db
          .select({ n: count() })
          .from(orderPurchases)
          .where(eq(orderPurchases.ownerUserId, ann.userId))
      )[0]?.n ?? 0;
    const create = (body: object = { orderNos: nos, payKey }) =>
      send('POST', '/api/v1/orders/purchases', { token: ann.token, key, body });
    const first = await expectOneOfConcurrent(() => create());
    expect(await purchases()).toBe(1);
    await expectReplay(first, create, purchases);
    await expectMismatch(() => create({ orderNos: nos.slice(0, 1), payKey }), purchases);
    const purchase = first.json<{ data: TPurchase }>().data;
    stand.approve(new URL(purchase.approveUrl ?? '').searchParams.get('token') ?? '');

    const captureKey = randomUUID();
    const captures = () => Promise.resolve(stand.capturesPerformed);
    const before = stand.capturesPerformed;
    const pay = (id = purchase.id) =>
      send('POST', `/api/v1/orders/purchases/${id}/capture`, { token: ann.token, key: captureKey });
    const paid = await expectOneOfConcurrent(() => pay());
    expect(paid.json<{ data: TPurchase }>().data.status).toBe('paid');
    await expectReplay(paid, () => pay(), captures);
    await expectMismatch(() => pay('999999'), captures);
    expect(stand.capturesPerformed).toBe(before + 1);
    const purchaseRows = await ctx.database.db
      .select({ n: count() })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, ann.userId), eq(ledgerEntries.kind, 'purchase')));
    expect(purchaseRows[0]?.n).toBe(2);
  });

  it('withdraw: one payout whatever the replays; another body is A0681', async () => {
    const dee = await money.creator('dee');
    await money.sale(dee, 4_000);
    const key = randomUUID();
    const body = { currencyCode: 'USD', requestKey: newKey(), amountMinor: 1_000 };
    const payoutsCount = async () => (await money.payoutsOf(dee)).length;
    const withdraw = (sent: object = body) =>
      send('POST', '/api/v1/payouts', { token: dee.token, key, body: sent });
    const first = await expectOneOfConcurrent(() => withdraw());
    expect(first.json<{ data: TPayout }>().data.amountMinor).toBe(1_000);
    await expectReplay(first, () => withdraw(), payoutsCount);
    await expectMismatch(() => withdraw({ ...body, amountMinor: 2_000 }), payoutsCount);
    expect(await payoutsCount()).toBe(1);
    expect(await money.entriesOf(dee, 'payout')).toHaveLength(1);
    await money.expectBalanced(dee);
  });

  it('refund: the replay answers the refund made (not "stale"), one refund and one reversal', async () => {
    const paidOrder = async () => {
      const captureId = `CAPSEC${randomUUID().slice(0, 10)}`;
      const providerOrderId = `SISEC${randomUUID().slice(0, 10)}`;
      stand.orders.set(providerOrderId, {
        id: providerOrderId,
        status: 'COMPLETED',
        reference: undefined,
        amount: { currency_code: 'USD', value: '30.00' },
        captureId,
      });
      return kit.paidOrder({
        ...ann,
        totalMinor: 3_000,
        profitMinor: 1_200,
        provider: 'paypal',
        providerOrderId,
        captureId,
      });
    };
    const order = await paidOrder();
    const key = randomUUID();
    const body = { orderNo: order.orderNo, amountMinor: 1_000, reason: 'Broken', version: 0 };
    const refunds = async () => (await kit.refundsOf(order.orderId)).length;
    const refund = (sent: object = body) =>
      send('POST', '/api/v1/system/orders/refund', { token: adminToken, key, body: sent });
    const first = await refund();
    await expectReplay(first, refund, refunds);
    await expectMismatch(() => refund({ ...body, amountMinor: 999 }), refunds);
    expect((await kit.reversalsOf(order.orderId)).map((r) => r.amountMinor)).toEqual([-400]);

    const other = await paidOrder();
    const raceKey = randomUUID();
    await expectOneOfConcurrent(() =>
      send('POST', '/api/v1/system/orders/refund', {
        token: adminToken,
        key: raceKey,
        body: { orderNo: other.orderNo, amountMinor: 3_000, reason: 'Lost', version: 0 },
      }),
    );
    expect((await kit.refundsOf(other.orderId)).map((r) => r.amountMinor)).toEqual([3_000]);
    expect((await kit.reversalsOf(other.orderId)).map((r) => r.amountMinor)).toEqual([-1_200]);
    expect(await ledgerRows('refund')).toBeGreaterThanOrEqual(3);
  });
});
