import {
  ErrorCode,
  type TConsolePayoutPage,
  type TPayout,
  type TPayoutPage,
  type TPendingSalePage,
} from '@linkstore/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helper';
import { operatorWith } from '../../test/users';
import { sandboxPayouts } from '../payments/payments.table';
import { shops } from '../shops/shops.table';
import { isoWeek } from './payouts.service';
import { newKey, payoutsKit, type Creator } from '../../test/payouts-kit';

/** Payouts through the offline sandbox (the default provider). */
let ctx: TestContext;
const kit = payoutsKit(() => ctx, 'po');
const { creator, sale, call, expectBalanced, payoutsOf, entriesOf } = kit;
const MINUTE = 60_000;

beforeAll(async () => {
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
});
afterAll(() => ctx.close());

async function withdraw(who: Creator, body: Record<string, unknown>) {
  return call(who, 'POST', '/api/v1/payouts', { currencyCode: 'USD', requestKey: newKey(), ...body });
}

async function withdrawn(who: Creator, body: Record<string, unknown> = {}): Promise<TPayout> {
  const res = await withdraw(who, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: TPayout }>().data;
}

const sandboxBatches = async () =>
  (await ctx.database.db.select({ n: count() }).from(sandboxPayouts))[0]?.n ?? 0;

/** The minute poll, as the job runs it, some time from now. */
const poll = (later = 0) => kit.service().followPayouts(new Date(Date.now() + later));

describe('withdraw', () => {
  it('pays an amount: debited at once, in flight, then paid after the poll', async () => {
    const anna = await creator('anna');
    await sale(anna, 5_000);
    expect((await expectBalanced(anna)).availableMinor).toBe(5_000);

    const payout = await withdrawn(anna, { amountMinor: 2_000 });

    expect(payout).toMatchObject({ amountMinor: 2_000, status: 'processing', providerStatus: 'PENDING' });
    expect(await expectBalanced(anna)).toMatchObject({ availableMinor: 3_000, inFlightMinor: 2_000 });
    expect(await entriesOf(anna, 'payout')).toHaveLength(1);
    const [row] = await payoutsOf(anna);
    expect(row?.senderBatchId).toBe(`LSP-${row?.id}`);
    expect(row?.attempts).toBe(1);

    await poll();
    expect((await payoutsOf(anna))[0]).toMatchObject({ status: 'paid', providerStatus: 'SUCCESS' });
    expect(await expectBalanced(anna)).toMatchObject({ availableMinor: 3_000, paidOutMinor: 2_000 });

    const list = await call(anna, 'GET', '/api/v1/payouts');
    expect(list.json<{ data: TPayoutPage }>().data).toMatchObject({ total: 1, list: [{ status: 'paid' }] });
  });

  it('pays everything available when no amount is given', async () => {
    const bo = await creator('bo');
    await sale(bo, 1_234);
    await sale(bo, 900, { completedAt: new Date() }); // still in its hold
    const payout = await withdrawn(bo);
    expect(payout.amountMinor).toBe(1_234);
    expect(await expectBalanced(bo)).toMatchObject({ availableMinor: 0, pendingMinor: 900 });
  });

  it('answers the same payout for the same request key, sequentially and concurrently', async () => {
    const cy = await creator('cy');
    await sale(cy, 10_000);
    const requestKey = newKey();
    const [a, b] = await Promise.all([
      withdrawn(cy, { amountMinor: 1_500, requestKey }),
      withdrawn(cy, { amountMinor: 1_500, requestKey }),
    ]);
    const c = await withdrawn(cy, { amountMinor: 1_500, requestKey });
    expect(new Set([a.id, b.id, c.id]).size).toBe(1);
    expect(await payoutsOf(cy)).toHaveLength(1);
    expect(await entriesOf(cy, 'payout')).toHaveLength(1);
    await expectBalanced(cy);
  });

  it('makes one payout of two concurrent withdrawals; the other is refused as in flight', async () => {
    const di = await creator('di');
    await sale(di, 10_000);
    const answers = await Promise.all([
      withdraw(di, { amountMinor: 2_000 }),
      withdraw(di, { amountMinor: 3_000 }),
    ]);
    const codes = answers.map((res) => res.json<{ code: unknown }>().code).sort();
    expect(codes).toEqual([1, ErrorCode.PAYOUT_IN_FLIGHT].sort());
    expect(await payoutsOf(di)).toHaveLength(1);
    expect(await entriesOf(di, 'payout')).toHaveLength(1);
    await expectBalanced(di);
  });

  it('refuses bad amounts, another currency, a held or unverified account, and changes nothing', async () => {
    const ed = await creator('ed');
    await sale(ed, 5_000);
    const unverified = await creator('eu', { payerId: null });
    await sale(unverified, 5_000);
    const empty = await creator('ee');
    const fieldOf = (res: Awaited<ReturnType<typeof withdraw>>) => {
      const body = res.json<{ code: unknown; data: { fields?: { field: string }[] } | null }>();
      return [res.statusCode, body.code, body.data?.fields?.map((f) => f.field)];
    };
    expect(fieldOf(await withdraw(ed, { amountMinor: 5_001 }))).toEqual([400, 'A0400', ['amountMinor']]);
    expect(fieldOf(await withdraw(ed, { amountMinor: 999 }))).toEqual([400, 'A0400', ['amountMinor']]);
    expect(fieldOf(await withdraw(ed, { amountMinor: 0 }))).toEqual([400, 'A0400', ['amountMinor']]);
    expect(fieldOf(await withdraw(ed, { currencyCode: 'EUR' }))).toEqual([400, 'A0400', ['currencyCode']]);
    expect(fieldOf(await withdraw(empty, {}))).toEqual([400, 'A0400', ['amountMinor']]);
    expect(fieldOf(await withdraw(unverified, {}))).toEqual([
      409,
      ErrorCode.PAYOUT_ACCOUNT_REQUIRED,
      undefined,
    ]);

    // Over the daily maximum: what was paid today (not returned) counts.
    const tight = kit.service({ dailyMaximumMinor: 3_000 });
    await tight.withdraw(ed.userId, { amountMinor: 2_000, currencyCode: 'USD', requestKey: newKey() });
    await poll();
    await expect(
      tight.withdraw(ed.userId, { amountMinor: 1_001, currencyCode: 'USD', requestKey: newKey() }),
    ).rejects.toMatchObject({
      code: 'A0400',
      fieldProblems: [{ field: 'amountMinor', key: 'payouts.overDailyMaximum' }],
    });

    await ctx.database.db.update(shops).set({ payoutsHeldReason: 'Review' }).where(eq(shops.id, ed.shopId));
    expect(fieldOf(await withdraw(ed, { amountMinor: 1_000 }))).toEqual([
      409,
      ErrorCode.PAYOUTS_HELD,
      undefined,
    ]);
    await ctx.database.db.update(shops).set({ payoutsHeldReason: null }).where(eq(shops.id, ed.shopId));

    expect(await payoutsOf(ed)).toHaveLength(1);
    expect(await payoutsOf(unverified)).toHaveLength(0);
    expect(await payoutsOf(empty)).toHaveLength(0);
    expect(await expectBalanced(ed)).toMatchObject({ availableMinor: 3_000, paidOutMinor: 2_000 });
    await expectBalanced(unverified);
  });
});

describe('after the commit', () => {
  it('a crash before the provider call: the reconcile sends it once, a minute later', async () => {
    const fay = await creator('fay');
    await sale(fay, 4_000);
    const service = kit.service();
    const { payout } = await service.commitWithdrawal(
      fay.userId,
      { amountMinor: 4_000, currencyCode: 'USD', requestKey: newKey() },
      'manual',
      new Date(),
    );
    expect(payout.status).toBe('requested');
    expect(await expectBalanced(fay)).toMatchObject({ availableMinor: 0, inFlightMinor: 4_000 });
    const before = await sandboxBatches();

    await service.followPayouts(new Date()); // too early: the first call may still be on its way
    expect((await payoutsOf(fay))[0]?.status).toBe('requested');
    await service.followPayouts(new Date(Date.now() + 2 * MINUTE));
    await service.followPayouts(new Date(Date.now() + 4 * MINUTE));
    await service.followPayouts(new Date(Date.now() + 6 * MINUTE));

    expect((await payoutsOf(fay))[0]).toMatchObject({ status: 'paid', attempts: 1 });
    expect((await sandboxBatches()) - before).toBe(1);
    expect(await expectBalanced(fay)).toMatchObject({ paidOutMinor: 4_000, inFlightMinor: 0 });
  });

  it('UNCLAIMED gives the money back once; a refused receiver at once', async () => {
    const gus = await creator('gus', { email: 'gus+unclaimed@example.com' });
    await sale(gus, 3_000);
    await withdrawn(gus);
    await poll();
    await poll();
    expect((await payoutsOf(gus))[0]).toMatchObject({ status: 'returned', providerStatus: 'UNCLAIMED' });
    expect(await entriesOf(gus, 'payout_return')).toHaveLength(1);
    expect(await expectBalanced(gus)).toMatchObject({ availableMinor: 3_000, inFlightMinor: 0 });

    const hal = await creator('hal', { email: 'hal+unregistered@example.com' });
    await sale(hal, 3_000);
    const refused = await withdrawn(hal);
    expect(refused).toMatchObject({
      status: 'returned',
      reason: expect.stringContaining('RECEIVER_UNREGISTERED'),
    });
    expect(await expectBalanced(hal)).toMatchObject({ availableMinor: 3_000 });
  });

  it('RETURNED days after it was paid: paid → returned, one return entry; the creator hears of both', async () => {
    const ivy = await creator('ivy', { email: 'ivy+returned@example.com' });
    const heard: [string, string, unknown][] = [];
    const live = kit.service(
      {},
      {
        toUser: async (userId, queue, payload) => void heard.push([userId, queue, payload]),
      },
    );
    const poll = (later = 0) => live.followPayouts(new Date(Date.now() + later));
    await sale(ivy, 2_500);
    await withdrawn(ivy);
    await poll();
    expect((await payoutsOf(ivy))[0]?.status).toBe('paid');
    expect(await expectBalanced(ivy)).toMatchObject({ paidOutMinor: 2_500 });
    await poll(); // paid ones are looked at again only hourly
    expect((await payoutsOf(ivy))[0]?.status).toBe('paid');
    await poll(2 * 60 * MINUTE);
    await poll(4 * 60 * MINUTE);
    const [row] = await payoutsOf(ivy);
    expect(heard).toEqual([
      [
        String(ivy.userId),
        '/queue/payouts',
        { kind: 'payoutPaid', payoutId: String(row?.id), amountMinor: 2_500, currencyCode: 'USD' },
      ],
      [
        String(ivy.userId),
        '/queue/payouts',
        { kind: 'payoutReturned', payoutId: String(row?.id), amountMinor: 2_500, currencyCode: 'USD' },
      ],
    ]);
    expect((await payoutsOf(ivy))[0]).toMatchObject({ status: 'returned', providerStatus: 'RETURNED' });
    expect(await entriesOf(ivy, 'payout_return')).toHaveLength(1);
    expect(await expectBalanced(ivy)).toMatchObject({ availableMinor: 2_500, paidOutMinor: 0 });
  });
});

describe('the weekly automatic payout', () => {
  it('pays opted-in creators once per ISO week, when at least the minimum', async () => {
    const jo = await creator('jo');
    const kim = await creator('kim');
    await sale(jo, 2_000);
    await sale(kim, 500); // below the minimum
    for (const who of [jo, kim]) {
      const res = await call(who, 'PUT', '/api/v1/payouts/settings', { autoPayout: true });
      expect(res.json<{ data: unknown }>().data).toEqual({ autoPayout: true });
    }
    const service = kit.service();
    const monday = new Date('2027-03-01T06:00:00Z');
    expect(isoWeek(monday)).toBe('2027-W09');
    expect(isoWeek(new Date('2027-01-01T12:00:00Z'))).toBe('2026-W53');

    await service.runAutoPayouts(monday);
    await service.followPayouts(new Date(monday.getTime() + MINUTE));
    await sale(jo, 1_500);
    await service.runAutoPayouts(new Date(monday.getTime() + 60 * MINUTE));
    expect((await payoutsOf(jo)).map((p) => [p.trigger, p.amountMinor])).toEqual([['auto', 2_000]]);
    expect(await payoutsOf(kim)).toHaveLength(0);

    await service.runAutoPayouts(new Date('2027-03-08T06:00:00Z'));
    expect((await payoutsOf(jo)).map((p) => p.amountMinor)).toEqual([2_000, 1_500]);
    await expectBalanced(jo);
    await expectBalanced(kim);
  });
});

describe('pending sales', () => {
  it('lists sales in their hold, newest first, with the day each becomes available', async () => {
    const lu = await creator('lu');
    const completedAt = new Date(Date.now() - 86_400_000);
    const first = await sale(lu, 700, { completedAt });
    const second = await sale(lu, 300, { status: 1 });
    await sale(lu, 900); // long out of its hold
    const res = await call(lu, 'GET', '/api/v1/payouts/pending-sales?pageSize=10');
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<{ data: TPendingSalePage }>().data;
    expect(page.total).toBe(2);
    expect(page.list.map((s) => [s.orderNo, s.amountMinor, s.availableAt])).toEqual([
      [second, 300, null],
      [first, 700, new Date(completedAt.getTime() + 14 * 86_400_000).toISOString()],
    ]);
  });
});

describe('the console', () => {
  it('lists every payout and holds a creator, each behind its permission', async () => {
    const mo = await creator('mo');
    await sale(mo, 5_000);
    await withdrawn(mo, { amountMinor: 1_000 });
    const viewer = await operatorWith(ctx, 'payout-viewer', ['sys:payout:query']);
    const holder = await operatorWith(ctx, 'payout-holder', ['sys:payout:hold']);

    expect((await call(mo, 'GET', '/api/v1/system/payouts/page')).statusCode).toBe(403);
    expect(
      (await call(viewer, 'PUT', `/api/v1/system/payouts/hold/${mo.userId}`, { held: false })).statusCode,
    ).toBe(403);
    expect((await call(holder, 'GET', '/api/v1/system/payouts/page')).statusCode).toBe(403);

    const held = await call(holder, 'PUT', `/api/v1/system/payouts/hold/${mo.userId}`, {
      held: true,
      reason: 'Chargeback review',
    });
    expect(held.statusCode, held.body).toBe(200);
    const noReason = await call(holder, 'PUT', `/api/v1/system/payouts/hold/${mo.userId}`, { held: true });
    expect(noReason.statusCode).toBe(400);

    const res = await call(viewer, 'GET', '/api/v1/system/payouts/page?keywords=po-mo&status=processing');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: TConsolePayoutPage }>().data).toMatchObject({
      total: 1,
      list: [{ username: 'po-mo', shopName: 'Shop mo', heldReason: 'Chargeback review', amountMinor: 1_000 }],
    });

    await poll();
    expect((await withdraw(mo, { amountMinor: 1_000 })).json<{ code: unknown }>().code).toBe(
      ErrorCode.PAYOUTS_HELD,
    );
    await call(holder, 'PUT', `/api/v1/system/payouts/hold/${mo.userId}`, { held: false });
    await withdrawn(mo, { amountMinor: 1_000 });
    await expectBalanced(mo);
  });
});
