import {
  ErrorCode,
  formatMoney,
  LANGUAGES,
  type TCheckoutAnswer,
  type TCreatorMailSettings,
} from '@linkstore/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../platform/auth/auth.tables';
import { startSmtpSink, type ReadMail, type SmtpSink } from '../../platform/mail/mail-testing';
import { apiCalls } from '../../test/api-calls';
import { addProductOnSale } from '../../test/catalog-kit';
import { createTestApp, type TestContext } from '../../test/helper';
import { newKey, payoutsKit, type Creator } from '../../test/payouts-kit';
import { refundsKit } from '../../test/refunds-kit';
import { accessTokenFor } from '../../test/users';
import { orders } from '../orders/orders.table';
import {
  composeDigest,
  composePayout,
  composeRefund,
  composeSale,
  DIGEST_MAX_LINES,
  studioLinks,
} from './creator-mails.compose';
import { DIGEST_EVERY_MS, DIGEST_SETTLE_MS } from './creator-mails.service';
import { creatorMailSettings } from './creator-mails.table';

/*
 * Creators hear about sales by mail (issue 35): their settings, a mail per paid order or a daily
 * digest or none, payouts sent or returned, refunds on their orders — each in the creator's
 * language, queued in the transaction of the change and sent by the job queue to a local SMTP sink.
 */

let ctx: TestContext;
let sink: SmtpSink;
const tokens: Record<string, string> = {};
const { call, ok } = apiCalls(() => ctx.app, tokens);
const money = payoutsKit(() => ctx, 'cm');
const sales = refundsKit(() => ctx, 'cm');
const db = () => ctx.database.db;
let mug = 0;
let address = 0;
const nextIp = () => `10.61.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

const MINUTE = 60_000;
const SETTINGS = '/creator-mails/settings';
const emailOf = (who: Creator) => `${who.name}-creator@example.com`;

/** A creator with a shop, a verified PayPal account and a sign-in address to write to. */
async function creator(name: string, paypalEmail?: string): Promise<Creator> {
  const who = await money.creator(name, paypalEmail ? { email: paypalEmail } : {});
  await db()
    .update(users)
    .set({ email: emailOf(who) })
    .where(eq(users.id, who.userId));
  tokens[name] = who.token;
  return who;
}

/** Sends every mail queued so far (the worker's run, and any it had started). */
async function flush(): Promise<void> {
  await ctx.app.jobs.runDue();
  await ctx.app.jobs.idle();
}

const mailsTo = (who: Creator): ReadMail[] => sink.messages.filter((m) => m.to.includes(emailOf(who)));

const post = (url: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1/public${url}`, payload, remoteAddress: nextIp() });

/** A buyer's order in `who`'s shop through the public checkout, paid through the sandbox. */
async function buyerPays(who: Creator): Promise<string> {
  const slug = `cm-${who.name}`;
  const placed = await post('/checkout', {
    shop: slug,
    email: 'buyer@example.com',
    address: {
      name: 'Sam',
      line1: '1 Main St',
      city: 'Albany',
      region: 'NY',
      postalCode: '12207',
      countryCode: 'US',
    },
    items: [{ productId: String(mug), quantity: 1 }],
    language: 'en',
  });
  expect(placed.statusCode, placed.body).toBe(200);
  const answer = placed.json<{ data: TCheckoutAnswer }>().data;
  const token = new URL(answer.approveUrl, 'http://x').searchParams.get('token') ?? '';
  expect((await post(`/sandbox/orders/${token}/approve`, {})).statusCode).toBe(200);
  const captured = await post('/checkout/capture', { orderNo: answer.orderNo, token });
  expect(captured.statusCode, captured.body).toBe(200);
  return answer.orderNo;
}

async function orderRow(orderNo: string) {
  const [row] = await db().select().from(orders).where(eq(orders.orderNo, orderNo));
  if (!row) throw new Error(`no order ${orderNo}`);
  return row;
}

const save = (who: string, body: Partial<TCreatorMailSettings>, lang?: string) =>
  ok<TCreatorMailSettings>(
    who,
    'PUT',
    SETTINGS,
    { sales: 'each', payouts: true, refunds: true, ...body },
    lang,
  );

const settingsRow = async (who: Creator) =>
  (await db().select().from(creatorMailSettings).where(eq(creatorMailSettings.userId, who.userId)))[0];

beforeAll(async () => {
  sink = await startSmtpSink();
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false', SMTP_URL: sink.url } });
  mug = await addProductOnSale(db(), {
    category: 'CM Mugs',
    title: 'Mail mug',
    costMinor: 1_000,
    stock: 500,
  });
  tokens.admin = await accessTokenFor(ctx.app, 'admin');
});

afterAll(async () => {
  await ctx?.close();
  await sink?.close();
});

describe('the settings', () => {
  it('are the defaults until saved, then the caller’s own choice in the studio’s language', async () => {
    const ana = await creator('ana');
    expect(await ok('ana', 'GET', SETTINGS)).toEqual({
      sales: 'each',
      payouts: true,
      refunds: true,
      language: 'en',
    });
    expect(await settingsRow(ana)).toBeUndefined();

    const saved = await save('ana', { sales: 'digest', payouts: false }, 'fr');
    expect(saved).toEqual({ sales: 'digest', payouts: false, refunds: true, language: 'fr' });
    expect(await ok('ana', 'GET', SETTINGS)).toEqual(saved);
    // The digest's window starts when it is turned on; saving again on it keeps the window.
    const first = await settingsRow(ana);
    expect(first?.digestFrom).toBeInstanceOf(Date);
    await save('ana', { sales: 'digest', refunds: false }, 'es');
    expect((await settingsRow(ana))?.digestFrom).toEqual(first?.digestFrom);
    expect(await ok('ana', 'GET', SETTINGS)).toMatchObject({ refunds: false, language: 'es' });
  });

  it('refuses a bad value on its field and keeps what was saved', async () => {
    await creator('bea');
    await save('bea', { sales: 'off' });
    for (const [body, field] of [
      [{ sales: 'weekly', payouts: true, refunds: true }, 'sales'],
      [{ sales: 'each', payouts: 'yes', refunds: true }, 'payouts'],
      [{ sales: 'each', payouts: true }, 'refunds'],
    ] as const) {
      const res = await call('bea', 'PUT', SETTINGS, body);
      expect(res.statusCode, res.body).toBe(400);
      const answer = res.json<{ code: string; data: { fields: { field: string }[] } }>();
      expect(answer.code).toBe(ErrorCode.VALIDATION_FAILED);
      expect(answer.data.fields.map((f) => f.field)).toEqual([field]);
    }
    expect(await ok('bea', 'GET', SETTINGS)).toMatchObject({ sales: 'off', payouts: true, refunds: true });
  });

  it('need a sign-in, and are only ever the caller’s own', async () => {
    expect((await call(null, 'GET', SETTINGS)).statusCode).toBe(401);
    expect(
      (await call(null, 'PUT', SETTINGS, { sales: 'off', payouts: true, refunds: true })).statusCode,
    ).toBe(401);
    const cal = await creator('cal');
    const dee = await creator('dee');
    await save('cal', { sales: 'off', payouts: false, refunds: false }, 'pt');
    // Another creator's id in the query or the body changes nothing of theirs.
    await ok('dee', 'PUT', `${SETTINGS}?userId=${cal.userId}`, {
      sales: 'digest',
      payouts: true,
      refunds: true,
      userId: String(cal.userId),
    });
    expect(await ok('dee', 'GET', `${SETTINGS}?userId=${cal.userId}`)).toMatchObject({ sales: 'digest' });
    expect(await ok('cal', 'GET', SETTINGS)).toEqual({
      sales: 'off',
      payouts: false,
      refunds: false,
      language: 'pt',
    });
    expect((await settingsRow(dee))?.sales).toBe('digest');
  });
});

describe('sale mails', () => {
  it('mail a creator on "each" once per paid order, in their language; none on "off" or (yet) on "digest"', async () => {
    const eve = await creator('eve');
    const fay = await creator('fay');
    const gil = await creator('gil');
    await save('eve', { sales: 'each' }, 'fr');
    await save('fay', { sales: 'off' });
    await save('gil', { sales: 'digest' });
    const orderNo = await buyerPays(eve);
    await buyerPays(fay);
    await buyerPays(gil);
    await flush();

    const [mail, ...more] = mailsTo(eve);
    expect(more).toEqual([]);
    const order = await orderRow(orderNo);
    expect(mail?.subject).toBe(`Nouvelle vente chez Shop eve : commande ${orderNo}`);
    expect(mail?.text).toContain(formatMoney(order.profitMinor, order.currencyCode, 'fr'));
    expect(mail?.text).toContain(formatMoney(order.totalMinor, order.currencyCode, 'fr'));
    expect(mail?.text).toContain(`${ctx.config.publicUrl}/#/order?open=${orderNo}`);
    expect(mail?.text).toContain(`${ctx.config.publicUrl}/#/shop?focus=mails`);
    expect(mailsTo(fay)).toEqual([]);
    expect(mailsTo(gil)).toEqual([]);

    // The same capture answered again pays nothing more, and mails nothing more.
    await flush();
    expect(mailsTo(eve)).toHaveLength(1);
  });

  it('go to a creator who never saved, in English (the defaults)', async () => {
    const hal = await creator('hal');
    const orderNo = await buyerPays(hal);
    await flush();
    expect(mailsTo(hal).map((m) => m.subject)).toEqual([`New sale at Shop hal: order ${orderNo}`]);
  });
});

describe('the daily digest', () => {
  it('mails the orders paid since it was turned on, once even when two runs race; then not again for a day', async () => {
    const ivy = await creator('ivy');
    await save('ivy', { sales: 'digest' }, 'es');
    const first = await buyerPays(ivy);
    const second = await buyerPays(ivy);
    await flush();
    expect(mailsTo(ivy)).toEqual([]);

    // The run's window ends a few minutes before it (orders committing then are in the next one).
    const run = new Date(Date.now() + DIGEST_SETTLE_MS + MINUTE);
    const before = sink.messages.length;
    const counts = await Promise.all([
      ctx.app.creatorMails.runDigests(run),
      ctx.app.creatorMails.runDigests(run),
    ]);
    await flush();
    // Every digest queued was sent once (other creators on the digest with orders get theirs too).
    expect(sink.messages.length - before).toBe(counts.reduce((a, b) => a + b, 0));
    const [digest, ...more] = mailsTo(ivy);
    expect(more).toEqual([]);
    expect(digest?.subject).toContain('Tus ventas en Shop ivy: 2 pagados');
    expect(digest?.text).toContain(first);
    expect(digest?.text).toContain(second);
    const profit = (await orderRow(first)).profitMinor + (await orderRow(second)).profitMinor;
    expect(digest?.text).toContain(`Tu beneficio con estos pedidos: ${formatMoney(profit, 'USD', 'es')}`);
    expect((await settingsRow(ivy))?.lastDigestAt).toEqual(run);

    // Within the day: not due.
    expect(await ctx.app.creatorMails.runDigests(new Date(run.getTime() + DIGEST_EVERY_MS - MINUTE))).toBe(0);
    // A day later with nothing paid: no mail, but the mark moves on.
    const dayLater = new Date(run.getTime() + DIGEST_EVERY_MS);
    expect(await ctx.app.creatorMails.runDigests(dayLater)).toBe(0);
    await flush();
    expect(mailsTo(ivy)).toHaveLength(1);
    expect((await settingsRow(ivy))?.lastDigestAt).toEqual(dayLater);

    // An order paid in the next window is in the next digest, the earlier ones are not.
    const third = await buyerPays(ivy);
    await flush();
    await db()
      .update(orders)
      .set({ paidAt: new Date(dayLater.getTime() + 60 * MINUTE) })
      .where(eq(orders.orderNo, third));
    expect(await ctx.app.creatorMails.runDigests(new Date(dayLater.getTime() + DIGEST_EVERY_MS))).toBe(1);
    await flush();
    const next = mailsTo(ivy)[1];
    expect(next?.text).toContain(third);
    expect(next?.text).not.toContain(first);
    expect(mailsTo(ivy)).toHaveLength(2);
  });

  it('leaves out creators not on the digest, and runs as the hourly job', async () => {
    const jon = await creator('jon');
    await save('jon', { sales: 'off' });
    const kay = await creator('kay');
    await save('kay', { sales: 'digest' });
    await buyerPays(jon);
    const orderNo = await buyerPays(kay);
    await flush();
    const at = new Date(Date.now() + 2 * 60 * MINUTE);
    const ran = await ctx.app.jobs.runNow('creator-mail-digest', at);
    expect((await ran?.done)?.outcome).toBe('success');
    await flush();
    expect(mailsTo(jon)).toEqual([]);
    expect(mailsTo(kay).map((m) => m.text.includes(orderNo))).toEqual([true]);
  });
});

describe('payout mails', () => {
  const withdraw = async (who: Creator) => {
    const res = await call(who.name, 'POST', '/payouts', { currencyCode: 'USD', requestKey: newKey() });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('tell the creator a payout was sent, unless they turned payout mails off', async () => {
    const lea = await creator('lea');
    const max = await creator('max');
    await save('max', { payouts: false });
    for (const who of [lea, max]) {
      await money.sale(who, 4_200);
      await withdraw(who);
    }
    await money.service().followPayouts(new Date());
    await flush();
    const [mail, ...more] = mailsTo(lea);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(`Your payout of ${formatMoney(4_200, 'USD', 'en')} is on its way`);
    expect(mail?.text).toContain('Shop lea');
    expect(mail?.text).toContain(`${ctx.config.publicUrl}/#/revenue`);
    expect(mailsTo(max)).toEqual([]);
  });

  it('tell the creator a payout came back, with the reason', async () => {
    const ned = await creator('ned', 'ned+unregistered@example.com');
    await money.sale(ned, 3_000);
    await withdraw(ned);
    await flush();
    const [mail, ...more] = mailsTo(ned);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(`Your payout of ${formatMoney(3_000, 'USD', 'en')} came back`);
    expect(mail?.text).toContain('RECEIVER_UNREGISTERED');
  });
});

describe('refund mails', () => {
  const refund = (orderNo: string, amountMinor: number, version: number) =>
    ok('admin', 'POST', '/system/orders/refund', { orderNo, amountMinor, reason: 'Broken', version });

  it('tell the creator what a completed refund took back, unless they turned refund mails off', async () => {
    const olga = await creator('olga');
    await save('olga', {}, 'zh-cn');
    const order = await sales.paidOrder({
      userId: olga.userId,
      shopId: olga.shopId,
      totalMinor: 2_000,
      profitMinor: 800,
    });
    await refund(order.orderNo, 500, 0);
    await flush();
    const [mail, ...more] = mailsTo(olga);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(`Shop olga 的订单 ${order.orderNo} 已退款`);
    expect(mail?.text).toContain(formatMoney(500, 'USD', 'zh-cn'));
    expect(mail?.text).toContain(formatMoney(200, 'USD', 'zh-cn'));
    expect(mail?.text).toContain(`/#/order?open=${order.orderNo}`);

    await save('olga', { refunds: false }, 'zh-cn');
    await refund(order.orderNo, 500, 1);
    await flush();
    expect(mailsTo(olga)).toHaveLength(1);
  });
});

describe('the mails', () => {
  const links = studioLinks('https://linkstore.example');

  it('are written in every language, with every placeholder filled', () => {
    const order = { orderNo: 'LS1', totalMinor: 2_599, profitMinor: 1_000, currencyCode: 'USD' };
    for (const lang of LANGUAGES) {
      const mails = [
        composeSale('c@example.com', { lang, shopName: 'Mugs', ...order }, links),
        composeDigest('c@example.com', { lang, shopName: 'Mugs', since: 'Nov 20', orders: [order] }, links),
        composePayout(
          'c@example.com',
          {
            lang,
            shopName: 'Mugs',
            kind: 'sent',
            payoutId: 7,
            amountMinor: 5_000,
            currencyCode: 'USD',
            reason: null,
          },
          links,
        ),
        composePayout(
          'c@example.com',
          {
            lang,
            shopName: 'Mugs',
            kind: 'returned',
            payoutId: 7,
            amountMinor: 5_000,
            currencyCode: 'USD',
            reason: 'UNCLAIMED',
          },
          links,
        ),
        composeRefund(
          'c@example.com',
          {
            lang,
            shopName: 'Mugs',
            orderNo: 'LS1',
            amountMinor: 500,
            profitReversedMinor: 200,
            currencyCode: 'USD',
          },
          links,
        ),
      ];
      for (const mail of mails) {
        expect(`${mail.subject}\n${mail.text}`, lang).not.toMatch(/\{\w+\}/);
        expect(mail.text, lang).toContain('https://linkstore.example/#/shop?focus=mails');
      }
    }
  });

  it('list at most DIGEST_MAX_LINES orders in a digest and count the rest', () => {
    const many = Array.from({ length: DIGEST_MAX_LINES + 3 }, (_, i) => ({
      orderNo: `LS${i}`,
      totalMinor: 1_000,
      profitMinor: 100,
      currencyCode: 'USD',
    }));
    const mail = composeDigest(
      'c@example.com',
      { lang: 'en', shopName: 'Mugs', since: 'x', orders: many },
      links,
    );
    expect(mail.text).toContain(`LS${DIGEST_MAX_LINES - 1}:`);
    expect(mail.text).not.toContain(`LS${DIGEST_MAX_LINES}:`);
    expect(mail.text).toContain('…and 3 more in your studio.');
    expect(mail.text).toContain(
      `Your profit from these orders: ${formatMoney(100 * many.length, 'USD', 'en')}`,
    );
  });

  it('are not sent to a creator without an address', async () => {
    const pam = await creator('pam');
    await db().update(users).set({ email: null }).where(eq(users.id, pam.userId));
    await buyerPays(pam);
    await flush();
    expect(mailsTo(pam)).toEqual([]);
  });
});
