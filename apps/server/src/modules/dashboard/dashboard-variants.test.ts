import type { TDashboardProducts, TDashboardProductVariants } from '@linkstore/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/rows';
import { insertCompletedRefund } from '../../test/raw-refunds';
import { createTestApp, type TestContext } from '../../test/helper';
import { accessTokenFor, createUser } from '../../test/users';

const PASSWORD = 'dashboard-variants-1';

/**
 * A top product split by variant (issue 33): units and sales add up to the product's row for the
 * same range — refunds completed in it (of orders paid in it or before), unpaid orders, the
 * creator's own purchases, other currencies and other shops counted exactly as the row counts
 * them — labels in the caller's language, a removed variant by its frozen label, and only the
 * caller's shop.
 */
describe('dashboard: a top product split by variant', () => {
  let ctx: TestContext;
  const tokens: Record<string, string> = {};
  let shopId = 0;
  let ownerId = 0;
  let otherShopId = 0;
  let otherOwnerId = 0;
  let serial = 0;
  let hoodie = 0;
  let mug = 0;
  let unsold = 0;
  const variant: Record<'S' | 'M' | 'L', number> = { S: 0, M: 0, L: 0 };
  const GONE = 987_654;

  type Row = Record<string, unknown>;
  const rows = (query: ReturnType<typeof sql>): Promise<Row[]> => queryRows<Row>(ctx.database.db, query);

  interface Line {
    productId: number;
    variantId: number | null;
    label: string;
    sku: string;
    quantity: number;
    unit: number;
    cost: number;
  }

  /** An order with its lines (frozen label and SKU as checkout writes them) and its sale credit. */
  async function order(options: {
    paidAt: string | null;
    lines: Line[];
    side?: 'b' | 'c';
    currency?: string;
    shop?: number;
    owner?: number;
  }): Promise<number> {
    serial += 1;
    const total = options.lines.reduce((n, l) => n + l.unit * l.quantity, 0);
    const platform = options.lines.reduce((n, l) => n + l.cost * l.quantity, 0);
    const owner = options.owner ?? ownerId;
    const shop = options.shop ?? shopId;
    const [made] = await rows(sql`
      insert into orders (order_no, shop_id, owner_user_id, status, side, buyer_email, shipping_address,
        currency_code, total_minor, platform_minor, profit_minor, paid_at)
      values (${`LSVAR-${serial}`}, ${shop}, ${owner}, ${options.paidAt ? 1 : 0}, ${options.side ?? 'c'},
        'b@example.com', '{}'::jsonb, ${options.currency ?? 'USD'}, ${total}, ${platform}, ${total - platform},
        ${options.paidAt}::timestamptz)
      returning id`);
    const orderId = Number(made?.id);
    for (const l of options.lines)
      await rows(sql`
        insert into order_items (order_id, product_id, variant_id, title, variant_label, sku, quantity,
          platform_price_minor, selling_price_minor, profit_minor)
        values (${orderId}, ${l.productId}, ${l.variantId}, 'T', ${l.label}, ${l.sku}, ${l.quantity}, ${l.cost},
          ${l.unit}, ${l.unit - l.cost})`);
    if (options.paidAt && (options.side ?? 'c') === 'c')
      await rows(sql`
        insert into ledger_entries (user_id, shop_id, kind, amount_minor, currency_code, order_id, created_at)
        values (${owner}, ${shop}, 'sale', ${total - platform}, ${options.currency ?? 'USD'}, ${orderId},
          ${options.paidAt}::timestamptz)`);
    return orderId;
  }

  /** A completed refund of `amount` taking `share` of the profit back, at `at`, as refunds write it. */
  async function refund(orderId: number, amount: number, share: number, at: string) {
    serial += 1;
    await insertCompletedRefund(ctx.database.db, {
      orderId,
      amountMinor: amount,
      shareMinor: share,
      at,
      key: String(serial),
    });
  }

  const get = (as: string, url: string, lang = 'en') =>
    ctx.app.inject({
      method: 'GET',
      url,
      headers: { ...(tokens[as] ? { authorization: `Bearer ${tokens[as]}` } : {}), lang },
    });
  async function split(as: string, productId: number, range: string, lang = 'en') {
    const res = await get(as, `/api/v1/dashboard/products/${productId}/variants?${range}&tz=UTC`, lang);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: TDashboardProductVariants }>().data;
  }
  async function productRow(as: string, productId: number, range: string) {
    const res = await get(as, `/api/v1/dashboard/products?by=revenue&${range}&tz=UTC`);
    expect(res.statusCode, res.body).toBe(200);
    return res
      .json<{ data: TDashboardProducts }>()
      .data.products.find((p) => p.productId === String(productId));
  }
  const sum = (list: { [k: string]: unknown }[], key: string) =>
    list.reduce((n, item) => n + Number(item[key]), 0);

  const line = (size: 'S' | 'M' | 'L', quantity: number, unit = 5_000, cost = 3_000): Line => ({
    productId: hoodie,
    variantId: variant[size],
    label: size,
    sku: `HD-${size}-OLD`,
    quantity,
    unit,
    cost,
  });
  const mugLine = (quantity: number): Line => ({
    productId: mug,
    variantId: null,
    label: '',
    sku: 'MUG',
    quantity,
    unit: 1_500,
    cost: 800,
  });

  const MARCH = 'range=custom&from=2026-03-01&to=2026-03-31';
  const FEBRUARY = 'range=custom&from=2026-02-01&to=2026-02-28';
  const BOTH = 'range=custom&from=2026-02-01&to=2026-03-31';

  beforeAll(async () => {
    ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
    const db = ctx.database.db;
    ownerId = await createUser(db, { username: 'split-owner', password: PASSWORD });
    otherOwnerId = await createUser(db, { username: 'split-other', password: PASSWORD });
    await createUser(db, { username: 'split-none', password: PASSWORD });
    for (const name of ['owner', 'other', 'none'])
      tokens[name] = await accessTokenFor(ctx.app, `split-${name}`, PASSWORD);
    const [shop] = await rows(
      sql`insert into shops (owner_user_id, slug, name) values (${ownerId}, 'split-shop', 'S') returning id`,
    );
    shopId = Number(shop?.id);
    const [other] = await rows(
      sql`insert into shops (owner_user_id, slug, name) values (${otherOwnerId}, 'split-other', 'O') returning id`,
    );
    otherShopId = Number(other?.id);
    const [category] = await rows(sql`insert into categories (name) values ('Apparel') returning id`);
    const product = async (title: string, es: string) => {
      const [made] = await rows(sql`
        insert into products (category_id, title, titles) values (${Number(category?.id)}, ${title},
          ${JSON.stringify({ es })}::jsonb) returning id`);
      return Number(made?.id);
    };
    hoodie = await product('Hoodie', 'Sudadera');
    mug = await product('Mug', 'Taza');
    unsold = await product('Cap', 'Gorra');
    for (const id of [mug, unsold])
      await rows(
        sql`insert into product_variants (product_id, sku, platform_price_minor) values (${id}, ${`LS-${id}`}, 800)`,
      );
    const [size] = await rows(sql`
      insert into product_options (product_id, position, name, names)
      values (${hoodie}, 1, 'Size', '{"es": "Talla"}'::jsonb) returning id`);
    const es = { S: 'P', M: 'M', L: 'G' } as const;
    for (const [k, value] of (['S', 'M', 'L'] as const).entries()) {
      const [v] = await rows(sql`
        insert into product_option_values (option_id, position, value, values)
        values (${Number(size?.id)}, ${k + 1}, ${value}, ${JSON.stringify({ es: es[value] })}::jsonb) returning id`);
      const [made] = await rows(sql`
        insert into product_variants (product_id, sku, platform_price_minor, value1_id, sort, status)
        values (${hoodie}, ${`HD-${value}`}, 3000, ${Number(v?.id)}, ${k}, ${value === 'L' ? 0 : 1}) returning id`);
      variant[value] = Number(made?.id);
    }

    // March: two of M, one of L and a mug in one order; S alone; S refunded in full; a variant
    // removed since (its line keeps its id, label and SKU).
    const first = await order({
      paidAt: '2026-03-10T10:00:00Z',
      lines: [line('M', 2), line('L', 1, 5_500, 3_300), mugLine(1)],
    });
    await order({ paidAt: '2026-03-11T09:00:00Z', lines: [line('S', 1, 4_900, 2_900)] });
    const refundedInFull = await order({
      paidAt: '2026-03-11T12:00:00Z',
      lines: [line('S', 1, 4_900, 2_900)],
    });
    await order({
      paidAt: '2026-03-12T08:00:00Z',
      lines: [{ ...line('M', 1, 6_000, 3_500), variantId: GONE, label: 'XL', sku: 'HD-XL' }],
    });
    // A February order (M and S) refunded in part in March: February keeps its sale, March its refund.
    const february = await order({
      paidAt: '2026-02-20T10:00:00Z',
      lines: [line('M', 1), line('S', 2), mugLine(3)],
    });
    // Refunds with odd amounts, so the integer division leaves a rest.
    await refund(first, 3_333, 1_111, '2026-03-13T10:00:00Z');
    await refund(refundedInFull, 4_900, 2_000, '2026-03-14T10:00:00Z');
    await refund(february, 7_777, 2_500, '2026-03-15T10:00:00Z');
    // Not counted, neither on the row nor in the split: unpaid, the creator's own purchase, euros.
    await order({ paidAt: null, lines: [line('M', 5)] });
    await order({ paidAt: '2026-03-16T10:00:00Z', side: 'b', lines: [line('L', 4)] });
    await order({ paidAt: '2026-03-16T11:00:00Z', currency: 'EUR', lines: [line('L', 6)] });
    // Another shop's sale of the same product.
    await order({
      paidAt: '2026-03-10T10:00:00Z',
      lines: [line('M', 7)],
      shop: otherShopId,
      owner: otherOwnerId,
    });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('units and sales add up to the product row, refunds and all, in every range', async () => {
    for (const range of [MARCH, FEBRUARY, BOTH]) {
      const row = await productRow('owner', hoodie, range);
      const answer = await split('owner', hoodie, range);
      expect(row, range).toBeDefined();
      expect(row?.variants).toBe(3);
      expect(sum(answer.variants, 'units'), range).toBe(row?.units);
      expect(sum(answer.variants, 'salesMinor'), range).toBe(row?.sales);
      // Every order with the product has one of its variants; an order with two counts in both.
      expect(sum(answer.variants, 'orders')).toBeGreaterThanOrEqual(row?.orders ?? 0);
    }
    const march = await split('owner', hoodie, MARCH);
    const by = new Map(march.variants.map((v) => [v.label, v]));
    expect(march.variants.map((v) => v.label)).toEqual(['M', 'S', 'XL', 'L']);
    expect(by.get('M')).toMatchObject({ variantId: String(variant.M), sku: 'HD-M', orders: 1, units: 2 });
    expect(by.get('S')).toMatchObject({ orders: 2, units: 2 });
    // S: two sold at 49.00, one of them refunded in full, and its share of February's refund.
    expect(by.get('S')?.salesMinor).toBeLessThan(4_900);
    // A variant switched off is still named by the catalogue; one removed by its frozen line.
    expect(by.get('L')).toMatchObject({ variantId: String(variant.L), sku: 'HD-L', units: 1 });
    expect(by.get('XL')).toMatchObject({ variantId: String(GONE), sku: 'HD-XL', units: 1, orders: 1 });
    // February alone: only its sale (M and S), no refund yet.
    const february = await split('owner', hoodie, FEBRUARY);
    expect(february.variants.map((v) => [v.label, v.units, v.salesMinor])).toEqual([
      ['S', 2, 10_000],
      ['M', 1, 5_000],
    ]);
  });

  it("profit is the lines' profit less the refunds' reversal, split without losing a cent", async () => {
    const [direct] = await rows(sql`
      select
        (select coalesce(sum(i.profit_minor * i.quantity), 0) from order_items i join orders o on o.id = i.order_id
          where o.shop_id = ${shopId} and o.side = 'c' and o.currency_code = 'USD'
            and o.paid_at >= '2026-03-01T00:00:00Z' and o.paid_at < '2026-04-01T00:00:00Z') as sold,
        (select coalesce(sum(e.amount_minor), 0) from ledger_entries e
          where e.shop_id = ${shopId} and e.kind = 'refund'
            and e.created_at >= '2026-03-01T00:00:00Z' and e.created_at < '2026-04-01T00:00:00Z') as reversed`);
    const hoodies = await split('owner', hoodie, MARCH);
    const mugs = await split('owner', mug, MARCH);
    expect(sum(hoodies.variants, 'profitMinor') + sum(mugs.variants, 'profitMinor')).toBe(
      Number(direct?.sold) + Number(direct?.reversed),
    );
    // The mug has no variant id on its lines (sold before variants): one row, its frozen SKU.
    expect(mugs.variants).toEqual([
      expect.objectContaining({ variantId: null, label: '', sku: 'MUG', units: 1 }),
    ]);
  });

  it("labels in the caller's language", async () => {
    const answer = await split('owner', hoodie, MARCH, 'es');
    expect(answer.variants.map((v) => v.label)).toEqual(['M', 'P', 'XL', 'G']);
  });

  it("only the caller's shop: another creator sees their own sale, a stranger nothing", async () => {
    const theirs = await split('other', hoodie, MARCH);
    expect(theirs.variants.map((v) => [v.label, v.units, v.salesMinor])).toEqual([['M', 7, 35_000]]);
    expect((await split('none', hoodie, MARCH)).variants).toEqual([]);
    // A product the shop never sold, and one that does not exist: an empty list, never an error.
    expect((await split('owner', unsold, MARCH)).variants).toEqual([]);
    expect((await split('owner', 999_999_999, MARCH)).variants).toEqual([]);
    expect((await productRow('owner', unsold, MARCH))?.units).toBeUndefined();
    const anonymous = await get('nobody', `/api/v1/dashboard/products/${hoodie}/variants?range=7d&tz=UTC`);
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses bad input with the field', async () => {
    const bad = async (url: string, field: string) => {
      const res = await get('owner', url);
      expect(res.statusCode, url).toBe(400);
      expect(JSON.stringify(res.json()), url).toContain(field);
    };
    await bad(`/api/v1/dashboard/products/abc/variants?range=7d&tz=UTC`, 'productId');
    await bad(`/api/v1/dashboard/products/0/variants?range=7d&tz=UTC`, 'productId');
    await bad(`/api/v1/dashboard/products/${hoodie}/variants?range=decade&tz=UTC`, 'range');
    await bad(`/api/v1/dashboard/products/${hoodie}/variants?range=custom&tz=UTC`, 'from');
    await bad(
      `/api/v1/dashboard/products/${hoodie}/variants?range=custom&from=2026-03-02&to=2026-03-01&tz=UTC`,
      'to',
    );
    await bad(`/api/v1/dashboard/products/${hoodie}/variants?range=7d&tz=Mars%2FOlympus`, 'tz');
  });
});
