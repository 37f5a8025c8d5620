import { ErrorCode, XLSX_MIME_TYPE, type TCreatorOrderPage } from '@linkstore/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../test/api-calls';
import { createTestApp, type TestContext } from '../../test/helper';
import { accessTokenFor, createUser } from '../../test/users';
import { ledgerEntries } from '../earnings/earnings.table';
import { ORDER_EXPORT_MAX_ROWS } from './console-orders.xlsx';
import { orderItems, orders } from './orders.table';

let ctx: TestContext;
const tokens: Record<string, string> = {};
const owners: Record<string, { userId: number; shopId: number }> = {};
const PASSWORD = 'Orders-export-pw-1';
const { call, ok } = apiCalls(() => ctx.app, tokens);

const INJECTION = '=HYPERLINK("http://x","y")';

interface Line {
  title: string;
  variantLabel?: string;
  quantity: number;
  platform: number;
  selling: number;
}

/**
 * An order as checkout leaves it (lines, totals that add up); a paid buyer's order with its sale
 * credit in the ledger, as a capture leaves it.
 */
async function addOrder(
  owner: string,
  orderNo: string,
  status: 0 | 1 | 2,
  createdAt: string,
  lines: Line[],
  extra: { buyerEmail?: string; currencyCode?: string; carrier?: string; trackingNo?: string } = {},
) {
  const { userId, shopId } = owners[owner] ?? { userId: 0, shopId: 0 };
  const total = lines.reduce((sum, l) => sum + l.selling * l.quantity, 0);
  const platform = lines.reduce((sum, l) => sum + l.platform * l.quantity, 0);
  const [order] = await ctx.database.db
    .insert(orders)
    .values({
      orderNo,
      shopId,
      ownerUserId: userId,
      status,
      buyerEmail: extra.buyerEmail ?? 'alice.buyer@example.com',
      shippingAddress: {
        name: 'Alice',
        line1: '1 Main St',
        city: 'Lyon',
        postalCode: '69001',
        countryCode: 'FR',
      },
      currencyCode: extra.currencyCode ?? 'USD',
      totalMinor: total,
      platformMinor: platform,
      profitMinor: total - platform,
      paidAt: status > 0 ? new Date(createdAt) : null,
      completedAt: status === 2 ? new Date(createdAt) : null,
      carrier: extra.carrier ?? null,
      trackingNo: extra.trackingNo ?? null,
      shippedAt: extra.carrier ? new Date(createdAt) : null,
      createdAt: new Date(createdAt),
    })
    .returning({ id: orders.id });
  if (!order) throw new Error('order not inserted');
  await ctx.database.db.insert(orderItems).values(
    lines.map((l, i) => ({
      orderId: order.id,
      productId: 900_000 + i,
      title: l.title,
      variantLabel: l.variantLabel ?? '',
      quantity: l.quantity,
      platformPriceMinor: l.platform,
      sellingPriceMinor: l.selling,
      profitMinor: l.selling - l.platform,
    })),
  );
  if (status > 0) {
    await ctx.database.db.insert(ledgerEntries).values({
      userId,
      shopId,
      kind: 'sale',
      amountMinor: total - platform,
      orderId: order.id,
      createdAt: new Date(createdAt),
    });
  }
}

const hoodie: Line = {
  title: 'Hoodie',
  variantLabel: 'M / Black',
  quantity: 2,
  platform: 1500,
  selling: 3499,
};
const mug: Line = { title: 'Mug', quantity: 1, platform: 500, selling: 999 };

/**
 * The cells of a CSV export (BOM off), fields split as RFC 4180 reads them: a field is quoted or
 * plain, a doubled quote inside quotes is one quote. No field of these tests holds a line break.
 */
function csvRows(body: Buffer): string[][] {
  const text = body.toString('utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const field = /"((?:[^"]|"")*)"|([^,]*)/y;
  return text
    .slice(1)
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => {
      const cells: string[] = [];
      field.lastIndex = 0;
      for (;;) {
        const match = field.exec(line);
        cells.push(match?.[1] !== undefined ? match[1].replace(/""/g, '"') : (match?.[2] ?? ''));
        if (field.lastIndex >= line.length) return cells;
        field.lastIndex += 1; // the comma
      }
    });
}

async function xlsxSheet(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as Parameters<ExcelJS.Xlsx['load']>[0]);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  return sheet;
}

const exportOf = (as: string, query: string, lang?: string) =>
  call(as, 'GET', `/orders/export?${query}`, undefined, lang);

beforeAll(async () => {
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
  for (const name of ['anna', 'bruno', 'cap']) {
    const userId = await createUser(ctx.database.db, { username: `oexp-${name}`, password: PASSWORD });
    tokens[name] = await accessTokenFor(ctx.app, `oexp-${name}`, PASSWORD);
    const res = await call(name, 'POST', '/shop', { name, slug: `oexp-${name}` });
    owners[name] = { userId, shopId: Number(res.json<{ data: { id: string } }>().data.id) };
  }
  await addOrder('anna', 'LS261101-AAAAAAA1', 0, '2026-11-01T10:00:00Z', [mug]);
  await addOrder('anna', 'LS261103-AAAAAAA2', 1, '2026-11-03T10:00:00Z', [hoodie, mug], {
    buyerEmail: '=hyperlink@example.com',
  });
  await addOrder('anna', 'LS261105-AAAAAAA3', 2, '2026-11-05T10:00:00Z', [{ ...mug, title: INJECTION }], {
    carrier: 'dhl',
    trackingNo: '0012345678',
    currencyCode: 'JPY',
  });
  await addOrder('bruno', 'LS261104-BBBBBBB1', 1, '2026-11-04T10:00:00Z', [mug], {
    buyerEmail: 'bruno-buyer-mark@example.com',
  });
});
afterAll(() => ctx.close());

describe("the creator's orders export", () => {
  it("holds the caller's own orders only, newest first, with the list's figures, as CSV", async () => {
    const res = await exportOf('anna', 'format=csv&userId=2&shopId=2');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.body).not.toContain('BBBBBBB1');
    expect(res.body).not.toContain('bruno-buyer-mark');
    const [header, ...rows] = csvRows(res.rawPayload);
    expect(header).toEqual([
      'Order number',
      'Placed (UTC)',
      'Paid (UTC)',
      'Status',
      'Buyer',
      'Items (quantity × product — variant)',
      'Currency',
      'Buyer paid',
      'Your earnings',
      'Paid by you',
      'Refunded to the buyer',
      'Carrier',
      'Tracking number',
    ]);
    expect(rows).toEqual([
      [
        'LS261105-AAAAAAA3',
        '2026-11-05T10:00:00.000Z',
        '2026-11-05T10:00:00.000Z',
        'Completed',
        'a***@example.com',
        `1 × ${INJECTION}`,
        'JPY',
        '999',
        '499',
        '0',
        '0',
        'DHL',
        '0012345678',
      ],
      [
        'LS261103-AAAAAAA2',
        '2026-11-03T10:00:00.000Z',
        '2026-11-03T10:00:00.000Z',
        'Paid, in transit',
        // The masked buyer starts with "=": kept as text, not run as a formula.
        "'=***@example.com",
        '2 × Hoodie — M / Black; 1 × Mug',
        'USD',
        '79.97',
        '44.97',
        '0.00',
        '0.00',
        '',
        '',
      ],
      [
        'LS261101-AAAAAAA1',
        '2026-11-01T10:00:00.000Z',
        '',
        'Unpaid',
        'a***@example.com',
        '1 × Mug',
        'USD',
        '9.99',
        '4.99',
        '0.00',
        '0.00',
        '',
        '',
      ],
    ]);

    // The list's own figures: what it shows as the profit (earned once paid, to earn before).
    const list = await ok<TCreatorOrderPage>('anna', 'GET', '/orders?pageSize=50');
    expect(rows.map((row) => row[0])).toEqual(list.list.map((order) => order.orderNo));
    expect(
      list.list.map((order) => [
        order.totalMinor,
        order.status === 0 ? order.profitMinor : order.earnedMinor,
      ]),
    ).toEqual([
      [999, 499],
      [7997, 4497],
      [999, 499],
    ]);
  });

  it('applies the filters on screen: product words, status and UTC days', async () => {
    const byWords = csvRows((await exportOf('anna', 'format=csv&keywords=hoodie')).rawPayload);
    expect(byWords.slice(1).map((row) => row[0])).toEqual(['LS261103-AAAAAAA2']);
    const byStatus = csvRows((await exportOf('anna', 'format=csv&status=0')).rawPayload);
    expect(byStatus.slice(1).map((row) => row[0])).toEqual(['LS261101-AAAAAAA1']);
    const byDays = csvRows((await exportOf('anna', 'format=csv&from=2026-11-02&to=2026-11-05')).rawPayload);
    expect(byDays.slice(1).map((row) => row[0])).toEqual(['LS261105-AAAAAAA3', 'LS261103-AAAAAAA2']);
    // Another creator's filters reach only their own orders.
    const bruno = csvRows((await exportOf('bruno', 'format=csv&keywords=mug')).rawPayload);
    expect(bruno.slice(1).map((row) => row[0])).toEqual(['LS261104-BBBBBBB1']);
  });

  it('writes the .xlsx in the caller’s language: text as string cells, never formulas; amounts as numbers', async () => {
    const res = await exportOf('anna', 'format=xlsx&status=1', 'es');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_MIME_TYPE);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    const sheet = await xlsxSheet(res.rawPayload);
    expect(sheet.name).toBe('Pedidos');
    expect(sheet.getRow(1).getCell(1).value).toBe('Número de pedido');
    expect(sheet.rowCount).toBe(2);
    const row = sheet.getRow(2);
    expect(row.getCell(4).value).toBe('Pagado, en tránsito');
    const buyer = row.getCell(5);
    expect(buyer.type).toBe(ExcelJS.ValueType.String);
    expect(buyer.value).toBe('=***@example.com');
    expect(buyer.formula).toBeUndefined();
    expect(row.getCell(8).value).toBe(79.97);
    expect(row.getCell(8).numFmt).toBe('0.00');
    expect(row.getCell(9).value).toBe(44.97);

    const shipped = await xlsxSheet((await exportOf('anna', 'format=xlsx&status=2')).rawPayload);
    const items = shipped.getRow(2).getCell(6);
    expect(items.type).toBe(ExcelJS.ValueType.String);
    expect(items.value).toBe(`1 × ${INJECTION}`);
    // Yen have no minor digits: a whole number in a whole-number format.
    expect([shipped.getRow(2).getCell(8).value, shipped.getRow(2).getCell(8).numFmt]).toEqual([999, '0']);
  });

  it('keeps a product named like a formula as text in the CSV too', async () => {
    await addOrder(
      'anna',
      'LS261106-AAAAAAA4',
      0,
      '2026-11-06T10:00:00Z',
      [{ ...mug, title: '+1 sticker' }],
      {
        buyerEmail: '-dash@example.com',
      },
    );
    const rows = csvRows((await exportOf('anna', 'format=csv&from=2026-11-06&to=2026-11-06')).rawPayload);
    expect(rows[1]?.slice(4, 6)).toEqual(["'-***@example.com", '1 × +1 sticker']);
  });

  it('refuses more orders than one export holds, and a format it does not write, naming the field', async () => {
    const { userId, shopId } = owners.cap ?? { userId: 0, shopId: 0 };
    await ctx.database.db.execute(sql`
      insert into orders (order_no, shop_id, owner_user_id, status, buyer_email, shipping_address,
        total_minor, platform_minor, profit_minor, created_at)
      select 'CAP' || lpad(n::text, 8, '0'), ${shopId}, ${userId}, 0, 'cap@example.com',
        '{"name":"C","line1":"L","city":"C","postalCode":"1","countryCode":"US"}'::jsonb, 100, 50, 50,
        now() - n * interval '1 second'
      from generate_series(1, ${ORDER_EXPORT_MAX_ROWS + 1}) as n`);
    const tooMany = await exportOf('cap', 'format=csv', 'fr');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({
      code: ErrorCode.TOO_MANY_ROWS,
      msg: "Plus de 10000 commandes correspondent : affinez le filtre avant d'exporter.",
    });
    // Narrowed below the cap, it answers.
    const narrowed = await exportOf('cap', 'format=xlsx&to=2000-01-01');
    expect(narrowed.statusCode, narrowed.body).toBe(200);

    for (const query of ['format=pdf', '']) {
      const bad = await exportOf('anna', query);
      expect(bad.statusCode).toBe(400);
      const body = bad.json<{ code: string; data: { fields: { field: string }[] } }>();
      expect(body.code).toBe(ErrorCode.VALIDATION_FAILED);
      expect(body.data.fields.map((f) => f.field)).toEqual(['format']);
    }
    expect((await call(null, 'GET', '/orders/export?format=csv')).statusCode).toBe(401);
  });
});
