import {
  ErrorCode,
  MAX_VARIANT_STOCK,
  XLSX_MIME_TYPE,
  ZEnvelope,
  ZStockImportResult,
  type TProductVariantsRequest,
} from '@linkstore/contract';
import { inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../test/api-calls';
import { createTestApp, type TestContext } from '../../test/helper';
import { accessTokenFor, operatorWith } from '../../test/users';
import { multipartFile } from '../../test/users-kit';
import { categories, productVariants } from './catalog.table';
import { insertSimpleProducts } from './variants.repository';

let ctx: TestContext;
const tokens: Record<string, string> = {};
const { call } = apiCalls(() => ctx.app, tokens);
let leaf = 0;
let hoodieId = 0;

beforeAll(async () => {
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
  tokens.editor = await operatorWith(ctx, 'stock-editor', ['catalog:product:query', 'catalog:product:edit']);
  tokens.reader = await operatorWith(ctx, 'stock-reader', ['catalog:product:query']);
  tokens.guest = await accessTokenFor(ctx.app, 'test');
  const db = ctx.database.db;
  const [top] = await db.insert(categories).values({ name: 'Stock top' }).returning({ id: categories.id });
  const [child] = await db
    .insert(categories)
    .values({ name: 'Stock leaf', parentId: top?.id ?? 0 })
    .returning({ id: categories.id });
  leaf = child?.id ?? 0;
  const [mug, hoodie] = await insertSimpleProducts(db, [
    { categoryId: leaf, title: 'Stock mug', platformPriceMinor: 900, stock: 3, sku: 'ST-MUG' },
    { categoryId: leaf, title: 'Stock hoodie', platformPriceMinor: 1800, stock: 4, sku: 'ST-HD' },
  ]);
  expect(mug).toBeDefined();
  hoodieId = hoodie?.id ?? 0;
  const grid: TProductVariantsRequest = {
    options: [
      { name: 'Size', values: [{ value: 'M' }, { value: 'L' }] },
      { name: 'Colour', values: [{ value: 'Black' }] },
    ],
    variants: [
      { values: ['M', 'Black'], sku: 'ST-HD-M-BLACK', platformPriceMinor: 1800, stock: 5 },
      { values: ['L', 'Black'], sku: 'ST-HD-L-BLACK', platformPriceMinor: 2000, stock: 0, status: 0 },
    ],
  };
  const saved = await call('editor', 'PUT', `/catalog/products/${hoodieId}/variants`, grid);
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(() => ctx.close());

const OURS = ['ST-MUG', 'ST-HD-M-BLACK', 'ST-HD-L-BLACK'];

async function stockOf(skus: readonly string[]): Promise<Record<string, number>> {
  const rows = await ctx.database.db
    .select({ sku: productVariants.sku, stock: productVariants.stock })
    .from(productVariants)
    .where(inArray(productVariants.sku, [...skus]));
  return Object.fromEntries(rows.map((r) => [r.sku, r.stock]));
}

async function workbookOf(rows: (string | number | null)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function load(body: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as Parameters<ExcelJS.Xlsx['load']>[0]);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  return sheet;
}

const texts = (sheet: ExcelJS.Worksheet): string[][] => {
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    const values: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell) => values.push(cell.text));
    rows.push(values);
  });
  return rows;
};

function upload(content: Buffer, as = 'editor', lang = 'en') {
  const { payload, headers } = multipartFile(content, { filename: 'stock.xlsx' });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/catalog/stock/import',
    payload,
    headers: { ...headers, authorization: `Bearer ${tokens[as] ?? ''}`, lang },
  });
}

describe('stock sheet', () => {
  it('round trip: export every variant, change some stock in the sheet, import it back', async () => {
    const res = await call('reader', 'GET', '/catalog/stock/export', undefined, 'es');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_MIME_TYPE);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="stock-\d{8}\.xlsx"$/);
    const sheet = await load(res.rawPayload);
    const rows = texts(sheet);
    expect(rows[0]).toEqual(['SKU', 'Producto', 'Variante', 'Existencias', 'Estado']);
    expect(rows.filter((r) => OURS.includes(r[0] ?? ''))).toEqual([
      ['ST-MUG', 'Stock mug', '', '3', 'Activada'],
      ['ST-HD-M-BLACK', 'Stock hoodie', 'M / Black', '5', 'Activada'],
      ['ST-HD-L-BLACK', 'Stock hoodie', 'L / Black', '0', 'Desactivada'],
    ]);
    // Every variant of the catalogue is there, the seed's too.
    const all = await ctx.database.db.select({ id: productVariants.id }).from(productVariants);
    expect(rows).toHaveLength(all.length + 1);

    // The operator edits two stocks in the exported file (Spanish headers) and imports it as is.
    sheet.eachRow((row, number) => {
      if (number === 1) return;
      const sku = row.getCell(1).text;
      if (sku === 'ST-MUG') row.getCell(4).value = 12;
      if (sku === 'ST-HD-L-BLACK') row.getCell(4).value = 7;
    });
    const edited = Buffer.from(await sheet.workbook.xlsx.writeBuffer());
    const imported = await upload(edited);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(ZEnvelope(ZStockImportResult).parse(imported.json()).data).toEqual({
      updated: 2,
      unchanged: all.length - 2,
    });
    expect(await stockOf(OURS)).toEqual({ 'ST-MUG': 12, 'ST-HD-M-BLACK': 5, 'ST-HD-L-BLACK': 7 });

    // By header name in any order and language; SKUs without regard to case; other columns ignored.
    const again = await upload(
      await workbookOf([
        ['Stock', 'Status', 'sku'],
        [1, 'whatever', 'st-mug'],
        ['2', '', 'ST-HD-M-BLACK'],
      ]),
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toEqual({ updated: 2, unchanged: 0 });
    expect(await stockOf(OURS)).toEqual({ 'ST-MUG': 1, 'ST-HD-M-BLACK': 2, 'ST-HD-L-BLACK': 7 });
  });

  it('refuses a file with any bad row, naming every row and why, and writes nothing', async () => {
    const before = await stockOf(OURS);
    const res = await upload(
      await workbookOf([
        ['SKU', 'Product', 'Variant', 'Stock'],
        ['ST-MUG', 'fine on its own', '', 40],
        ['NOPE-404', '', '', 1],
        ['st-mug', 'twice', '', 2],
        ['ST-HD-M-BLACK', '', '', 1.5],
        ['ST-HD-L-BLACK', '', '', -1],
        ['', 'no sku', '', 3],
        ['bad sku!', '', '', 3],
        ['ST-HD-M-BLACK', 'too many', '', MAX_VARIANT_STOCK + 1],
        ['LS-ABC', '', '', 'lots'],
        ['ST-EMPTY', '', '', ''],
      ]),
    );
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json<{
      code: string;
      msg: string;
      data: { fields: { field: string; message: string }[] };
    }>();
    expect(body.code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(body.msg).toBe(
      'Nothing was imported: fix rows 3, 4, 5, 6, 7, 8, 9, 10, 11 and import the file again.',
    );
    expect(body.data.fields).toEqual([
      { field: 'rows.3', message: 'Row 3: no variant has the SKU NOPE-404.' },
      { field: 'rows.4', message: 'Row 4: the SKU st-mug already appears on row 2.' },
      { field: 'rows.5', message: 'Row 5: the stock “1.5” is not a whole number from 0 to 1000000.' },
      { field: 'rows.6', message: 'Row 6: the stock “-1” is not a whole number from 0 to 1000000.' },
      { field: 'rows.7', message: 'Row 7: the SKU is missing.' },
      { field: 'rows.8', message: 'Row 8: “bad sku!” is not a valid SKU (letters, digits and . _ -).' },
      { field: 'rows.9', message: 'Row 9: the SKU ST-HD-M-BLACK already appears on row 5.' },
      { field: 'rows.9', message: 'Row 9: the stock “1000001” is not a whole number from 0 to 1000000.' },
      { field: 'rows.10', message: 'Row 10: the stock “lots” is not a whole number from 0 to 1000000.' },
      { field: 'rows.10', message: 'Row 10: no variant has the SKU LS-ABC.' },
      { field: 'rows.11', message: 'Row 11: the stock “” is not a whole number from 0 to 1000000.' },
      { field: 'rows.11', message: 'Row 11: no variant has the SKU ST-EMPTY.' },
    ]);
    // Row 2 was fine, but nothing of the file was written.
    expect(await stockOf(OURS)).toEqual(before);

    // In the caller's language.
    const french = await upload(
      await workbookOf([
        ['SKU', 'Stock'],
        ['NOPE-404', 1],
      ]),
      'editor',
      'fr',
    );
    expect(french.json()).toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      msg: 'Rien n’a été importé : corrigez les lignes 2 et importez le fichier à nouveau.',
      data: { fields: [{ field: 'rows.2', message: 'Ligne 2 : aucune variante n’a le SKU NOPE-404.' }] },
    });
  });

  it('refuses a sheet without its SKU and stock headers, an empty one and a file that is no workbook', async () => {
    const before = await stockOf(OURS);
    const headless = await upload(await workbookOf([['ST-MUG', 50]]), 'editor', 'es');
    expect(headless.statusCode).toBe(400);
    expect(headless.json()).toMatchObject({
      code: ErrorCode.FILE_UNREADABLE,
      msg: 'La primera fila debe nombrar las columnas SKU, Existencias: exporta las existencias para obtener una hoja que rellenar.',
    });
    const noStock = await upload(
      await workbookOf([
        ['SKU', 'Product'],
        ['ST-MUG', 'x'],
      ]),
    );
    expect(noStock.json()).toMatchObject({ code: ErrorCode.FILE_UNREADABLE });
    const empty = await upload(await workbookOf([['SKU', 'Stock']]));
    expect(empty.json()).toMatchObject({
      code: ErrorCode.FILE_UNREADABLE,
      msg: 'The file has no stock rows.',
    });
    const notXlsx = await upload(Buffer.from('SKU,Stock\nST-MUG,50\n'));
    expect(notXlsx.json()).toMatchObject({ code: ErrorCode.FILE_UNREADABLE });
    expect(await stockOf(OURS)).toEqual(before);
  });

  it('needs catalog:product:edit to import and catalog:product:query to export', async () => {
    const before = await stockOf(OURS);
    const file = await workbookOf([
      ['SKU', 'Stock'],
      ['ST-MUG', 99],
    ]);
    for (const as of ['reader', 'guest']) {
      const res = await upload(file, as);
      expect({ as, status: res.statusCode, code: res.json().code }).toEqual({
        as,
        status: 403,
        code: ErrorCode.FORBIDDEN,
      });
    }
    const guestExport = await call('guest', 'GET', '/catalog/stock/export');
    expect(guestExport.statusCode).toBe(403);
    expect((await upload(file, 'none')).statusCode).toBe(401);
    expect(await stockOf(OURS)).toEqual(before);
  });
});
