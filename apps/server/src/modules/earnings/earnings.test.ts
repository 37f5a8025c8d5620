import type { TEarningsDaily, TEarningsSummary, TLedgerEntryPage } from '@linkstore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../test/api-calls';
import { createTestApp, type TestContext } from '../../test/helper';
import { accessTokenFor, createUser } from '../../test/users';
import { orders } from '../orders/orders.table';
import { ledgerEntries } from './earnings.table';
import { fillDays, getMyEarnings, utcMonthStart } from './earnings.service';
import { PAYOUT_RULE_DEFAULTS } from './payout-rules';
import { payouts } from '../payouts/payouts.table';

let ctx: TestContext;
const tokens: Record<string, string> = {};
const owners: Record<string, { userId: number; shopId: number }> = {};
const PASSWORD = 'Earnings-test-pw-1';

const { call, ok: okAs } = apiCalls(() => ctx.app, tokens);
const get = (as: string, url: string) => call(as, 'GET', url);
const ok = <T>(as: string, url: string) => okAs<T>(as, 'GET', url);

/** A paid order and its sale credit, as a capture leaves them. */
async function addSale(owner: string, orderNo: string, profit: number, at: string): Promise<void> {
  const { userId, shopId } = owners[owner] ?? { userId: 0, shopId: 0 };
  const [order] = await ctx.database.db
    .insert(orders)
    .values({
      orderNo,
      shopId,
      ownerUserId: userId,
      status: 1,
      buyerEmail: 'buyer@example.com',
      shippingAddress: { name: 'B', line1: 'L', city: 'C', postalCode: '12345', countryCode: 'US' },
      totalMinor: profit * 2,
      platformMinor: profit,
      profitMinor: profit,
      createdAt: new Date(at),
      paidAt: new Date(at),
    })
    .returning({ id: orders.id });
  await ctx.database.db.insert(ledgerEntries).values({
    userId,
    shopId,
    kind: 'sale',
    amountMinor: profit,
    orderId: order?.id,
    createdAt: new Date(at),
  });
}

async function addEntry(owner: string, kind: 'payout' | 'adjustment', amount: number, at: string) {
  const { userId, shopId } = owners[owner] ?? { userId: 0, shopId: 0 };
  const [payout] =
    kind === 'payout'
      ? await ctx.database.db
          .insert(payouts)
          .values({
            userId,
            shopId,
            amountMinor: -amount,
            currencyCode: 'USD',
            status: 'paid',
            senderBatchId: `test-${owner}-${at}`,
            receiverEmail: 'paid@example.com',
            receiverPayerId: 'PAYERID1',
            requestedAt: new Date(at),
            settledAt: new Date(at),
          })
          .returning({ id: payouts.id })
      : [];
  await ctx.database.db
    .insert(ledgerEntries)
    .values({ userId, shopId, kind, amountMinor: amount, payoutId: payout?.id, createdAt: new Date(at) });
}

beforeAll(async () => {
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
  for (const name of ['anna', 'bruno', 'carla']) {
    const userId = await createUser(ctx.database.db, { username: `earn-${name}`, password: PASSWORD });
    tokens[name] = await accessTokenFor(ctx.app, `earn-${name}`, PASSWORD);
    if (name === 'carla') continue;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/shop',
      headers: { authorization: `Bearer ${tokens[name] ?? ''}` },
      payload: { name, slug: `earn-${name}` },
    });
    owners[name] = { userId, shopId: Number(res.json<{ data: { id: string } }>().data.id) };
  }
  await addSale('anna', 'LS261030-EEEEEEE1', 1_000, '2026-10-30T08:00:00Z');
  await addSale('anna', 'LS261101-EEEEEEE2', 499, '2026-11-01T00:00:00Z');
  await addSale('anna', 'LS261101-EEEEEEE3', 501, '2026-11-01T23:59:59Z');
  await addSale('anna', 'LS261103-EEEEEEE4', 250, '2026-11-03T12:00:00Z');
  await addEntry('anna', 'payout', -1_200, '2026-11-02T09:00:00Z');
  await addEntry('anna', 'adjustment', 30, '2026-11-02T10:00:00Z');
  await addSale('bruno', 'LS261101-EEEEEEE9', 77_777, '2026-11-01T12:00:00Z');
});

afterAll(async () => {
  await ctx.close();
});

describe('helpers', () => {
  it('starts the month in UTC and fills every day of a range, zero when empty', () => {
    expect(utcMonthStart(new Date('2026-11-30T23:30:00-05:00')).toISOString()).toBe(
      '2026-12-01T00:00:00.000Z',
    );
    expect(fillDays('2026-02-27', '2026-03-01', [{ day: '2026-02-28', cents: 5 }])).toEqual([
      { day: '2026-02-27', cents: 0 },
      { day: '2026-02-28', cents: 5 },
      { day: '2026-03-01', cents: 0 },
    ]);
  });
});

describe("the creator's earnings", () => {
  it("sums only the caller's ledger: balance, sales, payouts and this month's sales", async () => {
    expect(
      await getMyEarnings(
        ctx.database.db,
        PAYOUT_RULE_DEFAULTS,
        owners.anna?.userId ?? 0,
        new Date('2026-11-15T00:00:00Z'),
      ),
    ).toMatchObject({
      balanceMinor: 1_000 + 499 + 501 + 250 - 1_200 + 30,
      // Every order is paid but none completed: all four sales are still in their hold.
      pendingMinor: 2_250,
      availableMinor: -1_200 + 30,
      inFlightMinor: 0,
      totalEarnedMinor: 2_250,
      paidOutMinor: 1_200,
      thisMonthMinor: 1_250,
      currencyCode: 'USD',
      holdDays: 14,
      payoutAccount: null,
      payoutsHeld: false,
    });
    const bruno = await ok<TEarningsSummary>('bruno', '/earnings');
    expect(bruno).toMatchObject({ balanceMinor: 77_777, totalEarnedMinor: 77_777, paidOutMinor: 0 });
    expect(await ok<TEarningsSummary>('carla', '/earnings')).toMatchObject({
      balanceMinor: 0,
      totalEarnedMinor: 0,
    });
  });

  it('pages the ledger newest first with the order numbers of sales', async () => {
    const first = await ok<TLedgerEntryPage>('anna', '/earnings/entries?pageSize=2');
    expect(first.total).toBe(6);
    expect(first.list.map((e) => [e.kind, e.amountMinor, e.orderNo])).toEqual([
      ['sale', 250, 'LS261103-EEEEEEE4'],
      ['adjustment', 30, null],
    ]);
    const third = await ok<TLedgerEntryPage>('anna', '/earnings/entries?pageSize=2&pageNum=3');
    expect(third.list.map((e) => e.orderNo)).toEqual(['LS261101-EEEEEEE2', 'LS261030-EEEEEEE1']);
    const bruno = await ok<TLedgerEntryPage>('bruno', '/earnings/entries?pageSize=100');
    expect(bruno.list.map((e) => e.orderNo)).toEqual(['LS261101-EEEEEEE9']);
  });

  it('answers sales per UTC day over the range, zero days included, and refuses bad ranges', async () => {
    const days = await ok<TEarningsDaily>('anna', '/earnings/daily?from=2026-10-31&to=2026-11-03');
    expect(days).toEqual([
      { day: '2026-10-31', cents: 0 },
      { day: '2026-11-01', cents: 1_000 },
      { day: '2026-11-02', cents: 0 },
      { day: '2026-11-03', cents: 250 },
    ]);
    expect(await ok<TEarningsDaily>('carla', '/earnings/daily?from=2026-11-01&to=2026-11-01')).toEqual([
      { day: '2026-11-01', cents: 0 },
    ]);
    expect(await ok<TEarningsDaily>('anna', '/earnings/daily?from=2025-11-01&to=2026-11-01')).toHaveLength(
      366,
    );
    const tooLong = await get('anna', '/earnings/daily?from=2025-11-01&to=2026-11-02');
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json<{ msg: string }>().msg).toContain('at most 366 days');
    expect((await get('anna', '/earnings/daily?from=2026-11-02&to=2026-11-01')).statusCode).toBe(400);
    expect((await get('anna', '/earnings/daily?from=2026-11-01')).statusCode).toBe(400);
  });
});
