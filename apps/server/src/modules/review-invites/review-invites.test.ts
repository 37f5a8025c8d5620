import { ErrorCode, type TPage, type TReviewInvite, type TReviewPageItem } from '@linkstore/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSmtpSink, waitFor, type ReadMail, type SmtpSink } from '../../platform/mail/mail-testing';
import { apiCalls } from '../../test/api-calls';
import { addProductOnSale } from '../../test/catalog-kit';
import { createTestApp, type TestContext } from '../../test/helper';
import { refundsKit } from '../../test/refunds-kit';
import { accessTokenFor, createUser } from '../../test/users';
import { reviews } from '../catalog/catalog.table';
import { configs } from '../configs/configs.table';
import { orderItems, orders } from '../orders/orders.table';
import { payments } from '../payments/payments.table';
import { refunds } from '../refunds/refunds.table';
import { reviewInvites } from './review-invites.table';
import {
  composeInvite,
  hashToken,
  INVITE_WINDOW_DAYS,
  LINK_DAYS,
  readInviteDays,
  REVIEW_LIMIT,
} from './review-invites.service';

let ctx: TestContext;
let sink: SmtpSink;
const tokens: Record<string, string> = {};
let owner = { userId: 0, shopId: 0 };
let productA = 0;
let productB = 0;
const kit = refundsKit(() => ctx, 'review');
const { call, ok } = apiCalls(() => ctx.app, tokens);
const DAY = 24 * 60 * 60_000;
const NOW = new Date('2026-11-20T12:00:00Z');
let sequence = 0;

/** Runs the job, then the mail it queued (the job queue sends it). */
const run = async (now = NOW) => {
  const claimed = await ctx.app.reviewInvites.service.run(now);
  await ctx.app.jobs.runDue();
  return claimed;
};
const db = () => ctx.database.db;

/** A completed order shipped at `shippedAt`, with one item per product given. */
async function shippedOrder(
  shippedAt: Date,
  extra: { language?: string; products?: number[]; email?: string } = {},
): Promise<{ orderId: number; orderNo: string; email: string; paymentId: number }> {
  sequence += 1;
  const email = extra.email ?? `buyer-${sequence}@example.com`;
  const [first = productA, ...more] = extra.products ?? [productA];
  const paid = await kit.paidOrder({
    userId: owner.userId,
    shopId: owner.shopId,
    totalMinor: 1000,
    profitMinor: 400,
    status: 2,
    language: extra.language ?? 'en',
    buyerEmail: email,
    item: { productId: first, quantity: 1 },
  });
  await db()
    .update(orders)
    .set({ shippedAt, carrier: 'dhl', trackingNo: 'T1' })
    .where(eq(orders.id, paid.orderId));
  for (const productId of more) {
    await db().insert(orderItems).values({
      orderId: paid.orderId,
      productId,
      title: 'Second thing',
      quantity: 1,
      platformPriceMinor: 1,
      sellingPriceMinor: 1,
      profitMinor: 0,
    });
  }
  return { ...paid, email };
}

const mailsTo = (email: string) => sink.messages.filter((m) => m.to.includes(email));
/** The review links of a mail, in order. */
const linksIn = (mail: ReadMail) => [
  ...mail.text.matchAll(/https?:\/\/\S+\/review\/([A-Za-z0-9_-]+)\?lang=[a-z-]+/g),
];
const tokenIn = (mail: ReadMail, i = 0) => linksIn(mail)[i]?.[1] ?? '';

const invite = (token: string, lang?: string) =>
  call(null, 'GET', `/public/review-invites/${token}`, undefined, lang);
const submit = (token: string, payload: unknown, lang?: string) =>
  call(null, 'POST', `/public/review-invites/${token}`, payload, lang);
const REVIEW = { authorName: 'Bea', rating: 4, body: 'Sturdy and pretty.' };

beforeAll(async () => {
  sink = await startSmtpSink();
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false', SMTP_URL: sink.url } });
  tokens.admin = await accessTokenFor(ctx.app, 'admin');
  const userId = await createUser(db(), { username: 'rev-owner', password: 'Review-owner-pw-1' });
  tokens.owner = await accessTokenFor(ctx.app, 'rev-owner', 'Review-owner-pw-1');
  const shop = await ok<{ id: string }>('owner', 'POST', '/shop', { name: 'Mugs & Co', slug: 'rev-mugs' });
  owner = { userId, shopId: Number(shop.id) };
  productA = await addProductOnSale(db(), {
    category: 'Rev cups',
    title: 'Blue mug',
    costMinor: 500,
    stock: 10,
  });
  productB = await addProductOnSale(db(), {
    category: 'Rev plates',
    title: 'Green plate',
    costMinor: 300,
    stock: 10,
  });
});

afterAll(async () => {
  await ctx?.close();
  await sink?.close();
});

beforeEach(async () => {
  // Earlier tests' orders are invited already or outside the window of the next test's clock.
  await db().update(orders).set({ reviewInvitedAt: NOW }).where(eq(orders.shopId, owner.shopId));
});

describe('the setting', () => {
  it('reads whole days 0–365 and falls back to 7', () => {
    expect(readInviteDays(() => undefined)).toBe(7);
    expect(readInviteDays(() => '0')).toBe(0);
    expect(readInviteDays(() => '14')).toBe(14);
    for (const bad of ['-1', '1.5', 'x', '366', ''])
      expect(
        readInviteDays(() => bad),
        bad,
      ).toBe(7);
  });

  it('is seeded with its default', async () => {
    const [row] = await db().select().from(configs).where(eq(configs.key, 'REVIEW_INVITE_DAYS'));
    expect(row?.value).toBe('7');
  });
});

describe('the invitation job', () => {
  it('invites an order shipped exactly the configured days ago, not a millisecond later', async () => {
    const due = await shippedOrder(new Date(NOW.getTime() - 7 * DAY));
    const early = await shippedOrder(new Date(NOW.getTime() - 7 * DAY + 1));
    expect(await run()).toBe(1);
    expect(mailsTo(due.email)).toHaveLength(1);
    expect(mailsTo(early.email)).toHaveLength(0);
    // A day later the other one is due.
    expect(await run(new Date(NOW.getTime() + DAY))).toBe(1);
    expect(mailsTo(early.email)).toHaveLength(1);
  });

  it(`skips orders whose delivery is more than ${INVITE_WINDOW_DAYS} days back, orders in transit and refunded ones`, async () => {
    const stale = await shippedOrder(new Date(NOW.getTime() - (7 + INVITE_WINDOW_DAYS) * DAY));
    // Still in transit (status 1): not shipped as far as the job knows, whatever its date says.
    const inTransit = await shippedOrder(new Date(NOW.getTime() - 8 * DAY));
    await db().update(orders).set({ status: 1, completedAt: null }).where(eq(orders.id, inTransit.orderId));
    const refunded = await shippedOrder(new Date(NOW.getTime() - 8 * DAY));
    await db().update(payments).set({ refundedMinor: 1000 }).where(eq(payments.id, refunded.paymentId));
    await db().insert(refunds).values({
      orderId: refunded.orderId,
      paymentId: refunded.paymentId,
      provider: 'sandbox',
      captureId: 'C-1',
      requestId: 'R-review-1',
      amountMinor: 1000,
      currencyCode: 'USD',
      status: 'pending',
      source: 'operator',
    });
    // A refund the provider refused gives nothing back: that order is still invited.
    const refused = await shippedOrder(new Date(NOW.getTime() - 8 * DAY));
    await db().insert(refunds).values({
      orderId: refused.orderId,
      paymentId: refused.paymentId,
      provider: 'sandbox',
      captureId: 'C-2',
      requestId: 'R-review-2',
      amountMinor: 1000,
      currencyCode: 'USD',
      status: 'failed',
      source: 'operator',
    });
    expect(await run()).toBe(1);
    expect(mailsTo(stale.email)).toHaveLength(0);
    expect(mailsTo(inTransit.email)).toHaveLength(0);
    expect(mailsTo(refunded.email)).toHaveLength(0);
    expect(mailsTo(refused.email)).toHaveLength(1);
  });

  it('claims each order exactly once when two runs go at the same time', async () => {
    const shipped = await Promise.all(
      Array.from({ length: 6 }, () => shippedOrder(new Date(NOW.getTime() - 9 * DAY))),
    );
    const counts = await Promise.all([run(), run(), run()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(6);
    expect(await run()).toBe(0);
    for (const order of shipped) expect(mailsTo(order.email), order.orderNo).toHaveLength(1);
    const stamped = await db()
      .select()
      .from(orders)
      .where(eq(orders.id, shipped[0]?.orderId ?? 0));
    expect(stamped[0]?.reviewInvitedAt?.toISOString()).toBe(NOW.toISOString());
  });

  it("writes in the buyer's checkout language with a link per item, storing only the tokens' hashes", async () => {
    const order = await shippedOrder(new Date(NOW.getTime() - 7 * DAY), {
      language: 'es',
      products: [productA, productB],
    });
    await run();
    const [mail] = mailsTo(order.email);
    if (!mail) throw new Error('no mail');
    expect(mail.subject).toContain(order.orderNo);
    expect(mail.subject).toContain('¿Qué te parece');
    expect(mail.text).toContain('Second thing');
    const links = linksIn(mail);
    expect(links).toHaveLength(2);
    expect(links[0]?.[0]).toContain('/s/rev-mugs/review/');
    expect(links[0]?.[0]).toContain('?lang=es');
    const rows = await db().select().from(reviewInvites).where(eq(reviewInvites.orderId, order.orderId));
    expect(rows).toHaveLength(2);
    const stored = rows.map((row) => row.tokenHash).sort();
    expect(stored).toEqual(links.map((link) => hashToken(link[1] ?? '')).sort());
    expect(stored).not.toContain(links[0]?.[1]);
    expect(rows[0]?.expiresAt.getTime()).toBe(NOW.getTime() + LINK_DAYS * DAY);
  });

  it('with 0 days, shipping through the console invites at once', async () => {
    await db().update(configs).set({ value: '0' }).where(eq(configs.key, 'REVIEW_INVITE_DAYS'));
    await ctx.app.configValues.reload();
    try {
      const paid = await kit.paidOrder({
        userId: owner.userId,
        shopId: owner.shopId,
        totalMinor: 1000,
        profitMinor: 400,
        status: 1,
        buyerEmail: 'ship-now@example.com',
        item: { productId: productA, quantity: 1 },
      });
      const detail = await ok<{ version: number }>('admin', 'GET', `/system/orders/${paid.orderNo}`);
      await ok('admin', 'POST', '/system/orders/ship', {
        items: [{ orderNo: paid.orderNo, carrier: 'other', trackingNo: 'RV-0001', version: detail.version }],
      });
      const mail = await waitFor(() => mailsTo('ship-now@example.com').find((m) => linksIn(m).length > 0));
      expect(tokenIn(mail)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    } finally {
      await db().update(configs).set({ value: '7' }).where(eq(configs.key, 'REVIEW_INVITE_DAYS'));
      await ctx.app.configValues.reload();
    }
  });

  it('composes a mail in each language', () => {
    for (const lang of ['en', 'es', 'pt', 'fr', 'zh-cn'] as const) {
      const mail = composeInvite('b@example.com', {
        orderUrl: 'http://127.0.0.1/s/demo/order/t.s',
        lang,
        orderNo: 'LS1',
        shopName: 'Shop',
        items: [{ title: 'Mug', url: 'https://x/review/abc' }],
      });
      expect(mail.text, lang).toContain('https://x/review/abc');
      expect(mail.text, lang).toContain(String(LINK_DAYS));
      expect(mail.subject, lang).toContain('LS1');
    }
  });
});

describe('a review from the link', () => {
  async function freshToken(products = [productA]): Promise<{ token: string; orderId: number }> {
    const order = await shippedOrder(new Date(NOW.getTime() - 7 * DAY), { products });
    // The real clock: links made now expire in LINK_DAYS.
    await run(new Date());
    const mail = mailsTo(order.email)[0];
    if (!mail) throw new Error('no invitation');
    return { token: tokenIn(mail), orderId: order.orderId };
  }

  it('shows the product in the asked language and stores one verified review, pending moderation', async () => {
    const { token, orderId } = await freshToken();
    const shown = await invite(token);
    expect(shown.statusCode, shown.body).toBe(200);
    const data = shown.json<{ data: TReviewInvite }>().data;
    expect(data).toMatchObject({
      shop: { slug: 'rev-mugs', name: 'Mugs & Co' },
      product: { id: String(productA), title: 'Blue mug' },
      reviewed: false,
    });
    const sent = await submit(token, REVIEW, 'fr');
    expect(sent.statusCode, sent.body).toBe(200);
    const [item] = await db().select().from(orderItems).where(eq(orderItems.orderId, orderId));
    const [stored] = await db()
      .select()
      .from(reviews)
      .where(eq(reviews.orderItemId, item?.id ?? 0));
    expect(stored).toMatchObject({
      productId: productA,
      rating: 4,
      status: 0,
      language: 'fr',
      authorName: 'Bea',
    });
    // The moderation table shows it as a verified purchase.
    const page = await ok<TPage<TReviewPageItem>>(
      'admin',
      'GET',
      '/catalog/reviews?pageNum=1&pageSize=50&status=0',
    );
    expect(page.list.find((row) => row.id === String(stored?.id))?.verified).toBe(true);
    // Used: the page thanks the buyer, a second review is refused in the buyer's language.
    expect((await invite(token)).json<{ data: TReviewInvite }>().data.reviewed).toBe(true);
    const again = await submit(token, { ...REVIEW, rating: 1 }, 'es');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: ErrorCode.ALREADY_REVIEWED,
      msg: 'Ya has valorado este artículo. ¡Gracias!',
    });
    expect(
      await db()
        .select()
        .from(reviews)
        .where(eq(reviews.orderItemId, item?.id ?? 0)),
    ).toHaveLength(1);
  });

  it('refuses a forged, a malformed and an expired link, translated', async () => {
    const forged = await submit('A'.repeat(43), REVIEW, 'pt');
    expect(forged.statusCode).toBe(404);
    expect(forged.json()).toMatchObject({
      code: ErrorCode.REVIEW_LINK_INVALID,
      msg: 'Este link de avaliação não é válido ou expirou.',
    });
    expect((await invite('not-a-token')).json()).toMatchObject({ code: ErrorCode.REVIEW_LINK_INVALID });
    const { token } = await freshToken();
    await db()
      .update(reviewInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(reviewInvites.tokenHash, hashToken(token)));
    expect((await invite(token)).json()).toMatchObject({ code: ErrorCode.REVIEW_LINK_INVALID });
    const late = await submit(token, REVIEW);
    expect(late.json()).toMatchObject({ code: ErrorCode.REVIEW_LINK_INVALID });
  });

  it('refuses a link whose order was refunded since', async () => {
    const { token, orderId } = await freshToken();
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, orderId));
    await db()
      .insert(refunds)
      .values({
        orderId,
        paymentId: payment?.id ?? 0,
        provider: 'sandbox',
        captureId: 'C-3',
        requestId: 'R-review-3',
        amountMinor: 1000,
        currencyCode: 'USD',
        status: 'pending',
        source: 'operator',
      });
    await db().update(payments).set({ refundedMinor: 1000 }).where(eq(payments.orderId, orderId));
    expect((await submit(token, REVIEW)).json()).toMatchObject({ code: ErrorCode.REVIEW_LINK_INVALID });
  });

  it('takes only one of two submits sent at once', async () => {
    const { token } = await freshToken();
    const answers = await Promise.all([submit(token, REVIEW), submit(token, REVIEW)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  });

  it('each item of an order has its own link', async () => {
    const order = await shippedOrder(new Date(NOW.getTime() - 7 * DAY), { products: [productA, productB] });
    await run(new Date());
    const mail = mailsTo(order.email)[0];
    if (!mail) throw new Error('no invitation');
    const second = (await invite(tokenIn(mail, 1))).json<{ data: TReviewInvite }>().data;
    expect(second.product).toMatchObject({ id: String(productB), title: 'Green plate' });
    expect((await submit(tokenIn(mail, 0), REVIEW)).statusCode).toBe(200);
    expect((await submit(tokenIn(mail, 1), REVIEW)).statusCode).toBe(200);
  });

  it('validates the review with field errors', async () => {
    const { token } = await freshToken();
    for (const bad of [
      { ...REVIEW, rating: 0 },
      { ...REVIEW, rating: 6 },
      { ...REVIEW, rating: 3.5 },
      { ...REVIEW, body: '   ' },
      { ...REVIEW, authorName: '' },
      { ...REVIEW, body: 'x'.repeat(2001) },
    ]) {
      const res = await submit(token, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json<{ data: { fields: unknown[] } }>().data.fields.length).toBeGreaterThan(0);
    }
    expect((await submit(token, REVIEW)).statusCode).toBe(200);
  });

  it(`limits submits to ${REVIEW_LIMIT.max} per address in the window`, async () => {
    const codes: number[] = [];
    for (let i = 0; i <= REVIEW_LIMIT.max; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/public/review-invites/${'B'.repeat(43)}`,
        remoteAddress: '10.9.8.7',
        payload: REVIEW,
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, REVIEW_LIMIT.max).every((code) => code === 404)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });
});
