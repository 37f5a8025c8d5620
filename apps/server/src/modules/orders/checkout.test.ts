import { insertSimpleProducts } from '../catalog/catalog.api';
import {
  ErrorCode,
  type TCheckoutAnswer,
  type TOrderReceipt,
  type TSandboxApproval,
} from '@linkstore/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, waitFor, type SmtpSink } from '../../platform/mail/mail-testing';
import { createTestApp, type TestContext } from '../../test/helper';
import { createUser } from '../../test/users';
import { productVariants } from '../catalog/catalog.table';
import { ledgerEntries } from '../earnings/earnings.table';
import { payments } from '../payments/payments.table';
import { shopProducts, shops } from '../shops/shops.table';
import { claimOrders, releaseExpired } from './checkout.repository';
import { sweepCheckouts } from './checkout.routes';
import { CHECKOUT_LIMIT, newOrderNo } from './checkout.service';
import { composeConfirmation } from './order-mail';
import { moneyOf, type OrderCharges } from './order-money';
import { orderItems, orders } from './orders.table';
import { addSubcategory } from '../../test/catalog-kit';

let ctx: TestContext;
let sink: SmtpSink;
let shopId = 0;
let categoryId = 0;
let address = 0;

/** Each call from its own client address, so the per-address limits stay out of the way. */
const nextIp = () => `10.1.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

function post(url: string, payload: object, ip = nextIp()) {
  return ctx.app.inject({ method: 'POST', url: `/api/v1/public${url}`, payload, remoteAddress: ip });
}

/** An order charging its items alone (as before issue 34). */
const noCharges: OrderCharges = {
  totalMinor: 0,
  discountMinor: 0,
  discountCode: null,
  discountTaxMinor: 0,
  shippingMinor: 0,
  shippingTaxMinor: 0,
  taxMinor: 0,
  currencyCode: 'USD',
  taxName: null,
  taxRateMicros: 0,
  taxInclusive: false,
  taxScheme: null,
};
const buyer = (n: string) => `buyer-${n}@example.com`;

function checkout(items: [number, number][], email = buyer('x'), ip?: string, checkoutKey?: string) {
  return post(
    '/checkout',
    {
      checkoutKey,
      shop: 'co-shop',
      email,
      address: { name: 'Ana', line1: '1 Main St', city: 'Lisbon', postalCode: '1000-001', countryCode: 'PT' },
      items: items.map(([productId, quantity]) => ({ productId: String(productId), quantity })),
      language: 'pt',
      userSource: 'instagram',
    },
    ip,
  );
}

async function placed(items: [number, number][], email?: string): Promise<TCheckoutAnswer> {
  const res = await checkout(items, email);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: TCheckoutAnswer }>().data;
}

const tokenOf = (answer: TCheckoutAnswer) =>
  new URL(answer.approveUrl, 'http://x').searchParams.get('token') ?? '';

async function approve(answer: TCheckoutAnswer): Promise<string> {
  const res = await post(`/sandbox/orders/${tokenOf(answer)}/approve`, {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { redirectTo: string } }>().data.redirectTo;
}

const capture = (answer: TCheckoutAnswer) =>
  post('/checkout/capture', { orderNo: answer.orderNo, token: tokenOf(answer) });

async function addProduct(cost: number, stock: number, values: { status?: number } = {}): Promise<number> {
  const [row] = await insertSimpleProducts(ctx.database.db, [
    {
      categoryId,
      title: `Thing ${cost}`,
      titles: { pt: `Coisa ${cost}` },
      platformPriceMinor: cost,
      stock,
      ...values,
    },
  ]);
  return row?.id ?? 0;
}

const stockOf = async (id: number) =>
  (
    await ctx.database.db
      .select({ stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.productId, id))
  )[0]?.stock;

const orderOf = async (orderNo: string) =>
  (await ctx.database.db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0];

const ledgerOf = async (orderNo: string) => {
  const order = await orderOf(orderNo);
  return ctx.database.db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.orderId, order?.id ?? 0));
};

beforeAll(async () => {
  sink = await startSmtpSink();
  ctx = await createTestApp({ env: { SMTP_URL: sink.url } });
  const db = ctx.database.db;
  const ownerUserId = await createUser(db, { username: 'co-owner' });
  const [shop] = await db
    .insert(shops)
    .values({ ownerUserId, slug: 'co-shop', name: 'Ana’s Corner', defaultPercentage: 200 })
    .returning({ id: shops.id });
  shopId = shop?.id ?? 0;
  categoryId = await addSubcategory(db, 'Co A');
});
afterAll(async () => {
  await ctx.close();
  await sink.close();
});

describe('order numbers and mail', () => {
  it('numbers orders LS + yyMMdd + 8 base32 characters', () => {
    expect(newOrderNo(new Date('2026-11-22T10:00:00Z'))).toMatch(/^LS261122-[A-Z2-7]{8}$/);
  });

  it('writes the confirmation in the buyer’s language with every line and the total', () => {
    const mail = composeConfirmation('b@example.com', {
      orderUrl: 'http://127.0.0.1/s/demo/order/t.s',
      lang: 'es',
      orderNo: 'LS261122-AAAAAAAA',
      currencyCode: 'USD',
      shopName: 'Tienda',
      totalMinor: 4500,
      money: moneyOf({ ...noCharges, totalMinor: 4500 }),
      shipping: null,
      items: [{ title: 'Taza', quantity: 3, sellingPriceMinor: 1500 }],
    });
    expect(mail.subject).toBe('Tu pedido LS261122-AAAAAAAA en Tienda está confirmado');
    // Amounts as Spanish writes US dollars (a no-break space before the symbol).
    expect(mail.text).toContain('3 × Taza: 45,00\u00a0US$');
    expect(mail.text).toContain('Envío: 0,00\u00a0US$\nTotal pagado: 45,00\u00a0US$');
  });

  it('shows the discount, shipping and VAT as the receipt does, with the prices the buyer saw', () => {
    // 3 × 10.01 with 19 % VAT included (shown 11.91 each), 3.00 off, 4.99 shipping.
    const money = moneyOf({
      ...noCharges,
      totalMinor: 3_003 - 300 + 499 + 513 + 95,
      discountMinor: 300,
      discountTaxMinor: 57,
      shippingMinor: 499,
      shippingTaxMinor: 95,
      taxMinor: 513 + 95,
      taxName: 'VAT',
      taxRateMicros: 190_000,
      taxInclusive: true,
    });
    const mail = composeConfirmation('b@example.com', {
      orderUrl: 'http://127.0.0.1/s/demo/order/t.s',
      lang: 'en',
      orderNo: 'LS261122-AAAAAAAA',
      currencyCode: 'USD',
      shopName: 'Shop',
      totalMinor: money.totalMinor,
      money,
      shipping: { method: 'Express', minDays: 1, maxDays: 2 },
      items: [{ title: 'Mug', quantity: 3, sellingPriceMinor: 1_001 }],
    });
    expect(mail.text).toContain(
      [
        '3 × Mug: $35.73',
        '',
        'Items: $35.73',
        'Discount: −$3.57',
        'Shipping: $5.94',
        'Includes VAT 19%: $6.08',
        'Delivery: Express, 1–2 business days after dispatch',
        'Total paid: $38.10',
      ].join('\n'),
    );
  });
});

describe('checkout with the sandbox provider', () => {
  it('freezes prices, then create → approve → capture pays once, credits once and mails once', async () => {
    const mug = await addProduct(1000, 5);
    const cap = await addProduct(499, 5);
    await ctx.database.db.insert(shopProducts).values({ shopId, productId: cap, overridePriceMinor: 1500 });
    const answer = await placed(
      [
        [mug, 2],
        [cap, 1],
      ],
      buyer('paid'),
    );
    expect(answer).toMatchObject({ totalMinor: 2 * 2000 + 1500, currencyCode: 'USD' });
    expect(answer.orderNo).toMatch(/^LS\d{6}-[A-Z2-7]{8}$/);
    // The sandbox's page, and the way back, speak the language the buyer bought in.
    expect(answer.approveUrl).toBe(`/payauth?token=${tokenOf(answer)}&lang=pt`);
    expect(await stockOf(mug)).toBe(3);

    const order = await orderOf(answer.orderNo);
    expect(order).toMatchObject({ status: 0, totalMinor: 5500, platformMinor: 2499, profitMinor: 3001 });
    expect(order).toMatchObject({ language: 'pt', userSource: 'instagram', buyerEmail: buyer('paid') });
    const lines = await ctx.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order?.id ?? 0));
    expect(
      lines.map((l) => [l.title, l.quantity, l.platformPriceMinor, l.sellingPriceMinor, l.profitMinor]),
    ).toEqual(
      expect.arrayContaining([
        ['Coisa 1000', 2, 1000, 2000, 1000],
        ['Coisa 499', 1, 499, 1500, 1001],
      ]),
    );

    // The approval page, then a price change: the placed order does not move.
    const approval = await ctx.app.inject({ url: `/api/v1/public/sandbox/orders/${tokenOf(answer)}` });
    expect(approval.json<{ data: TSandboxApproval }>().data).toMatchObject({
      amountMinor: 5500,
      reference: answer.orderNo,
      shopName: 'Ana’s Corner',
      cancelUrl: '/s/co-shop/cart?lang=pt',
      receiptUrl: null,
    });
    await ctx.database.db.update(shops).set({ defaultPercentage: 300 }).where(eq(shops.id, shopId));
    const early = await capture(answer);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe(ErrorCode.PAYMENT_NOT_APPROVED);
    expect(await approve(answer)).toBe(`/payresult?order=${answer.orderNo}&lang=pt&token=${tokenOf(answer)}`);

    const first = await capture(answer);
    expect(first.statusCode, first.body).toBe(200);
    const receipt = first.json<{ data: TOrderReceipt }>().data;
    expect(receipt).toMatchObject({
      status: 1,
      totalMinor: 5500,
      shop: { slug: 'co-shop', name: 'Ana’s Corner' },
    });
    expect(receipt.paidAt).not.toBeNull();
    const again = await capture(answer);
    expect(again.json<{ data: TOrderReceipt }>().data).toEqual(receipt);
    // Back to the approval page of the finished payment: it leads to the receipt, and approving
    // again answers the receipt too, instead of "the record does not exist".
    const receiptUrl = `/payresult?order=${answer.orderNo}&lang=pt&token=${tokenOf(answer)}`;
    const finished = await ctx.app.inject({ url: `/api/v1/public/sandbox/orders/${tokenOf(answer)}` });
    expect(finished.json<{ data: TSandboxApproval }>().data).toMatchObject({
      status: 'COMPLETED',
      receiptUrl,
    });
    expect(await approve(answer)).toBe(receiptUrl);
    expect((await capture(answer)).json<{ data: TOrderReceipt }>().data).toEqual(receipt);
    const read = await ctx.app.inject({
      url: `/api/v1/public/orders/receipt?orderNo=${answer.orderNo}&token=${tokenOf(answer)}`,
    });
    expect(read.json<{ data: TOrderReceipt }>().data).toEqual(receipt);
    // Whoever holds the /payresult link sees the buyer's address masked, as a creator does.
    expect(receipt.email).toBe('b***@example.com');
    expect(read.body).not.toContain(buyer('paid'));

    const ledger = await ledgerOf(answer.orderNo);
    expect(ledger.map((e) => [e.kind, e.amountMinor])).toEqual([['sale', 3001]]);
    const mail = await waitFor(() => sink.messages.find((m) => m.to.includes(buyer('paid'))));
    expect(mail.subject).toBe(`Seu pedido ${answer.orderNo} na Ana’s Corner está confirmado`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sink.messages.filter((m) => m.to.includes(buyer('paid')))).toHaveLength(1);
    await ctx.database.db.update(shops).set({ defaultPercentage: 200 }).where(eq(shops.id, shopId));
  });

  it('answers 404 for a wrong token or order number, saying nothing', async () => {
    const answer = await placed([[await addProduct(300, 2), 1]]);
    expect((await post('/checkout/capture', { orderNo: answer.orderNo, token: 'SB-other' })).statusCode).toBe(
      404,
    );
    expect(
      (await post('/checkout/capture', { orderNo: 'LS000000-AAAAAAAA', token: tokenOf(answer) })).statusCode,
    ).toBe(404);
  });

  it('refuses a quantity above the stock with the count left, and changes nothing', async () => {
    const few = await addProduct(700, 2);
    const other = await addProduct(800, 9);
    const before = (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]?.n;
    const res = await checkout([
      [other, 1],
      [few, 3],
    ]);
    expect(res.statusCode).toBe(409);
    // The message names the product and what is left: the buyer changes the quantity from it.
    expect(res.json()).toMatchObject({
      code: ErrorCode.OUT_OF_STOCK,
      msg: 'Only 2 left of "Coisa 700". Please change the quantity.',
    });
    expect([await stockOf(few), await stockOf(other)]).toEqual([2, 9]);
    expect((await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]?.n).toBe(before);
  });

  it('sells the last unit once when two buyers check out at the same time', async () => {
    const last = await addProduct(900, 1);
    const results = await Promise.all([checkout([[last, 1]]), checkout([[last, 1]])]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json().code).toBe(ErrorCode.OUT_OF_STOCK);
    expect(await stockOf(last)).toBe(0);
  });

  it('places one order per checkout key: a resent request, or two at once, get the same order', async () => {
    const item = await addProduct(700, 5);
    const ordersWith = async (key: string) =>
      ctx.database.db.select({ orderNo: orders.orderNo }).from(orders).where(eq(orders.checkoutKey, key));

    const resent = 'resent-attempt-0001';
    const first = await checkout([[item, 1]], buyer('k'), undefined, resent);
    const again = await checkout([[item, 1]], buyer('k'), undefined, resent);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<{ data: TCheckoutAnswer }>().data).toEqual(
      first.json<{ data: TCheckoutAnswer }>().data,
    );

    // Two at once: one places the order; the other answers it — starting its payment with it when
    // that is not recorded yet (the same provider order, one payment row) — never a second order.
    const twin = 'twin-attempt-000001';
    const both = await Promise.all([1, 2].map(() => checkout([[item, 1]], buyer('k'), undefined, twin)));
    for (const res of both) expect(res.statusCode, res.body).toBe(200);
    const numbers = new Set(
      both.filter((r) => r.statusCode === 200).map((r) => r.json<{ data: TCheckoutAnswer }>().data.orderNo),
    );
    expect(numbers.size).toBe(1);
    expect(await ordersWith(resent)).toHaveLength(1);
    expect(await ordersWith(twin)).toHaveLength(1);
    expect(await stockOf(item)).toBe(3);
  });

  it('refuses products that are withdrawn or hidden in the shop', async () => {
    const withdrawn = await addProduct(600, 3, { status: 0 });
    const hidden = await addProduct(650, 3);
    await ctx.database.db.insert(shopProducts).values({ shopId, productId: hidden, visible: 0 });
    for (const id of [withdrawn, hidden]) {
      const res = await checkout([[id, 1]]);
      expect({ status: res.statusCode, code: res.json().code }).toEqual({
        status: 409,
        code: ErrorCode.NOT_ON_SALE,
      });
    }
  });

  it('releases expired reservations once; a late payment takes the stock again, or is flagged', async () => {
    const item = await addProduct(1200, 3);
    const [short, fits] = [await placed([[item, 2]]), await placed([[item, 1]])];
    expect(await stockOf(item)).toBe(0);
    await ctx.database.db
      .update(orders)
      .set({ reservedUntil: new Date(Date.now() - 1000) })
      .where(sql`${orders.orderNo} in (${short.orderNo}, ${fits.orderNo})`);
    expect(await releaseExpired(ctx.database.db)).toBe(2);
    expect(await releaseExpired(ctx.database.db)).toBe(0);
    expect(await stockOf(item)).toBe(3);

    // Someone else buys two meanwhile: one unit is left.
    await placed([[item, 2]]);
    await approve(short);
    await approve(fits);
    expect((await capture(fits)).statusCode).toBe(200);
    expect(await orderOf(fits.orderNo)).toMatchObject({ status: 1, flag: null, reservedUntil: null });
    expect(await stockOf(item)).toBe(0);
    expect((await capture(short)).statusCode).toBe(200);
    expect((await orderOf(short.orderNo))?.flag).toMatch(/reservation expired/);
    expect(await stockOf(item)).toBe(0);
    expect(await ledgerOf(short.orderNo)).toHaveLength(1);
  });

  it('a checkout resent after a crash before its payment was recorded starts the payment once', async () => {
    const item = await addProduct(710, 5);
    const key = 'crashed-attempt-0001';
    const first = await checkout([[item, 1]], buyer('crash'), undefined, key);
    expect(first.statusCode, first.body).toBe(200);
    const answer = first.json<{ data: TCheckoutAnswer }>().data;
    // The crash came after the provider's order was made, before the payment row was written.
    const order = await orderOf(answer.orderNo);
    await ctx.database.db.delete(payments).where(eq(payments.orderId, order?.id ?? 0));
    const resent = await Promise.all([1, 2].map(() => checkout([[item, 1]], buyer('crash'), undefined, key)));
    for (const res of resent) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ data: TCheckoutAnswer }>().data).toEqual(answer);
    }
    expect(
      await ctx.database.db
        .select()
        .from(payments)
        .where(eq(payments.orderId, order?.id ?? 0)),
    ).toHaveLength(1);
    expect(await stockOf(item)).toBe(4);
  });

  it('the sweep pays a capture a crash cut and the buyer never retried, and frees a stale claim', async () => {
    const item = await addProduct(720, 5);
    const [cut, unapproved] = [await placed([[item, 1]]), await placed([[item, 1]])];
    await approve(cut);
    // The crash: both claimed by the buyer's capture, the first's money taken, neither order paid.
    const ids = [(await orderOf(cut.orderNo))?.id ?? 0, (await orderOf(unapproved.orderNo))?.id ?? 0];
    expect(await claimOrders(ctx.database.db, ids, 'c')).toHaveLength(2);
    const taken = await ctx.app.payments.capture({
      providerOrderId: tokenOf(cut),
      requestId: `capture:${cut.orderNo}`,
    });
    expect(taken.kind).toBe('captured');
    expect(await sweepCheckouts(ctx.app)).toMatchObject({ paid: 0 });
    // Five minutes on, the claims are stale: the sweep settles the capture as the retry would.
    await ctx.database.db
      .update(orders)
      .set({ payingSince: new Date(Date.now() - 6 * 60_000) })
      .where(inArray(orders.id, ids));
    expect(await sweepCheckouts(ctx.app)).toMatchObject({ paid: 1 });
    expect(await orderOf(cut.orderNo)).toMatchObject({ status: 1, payingSide: null });
    expect(await ledgerOf(cut.orderNo)).toHaveLength(1);
    expect(await orderOf(unapproved.orderNo)).toMatchObject({ status: 0, payingSide: null });
    expect(await sweepCheckouts(ctx.app)).toMatchObject({ paid: 0 });
    expect(await ledgerOf(cut.orderNo)).toHaveLength(1);
  });

  it('limits checkouts per client address', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < CHECKOUT_LIMIT.max; i++)
      await ctx.app.limiter.hit(`checkout:ip:${ip}`, CHECKOUT_LIMIT.windowMs);
    const res = await checkout([[1, 1]], buyer('x'), ip);
    expect({ status: res.statusCode, code: res.json().code }).toEqual({
      status: 429,
      code: ErrorCode.RATE_LIMITED,
    });
  });
});
