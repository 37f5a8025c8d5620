import { ErrorCode, type TConsoleRefund } from '@linkstore/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, waitFor, type SmtpSink } from '../../platform/mail/mail-testing';
import { apiCalls } from '../../test/api-calls';
import { addProductOnSale } from '../../test/catalog-kit';
import { createTestApp, type TestContext } from '../../test/helper';
import { newKey, payoutsKit, type Creator } from '../../test/payouts-kit';
import { refundsKit } from '../../test/refunds-kit';
import { accessTokenFor, operatorWith } from '../../test/users';
import { productVariants } from '../catalog/catalog.table';
import { payouts } from '../payouts/payouts.table';
import { shareToReverse } from './refunds.service';

/**
 * Refunds in the sandbox (decision 0027): the reservation on the payment, the exact profit share,
 * pending first then available, restock, the buyer's mail, refusals that change nothing, flags.
 */
let ctx: TestContext;
let sink: SmtpSink;
const tokens: Record<string, string> = {};
const kit = refundsKit(() => ctx, 'rfsb');
const money = payoutsKit(() => ctx, 'rfsb');
const { paidOrder, refundsOf, reversalsOf, paymentOf, orderOf, eventsOf } = kit;
const { call, ok, expectForbidden } = apiCalls(() => ctx.app, tokens, '/system/orders');

let ann: Creator;

beforeAll(async () => {
  sink = await startSmtpSink();
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false', SMTP_URL: sink.url } });
  tokens.admin = await accessTokenFor(ctx.app, 'admin');
  tokens.reader = await operatorWith(ctx, 'refund-reader', ['sys:order:query', 'sys:order:resolve']);
  tokens.refunder = await operatorWith(ctx, 'refund-refunder', ['sys:order:query', 'sys:order:refund']);
  ann = await money.creator('ann');
});
afterAll(async () => {
  await ctx.close();
  await sink.close();
});

const refund = (as: string, body: object) => call(as, 'POST', '/refund', body);
const codeOf = (res: { json: <T>() => T }) => res.json<{ code: string; msg: string }>();

describe('the profit share', () => {
  it('is cumulative: the shares of any split add up to the whole credit', () => {
    const shares: number[] = [];
    let reversed = 0;
    let refunded = 0;
    for (const part of [1, 332, 333, 333]) {
      refunded += part;
      const share = shareToReverse({
        creditMinor: 499,
        reversedMinor: reversed,
        refundedAfterMinor: refunded,
        capturedMinor: 999,
      });
      shares.push(share);
      reversed += share;
    }
    expect(shares).toEqual([0, 166, 167, 166]);
    expect(reversed).toBe(499);
    expect(
      shareToReverse({ creditMinor: 0, reversedMinor: 0, refundedAfterMinor: 999, capturedMinor: 999 }),
    ).toBe(0);
  });
});

describe('refunds in the sandbox', () => {
  it('a partial refund reverses the proportional share; the rest reverses exactly the remainder; the buyer is mailed in their language', async () => {
    const order = await paidOrder({
      ...ann,
      totalMinor: 999,
      profitMinor: 499,
      language: 'es',
      buyerEmail: 'pablo@example.com',
    });
    const first = await ok<TConsoleRefund>('refunder', 'POST', '/refund', {
      orderNo: order.orderNo,
      amountMinor: 300,
      reason: 'Damaged handle',
      version: 0,
    });
    expect(first).toMatchObject({
      status: 'completed',
      amountMinor: 300,
      profitReversedMinor: 150,
      source: 'operator',
    });
    expect(first.requestedBy).toBe('refund-refunder');
    const second = await ok<TConsoleRefund>('admin', 'POST', '/refund', {
      orderNo: order.orderNo,
      amountMinor: 699,
      reason: 'Returned',
      version: 1,
    });
    expect(second).toMatchObject({ status: 'completed', profitReversedMinor: 349 });
    expect((await reversalsOf(order.orderId)).map((r) => r.amountMinor)).toEqual([-150, -349]);
    expect((await paymentOf(order.orderId))?.refundedMinor).toBe(999);
    expect((await orderOf(order.orderId))?.version).toBe(2);
    expect(await eventsOf(order.orderId)).toEqual([
      'refund_requested',
      'refunded',
      'refund_requested',
      'refunded',
    ]);
    const mails = await waitFor(() => {
      const found = sink.messages.filter((m) => m.to.includes('pablo@example.com'));
      return found.length === 2 ? found : undefined;
    });
    for (const mail of mails)
      expect(mail.subject).toBe(`Reembolso de tu pedido ${order.orderNo} de Shop ann`);
    expect(mails.map((m) => /Hemos reembolsado (\S+)/.exec(m.text)?.[1]).sort()).toEqual(['3,00', '6,99']);
    // Nothing left: a third refund is too large, naming what is left.
    const third = await refund('admin', { orderNo: order.orderNo, amountMinor: 1, reason: 'x', version: 2 });
    expect(codeOf(third)).toMatchObject({
      code: ErrorCode.REFUND_TOO_LARGE,
      msg: expect.stringContaining('$0.00'),
    });
    // In the operator's language, the amount too.
    const spanish = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/system/orders/refund',
      headers: { authorization: `Bearer ${tokens.admin}`, 'accept-language': 'es' },
      payload: { orderNo: order.orderNo, amountMinor: 1, reason: 'x', version: 2 },
    });
    expect(codeOf(spanish).msg).toMatch(
      /^Es más de lo que aún se puede reembolsar: como máximo 0,00\sUS\$\./,
    );
  });

  it('two concurrent refunds that together exceed the capture: one succeeds, the other is A0673, one reversal', async () => {
    const order = await paidOrder({ ...ann, totalMinor: 1_000, profitMinor: 400 });
    const body = { orderNo: order.orderNo, amountMinor: 600, reason: 'Both at once', version: 0 };
    const answers = await Promise.all([refund('admin', body), refund('refunder', body)]);
    const codes = answers.map((res) => codeOf(res).code).sort();
    expect(codes).toEqual([1, ErrorCode.REFUND_TOO_LARGE]);
    const tooLarge = answers.find((res) => codeOf(res).code === ErrorCode.REFUND_TOO_LARGE);
    expect(codeOf(tooLarge ?? answers[0]).msg).toContain('$4.00');
    expect(await refundsOf(order.orderId)).toHaveLength(1);
    expect((await reversalsOf(order.orderId)).map((r) => r.amountMinor)).toEqual([-240]);
    expect((await paymentOf(order.orderId))?.refundedMinor).toBe(600);
  });

  it('counts a refund of an order in its hold against pending, not available', async () => {
    const bea = await money.creator('bea');
    await money.sale(bea, 2_000); // out of its hold: available
    const order = await paidOrder({ ...bea, totalMinor: 1_000, profitMinor: 500 }); // paid: pending
    expect(await money.summary(bea)).toMatchObject({ availableMinor: 2_000, pendingMinor: 500 });
    type Earned = { totalEarnedMinor: number; thisMonthMinor: number };
    const earned = async () =>
      (await money.call(bea, 'GET', '/api/v1/earnings')).json<{ data: Earned }>().data;
    const earnedBefore = await earned();
    await ok('admin', 'POST', '/refund', {
      orderNo: order.orderNo,
      amountMinor: 500,
      reason: 'Half',
      version: 0,
    });
    expect(await money.summary(bea)).toMatchObject({ availableMinor: 2_000, pendingMinor: 250 });
    // What the creator earned, in all and this month, is net of what refunds took back.
    expect(await earned()).toMatchObject({
      totalEarnedMinor: 2_250,
      thisMonthMinor: earnedBefore.thisMonthMinor - 250,
    });
    const res = await money.call(bea, 'GET', '/api/v1/payouts/pending-sales');
    expect(
      res.json<{ data: { list: { orderNo: string; amountMinor: number }[] } }>().data.list,
    ).toContainEqual(expect.objectContaining({ orderNo: order.orderNo, amountMinor: 250 }));
  });

  it('a refund after the profit was paid out leaves available negative; a later sale past its hold settles it', async () => {
    const cid = await money.creator('cid');
    const order = await paidOrder({ ...cid, totalMinor: 3_000, profitMinor: 1_500, status: 2 });
    const withdrawn = await money.call(cid, 'POST', '/api/v1/payouts', {
      currencyCode: 'USD',
      requestKey: newKey(),
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    await money.service().followPayouts(new Date(Date.now() + 5 * 60_000));
    expect(
      (await ctx.database.db.select().from(payouts).where(eq(payouts.userId, cid.userId)))[0]?.status,
    ).toBe('paid');
    await ok('admin', 'POST', '/refund', {
      orderNo: order.orderNo,
      amountMinor: 3_000,
      reason: 'Chargeback',
      version: 0,
    });
    expect(await money.summary(cid)).toMatchObject({
      availableMinor: -1_500,
      pendingMinor: 0,
      paidOutMinor: 1_500,
    });
    const refused = await money.call(cid, 'POST', '/api/v1/payouts', {
      currencyCode: 'USD',
      requestKey: newKey(),
    });
    expect(refused.statusCode).not.toBe(200);
    await paidOrder({ ...cid, totalMinor: 4_000, profitMinor: 2_000, status: 2 });
    expect(await money.summary(cid)).toMatchObject({ availableMinor: 500, pendingMinor: 0 });
  });

  it('restock returns the items’ stock once the refund completes, once per order', async () => {
    const productId = await addProductOnSale(ctx.database.db, {
      category: 'Refund mugs',
      title: 'Mug',
      costMinor: 100,
      stock: 5,
    });
    const order = await paidOrder({
      ...ann,
      totalMinor: 1_000,
      profitMinor: 400,
      item: { productId, quantity: 3 },
    });
    await ok('admin', 'POST', '/refund', {
      orderNo: order.orderNo,
      amountMinor: 400,
      restock: true,
      reason: 'Back',
      version: 0,
    });
    await ok('admin', 'POST', '/refund', {
      orderNo: order.orderNo,
      amountMinor: 600,
      restock: true,
      reason: 'Back',
      version: 1,
    });
    const [product] = await ctx.database.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, productId));
    expect(product?.stock).toBe(8);
  });

  it('bad input is refused with a translated error and changes nothing', async () => {
    const order = await paidOrder({ ...ann, totalMinor: 1_000, profitMinor: 400 });
    const unpaid = await paidOrder({ ...ann, totalMinor: 1_000, profitMinor: 400, status: 0 });
    const cases: [object, string, string | RegExp][] = [
      [
        { orderNo: order.orderNo, amountMinor: 0, reason: 'x', version: 0 },
        ErrorCode.VALIDATION_FAILED,
        /amountMinor/,
      ],
      [
        { orderNo: order.orderNo, amountMinor: 1_001, reason: 'x', version: 0 },
        ErrorCode.REFUND_TOO_LARGE,
        '$10.00',
      ],
      [
        { orderNo: order.orderNo, amountMinor: 100, reason: 'x', version: 3 },
        ErrorCode.ORDER_STALE,
        'changed',
      ],
      [
        { orderNo: unpaid.orderNo, amountMinor: 100, reason: 'x', version: 0 },
        ErrorCode.ORDER_NOT_REFUNDABLE,
        unpaid.orderNo,
      ],
      [
        { orderNo: order.orderNo, amountMinor: 100, reason: ' ', version: 0 },
        ErrorCode.VALIDATION_FAILED,
        /reason/,
      ],
    ];
    for (const [body, code, text] of cases) {
      const res = await refund('admin', body);
      expect(codeOf(res).code, res.body).toBe(code);
      if (typeof text === 'string') expect(codeOf(res).msg).toContain(text);
      else expect(res.body).toMatch(text);
    }
    const spanish = await call(
      'admin',
      'POST',
      '/refund',
      { orderNo: unpaid.orderNo, amountMinor: 100, reason: 'x', version: 0 },
      'es',
    );
    expect(codeOf(spanish).msg).toContain('no tiene un pago completado');
    expect(await refundsOf(order.orderId)).toHaveLength(0);
    expect((await paymentOf(order.orderId))?.refundedMinor).toBe(0);
    expect((await orderOf(order.orderId))?.version).toBe(0);
    expect(await eventsOf(order.orderId)).toEqual([]);
  });

  it('refuses each endpoint to a role without its permission', async () => {
    const order = await paidOrder({ ...ann, totalMinor: 1_000, profitMinor: 400, flagReason: 'stock_short' });
    await expectForbidden('reader', [
      ['POST', '/refund', { orderNo: order.orderNo, amountMinor: 1, reason: 'x', version: 0 }],
    ]);
    await expectForbidden('refunder', [
      ['POST', '/resolve-flag', { orderNo: order.orderNo, resolution: 'note', note: 'x', version: 0 }],
    ]);
    expect(await refundsOf(order.orderId)).toHaveLength(0);
    expect((await orderOf(order.orderId))?.flagResolvedAt).toBeNull();
  });
});

describe('resolving flags', () => {
  const resolve = (as: string, body: object) => call(as, 'POST', '/resolve-flag', body);

  it('accept pays an amount-mismatch order as it is: the profit credited, the flag resolved and recorded', async () => {
    const dan = await money.creator('dan');
    const order = await paidOrder({
      ...dan,
      totalMinor: 1_000,
      profitMinor: 400,
      mismatchCapturedMinor: 900,
    });
    const res = await resolve('reader', {
      orderNo: order.orderNo,
      resolution: 'accept',
      note: 'Buyer agreed',
      version: 0,
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await orderOf(order.orderId);
    expect(row).toMatchObject({ status: 1, flagResolution: 'accept', flagNote: 'Buyer agreed', version: 1 });
    expect(row?.flagResolvedAt).not.toBeNull();
    expect((await paymentOf(order.orderId))?.status).toBe('COMPLETED');
    expect(await money.summary(dan)).toMatchObject({ pendingMinor: 400 });
    expect(await eventsOf(order.orderId)).toEqual(['flag_resolved']);
    const again = await resolve('reader', {
      orderNo: order.orderNo,
      resolution: 'note',
      note: 'x',
      version: 1,
    });
    expect(codeOf(again).code).toBe(ErrorCode.FLAG_NOT_OPEN);
  });

  it('refund gives everything captured back (no credit to reverse) and resolves the flag', async () => {
    const order = await paidOrder({
      ...ann,
      totalMinor: 1_000,
      profitMinor: 400,
      mismatchCapturedMinor: 1_200,
    });
    const stale = await resolve('admin', {
      orderNo: order.orderNo,
      resolution: 'refund',
      note: 'Overcharged',
      version: 4,
    });
    expect(codeOf(stale).code).toBe(ErrorCode.ORDER_STALE);
    const res = await resolve('admin', {
      orderNo: order.orderNo,
      resolution: 'refund',
      note: 'Overcharged',
      version: 0,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await refundsOf(order.orderId)).toMatchObject([
      { status: 'completed', amountMinor: 1_200, profitReversedMinor: 0 },
    ]);
    expect((await reversalsOf(order.orderId)).map((r) => r.amountMinor)).toEqual([0]);
    expect(await orderOf(order.orderId)).toMatchObject({ status: 0, flagResolution: 'refund', version: 2 });
    expect(await eventsOf(order.orderId)).toEqual(['refund_requested', 'refunded', 'flag_resolved']);
  });

  it('note (and accept of a stock shortfall) only records; an order without an open flag is A0675', async () => {
    const short = await paidOrder({ ...ann, totalMinor: 1_000, profitMinor: 400, flagReason: 'stock_short' });
    const noted = await paidOrder({ ...ann, totalMinor: 1_000, profitMinor: 400, flagReason: 'stock_short' });
    const plain = await paidOrder({ ...ann, totalMinor: 1_000, profitMinor: 400 });
    expect(
      (
        await resolve('admin', {
          orderNo: short.orderNo,
          resolution: 'accept',
          note: 'Restocked',
          version: 0,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await resolve('admin', {
          orderNo: noted.orderNo,
          resolution: 'note',
          note: 'Called buyer',
          version: 0,
        })
      ).statusCode,
    ).toBe(200);
    expect(await orderOf(short.orderId)).toMatchObject({ status: 1, flagResolution: 'accept' });
    expect(await orderOf(noted.orderId)).toMatchObject({ flagResolution: 'note', flagNote: 'Called buyer' });
    expect(await refundsOf(noted.orderId)).toHaveLength(0);
    const none = await resolve('admin', {
      orderNo: plain.orderNo,
      resolution: 'note',
      note: 'x',
      version: 0,
    });
    expect(codeOf(none)).toMatchObject({
      code: ErrorCode.FLAG_NOT_OPEN,
      msg: expect.stringContaining(plain.orderNo),
    });
  });
});
