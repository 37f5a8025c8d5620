import { type TPayout } from '@linkstore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helper';
import { payPalEnv, type PayPalStandIn, startPayPalStandIn } from '../../test/paypal-stand-in';
import { newKey, payoutsKit, type Creator } from '../../test/payouts-kit';

/**
 * Payouts against PayPal (the local stand-in): lost answers, 5xx, duplicate batch ids, refusals,
 * and item events in any order or number, each ending in the true state with the money counted once.
 */
let ctx: TestContext;
let stand: PayPalStandIn;
const kit = payoutsKit(() => ctx, 'pp');
const { creator, sale, call, expectBalanced, payoutsOf, entriesOf } = kit;
const MINUTE = 60_000;
const PAYPAL_WEBHOOK_PATH = '/api/v1/payments/paypal/webhook';

beforeAll(async () => {
  stand = await startPayPalStandIn();
  ctx = await createTestApp({
    env: {
      CAPTCHA_ENABLED: 'false',
      ...payPalEnv(stand),
      PUBLIC_URL: 'https://shop.example',
    },
  });
});
afterAll(async () => {
  await ctx.close();
  await stand.close();
});

async function withdrawn(who: Creator, amountMinor?: number): Promise<TPayout> {
  const res = await call(who, 'POST', '/api/v1/payouts', {
    currencyCode: 'USD',
    requestKey: newKey(),
    ...(amountMinor ? { amountMinor } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: TPayout }>().data;
}

function deliver(rawBody: string) {
  return ctx.app.inject({
    method: 'POST',
    url: PAYPAL_WEBHOOK_PATH,
    headers: { ...stand.signWebhook(rawBody), 'content-type': 'application/json' },
    payload: rawBody,
  });
}

/** The stand-in's batch of the creator's only (or last) payout. */
async function batchOf(who: Creator) {
  const payout = (await payoutsOf(who)).at(-1);
  const batch = stand.payoutBySender(payout?.senderBatchId ?? '');
  if (!batch) throw new Error('no batch at the stand-in');
  return batch;
}

const poll = (later = 0) => kit.service().followPayouts(new Date(Date.now() + later));

describe('payouts through PayPal', () => {
  it('sends one batch to the payer id, follows it to paid', async () => {
    const ann = await creator('ann');
    await sale(ann, 5_000);
    const payout = await withdrawn(ann, 3_000);
    expect(payout).toMatchObject({ status: 'processing', amountMinor: 3_000 });
    const batch = await batchOf(ann);
    expect(batch).toMatchObject({
      recipientType: 'PAYPAL_ID',
      receiver: `PAYER${ann.userId}`,
      amount: { currency: 'USD', value: '30.00' },
      senderBatchId: `LSP-${payout.id}`,
    });
    await poll();
    expect((await payoutsOf(ann))[0]?.status).toBe('processing');
    stand.setPayoutItemStatus(batch.itemId, 'SUCCESS');
    await poll();
    expect((await payoutsOf(ann))[0]).toMatchObject({ status: 'paid', payoutItemId: batch.itemId });
    expect(await expectBalanced(ann)).toMatchObject({ availableMinor: 2_000, paidOutMinor: 3_000 });
  });

  it('a 5xx outlasting the retries leaves it requested (in flight); the reconcile sends it once', async () => {
    const ben = await creator('ben');
    await sale(ben, 2_000);
    const payoutsBefore = stand.payouts.size;
    stand.failTimes('payout', 3, 503);
    const payout = await withdrawn(ben);
    expect(payout.status).toBe('requested');
    expect(await expectBalanced(ben)).toMatchObject({ availableMinor: 0, inFlightMinor: 2_000 });

    await poll(2 * MINUTE);
    await poll(4 * MINUTE);
    expect((await payoutsOf(ben))[0]).toMatchObject({ status: 'processing', attempts: 2 });
    expect(stand.payouts.size - payoutsBefore).toBe(1);
  });

  it('a crash after PayPal took the batch: the resend meets the duplicate sender_batch_id and finds it', async () => {
    const cat = await creator('cat');
    await sale(cat, 2_000);
    const service = kit.service();
    const { payout } = await service.commitWithdrawal(
      cat.userId,
      { currencyCode: 'USD', requestKey: newKey() },
      'manual',
      new Date(),
    );
    // PayPal got it, our process died before recording the answer, and PayPal forgot the request id.
    const sent = await ctx.app.payments.payouts.send({
      senderBatchId: payout.senderBatchId,
      amount: { currencyCode: 'USD', valueMinor: payout.amountMinor },
      receiver: { payerId: payout.receiverPayerId, email: payout.receiverEmail },
      note: 'test',
    });
    expect(sent.kind).toBe('accepted');
    stand.forgetRequestIds();
    const payoutsBefore = stand.payouts.size;

    await poll(2 * MINUTE);

    const [row] = await payoutsOf(cat);
    expect(row).toMatchObject({ status: 'processing', attempts: 1 });
    expect(row?.payoutBatchId).toBe((await batchOf(cat)).batchId);
    expect(stand.payouts.size).toBe(payoutsBefore);
    await expectBalanced(cat);
  });

  it('a duplicate refusal without a link keeps it requested and never makes another batch', async () => {
    const dan = await creator('dan');
    await sale(dan, 2_000);
    const service = kit.service();
    const { payout } = await service.commitWithdrawal(
      dan.userId,
      { currencyCode: 'USD', requestKey: newKey() },
      'manual',
      new Date(),
    );
    await ctx.app.payments.payouts.send({
      senderBatchId: payout.senderBatchId,
      amount: { currencyCode: 'USD', valueMinor: payout.amountMinor },
      receiver: { payerId: payout.receiverPayerId, email: payout.receiverEmail },
      note: 'test',
    });
    stand.forgetRequestIds();
    stand.duplicateWithoutLink = true;
    try {
      await poll(2 * MINUTE);
      await poll(4 * MINUTE);
    } finally {
      stand.duplicateWithoutLink = false;
    }
    expect((await payoutsOf(dan))[0]).toMatchObject({ status: 'requested', attempts: 2 });
    expect([...stand.payouts.values()].filter((p) => p.senderBatchId === payout.senderBatchId)).toHaveLength(
      1,
    );
    expect(await expectBalanced(dan)).toMatchObject({ inFlightMinor: 2_000 });
  });

  it('a definite refusal returns the money at once', async () => {
    const eve = await creator('eve');
    await sale(eve, 2_000);
    stand.failOnce('payout', 422, 'INSUFFICIENT_FUNDS');
    const payout = await withdrawn(eve);
    expect(payout).toMatchObject({
      status: 'returned',
      reason: expect.stringContaining('INSUFFICIENT_FUNDS'),
    });
    expect(await entriesOf(eve, 'payout_return')).toHaveLength(1);
    expect(await expectBalanced(eve)).toMatchObject({ availableMinor: 2_000, inFlightMinor: 0 });
  });
});

describe('payout webhooks', () => {
  it('SUCCEEDED delivered twice pays once; RETURNED days later gives the money back once', async () => {
    const fin = await creator('fin');
    await sale(fin, 4_000);
    await withdrawn(fin);
    const { itemId } = await batchOf(fin);
    stand.setPayoutItemStatus(itemId, 'SUCCESS');
    const succeeded = stand.payoutItemEvent(itemId, 'SUCCEEDED');
    expect((await deliver(succeeded)).statusCode).toBe(200);
    expect((await deliver(succeeded)).statusCode).toBe(200);
    expect((await payoutsOf(fin))[0]?.status).toBe('paid');
    expect(await expectBalanced(fin)).toMatchObject({ paidOutMinor: 4_000 });

    stand.setPayoutItemStatus(itemId, 'RETURNED');
    await deliver(stand.payoutItemEvent(itemId, 'RETURNED'));
    await deliver(stand.payoutItemEvent(itemId, 'RETURNED')); // another notification of the same
    expect((await payoutsOf(fin))[0]).toMatchObject({ status: 'returned', providerStatus: 'RETURNED' });
    expect(await entriesOf(fin, 'payout_return')).toHaveLength(1);
    expect(await expectBalanced(fin)).toMatchObject({ availableMinor: 4_000, paidOutMinor: 0 });
  });

  it('RETURNED before SUCCEEDED (reordered) ends returned, once; UNCLAIMED returns too', async () => {
    const gil = await creator('gil');
    await sale(gil, 4_000);
    await withdrawn(gil);
    const { itemId } = await batchOf(gil);
    stand.setPayoutItemStatus(itemId, 'RETURNED');
    const returned = stand.payoutItemEvent(itemId, 'RETURNED');
    const succeeded = stand.payoutItemEvent(itemId, 'SUCCEEDED');
    await Promise.all([deliver(returned), deliver(returned), deliver(succeeded)]);
    await deliver(succeeded);
    expect((await payoutsOf(gil))[0]?.status).toBe('returned');
    expect(await entriesOf(gil, 'payout_return')).toHaveLength(1);
    expect(await expectBalanced(gil)).toMatchObject({ availableMinor: 4_000 });

    const hue = await creator('hue');
    await sale(hue, 1_500);
    await withdrawn(hue);
    const batch = await batchOf(hue);
    stand.setPayoutItemStatus(batch.itemId, 'UNCLAIMED');
    const unclaimed = stand.payoutItemEvent(batch.itemId, 'UNCLAIMED');
    await Promise.all(Array.from({ length: 5 }, () => deliver(unclaimed)));
    await poll();
    expect((await payoutsOf(hue))[0]).toMatchObject({ status: 'returned', providerStatus: 'UNCLAIMED' });
    expect(await entriesOf(hue, 'payout_return')).toHaveLength(1);
    expect(await expectBalanced(hue)).toMatchObject({ availableMinor: 1_500 });
  });

  it('ten withdrawals at once make one payout; a poll and webhooks at once return it once', async () => {
    const jay = await creator('jay');
    await sale(jay, 9_000);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(jay, 'POST', '/api/v1/payouts', {
          currencyCode: 'USD',
          requestKey: newKey(),
          amountMinor: 1_000,
        }),
      ),
    );
    const codes = answers.map((res) => res.json<{ code: unknown }>().code);
    expect(codes.filter((code) => code === 1)).toHaveLength(1);
    expect(codes.filter((code) => code === 'A0651')).toHaveLength(9);
    expect(await payoutsOf(jay)).toHaveLength(1);

    const { itemId } = await batchOf(jay);
    stand.setPayoutItemStatus(itemId, 'FAILED');
    const failed = stand.payoutItemEvent(itemId, 'FAILED');
    await Promise.all([
      poll(),
      deliver(failed),
      deliver(failed),
      poll(),
      deliver(stand.payoutItemEvent(itemId, 'FAILED')),
    ]);
    expect((await payoutsOf(jay))[0]).toMatchObject({ status: 'returned', providerStatus: 'FAILED' });
    expect(await entriesOf(jay, 'payout_return')).toHaveLength(1);
    expect(await expectBalanced(jay)).toMatchObject({ availableMinor: 9_000, inFlightMinor: 0 });
  });

  it('refuses an unsigned payout event and changes nothing', async () => {
    const ida = await creator('ida');
    await sale(ida, 1_500);
    await withdrawn(ida);
    const { itemId } = await batchOf(ida);
    const res = await ctx.app.inject({
      method: 'POST',
      url: PAYPAL_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json' },
      payload: stand.payoutItemEvent(itemId, 'UNCLAIMED'),
    });
    expect(res.statusCode).toBe(400);
    expect((await payoutsOf(ida))[0]?.status).toBe('processing');
  });
});
