import { ErrorCode, type TConsoleRefund } from '@linkstore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../test/api-calls';
import { createTestApp, type TestContext } from '../../test/helper';
import { payPalEnv, type PayPalStandIn, startPayPalStandIn } from '../../test/paypal-stand-in';
import { payoutsKit, type Creator } from '../../test/payouts-kit';
import { refundsKit } from '../../test/refunds-kit';
import { accessTokenFor } from '../../test/users';
import { createRefundsService } from './refunds.service';

/**
 * Refunds through PayPal (the local stand-in): PayPal-Request-Id, refusals, lost answers retried by
 * the follow-up job, and PAYMENT.CAPTURE.REFUNDED / REVERSED webhooks in any order or number —
 * each ending with one refund and one reversal.
 */
let ctx: TestContext;
let stand: PayPalStandIn;
const tokens: Record<string, string> = {};
const kit = refundsKit(() => ctx, 'rfpp');
const money = payoutsKit(() => ctx, 'rfpp');
const { refundsOf, reversalsOf, paymentOf, eventsOf } = kit;
const { call } = apiCalls(() => ctx.app, tokens, '/system/orders');
const WEBHOOK = '/api/v1/payments/paypal/webhook';
let ann: Creator;
let captures = 0;

beforeAll(async () => {
  stand = await startPayPalStandIn();
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false', ...payPalEnv(stand) } });
  tokens.admin = await accessTokenFor(ctx.app, 'admin');
  ann = await money.creator('ann');
});
afterAll(async () => {
  await ctx.close();
  await stand.close();
});

/** An order paid through the stand-in: the stand-in holds its captured PayPal order. */
async function paidAtPayPal(totalMinor: number, profitMinor: number) {
  const n = ++captures;
  const providerOrderId = `SIRF${String(n).padStart(12, '0')}`;
  const captureId = `CAPRF${String(n).padStart(11, '0')}`;
  const value = (totalMinor / 100).toFixed(2);
  stand.orders.set(providerOrderId, {
    id: providerOrderId,
    status: 'COMPLETED',
    reference: undefined,
    amount: { currency_code: 'USD', value },
    captureId,
  });
  return kit.paidOrder({ ...ann, totalMinor, profitMinor, provider: 'paypal', providerOrderId, captureId });
}

const refund = (body: object) => call('admin', 'POST', '/refund', body);

function deliver(rawBody: string) {
  return ctx.app.inject({
    method: 'POST',
    url: WEBHOOK,
    headers: { ...stand.signWebhook(rawBody), 'content-type': 'application/json' },
    payload: rawBody,
  });
}

const service = () =>
  createRefundsService({
    db: ctx.database.db,
    payments: ctx.app.payments,
    mailer: ctx.app.mailer,
    log: ctx.app.log,
    realtime: ctx.app.realtime,
    orderLinks: ctx.app.orderLinks,
    creatorMails: ctx.app.creatorMails,
  });

const refundsAtStand = (captureId: string) =>
  [...stand.refunds.values()].filter((r) => r.captureId === captureId);

describe('the PayPal adapter', () => {
  it('sends PayPal-Request-Id, the amount as a decimal string and our id; the same id twice is one refund', async () => {
    const order = await paidAtPayPal(2_500, 1_000);
    const input = {
      captureId: order.captureId,
      amount: { currencyCode: 'USD', valueMinor: 1_050 },
      requestId: 'adapter-request-1',
      customId: 'our-42',
      note: 'Refund for order X',
    };
    const replaysBefore = stand.replays;
    const first = await ctx.app.payments.refund(input);
    const second = await ctx.app.payments.refund(input);
    expect(first).toMatchObject({ kind: 'completed', amount: { currencyCode: 'USD', valueMinor: 1_050 } });
    expect(second).toEqual(first);
    expect(stand.replays - replaysBefore).toBe(1);
    expect(refundsAtStand(order.captureId)).toEqual([
      expect.objectContaining({
        amount: { currency_code: 'USD', value: '10.50' },
        customId: 'our-42',
        noteToPayer: 'Refund for order X',
      }),
    ]);
    const tooMuch = await ctx.app.payments.refund({
      ...input,
      requestId: 'adapter-request-2',
      amount: { currencyCode: 'USD', valueMinor: 1_451 },
    });
    expect(tooMuch).toMatchObject({
      kind: 'refused',
      reason: expect.stringContaining('REFUND_AMOUNT_EXCEEDED'),
    });
  });
});

describe('refunds through PayPal', () => {
  it('completes from the answer; the webhook replayed ×20, in turn and at once, changes nothing', async () => {
    const order = await paidAtPayPal(2_000, 800);
    const res = await refund({ orderNo: order.orderNo, amountMinor: 500, reason: 'Scratched', version: 0 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: TConsoleRefund }>().data).toMatchObject({
      status: 'completed',
      profitReversedMinor: 200,
    });
    const [made] = refundsAtStand(order.captureId);
    if (!made) throw new Error('no refund at the stand-in');
    expect(made.customId).toBe(String((await refundsOf(order.orderId))[0]?.id));
    const body = stand.refundEvent(made.id);
    for (let i = 0; i < 10; i++) expect((await deliver(body)).statusCode).toBe(200);
    const distinct = await Promise.all(Array.from({ length: 10 }, () => deliver(stand.refundEvent(made.id))));
    expect(distinct.every((r) => r.statusCode === 200)).toBe(true);
    expect(await refundsOf(order.orderId)).toHaveLength(1);
    expect((await reversalsOf(order.orderId)).map((r) => r.amountMinor)).toEqual([-200]);
    expect((await paymentOf(order.orderId))?.refundedMinor).toBe(500);
  });

  it('the webhook arriving before the answer completes it once', async () => {
    const order = await paidAtPayPal(3_000, 1_200);
    stand.answerLateOnce('refund', 1_500);
    let answered = false;
    const answer = refund({ orderNo: order.orderNo, amountMinor: 3_000, reason: 'Lost in post', version: 0 });
    void answer.then(() => (answered = true));
    let made;
    for (let i = 0; i < 100 && !made; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      made = refundsAtStand(order.captureId)[0];
    }
    if (!made) throw new Error('the refund did not reach the stand-in');
    const early = await deliver(stand.refundEvent(made.id));
    expect(early.statusCode).toBe(200);
    expect((await refundsOf(order.orderId))[0]?.status).toBe('completed');
    expect(answered).toBe(false); // the webhook did it; the answer is still on its way
    const res = await answer;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: TConsoleRefund }>().data).toMatchObject({
      status: 'completed',
      profitReversedMinor: 1_200,
    });
    expect((await reversalsOf(order.orderId)).map((r) => r.amountMinor)).toEqual([-1_200]);
    expect((await eventsOf(order.orderId)).filter((e) => e === 'refunded')).toHaveLength(1);
  });

  it('a refusal fails the refund and releases the reservation (A0674)', async () => {
    const order = await paidAtPayPal(2_000, 800);
    stand.failOnce('refund', 422, 'UNPROCESSABLE_ENTITY');
    const res = await refund({ orderNo: order.orderNo, amountMinor: 700, reason: 'x', version: 0 });
    expect(res.json<{ code: string }>().code).toBe(ErrorCode.REFUND_REFUSED);
    expect(await refundsOf(order.orderId)).toMatchObject([{ status: 'failed', amountMinor: 700 }]);
    expect((await paymentOf(order.orderId))?.refundedMinor).toBe(0);
    expect(await reversalsOf(order.orderId)).toHaveLength(0);
    expect(await eventsOf(order.orderId)).toEqual(['refund_requested', 'refund_failed']);
    // The whole capture is refundable again.
    const again = await refund({ orderNo: order.orderNo, amountMinor: 2_000, reason: 'x', version: 1 });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('no answer (5xx outlasting the retries): pending, then the follow-up job sends it again with the same id, once', async () => {
    const order = await paidAtPayPal(2_000, 800);
    stand.failTimes('refund', 3, 503);
    const res = await refund({ orderNo: order.orderNo, amountMinor: 1_000, reason: 'x', version: 0 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: TConsoleRefund }>().data.status).toBe('pending');
    expect(refundsAtStand(order.captureId)).toHaveLength(0);
    expect(await service().followRefunds(new Date())).toBe(0); // too early: the call may still be on its way
    expect(await service().followRefunds(new Date(Date.now() + 2 * 60_000))).toBe(1);
    expect(await refundsOf(order.orderId)).toMatchObject([{ status: 'completed', profitReversedMinor: 400 }]);
    await service().followRefunds(new Date(Date.now() + 4 * 60_000));
    expect(refundsAtStand(order.captureId)).toHaveLength(1);
  });

  it('a PENDING refund is completed by its webhook', async () => {
    const order = await paidAtPayPal(2_000, 800);
    stand.refundOnce({ status: 'PENDING' });
    const res = await refund({ orderNo: order.orderNo, amountMinor: 2_000, reason: 'x', version: 0 });
    expect(res.json<{ data: TConsoleRefund }>().data.status).toBe('pending');
    const [made] = refundsAtStand(order.captureId);
    if (!made) throw new Error('no refund at the stand-in');
    await deliver(stand.refundEvent(made.id));
    expect(await refundsOf(order.orderId)).toMatchObject([{ status: 'completed', profitReversedMinor: 800 }]);
  });

  it('a refund made at PayPal or a chargeback is recorded from its webhook once, capped at what is left', async () => {
    const order = await paidAtPayPal(2_000, 800);
    const dispute = stand.refundAtPayPal(order.captureId, '5.00');
    const body = stand.refundEvent(dispute.id, 'REVERSED');
    await Promise.all(Array.from({ length: 5 }, () => deliver(body)));
    await Promise.all(Array.from({ length: 5 }, () => deliver(stand.refundEvent(dispute.id, 'REVERSED'))));
    expect(await refundsOf(order.orderId)).toMatchObject([
      {
        status: 'completed',
        source: 'provider',
        amountMinor: 500,
        profitReversedMinor: 200,
        reason: 'PAYMENT.CAPTURE.REVERSED',
      },
    ]);
    const rest = stand.refundAtPayPal(order.captureId, '20.00');
    await deliver(stand.refundEvent(rest.id));
    const rows = await refundsOf(order.orderId);
    expect(rows.map((r) => r.amountMinor)).toEqual([500, 1_500]);
    expect((await reversalsOf(order.orderId)).map((r) => r.amountMinor)).toEqual([-200, -600]);
    expect((await paymentOf(order.orderId))?.refundedMinor).toBe(2_000);
  });
});
