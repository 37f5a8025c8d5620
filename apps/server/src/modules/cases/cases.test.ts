import {
  ErrorCode,
  IMAGE_MAX_BYTES,
  type TBuyerCases,
  type TConsoleCaseDetail,
  type TConsoleCasePage,
  type TCreatorCase,
} from '@linkstore/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, waitFor, type SmtpSink } from '../../platform/mail/mail-testing';
import { apiCalls } from '../../test/api-calls';
import { addProductOnSale } from '../../test/catalog-kit';
import { createTestApp, type TestContext } from '../../test/helper';
import { refundsKit } from '../../test/refunds-kit';
import { accessTokenFor, createUser, operatorWith } from '../../test/users';
import { productVariants } from '../catalog/catalog.table';
import { ledgerEntries } from '../earnings/earnings.table';
import { files } from '../files/files.table';
import { orderItems, orders } from '../orders/orders.table';
import { payments } from '../payments/payments.table';
import { CASE_LIMIT_IP, DAY_MS } from './cases-deps';
import { orderCases } from './cases.table';

/*
 * "Report a problem" after shipping and the operators' case queue (issue 35): the buyer reports a
 * problem with a line from the order page (its signed link), operators refund, reship, decline or
 * ask; each step is mailed; the creator sees the cases of their own orders only.
 */

let ctx: TestContext;
let sink: SmtpSink;
const tokens: Record<string, string> = {};
let owner = { userId: 0, shopId: 0 };
let product = 0;
let variant = 0;
const kit = refundsKit(() => ctx, 'cases');
const { call, ok } = apiCalls(() => ctx.app, tokens);
const db = () => ctx.database.db;
let sequence = 0;
let ipSequence = 0;
/** A fresh client address per request, so the per-address limit is met only where a test means it. */
const nextIp = () => `10.77.${Math.floor(++ipSequence / 250)}.${(ipSequence % 250) + 1}`;

/**
 * A paid order of 2 "Red mug" (1250 each, platform 800: total 2500, profit 900) with its page's
 * token; shipped `shippedDaysAgo` days ago (null: not shipped) with a 5–8 day estimate.
 */
async function order(shippedDaysAgo: number | null = 10, email = `case-${++sequence}@example.com`) {
  const paid = await kit.paidOrder({
    userId: owner.userId,
    shopId: owner.shopId,
    totalMinor: 2500,
    profitMinor: 900,
    buyerEmail: email,
    lines: [
      {
        productId: product,
        variantId: variant,
        title: 'Red mug',
        quantity: 2,
        sellingUnitMinor: 1250,
        platformUnitMinor: 800,
      },
    ],
  });
  await db()
    .update(orders)
    .set({
      deliveryMinDays: 5,
      deliveryMaxDays: 8,
      shippingMethod: 'Standard',
      shippingAddress: {
        name: 'Bea Buyer',
        line1: '1 Main St',
        city: 'Austin',
        region: 'TX',
        postalCode: '73301',
        countryCode: 'US',
      },
      ...(shippedDaysAgo === null
        ? {}
        : {
            shippedAt: new Date(Date.now() - shippedDaysAgo * DAY_MS),
            carrier: 'usps',
            trackingNo: '9400111899223817576543',
          }),
    })
    .where(eq(orders.id, paid.orderId));
  const token = ctx.app.orderLinks.links.sign(paid.orderId);
  return { ...paid, email, token, itemId: String(paid.itemIds[0]) };
}

/** Photos drawn at test time: a plain PNG, and a phone's JPEG with its camera and GPS in EXIF. */
const sampleImage = {
  png: () =>
    sharp({ create: { width: 64, height: 48, channels: 3, background: '#2980b9' } })
      .png()
      .toBuffer(),
  jpegWithGps: () =>
    sharp({ create: { width: 80, height: 40, channels: 3, background: '#f1c40f' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneMaker', Model: 'Phone 9' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2400/100' },
      })
      .toBuffer(),
};

/** A multipart body of text fields and image parts (all named `photos`), as a browser's FormData. */
function multipart(
  fields: Record<string, string>,
  photos: { content: Buffer; type?: string; name?: string }[],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----linkstore-cases-${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const photo of photos) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="${photo.name ?? 'photo.png'}"\r\n` +
          `Content-Type: ${photo.type ?? 'image/png'}\r\n\r\n`,
      ),
      photo.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

interface Report {
  itemId: string;
  reason: string;
  message?: string;
  photos?: { content: Buffer; type?: string; name?: string }[];
}

/** `POST …/cases` as the buyer (multipart when there are photos, JSON without), from `ip`. */
function report(token: string, input: Report, ip = nextIp(), lang = 'en'): Promise<LightMyRequestResponse> {
  const fields = { itemId: input.itemId, reason: input.reason, message: input.message ?? 'It broke.' };
  const url = `/api/v1/public/orders/by-link/${token}/cases`;
  if (!input.photos?.length) {
    return ctx.app.inject({ method: 'POST', url, payload: fields, remoteAddress: ip, headers: { lang } });
  }
  const { payload, headers } = multipart(fields, input.photos);
  return ctx.app.inject({ method: 'POST', url, payload, remoteAddress: ip, headers: { ...headers, lang } });
}

const reported = async (token: string, input: Report) => {
  const res = await report(token, input);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: TBuyerCases }>().data;
};

const buyerView = (token: string) => ok<TBuyerCases>(null, 'GET', `/public/orders/by-link/${token}/cases`);
const codeOf = (res: LightMyRequestResponse) => res.json<{ code: string }>().code;
const fieldsOf = (res: LightMyRequestResponse) =>
  res.json<{ data: { fields: { field: string }[] } }>().data.fields.map((f) => f.field);

/** The case of an order's first line, opened with reason `damaged`; answers its id. */
async function openedCase(paid: Awaited<ReturnType<typeof order>>, photos: Report['photos'] = []) {
  const view = await reported(paid.token, { itemId: paid.itemId, reason: 'damaged', photos });
  return view.cases[0]?.id ?? '';
}

const detail = (id: string) => ok<TConsoleCaseDetail>('agent', 'GET', `/system/cases/${id}`);
const mailsTo = (email: string, count: number) =>
  waitFor(async () => {
    await ctx.app.jobs.runDue();
    const found = sink.messages.filter((m) => m.to.includes(email));
    return found.length >= count ? found : undefined;
  });
const stock = async () =>
  (await db().select().from(productVariants).where(eq(productVariants.id, variant)))[0]?.stock ?? 0;

beforeAll(async () => {
  sink = await startSmtpSink();
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false', SMTP_URL: sink.url } });
  const userId = await createUser(db(), { username: 'case-owner', password: 'Case-owner-pw-1' });
  tokens.owner = await accessTokenFor(ctx.app, 'case-owner', 'Case-owner-pw-1');
  await createUser(db(), { username: 'case-other', password: 'Case-other-pw-1' });
  tokens.other = await accessTokenFor(ctx.app, 'case-other', 'Case-other-pw-1');
  tokens.agent = await operatorWith(ctx, 'case-agent', ['sys:order:case']);
  tokens.reader = await operatorWith(ctx, 'case-reader', ['sys:order:query', 'sys:order:refund']);
  const shop = await ok<{ id: string }>('owner', 'POST', '/shop', { name: 'Case Mugs', slug: 'case-mugs' });
  owner = { userId, shopId: Number(shop.id) };
  product = await addProductOnSale(db(), {
    category: 'Case cups',
    title: 'Red mug',
    costMinor: 800,
    stock: 10,
  });
  const [row] = await db().select().from(productVariants).where(eq(productVariants.productId, product));
  variant = row?.id ?? 0;
});

afterAll(async () => {
  await ctx?.close();
  await sink?.close();
});

describe('reporting a problem from the order page', () => {
  it('only once the order shipped, and not when it was refunded in full', async () => {
    const unshipped = await order(null);
    const view = await buyerView(unshipped.token);
    expect(view).toMatchObject({ refusal: 'notShipped', notReceivedFrom: null, cases: [] });
    const refused = await report(unshipped.token, { itemId: unshipped.itemId, reason: 'damaged' });
    expect([refused.statusCode, codeOf(refused)]).toEqual([409, ErrorCode.CASE_NOT_OPENABLE]);
    expect(refused.json<{ msg: string }>().msg).toContain('not shipped yet');

    const shipped = await order(10);
    expect((await buyerView(shipped.token)).refusal).toBeNull();
    // Refunded in full meanwhile (the payment says so): no report.
    const refundedPaid = await order(10);
    await db().update(payments).set({ refundedMinor: 2500 }).where(eq(payments.id, refundedPaid.paymentId));
    expect((await buyerView(refundedPaid.token)).refusal).toBe('refunded');
    const late = await report(
      refundedPaid.token,
      { itemId: refundedPaid.itemId, reason: 'damaged' },
      nextIp(),
      'fr',
    );
    expect([late.statusCode, codeOf(late)]).toEqual([409, ErrorCode.CASE_NOT_OPENABLE]);
    expect(late.json<{ msg: string }>().msg).toBe('Cette commande a déjà été remboursée en totalité.');
    await db().update(payments).set({ refundedMinor: 0 }).where(eq(payments.id, refundedPaid.paymentId));

    // A tampered link shows nothing and opens nothing.
    const tampered = `${shipped.token.slice(0, -2)}xx`;
    const bad = await report(tampered, { itemId: shipped.itemId, reason: 'damaged' });
    expect([bad.statusCode, codeOf(bad)]).toEqual([404, ErrorCode.ORDER_LINK_INVALID]);
    expect(await db().select().from(orderCases).where(eq(orderCases.orderId, shipped.orderId))).toEqual([]);
  });

  it('takes "not received" only once the delivery estimate has passed', async () => {
    const recent = await order(3);
    const view = await buyerView(recent.token);
    // Shipped 3 days ago, at most 8 days on the way: from 5 days on.
    const from = new Date(view.notReceivedFrom ?? 0).getTime();
    expect(Math.round((from - Date.now()) / DAY_MS)).toBe(5);
    const early = await report(recent.token, { itemId: recent.itemId, reason: 'not_received' });
    expect([early.statusCode, codeOf(early)]).toEqual([409, ErrorCode.CASE_NOT_OPENABLE]);
    expect(early.json<{ msg: string }>().msg).toContain(new Date(from).toISOString().slice(0, 10));
    // Damaged can be told at once.
    expect((await reported(recent.token, { itemId: recent.itemId, reason: 'damaged' })).cases).toHaveLength(
      1,
    );

    const late = await order(9);
    const opened = await reported(late.token, { itemId: late.itemId, reason: 'not_received' });
    expect(opened.cases[0]).toMatchObject({ reason: 'not_received', status: 'new', resolution: null });
  });

  it('keeps one open case per line, names the line in the order history and mails the buyer', async () => {
    const paid = await order(10, 'one-open@example.com');
    const first = await reported(paid.token, {
      itemId: paid.itemId,
      reason: 'wrong_size',
      message: 'Too small',
    });
    expect(first.lines[0]?.openCaseId).toBe(first.cases[0]?.id);
    expect(first.cases[0]?.events).toEqual([
      expect.objectContaining({ kind: 'opened', byBuyer: true, message: 'Too small', photoCount: 0 }),
    ]);
    const again = await report(paid.token, { itemId: paid.itemId, reason: 'damaged' });
    expect([again.statusCode, codeOf(again)]).toEqual([409, ErrorCode.CASE_ALREADY_OPEN]);
    // Two at once: one case only.
    const other = await order(10);
    const both = await Promise.all([
      report(other.token, { itemId: other.itemId, reason: 'damaged' }),
      report(other.token, { itemId: other.itemId, reason: 'wrong_item' }),
    ]);
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(await db().select().from(orderCases).where(eq(orderCases.orderId, other.orderId))).toHaveLength(1);
    // A line of another order is not this link's.
    const foreign = await report(paid.token, { itemId: other.itemId, reason: 'damaged' });
    expect([foreign.statusCode, fieldsOf(foreign)]).toEqual([400, ['itemId']]);

    expect(await kit.eventsOf(paid.orderId)).toEqual(['case_opened']);
    const [mail] = await mailsTo('one-open@example.com', 1);
    expect(mail?.subject).toBe(`We received your report about your order ${paid.orderNo}`);
    expect(mail?.text).toContain('Red mug');
    expect(mail?.text).toContain('Wrong size');
    expect(mail?.text).toContain(`/s/case-mugs/order/`);
  });

  it('checks photos as uploads: at most 3, images only, not too large, re-encoded and kept private', async () => {
    const paid = await order(10);
    const notImage = await report(paid.token, {
      itemId: paid.itemId,
      reason: 'damaged',
      photos: [{ content: Buffer.from('<svg onload="alert(1)"></svg>'), type: 'image/png' }],
    });
    expect([notImage.statusCode, fieldsOf(notImage)]).toEqual([415, ['photos.0']]);
    const big = Buffer.concat([await sampleImage.png(), Buffer.alloc(IMAGE_MAX_BYTES)]);
    const tooLarge = await report(paid.token, {
      itemId: paid.itemId,
      reason: 'damaged',
      photos: [{ content: await sampleImage.png() }, { content: big }],
    });
    expect([tooLarge.statusCode, fieldsOf(tooLarge)]).toEqual([413, ['photos.1']]);
    const four = await report(paid.token, {
      itemId: paid.itemId,
      reason: 'damaged',
      photos: await Promise.all([1, 2, 3, 4].map(async () => ({ content: await sampleImage.png() }))),
    });
    expect(four.statusCode).toBe(413);
    expect(await db().select().from(orderCases).where(eq(orderCases.orderId, paid.orderId))).toEqual([]);
    expect(await db().select().from(files).where(eq(files.purpose, 'case'))).toEqual([]);

    const id = await openedCase(paid, [
      { content: await sampleImage.jpegWithGps(), type: 'image/jpeg', name: 'IMG_0001.jpg' },
      { content: await sampleImage.png() },
    ]);
    const shown = await detail(id);
    expect(shown.photoCount).toBe(2);
    const photoIds = shown.events[0]?.photoIds ?? [];
    expect(photoIds).toHaveLength(2);
    const photo = await call('agent', 'GET', `/system/cases/${id}/photos/${photoIds[0] ?? ''}`);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    // Re-encoded: none of the phone's metadata survives.
    expect(photo.rawPayload.includes(Buffer.from('PhoneMaker'))).toBe(false);
    // Never served as a public file, and not through another case.
    const [row] = await db()
      .select()
      .from(files)
      .where(eq(files.id, photoIds[0] ?? ''));
    expect(row?.storageKey).toMatch(/^case\//);
    expect((await ctx.app.inject({ method: 'GET', url: `/files/${row?.storageKey ?? ''}` })).statusCode).toBe(
      404,
    );
    const otherId = await openedCase(await order(10));
    expect(
      (await call('agent', 'GET', `/system/cases/${otherId}/photos/${photoIds[0] ?? ''}`)).statusCode,
    ).toBe(404);
  });

  it('limits reports per client address', async () => {
    const paid = await order(10);
    const ip = '10.99.0.1';
    const answers: number[] = [];
    for (let i = 0; i < CASE_LIMIT_IP.max + 1; i += 1) {
      // An unknown line: refused without a case, yet counted.
      answers.push((await report(paid.token, { itemId: '999999999', reason: 'damaged' }, ip)).statusCode);
    }
    expect(answers.slice(0, CASE_LIMIT_IP.max).every((status) => status === 400)).toBe(true);
    const limited = await report(paid.token, { itemId: paid.itemId, reason: 'damaged' }, ip);
    expect([limited.statusCode, codeOf(limited)]).toEqual([429, ErrorCode.RATE_LIMITED]);
    // Another address is not held back.
    expect((await report(paid.token, { itemId: paid.itemId, reason: 'damaged' })).statusCode).toBe(200);
  });
});

describe('the operators’ queue', () => {
  it('needs sys:order:case for every console route', async () => {
    const id = await openedCase(await order(10));
    const routes: [string, string, unknown?][] = [
      ['GET', '/system/cases'],
      ['GET', `/system/cases/${id}`],
      ['POST', `/system/cases/${id}/refund`, { quantity: 1 }],
      ['POST', `/system/cases/${id}/reship`, { quantity: 1 }],
      ['POST', `/system/cases/${id}/decline`, { reason: 'No' }],
      ['POST', `/system/cases/${id}/ask`, { message: 'Photo?' }],
    ];
    for (const [method, url, payload] of routes) {
      const res = await call('reader', method as 'GET', url, payload);
      expect({ url, status: res.statusCode, code: codeOf(res) }).toEqual({
        url,
        status: 403,
        code: ErrorCode.FORBIDDEN,
      });
    }
    expect((await detail(id)).status).toBe('new');
  });

  it('lists open cases oldest first, filters by status, and shows the case in full', async () => {
    const paid = await order(10, 'queue@example.com');
    const id = await openedCase(paid);
    const page = await ok<TConsoleCasePage>('agent', 'GET', `/system/cases?status=new&pageSize=100`);
    const ids = page.list.map((row) => row.id);
    expect(ids).toContain(id);
    const opened = page.list.map((row) => row.openedAt);
    expect(opened).toEqual([...opened].sort());
    expect(page.list.every((row) => row.status === 'new')).toBe(true);
    const resolved = await ok<TConsoleCasePage>('agent', 'GET', '/system/cases?status=resolved');
    expect(resolved.list.map((row) => row.id)).not.toContain(id);
    const byOrder = await ok<TConsoleCasePage>('agent', 'GET', `/system/cases?orderNo=${paid.orderNo}`);
    expect(byOrder).toMatchObject({ total: 1, list: [{ id, buyerEmail: 'queue@example.com' }] });

    const shown = await detail(id);
    expect(shown).toMatchObject({
      orderNo: paid.orderNo,
      shopName: 'Case Mugs',
      title: 'Red mug',
      reason: 'damaged',
      message: 'It broke.',
      language: 'en',
      order: { status: 1, totalMinor: 2500, refundedMinor: 0, deliveryMaxDays: 8 },
      line: { itemId: paid.itemId, quantity: 2, sellingUnitMinor: 1250, refundableUnits: 2 },
      refund: null,
      reshipOrderNo: null,
    });
    expect(shown.order.shipment?.carrier).toBe('usps');
    expect((await call('agent', 'GET', '/system/cases/999999999')).statusCode).toBe(404);
  });

  it('resolves by refunding the line: the refund by lines, the profit share reversed, the buyer mailed', async () => {
    const paid = await order(10, 'refund-case@example.com');
    const id = await openedCase(paid);
    const stockBefore = await stock();
    const res = await call('agent', 'POST', `/system/cases/${id}/refund`, { quantity: 1, note: 'Sorry!' });
    expect(res.statusCode, res.body).toBe(200);
    const shown = res.json<{ data: TConsoleCaseDetail }>().data;
    expect(shown).toMatchObject({
      status: 'resolved',
      resolution: 'refund',
      resolutionNote: 'Sorry!',
      resolvedBy: 'case-agent',
      refund: { amountMinor: 1250, status: 'completed', profitReversedMinor: 450 },
      line: { refundableUnits: 1 },
    });
    const [refund] = await kit.refundsOf(paid.orderId);
    expect(refund).toMatchObject({
      source: 'operator',
      restock: false,
      amountMinor: 1250,
      status: 'completed',
    });
    expect((await kit.reversalsOf(paid.orderId)).map((entry) => entry.amountMinor)).toEqual([-450]);
    // No restock: the goods did not come back.
    expect(await stock()).toBe(stockBefore);
    expect(await kit.eventsOf(paid.orderId)).toEqual([
      'case_opened',
      'refund_requested',
      'case_resolved',
      'refunded',
    ]);
    expect(shown.events.map((event) => event.kind)).toEqual(['opened', 'refunded']);

    // Resolved: no second action.
    const again = await call('agent', 'POST', `/system/cases/${id}/decline`, { reason: 'No' });
    expect([again.statusCode, codeOf(again)]).toEqual([409, ErrorCode.CASE_STATE]);

    const mails = await mailsTo('refund-case@example.com', 3);
    const subjects = mails.map((mail) => mail.subject);
    expect(subjects).toContain(`Your report on your order ${paid.orderNo}: we are refunding you`);
    const caseMail = mails.find((mail) => mail.subject.includes('refunding you'));
    expect(caseMail?.text).toContain('$12.50');
    expect(caseMail?.text).toContain('Sorry!');
    expect(caseMail?.text).toContain('/s/case-mugs/order/');

    // The creator's read-only view: what it did to their profit.
    const cases = await ok<TCreatorCase[]>('owner', 'GET', `/cases/by-order/${paid.orderNo}`);
    expect(cases).toEqual([
      expect.objectContaining({
        id,
        resolution: 'refund',
        refund: { amountMinor: 1250, status: 'completed', profitReversedMinor: 450, currencyCode: 'USD' },
      }),
    ]);
    // The buyer sees it resolved, and the line can be reported again (a new case).
    const view = await buyerView(paid.token);
    expect(view.cases[0]).toMatchObject({ status: 'resolved', resolution: 'refund' });
    expect(view.lines[0]?.openCaseId).toBeNull();
  });

  it('resolves by reship: a zero-price order of the same variant and quantity, stock taken, ledger untouched', async () => {
    const paid = await order(10, 'reship-case@example.com');
    const id = await openedCase(paid);
    const before = await stock();
    const credits = await db().select().from(ledgerEntries);
    const shown = await ok<TConsoleCaseDetail>('agent', 'POST', `/system/cases/${id}/reship`, {
      quantity: 2,
    });
    expect(shown).toMatchObject({ status: 'resolved', resolution: 'reship' });
    const reshipNo = shown.reshipOrderNo ?? '';
    expect(reshipNo).toMatch(/^LS/);
    const [reship] = await db().select().from(orders).where(eq(orders.orderNo, reshipNo));
    expect(reship).toMatchObject({
      status: 1,
      side: 'c',
      shopId: owner.shopId,
      ownerUserId: owner.userId,
      buyerEmail: 'reship-case@example.com',
      totalMinor: 0,
      platformMinor: 0,
      profitMinor: 0,
      shippingMinor: 0,
      taxMinor: 0,
      userSource: 'reship',
      pageSource: paid.orderNo,
      deliveryMaxDays: 8,
    });
    expect(reship?.shippingAddress.city).toBe('Austin');
    const lines = await db()
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, reship?.id ?? 0))
      .orderBy(asc(orderItems.id));
    expect(lines).toEqual([
      expect.objectContaining({
        variantId: variant,
        quantity: 2,
        sellingPriceMinor: 0,
        platformPriceMinor: 0,
      }),
    ]);
    expect(await stock()).toBe(before - 2);
    // No payment, no sale credit: the ledger did not move.
    expect(await db().select().from(ledgerEntries)).toHaveLength(credits.length);
    expect(await kit.eventsOf(reship?.id ?? 0)).toEqual(['reship_placed']);
    expect(await kit.eventsOf(paid.orderId)).toEqual(['case_opened', 'case_resolved']);

    const mails = await mailsTo('reship-case@example.com', 2);
    const mail = mails.find((m) => m.subject.includes('sending it again'));
    expect(mail?.text).toContain(reshipNo);

    // Short of stock: refused, nothing changed.
    const short = await order(10);
    const shortId = await openedCase(short);
    await db().update(productVariants).set({ stock: 1 }).where(eq(productVariants.id, variant));
    const refused = await call('agent', 'POST', `/system/cases/${shortId}/reship`, { quantity: 2 });
    expect([refused.statusCode, codeOf(refused)]).toEqual([409, ErrorCode.OUT_OF_STOCK]);
    expect((await detail(shortId)).status).toBe('new');
    expect(await stock()).toBe(1);
    await db().update(productVariants).set({ stock: 10 }).where(eq(productVariants.id, variant));
    const tooMany = await call('agent', 'POST', `/system/cases/${shortId}/reship`, { quantity: 3 });
    expect([tooMany.statusCode, fieldsOf(tooMany)]).toEqual([400, ['quantity']]);
  });

  it('asks the buyer (mailed, answered from the order page) and declines with a reason (mailed)', async () => {
    const paid = await order(10, 'ask-case@example.com');
    const id = await openedCase(paid);
    // No reply before a question.
    const early = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/public/orders/by-link/${paid.token}/cases/${id}/reply`,
      payload: { message: 'Hello?' },
      remoteAddress: nextIp(),
    });
    expect([early.statusCode, codeOf(early)]).toEqual([409, ErrorCode.CASE_STATE]);

    const asked = await ok<TConsoleCaseDetail>('agent', 'POST', `/system/cases/${id}/ask`, {
      message: 'Could you send a photo of the box?',
    });
    expect(asked.status).toBe('waiting_for_buyer');
    const [question] = (await mailsTo('ask-case@example.com', 2)).filter((m) =>
      m.subject.includes('question'),
    );
    expect(question?.text).toContain('Could you send a photo of the box?');
    expect(question?.text).toContain('/s/case-mugs/order/');

    const { payload, headers } = multipart({ message: 'Here it is.' }, [
      { content: await sampleImage.png() },
    ]);
    const reply = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/public/orders/by-link/${paid.token}/cases/${id}/reply`,
      payload,
      headers,
      remoteAddress: nextIp(),
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(
      reply.json<{ data: TBuyerCases }>().data.cases[0]?.events.map((e) => [e.kind, e.photoCount]),
    ).toEqual([
      ['opened', 0],
      ['asked', 0],
      ['replied', 1],
    ]);
    // Another order's link cannot reply to this case.
    const stranger = await order(10);
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/public/orders/by-link/${stranger.token}/cases/${id}/reply`,
      payload: { message: 'Me too' },
      remoteAddress: nextIp(),
    });
    expect(foreign.statusCode).toBe(404);

    const back = await detail(id);
    expect(back.status).toBe('new');
    expect(back.events.map((e) => [e.kind, e.actor])).toEqual([
      ['opened', null],
      ['asked', 'case-agent'],
      ['replied', null],
    ]);

    const declined = await ok<TConsoleCaseDetail>('agent', 'POST', `/system/cases/${id}/decline`, {
      reason: 'The box shows no damage.',
    });
    expect(declined).toMatchObject({
      status: 'resolved',
      resolution: 'decline',
      resolutionNote: 'The box shows no damage.',
    });
    const mails = await mailsTo('ask-case@example.com', 3);
    const decline = mails.find((m) => m.subject === `Your report on your order ${paid.orderNo}`);
    expect(decline?.text).toContain('The box shows no damage.');
    // Nothing was refunded.
    expect(await kit.refundsOf(paid.orderId)).toEqual([]);
  });

  it('mails the buyer in their language', async () => {
    const paid = await order(10, 'es-case@example.com');
    await db().update(orders).set({ language: 'es' }).where(eq(orders.id, paid.orderId));
    const id = await openedCase(paid);
    await ok('agent', 'POST', `/system/cases/${id}/decline`, { reason: 'Fuera de plazo.' });
    const mails = await mailsTo('es-case@example.com', 2);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      `Hemos recibido tu aviso sobre tu pedido ${paid.orderNo}`,
      `Tu aviso sobre el pedido ${paid.orderNo}`,
    ]);
    expect(mails.every((m) => m.text.includes('?lang=es'))).toBe(true);
  });
});

describe('the creator', () => {
  it('sees the cases of their own orders only', async () => {
    const paid = await order(10);
    const id = await openedCase(paid);
    const mine = await ok<TCreatorCase[]>('owner', 'GET', `/cases/by-order/${paid.orderNo}`);
    expect(mine).toEqual([
      expect.objectContaining({ id, reason: 'damaged', status: 'new', refund: null, reshipOrderNo: null }),
    ]);
    // The buyer's words stay out of the creator's view.
    expect(JSON.stringify(mine)).not.toContain('It broke.');
    const theirs = await call('other', 'GET', `/cases/by-order/${paid.orderNo}`);
    expect([theirs.statusCode, codeOf(theirs)]).toEqual([404, ErrorCode.NOT_FOUND]);
    expect(theirs.body).not.toContain(id);
    const stored = await db()
      .select()
      .from(orderCases)
      .where(and(eq(orderCases.orderId, paid.orderId)));
    expect(stored).toHaveLength(1);
  });
});
