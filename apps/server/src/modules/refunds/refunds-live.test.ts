import { ORDERS_QUEUE, SHOP_QUEUE } from '@linkstore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helper';
import { payoutsKit, type Creator } from '../../test/payouts-kit';
import { refundsKit } from '../../test/refunds-kit';
import { listenForSockets, stompListener } from '../../test/stomp-listener';
import { operatorWith } from '../../test/users';

/**
 * An open studio learns at once of what changes the creator's money or shop (issue 30): a refund
 * of one of their orders (with what it took back of the profit), and a suspension and its lift.
 */
let ctx: TestContext;
let url = '';
const tokens: Record<string, string> = {};
const { paidOrder } = refundsKit(() => ctx, 'rflive');
const { creator, call } = payoutsKit(() => ctx, 'rflive');
let ana: Creator;
let other: Creator;

beforeAll(async () => {
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
  url = await listenForSockets(ctx);
  tokens.operator = await operatorWith(ctx, 'live-refunder', [
    'sys:order:query',
    'sys:order:refund',
    'sys:order:resolve',
    'sys:creator:suspend',
  ]);
  ana = await creator('ana');
  other = await creator('other');
});
afterAll(() => ctx.close());

describe('the studio hears live', () => {
  it('of a refund of its orders, partial then full, and no one else does', async () => {
    const studio = await stompListener(url, ana.token, [ORDERS_QUEUE]);
    const stranger = await stompListener(url, other.token, [ORDERS_QUEUE]);
    const order = await paidOrder({
      userId: ana.userId,
      shopId: ana.shopId,
      totalMinor: 4_000,
      profitMinor: 1_000,
    });
    const refund = async (amountMinor: number, version: number) => {
      const res = await call(tokens.operator ?? '', 'POST', '/api/v1/system/orders/refund', {
        orderNo: order.orderNo,
        amountMinor,
        reason: 'Damaged',
        version,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const earned = async () =>
      (await call(ana, 'GET', '/api/v1/earnings')).json<{ data: { totalEarnedMinor: number } }>().data
        .totalEarnedMinor;
    // Read (and so cached for the creator) before the refund…
    expect(await earned()).toBe(1_000);
    await refund(1_000, 0);
    await expect.poll(() => studio.received.length, { timeout: 5_000 }).toBe(1);
    // …and the read the news makes the studio do already sees it.
    expect(await earned()).toBe(750);
    expect(studio.received[0]).toEqual({
      destination: ORDERS_QUEUE,
      body: {
        kind: 'orderRefunded',
        orderId: String(order.orderId),
        orderNo: order.orderNo,
        amountMinor: 1_000,
        profitReversedMinor: 250,
        currencyCode: 'USD',
        fullyRefunded: false,
      },
    });
    await refund(3_000, 1);
    await expect.poll(() => studio.received.length, { timeout: 5_000 }).toBe(2);
    expect(studio.received[1]?.body).toMatchObject({
      amountMinor: 3_000,
      profitReversedMinor: 750,
      fullyRefunded: true,
    });
    expect(stranger.received).toEqual([]);
    await Promise.all([studio.client.deactivate(), stranger.client.deactivate()]);
  });

  it('of a flagged order an operator accepts: it is paid, with its profit', async () => {
    const studio = await stompListener(url, ana.token, [ORDERS_QUEUE]);
    const order = await paidOrder({
      userId: ana.userId,
      shopId: ana.shopId,
      totalMinor: 2_000,
      profitMinor: 500,
      mismatchCapturedMinor: 1_900,
    });
    const res = await call(tokens.operator ?? '', 'POST', '/api/v1/system/orders/resolve-flag', {
      orderNo: order.orderNo,
      resolution: 'accept',
      note: 'Buyer agreed',
      version: 0,
    });
    expect(res.statusCode, res.body).toBe(200);
    await expect.poll(() => studio.received.length, { timeout: 5_000 }).toBe(1);
    expect(studio.received[0]).toEqual({
      destination: ORDERS_QUEUE,
      body: {
        kind: 'orderPaid',
        orderId: String(order.orderId),
        orderNo: order.orderNo,
        totalMinor: 2_000,
        profitMinor: 500,
        currencyCode: 'USD',
      },
    });
    await studio.client.deactivate();
  });

  it('of a suspension of its shop and of its lift', async () => {
    const studio = await stompListener(url, ana.token, [SHOP_QUEUE]);
    const act = async (what: 'suspend' | 'lift') => {
      const res = await call(tokens.operator ?? '', 'POST', `/api/v1/system/creators/${ana.userId}/${what}`, {
        reason: 'Counterfeit goods reported',
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await act('suspend');
    await expect.poll(() => studio.received.length, { timeout: 5_000 }).toBe(1);
    await act('lift');
    await expect.poll(() => studio.received.length, { timeout: 5_000 }).toBe(2);
    expect(studio.received.map((m) => m.body)).toEqual([{ kind: 'shopSuspended' }, { kind: 'shopLifted' }]);
    await studio.client.deactivate();
  });
});
