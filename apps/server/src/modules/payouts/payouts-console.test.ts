import { ErrorCode, type TConsolePayout, type TPayout, type TPayoutDaily } from '@linkstore/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helper';
import { newKey, payoutsKit, type Creator } from '../../test/payouts-kit';
import { operatorWith } from '../../test/users';
import { shops } from '../shops/shops.table';
import { payouts } from './payouts.table';

/** The console's retry of a returned payout and its payouts per day, through the sandbox. */
let ctx: TestContext;
const kit = payoutsKit(() => ctx, 'pr');
const { creator, sale, call, expectBalanced, payoutsOf, entriesOf } = kit;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
  tokens.retrier = await operatorWith(ctx, 'payout-retrier', ['sys:payout:retry']);
  tokens.viewer = await operatorWith(ctx, 'payout-looker', ['sys:payout:query']);
});
afterAll(() => ctx.close());

const poll = (later = 0) => kit.service().followPayouts(new Date(Date.now() + later));

async function withdrawn(who: Creator, amountMinor?: number): Promise<TPayout> {
  const res = await call(who, 'POST', '/api/v1/payouts', {
    currencyCode: 'USD',
    requestKey: newKey(),
    ...(amountMinor ? { amountMinor } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: TPayout }>().data;
}

/** A creator whose payout of `amount` PayPal did not pay (UNCLAIMED): returned, money available again. */
async function returnedPayout(name: string, amount = 3_000): Promise<{ who: Creator; payoutId: string }> {
  const who = await creator(name, { email: `pr-${name}+unclaimed@example.com` });
  await sale(who, amount);
  const payout = await withdrawn(who);
  await poll();
  await poll();
  const [row] = await payoutsOf(who);
  expect(row?.status).toBe('returned');
  return { who, payoutId: payout.id };
}

const retry = (payoutId: string, token = tokens.retrier ?? '') =>
  call(token, 'POST', `/api/v1/system/payouts/${payoutId}/retry`);
const codeOf = (res: Awaited<ReturnType<typeof retry>>) => [
  res.statusCode,
  res.json<{ code: unknown }>().code,
];

/** The creator connects another PayPal account (verified), as they would before a retry. */
async function reconnect(who: Creator, email: string) {
  await ctx.database.db
    .update(shops)
    .set({ paypalEmail: email, paypalPayerId: `PAYER-NEW-${who.userId}` })
    .where(eq(shops.id, who.shopId));
}

describe('retrying a returned payout', () => {
  it('sends a new payout of the same amount to the current verified account, then it is paid', async () => {
    const { who, payoutId } = await returnedPayout('ana');
    expect(await expectBalanced(who)).toMatchObject({ availableMinor: 3_000, inFlightMinor: 0 });
    await reconnect(who, 'pr-ana-new@example.com');

    const res = await retry(payoutId);
    expect(res.statusCode, res.body).toBe(200);
    const sent = res.json<{ data: TConsolePayout }>().data;
    expect(sent).toMatchObject({
      amountMinor: 3_000,
      status: 'processing',
      receiverEmail: 'pr-ana-new@example.com',
      retryOfId: payoutId,
      userId: String(who.userId),
    });
    const rows = await payoutsOf(who);
    expect(rows.map((p) => [p.status, p.retryOfId])).toEqual([
      ['returned', null],
      ['processing', Number(payoutId)],
    ]);
    expect(rows[1]?.receiverPayerId).toBe(`PAYER-NEW-${who.userId}`);
    expect(rows[1]?.senderBatchId).toBe(`LSP-${rows[1]?.id}`);
    expect(await entriesOf(who, 'payout')).toHaveLength(2);
    expect(await expectBalanced(who)).toMatchObject({ availableMinor: 0, inFlightMinor: 3_000 });

    await poll();
    expect((await payoutsOf(who))[1]?.status).toBe('paid');
    expect(await expectBalanced(who)).toMatchObject({ availableMinor: 0, paidOutMinor: 3_000 });

    // The list shows the returned one as retried (no second retry offered) and the retry's origin.
    const page = await call(tokens.viewer ?? '', 'GET', '/api/v1/system/payouts/page?keywords=pr-ana');
    const list = page.json<{ data: { list: TConsolePayout[] } }>().data.list;
    expect(list.map((p) => [p.id, p.retriedById, p.retryOfId])).toEqual([
      [sent.id, null, payoutId],
      [payoutId, sent.id, null],
    ]);
  });

  it('refuses a payout that is not returned, and a second retry, with A0653; nothing changes', async () => {
    const bo = await creator('bo');
    await sale(bo, 5_000);
    const processing = await withdrawn(bo, 2_000);
    expect(codeOf(await retry(processing.id))).toEqual([409, ErrorCode.PAYOUT_NOT_RETRYABLE]);
    await poll();
    expect((await payoutsOf(bo))[0]?.status).toBe('paid');
    expect(codeOf(await retry(processing.id))).toEqual([409, ErrorCode.PAYOUT_NOT_RETRYABLE]);
    expect(await payoutsOf(bo)).toHaveLength(1);
    expect(codeOf(await retry('999999'))).toEqual([404, 'A0404']);

    const { who, payoutId } = await returnedPayout('cy');
    expect((await retry(payoutId)).statusCode).toBe(200);
    await poll();
    const res = await retry(payoutId);
    expect(codeOf(res)).toEqual([409, ErrorCode.PAYOUT_NOT_RETRYABLE]);
    expect(res.json<{ msg: string }>().msg).toBe(
      'Only a returned payout that was not retried before can be retried. Nothing was sent.',
    );
    expect(await payoutsOf(who)).toHaveLength(2);
    expect(await entriesOf(who, 'payout')).toHaveLength(2);
    await expectBalanced(who);
    await expectBalanced(bo);
  });

  it('makes one payout of two concurrent retries', async () => {
    const { who, payoutId } = await returnedPayout('di');
    await reconnect(who, 'pr-di-new@example.com');
    const answers = await Promise.all([retry(payoutId), retry(payoutId)]);
    expect(answers.map((res) => res.json<{ code: unknown }>().code).sort()).toEqual(
      [1, ErrorCode.PAYOUT_NOT_RETRYABLE].sort(),
    );
    expect(await payoutsOf(who)).toHaveLength(2);
    expect(await entriesOf(who, 'payout')).toHaveLength(2);
    expect(await expectBalanced(who)).toMatchObject({ availableMinor: 0, inFlightMinor: 3_000 });
  });

  it('respects the hold, the verified account, one in flight and the available balance', async () => {
    const { who, payoutId } = await returnedPayout('ed', 4_000);
    const unchanged = async () => {
      expect(await payoutsOf(who)).toHaveLength(1);
      expect(await expectBalanced(who)).toMatchObject({ availableMinor: 4_000, inFlightMinor: 0 });
    };

    await ctx.database.db.update(shops).set({ payoutsHeldReason: 'Review' }).where(eq(shops.id, who.shopId));
    expect(codeOf(await retry(payoutId))).toEqual([409, ErrorCode.PAYOUTS_HELD]);
    await ctx.database.db.update(shops).set({ payoutsHeldReason: null }).where(eq(shops.id, who.shopId));
    await unchanged();

    await ctx.database.db.update(shops).set({ paypalPayerId: null }).where(eq(shops.id, who.shopId));
    expect(codeOf(await retry(payoutId))).toEqual([409, ErrorCode.PAYOUT_ACCOUNT_REQUIRED]);
    await unchanged();
    await reconnect(who, 'pr-ed-new@example.com');

    // The creator withdrew part of the returned money themselves: in flight, then too little left.
    await withdrawn(who, 1_000);
    expect(codeOf(await retry(payoutId))).toEqual([409, ErrorCode.PAYOUT_IN_FLIGHT]);
    await poll();
    const short = await retry(payoutId);
    expect(codeOf(short)).toEqual([409, ErrorCode.PAYOUT_NOT_RETRYABLE]);
    expect(short.json<{ msg: string }>().msg).toContain('$30.00');
    expect((await payoutsOf(who)).map((p) => p.status)).toEqual(['returned', 'paid']);
    expect(await expectBalanced(who)).toMatchObject({ availableMinor: 3_000, paidOutMinor: 1_000 });
  });

  it('is refused with 403 A0301 without sys:payout:retry', async () => {
    const { who, payoutId } = await returnedPayout('fay');
    const res = await retry(payoutId, tokens.viewer);
    expect(codeOf(res)).toEqual([403, 'A0301']);
    expect(codeOf(await retry(payoutId, who.token))).toEqual([403, 'A0301']);
    expect(await payoutsOf(who)).toHaveLength(1);
  });
});

describe('payouts per day', () => {
  it('counts and sums the payouts requested each UTC day by status, equal to the rows', async () => {
    const gus = await creator('gus');
    await sale(gus, 10_000);
    await withdrawn(gus, 1_500);
    await poll();
    await withdrawn(gus, 2_500); // processing
    const day = new Date().toISOString().slice(0, 10);
    // An older payout, on another day.
    const [old] = await ctx.database.db
      .select()
      .from(payouts)
      .where(eq(payouts.userId, gus.userId))
      .orderBy(payouts.id)
      .limit(1);
    await ctx.database.db
      .update(payouts)
      .set({ requestedAt: new Date('2026-03-02T23:59:59Z') })
      .where(eq(payouts.id, old?.id ?? 0));

    const res = await call(
      tokens.viewer ?? '',
      'GET',
      `/api/v1/system/payouts/daily?from=2026-03-01&to=${day}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const days = res.json<{ data: TPayoutDaily }>().data;
    expect(days[0]?.day).toBe('2026-03-01');
    expect(days.at(-1)?.day).toBe(day);
    expect(days[1]).toMatchObject({ day: '2026-03-02', paid: { count: 1, cents: 1_500 } });

    // Every payout of the range, grouped by hand, is what the days say.
    const all = await ctx.database.db.select().from(payouts);
    const expected = new Map<string, number>();
    for (const p of all) {
      const key = `${p.requestedAt.toISOString().slice(0, 10)} ${p.status}`;
      expected.set(`${key} count`, (expected.get(`${key} count`) ?? 0) + 1);
      expected.set(`${key} cents`, (expected.get(`${key} cents`) ?? 0) + p.amountMinor);
    }
    const answered = new Map<string, number>();
    for (const d of days) {
      for (const status of ['requested', 'processing', 'paid', 'returned'] as const) {
        if (d[status].count === 0) continue;
        answered.set(`${d.day} ${status} count`, d[status].count);
        answered.set(`${d.day} ${status} cents`, d[status].cents);
      }
    }
    expect(answered).toEqual(expected);
    expect(days.find((d) => d.day === day)?.processing).toMatchObject({ count: 1, cents: 2_500 });
  });

  it('refuses a range over 366 days or backwards, and callers without sys:payout:query', async () => {
    const tooLong = await call(
      tokens.viewer ?? '',
      'GET',
      '/api/v1/system/payouts/daily?from=2025-01-01&to=2026-01-02',
    );
    expect(tooLong.statusCode).toBe(400);
    const backwards = await call(
      tokens.viewer ?? '',
      'GET',
      '/api/v1/system/payouts/daily?from=2026-02-01&to=2026-01-02',
    );
    expect(backwards.statusCode).toBe(400);
    const full = await call(
      tokens.viewer ?? '',
      'GET',
      '/api/v1/system/payouts/daily?from=2025-01-02&to=2026-01-02',
    );
    expect(full.json<{ data: TPayoutDaily }>().data).toHaveLength(366);
    const denied = await call(
      tokens.retrier ?? '',
      'GET',
      '/api/v1/system/payouts/daily?from=2026-01-01&to=2026-01-02',
    );
    expect(codeOf(denied)).toEqual([403, 'A0301']);
  });
});
