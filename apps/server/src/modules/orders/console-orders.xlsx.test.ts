import { ErrorCode, XLSX_MIME_TYPE, ZEnvelope, ZShipImportAnswer } from '@linkstore/contract';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../test/api-calls';
import { createTestApp, type TestContext } from '../../test/helper';
import { accessTokenFor, createUser, operatorWith } from '../../test/users';
import { multipartFile } from '../../test/users-kit';
import { orderItems, orders } from './orders.table';

let ctx: TestContext;
const tokens: Record<string, string> = {};
const shops: Record<string, number> = {};
const PASSWORD = 'Orders-xlsx-pw-1';
const { call, expectForbidden } = apiCalls(() => ctx.app, tokens, '/system/orders');

async function addOrder(
  shop: string,
  orderNo: string,
  status: 0 | 1 | 2,
  createdAt: string,
  extra: { currencyCode?: string; totalMinor?: number; carrier?: string; trackingNo?: string } = {},
) {
  await ctx.database.db.insert(orders).values({
    orderNo,
    shopId: shops[shop] ?? 0,
    ownerUserId: 1,
    status,
    buyerEmail: `${orderNo.toLowerCase()}@example.com`,
    shippingAddress: {
      name: 'Bea',
      line1: '1 Main St',
      city: 'Porto',
      postalCode: '4000',
      countryCode: 'PT',
    },
    language: 'en',
    currencyCode: extra.currencyCode ?? 'USD',
    totalMinor: extra.totalMinor ?? 1_998,
    platformMinor: 1_000,
    profitMinor: (extra.totalMinor ?? 1_998) - 1_000,
    paidAt: status > 0 ? new Date(createdAt) : null,
    completedAt: status === 2 ? new Date(createdAt) : null,
    carrier: extra.carrier ?? null,
    trackingNo: extra.trackingNo ?? null,
    shippedAt: extra.carrier ? new Date(createdAt) : null,
    createdAt: new Date(createdAt),
  });
}

async function workbookOf(rows: (string | number | null)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function readSheet(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as Parameters<ExcelJS.Xlsx['load']>[0]);
  const sheet = workbook.worksheets[0];
  const rows: ExcelJS.CellValue[][] = [];
  sheet?.eachRow((row) => {
    const values: ExcelJS.CellValue[] = [];
    row.eachCell({ includeEmpty: true }, (cell) => values.push(cell.value));
    rows.push(values);
  });
  return { name: sheet?.name, rows };
}

function upload(content: Buffer, as = 'shipper', lang = 'en') {
  const { payload, headers } = multipartFile(content, { filename: 'tracking.xlsx' });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/system/orders/ship/import',
    payload,
    headers: { ...headers, authorization: `Bearer ${tokens[as] ?? ''}`, lang },
  });
}

const versionOf = async (orderNo: string) =>
  (await ctx.database.db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0];

beforeAll(async () => {
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
  tokens.reader = await operatorWith(ctx, 'xlsx-order-reader', ['sys:order:query']);
  tokens.shipper = await operatorWith(ctx, 'xlsx-order-shipper', ['sys:order:query', 'sys:order:ship']);
  tokens.exporter = await operatorWith(ctx, 'xlsx-order-exporter', ['sys:order:query', 'sys:order:export']);
  for (const name of ['fay', 'gus']) {
    await createUser(ctx.database.db, { username: `xlsx-${name}`, password: PASSWORD });
    const token = await accessTokenFor(ctx.app, `xlsx-${name}`, PASSWORD);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/shop',
      headers: { authorization: `Bearer ${token}` },
      payload: { name: `Shop ${name}`, slug: `xlsx-${name}` },
    });
    shops[name] = Number(res.json<{ data: { id: string } }>().data.id);
  }
  await addOrder('fay', 'LS261101-FFFFFFF1', 1, '2026-11-01T10:00:00Z');
  await addOrder('fay', 'LS261102-FFFFFFF2', 1, '2026-11-02T10:00:00Z');
  await addOrder('fay', 'LS261103-FFFFFFF3', 0, '2026-11-03T10:00:00Z');
  await addOrder('fay', 'LS261104-FFFFFFF4', 2, '2026-11-04T11:30:00Z', {
    carrier: 'dhl',
    trackingNo: '0012345678',
  });
  await addOrder('gus', 'LS261105-GGGGGGG1', 1, '2026-11-05T10:00:00Z', {
    currencyCode: 'JPY',
    totalMinor: 2_500,
  });
  await addOrder('gus', 'LS261106-GGGGGGG2', 1, '2026-11-06T10:00:00Z');
});
afterAll(() => ctx.close());

describe('the tracking import', () => {
  it('answers the shippable rows with their versions and every refused row with its reason; ships nothing', async () => {
    // Spanish headers in another order, carriers by code or by name in any language.
    const file = await workbookOf([
      ['Transportista', 'Número de seguimiento', 'Número de pedido'],
      ['UPS', '1z999aa1 0123456784', 'ls261101-fffffff1'],
      ['Royal Mail', 'AB123456789GB', 'LS261106-GGGGGGG2'],
      ['usps', 'hello', 'LS261102-FFFFFFF2'],
      ['dhl', '1234567890', 'LS999999-NOPE0001'],
      ['dhl', '1234567890', 'LS261103-FFFFFFF3'],
      ['dhl', '1234567890', 'LS261104-FFFFFFF4'],
      ['fedex', '123456789012', 'LS261101-FFFFFFF1'],
      ['pigeon', '1234', 'LS261105-GGGGGGG1'],
      [null, null, null],
      ['', '', 'not an order!'],
    ]);
    const before = await versionOf('LS261106-GGGGGGG2');
    const res = await upload(file);
    expect(res.statusCode, res.body).toBe(200);
    const answer = ZEnvelope(ZShipImportAnswer).parse(res.json()).data;
    expect(answer.items).toEqual([
      { orderNo: 'LS261101-FFFFFFF1', carrier: 'ups', trackingNo: '1Z999AA10123456784', version: 0 },
      { orderNo: 'LS261106-GGGGGGG2', carrier: 'royal-mail', trackingNo: 'AB123456789GB', version: 0 },
    ]);
    expect(answer.messageList).toEqual([
      { row: 4, message: 'Tracking number "hello" does not look like a USPS tracking number' },
      { row: 5, message: 'Order LS999999-NOPE0001 does not exist' },
      { row: 6, message: 'Order LS261103-FFFFFFF3 is not paid yet' },
      { row: 7, message: 'Order LS261104-FFFFFFF4 is already completed' },
      { row: 8, message: 'Order LS261101-FFFFFFF1 already appears on row 2' },
      { row: 9, message: 'Carrier "pigeon" is not known' },
      {
        row: 11,
        message: 'Order number "not an order!" is not valid; Carrier is missing; Tracking number is missing',
      },
    ]);
    expect(await versionOf('LS261106-GGGGGGG2')).toEqual(before);
    expect((await versionOf('LS261101-FFFFFFF1'))?.status).toBe(1);

    // What the operator confirms is an ordinary ship request: it ships as it is.
    const shipped = await call('shipper', 'POST', '/ship', { items: answer.items });
    expect(shipped.json<{ data: unknown }>().data).toEqual({ shipped: 2 });
    expect(await versionOf('LS261101-FFFFFFF1')).toMatchObject({ status: 2, carrier: 'ups', version: 1 });
  });

  it('reads the reasons in the caller’s language, and columns by position when no header is known', async () => {
    const file = await workbookOf([
      ['a', 'b', 'c'],
      ['LS261102-FFFFFFF2', 'Otro transportista', 'zz'],
    ]);
    const res = await upload(file, 'shipper', 'es');
    expect(res.json<{ data: unknown }>().data).toEqual({
      items: [],
      messageList: [{ row: 2, message: 'El número de seguimiento "zz" no parece de Otro transportista' }],
    });
    const good = await upload(
      await workbookOf([
        ['orderNo', 'CARRIER', 'Tracking number'],
        ['LS261102-FFFFFFF2', 'other', 'ab-99'],
      ]),
    );
    expect(good.json<{ data: unknown }>().data).toEqual({
      items: [{ orderNo: 'LS261102-FFFFFFF2', carrier: 'other', trackingNo: 'AB-99', version: 0 }],
      messageList: [],
    });
  });

  it('refuses a file that is not a workbook, one without rows and one with too many rows', async () => {
    const notXlsx = await upload(Buffer.from('order,carrier,tracking\n'));
    expect(notXlsx.statusCode).toBe(400);
    expect(notXlsx.json()).toMatchObject({
      code: ErrorCode.FILE_UNREADABLE,
      msg: 'The file is not an Excel workbook (.xlsx).',
    });

    const empty = await upload(await workbookOf([['Order number', 'Carrier', 'Tracking number']]));
    expect(empty.json()).toMatchObject({
      code: ErrorCode.FILE_UNREADABLE,
      msg: 'The file has no order rows.',
    });

    const rows = Array.from({ length: 201 }, (_, i) => [
      `LS2611${String(i).padStart(2, '0')}-XXXXXXX1`,
      'dhl',
      '1234567890',
    ]);
    const tooMany = await upload(await workbookOf([['Order number', 'Carrier', 'Tracking number'], ...rows]));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({
      code: ErrorCode.TOO_MANY_ROWS,
      msg: 'The file has more than 200 rows: please split it into smaller files.',
    });
  });
});

describe('the export', () => {
  it('answers the orders the filters match as an .xlsx in the caller’s language, amounts as decimals', async () => {
    // What to pack: a hoodie in a size and colour, and a mug without options (products since removed).
    const [order] = await ctx.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.orderNo, 'LS261106-GGGGGGG2'));
    const line = {
      orderId: order?.id ?? 0,
      platformPriceMinor: 500,
      sellingPriceMinor: 999,
      profitMinor: 499,
    };
    await ctx.database.db.insert(orderItems).values([
      {
        ...line,
        productId: 999_991,
        title: 'Hoodie',
        variantLabel: 'M / Black',
        sku: 'HD-M-BLK',
        quantity: 2,
      },
      { ...line, productId: 999_992, title: 'Mug', sku: 'LS-5', quantity: 1 },
    ]);
    const res = await call('exporter', 'GET', '/export?shop=xlsx-gus&pageSize=1', undefined, 'es');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_MIME_TYPE);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{8}\.xlsx"$/);
    const sheet = await readSheet(res.rawPayload);
    expect(sheet.name).toBe('Pedidos');
    const [header, ...rows] = sheet.rows;
    expect(header?.slice(0, 8)).toEqual([
      'Número de pedido',
      'Estado',
      'Tienda',
      'Correo del comprador',
      'Artículos',
      'Moneda',
      'Importe total',
      'Importe de la plataforma',
    ]);
    // No paging: both of the shop's orders, newest first.
    expect(rows.map((row) => row[0])).toEqual(['LS261106-GGGGGGG2', 'LS261105-GGGGGGG1']);
    expect(header?.at(-1)).toBe('Por empaquetar (cantidad × producto — variante [SKU])');
    expect(rows[0]?.at(-1)).toBe('2 × Hoodie — M / Black [HD-M-BLK]; 1 × Mug [LS-5]');
    expect(rows[1]?.slice(0, 10)).toEqual([
      'LS261105-GGGGGGG1',
      'Pagado, en tránsito',
      'Shop gus',
      'ls261105-ggggggg1@example.com',
      0,
      'JPY',
      2500,
      1000,
      1500,
      0,
    ]);
    expect(rows[0]?.slice(5, 9)).toEqual(['USD', 19.98, 10, 9.98]);
    expect(rows[1]?.[12]).toBe('2026-11-05T10:00:00.000Z');

    const shipped = await call('exporter', 'GET', '/export?status=2&shop=xlsx-fay');
    const done = (await readSheet(shipped.rawPayload)).rows;
    // LS261101 was shipped by the import's test above.
    expect(done.map((row) => row[0])).toEqual(['Order number', 'LS261104-FFFFFFF4', 'LS261101-FFFFFFF1']);
    expect(done[1]?.slice(12)).toEqual([
      '2026-11-04T11:30:00.000Z',
      '2026-11-04T11:30:00.000Z',
      '2026-11-04T11:30:00.000Z',
      'DHL',
      '0012345678',
      '2026-11-04T11:30:00.000Z',
      // No lines: an order of these tests has none.
      '',
    ]);

    const bad = await call('exporter', 'GET', '/export?from=2026-11-05&to=2026-11-01');
    expect(bad.json<{ code: string }>().code).toBe(ErrorCode.VALIDATION_FAILED);
  });
});

describe('permissions', () => {
  it('refuses the import without sys:order:ship and the export without sys:order:export', async () => {
    await expectForbidden('reader', [['GET', '/export']]);
    await expectForbidden('shipper', [['GET', '/export']]);
    const file = await workbookOf([['LS261102-FFFFFFF2', 'dhl', '1234567890']]);
    for (const as of ['reader', 'exporter']) {
      const res = await upload(file, as);
      expect({ as, status: res.statusCode, code: res.json<{ code: string }>().code }).toEqual({
        as,
        status: 403,
        code: ErrorCode.FORBIDDEN,
      });
    }
  });
});
