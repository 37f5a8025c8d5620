import { ErrorCode, XLSX_MIME_TYPE, type TLedgerEntryPage } from '@linkstore/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../test/api-calls';
import { createTestApp, type TestContext } from '../../test/helper';
import { accessTokenFor, createUser } from '../../test/users';
import { orders } from '../orders/orders.table';
import { payouts } from '../payouts/payouts.table';
import { LEDGER_EXPORT_MAX_ROWS } from './earnings-export';
import { ledgerEntries } from './earnings.table';

let ctx: TestContext;
const tokens: Record<string, string> = {};
const owners: Record<string, { userId: number; shopId: number }> = {};
const PASSWORD = 'Earnings-export-pw-1';
const { call, ok } = apiCalls(() => ctx.app, tokens);

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

/** A payout PayPal paid and its debit. */
async function addPayout(owner: string, amount: number, at: string): Promise<void> {
  const { userId, shopId } = owners[owner] ?? { userId: 0, shopId: 0 };
  const [payout] = await ctx.database.db
    .insert(payouts)
    .values({
      userId,
      shopId,
      amountMinor: amount,
      currencyCode: 'USD',
      status: 'paid',
      senderBatchId: `exp-${owner}-${at}`,
      receiverEmail: 'paid@example.com',
      receiverPayerId: 'PAYERID1',
      requestedAt: new Date(at),
      settledAt: new Date(at),
    })
    .returning({ id: payouts.id });
  await ctx.database.db.insert(ledgerEntries).values({
    userId,
    shopId,
    kind: 'payout',
    amountMinor: -amount,
    payoutId: payout?.id,
    createdAt: new Date(at),
  });
}

const exportOf = (as: string, query: string, lang?: string) =>
  call(as, 'GET', `/earnings/entries/export?${query}`, undefined, lang);

beforeAll(async () => {
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
  for (const name of ['anna', 'bruno', 'cap']) {
    const userId = await createUser(ctx.database.db, { username: `eexp-${name}`, password: PASSWORD });
    tokens[name] = await accessTokenFor(ctx.app, `eexp-${name}`, PASSWORD);
    const res = await call(name, 'POST', '/shop', { name, slug: `eexp-${name}` });
    owners[name] = { userId, shopId: Number(res.json<{ data: { id: string } }>().data.id) };
  }
  await addSale('anna', 'LS261101-EEEEEEE1', 2_197, '2026-11-01T10:00:00Z');
  await addSale('anna', 'LS261102-EEEEEEE2', 1_000, '2026-11-02T10:00:00Z');
  await addPayout('anna', 3_000, '2026-11-03T10:00:00Z');
  await addSale('bruno', 'LS261102-BBBBBBB9', 7_777, '2026-11-02T11:00:00Z');
});
afterAll(() => ctx.close());

describe("the creator's earnings export", () => {
  it("holds the caller's own entries only, with the list's amounts, as CSV", async () => {
    const res = await exportOf('anna', `format=csv&userId=${owners.bruno?.userId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="earnings-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.body).not.toContain('BBBBBBB9');
    expect(res.body).not.toContain('77.77');
    expect(res.rawPayload.toString('utf8').split('\r\n')).toEqual([
      '\uFEFFDate (UTC),Type,Payout status,Order number,Currency,Amount',
      // A debit starts with "-" and stays a number: only text cells are neutralised.
      '2026-11-03T10:00:00.000Z,Payout,Paid,,USD,-30.00',
      '2026-11-02T10:00:00.000Z,Sale,,LS261102-EEEEEEE2,USD,10.00',
      '2026-11-01T10:00:00.000Z,Sale,,LS261101-EEEEEEE1,USD,21.97',
      '',
    ]);
    const list = await ok<TLedgerEntryPage>('anna', 'GET', '/earnings/entries?pageSize=100');
    expect(list.list.map((entry) => entry.amountMinor)).toEqual([-3_000, 1_000, 2_197]);
  });

  it('writes the .xlsx in the caller’s language, amounts as numbers in the currency’s format', async () => {
    const res = await exportOf('anna', 'format=xlsx', 'pt');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_MIME_TYPE);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="earnings-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as Parameters<ExcelJS.Xlsx['load']>[0]);
    const sheet = workbook.worksheets[0];
    expect(sheet?.name).toBe('Ganhos');
    expect(sheet?.getRow(1).getCell(2).value).toBe('Tipo');
    const payout = sheet?.getRow(2);
    expect([payout?.getCell(2).value, payout?.getCell(3).value]).toEqual(['Saque', 'Pago']);
    expect([payout?.getCell(6).value, payout?.getCell(6).numFmt]).toEqual([-30, '0.00']);
    expect(sheet?.getRow(4).getCell(6).value).toBe(21.97);
  });

  it('refuses a ledger longer than one export holds, and a format it does not write, naming the field', async () => {
    const { userId, shopId } = owners.cap ?? { userId: 0, shopId: 0 };
    await ctx.database.db.execute(sql`
      insert into ledger_entries (user_id, shop_id, kind, amount_minor, created_at)
      select ${userId}, ${shopId}, 'adjustment', 1, now() - n * interval '1 second'
      from generate_series(1, ${LEDGER_EXPORT_MAX_ROWS + 1}) as n`);
    const tooMany = await exportOf('cap', 'format=xlsx');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ code: ErrorCode.TOO_MANY_ROWS });
    expect(tooMany.json<{ msg: string }>().msg).toContain('10000');

    for (const query of ['format=json', '']) {
      const bad = await exportOf('anna', query);
      expect(bad.statusCode).toBe(400);
      const body = bad.json<{ code: string; data: { fields: { field: string }[] } }>();
      expect(body.code).toBe(ErrorCode.VALIDATION_FAILED);
      expect(body.data.fields.map((f) => f.field)).toEqual(['format']);
    }
    expect((await call(null, 'GET', '/earnings/entries/export?format=csv')).statusCode).toBe(401);
  });
});
