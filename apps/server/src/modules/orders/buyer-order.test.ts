import { ErrorCode, type TBuyerOrder } from '@linkstore/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSmtpSink, waitFor, type ReadMail, type SmtpSink } from '../../platform/mail/mail-testing';
import { apiCalls } from '../../test/api-calls';
import { addProductOnSale } from '../../test/catalog-kit';
import { createTestApp, type TestContext } from '../../test/helper';
import { refundsKit } from '../../test/refunds-kit';
import { accessTokenFor, createUser } from '../../test/users';
import { FIND_LIMIT_IP, FIND_LIMIT_MAILS } from './buyer-order.service';
import { createOrderLinks, ORDER_LINK_DAYS } from './order-link';
import { sendOrderConfirmation } from './order-mail';
import { orders } from './orders.table';

let ctx: TestContext;
let sink: SmtpSink;
const tokens: Record<string, string> = {};
let owner = { userId: 0, shopId: 0 };
let product = 0;
const kit = refundsKit(() => ctx, 'buyer-page');
const { call, ok } = apiCalls(() => ctx.app, tokens);
const db = () => ctx.database.db;
const DAY = 24 * 60 * 60_000;
let sequence = 0;
/** Each test asks from its own address: the IP's limit belongs to the test that checks it. */
let ip = '';

async function order(extra: { language?: string; status?: 0 | 1 | 2 } = {}) {
  sequence += 1;
  const email = `Page-Buyer-${sequence}@Example.com`;
  const paid = await kit.paidOrder({
    userId: owner.userId,
    shopId: owner.shopId,
    totalMinor: 2500,
    profitMinor: 900,
    status: extra.status ?? 1,
    language: extra.language ?? 'en',
    buyerEmail: email,
    item: { productId: product, quantity: 2 },
  });
  // Placed five days ago and paid a minute later: the steps come in the order they happened.
  const placedAt = new Date(Date.now() - 5 * DAY);
  await db()
    .update(orders)
    .set({
      createdAt: placedAt,
      paidAt: (extra.status ?? 1) > 0 ? new Date(placedAt.getTime() + 60_000) : null,
    })
    .where(eq(orders.id, paid.orderId));
  return { ...paid, email };
}

const page = (token: string, lang?: string) =>
  call(null, 'GET', `/public/orders/by-link/${token}`, undefined, lang);
const find = (body: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/public/orders/find',
    payload: body as object,
    remoteAddress: ip,
  });
const mailsTo = (email: string) => sink.messages.filter((m) => m.to.includes(email.toLowerCase()));
/** The order page's token in a mail's link, and the link's language. */
const linkIn = (mail: ReadMail) => {
  const match =
    /https?:\/\/\S+\/s\/buyer-page-mugs\/order\/([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)\?lang=([a-z-]+)/.exec(
      mail.text,
    );
  return { token: match?.[1] ?? '', lang: match?.[2] ?? '' };
};
/** Sends what the job queue holds, then waits for `count` mails to `email`. */
const mailed = (email: string, count = 1) =>
  waitFor(async () => {
    await ctx.app.jobs.runDue();
    const mails = mailsTo(email);
    return mails.length >= count ? mails : undefined;
  });

beforeAll(async () => {
  sink = await startSmtpSink();
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false', SMTP_URL: sink.url } });
  const userId = await createUser(db(), { username: 'page-owner', password: 'Page-owner-pw-1' });
  tokens.owner = await accessTokenFor(ctx.app, 'page-owner', 'Page-owner-pw-1');
  const shop = await ok<{ id: string }>('owner', 'POST', '/shop', {
    name: 'Page Mugs',
    slug: 'buyer-page-mugs',
  });
  owner = { userId, shopId: Number(shop.id) };
  product = await addProductOnSale(db(), {
    category: 'Page cups',
    title: 'Red mug',
    costMinor: 800,
    stock: 10,
  });
});

afterAll(async () => {
  await ctx?.close();
  await sink?.close();
});

beforeEach(() => {
  ip = `10.9.${Math.floor(sequence / 200)}.${sequence % 200}`;
  sequence += 1;
});

describe('the order link', () => {
  const links = createOrderLinks('s'.repeat(40));
  const now = new Date('2026-12-01T10:00:00Z');

  it('names its order until it expires, and nothing after', () => {
    const token = links.sign(42, now);
    expect(links.verify(token, now)).toEqual({ orderId: 42, expiresAt: expect.any(Date) });
    const lastDay = new Date(now.getTime() + ORDER_LINK_DAYS * DAY - 1000);
    expect(links.verify(token, lastDay)?.orderId).toBe(42);
    expect(links.verify(token, new Date(now.getTime() + ORDER_LINK_DAYS * DAY))).toBeUndefined();
  });

  it('refuses a changed order, a changed expiry, a changed signature and another secret', () => {
    const token = links.sign(42, now);
    const [payload = '', signature = ''] = token.split('.');
    const [id = '', expires = ''] = payload.split('-');
    expect(links.verify(`${(43).toString(36)}-${expires}.${signature}`, now)).toBeUndefined();
    expect(
      links.verify(`${id}-${(parseInt(expires, 36) + 1).toString(36)}.${signature}`, now),
    ).toBeUndefined();
    // Every character of the signature matters, the last one included (base64url's spare bits).
    for (const at of [0, signature.length - 1]) {
      const swapped = signature[at] === 'A' ? 'B' : 'A';
      const changed = `${signature.slice(0, at)}${swapped}${signature.slice(at + 1)}`;
      expect(links.verify(`${payload}.${changed}`, now), `signature[${at}]`).toBeUndefined();
    }
    expect(createOrderLinks('t'.repeat(40)).verify(token, now)).toBeUndefined();
    for (const junk of ['', '.', 'x.y', `${payload}.`, `.${signature}`, `0-1.${signature}`])
      expect(links.verify(junk, now), junk).toBeUndefined();
  });
});

describe('the buyer order page', () => {
  it('shows a paid order from the link in its confirmation, in the order language', async () => {
    const placed = await order({ language: 'es' });
    // The confirmation, as a paid order's buyer gets it.
    sendOrderConfirmation(
      { db: db(), mailer: ctx.app.mailer, log: ctx.app.log, orderLinks: ctx.app.orderLinks },
      placed.orderId,
    );
    const [confirmation] = await mailed(placed.email);
    const link = linkIn(confirmation as ReadMail);
    expect(link.lang).toBe('es');
    const res = await page(link.token, 'es');
    expect(res.statusCode, res.body).toBe(200);
    const shown = res.json<{ data: TBuyerOrder }>().data;
    expect(shown).toMatchObject({
      orderNo: placed.orderNo,
      stage: 'paid',
      shop: { slug: 'buyer-page-mugs', name: 'Page Mugs' },
      items: [{ title: 'Mug', quantity: 2 }],
      currencyCode: 'USD',
      refundedMinor: 0,
      // Masked: a forwarded link shows no more of the address than needed.
      email: 'P***@Example.com',
    });
    expect(shown.steps.map((step) => step.kind)).toEqual(['placed', 'paid']);
  });

  it('follows the order through shipping, delivery and a refund', async () => {
    const placed = await order();
    const token = ctx.app.orderLinks.links.sign(placed.orderId);
    const shippedAt = new Date(Date.now() - 2 * DAY);
    await db()
      .update(orders)
      .set({ shippedAt, carrier: 'dhl', trackingNo: '1234567890' })
      .where(eq(orders.id, placed.orderId));
    let shown = (await page(token)).json<{ data: TBuyerOrder }>().data;
    expect(shown.stage).toBe('shipped');
    expect(shown.steps.at(-1)).toMatchObject({
      kind: 'shipped',
      shipment: {
        carrier: 'dhl',
        trackingNo: '1234567890',
        trackingUrl: expect.stringContaining('1234567890'),
      },
    });

    await db()
      .update(orders)
      .set({ status: 2, completedAt: new Date(Date.now() - DAY) })
      .where(eq(orders.id, placed.orderId));
    tokens.admin ??= await accessTokenFor(ctx.app, 'admin');
    const [{ version = 0 } = {}] = await db()
      .select({ version: orders.version })
      .from(orders)
      .where(eq(orders.id, placed.orderId));
    await ok('admin', 'POST', '/system/orders/refund', {
      version,
      orderNo: placed.orderNo,
      amountMinor: 2500,
      reason: 'Damaged',
      restock: false,
    });
    await waitFor(async () => {
      await ctx.app.jobs.runDue();
      shown = (await page(token)).json<{ data: TBuyerOrder }>().data;
      return shown.refundedMinor === 2500 ? shown : undefined;
    });
    expect(shown.stage).toBe('refunded');
    expect(shown.steps.map((step) => step.kind)).toEqual([
      'placed',
      'paid',
      'shipped',
      'delivered',
      'refunded',
    ]);
    // The refund mail links the same page.
    const mails = await mailed(placed.email);
    expect(linkIn(mails.at(-1) as ReadMail).token).not.toBe('');
  });

  it('answers a tampered, expired or unknown link with ORDER_LINK_INVALID and shows nothing', async () => {
    const placed = await order();
    const token = ctx.app.orderLinks.links.sign(placed.orderId);
    const expired = ctx.app.orderLinks.links.sign(
      placed.orderId,
      new Date(Date.now() - (ORDER_LINK_DAYS + 1) * DAY),
    );
    const other = createOrderLinks('x'.repeat(40)).sign(placed.orderId);
    const unknown = ctx.app.orderLinks.links.sign(999_999_999);
    for (const bad of [`${token.slice(0, -2)}AA`, expired, other, unknown]) {
      const res = await page(bad, 'fr');
      expect(res.statusCode, bad).toBe(404);
      expect(res.json()).toMatchObject({
        code: ErrorCode.ORDER_LINK_INVALID,
        msg: expect.stringContaining('lien'),
      });
      expect(res.body).not.toContain(placed.orderNo);
    }
    // Not a token's shape at all: the contract refuses it before anything is looked up.
    expect((await page('not-a-token')).statusCode).toBe(400);
  });
});

describe('find my order', () => {
  it('mails the link to the address the order was bought with, whatever its case, and nothing else', async () => {
    const placed = await order({ language: 'fr' });
    const res = await find({ orderNo: placed.orderNo.toLowerCase(), email: placed.email.toUpperCase() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ data: { accepted: true } });
    const [mail] = await mailed(placed.email);
    expect(mail?.subject).toContain(placed.orderNo);
    const link = linkIn(mail as ReadMail);
    expect(link.lang).toBe('fr');
    expect((await page(link.token)).json<{ data: TBuyerOrder }>().data.orderNo).toBe(placed.orderNo);
    // The answer carries no link and no order detail.
    expect(res.body).not.toContain(placed.orderNo);
  });

  it('answers the same for a wrong address, an unknown order and a real one', async () => {
    const placed = await order();
    const answers = await Promise.all([
      find({ orderNo: placed.orderNo, email: 'someone-else@example.com' }),
      find({ orderNo: 'LS-NOPE-0000', email: placed.email }),
      find({ orderNo: placed.orderNo, email: placed.email }),
    ]);
    const bodies = answers.map((res) => `${res.statusCode} ${res.body}`);
    expect(new Set(bodies).size, bodies.join('\n')).toBe(1);
    await mailed(placed.email);
    await ctx.app.jobs.runDue();
    expect(sink.messages.some((m) => m.to.includes('someone-else@example.com'))).toBe(false);
    expect(mailsTo(placed.email)).toHaveLength(1);
  });

  it(`mails at most ${FIND_LIMIT_MAILS.max} links per order an hour, and answers the same past it`, async () => {
    const placed = await order();
    const bodies = new Set<string>();
    for (let i = 0; i < FIND_LIMIT_MAILS.max + 2; i += 1) {
      ip = `10.8.${sequence}.${i}`;
      const res = await find({ orderNo: placed.orderNo, email: placed.email });
      bodies.add(`${res.statusCode} ${res.body}`);
    }
    expect(bodies.size).toBe(1);
    await mailed(placed.email, FIND_LIMIT_MAILS.max);
    await ctx.app.jobs.runDue();
    expect(mailsTo(placed.email)).toHaveLength(FIND_LIMIT_MAILS.max);
  });

  it('limits guessing per address: past the limit every input is refused alike', async () => {
    for (let i = 0; i < FIND_LIMIT_IP.max; i += 1)
      expect((await find({ orderNo: `LS-GUESS-${i}`, email: `g${i}@example.com` })).statusCode).toBe(200);
    const refused = await find({ orderNo: 'LS-GUESS-X', email: 'gx@example.com' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: ErrorCode.RATE_LIMITED });
  });

  it('refuses a malformed request with its field named, and mails nothing', async () => {
    const res = await find({ orderNo: 'x', email: 'not-an-address' });
    expect(res.statusCode).toBe(400);
    const fields = res.json<{ data: { fields: { field: string }[] } }>().data.fields.map((f) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['orderNo', 'email']));
  });
});
