import { ErrorCode, type TBuyerOrder, type TCancelOrderAnswer } from '@linkstore/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, waitFor, type SmtpSink } from '../../platform/mail/mail-testing';
import { apiCalls } from '../../test/api-calls';
import { addProductOnSale } from '../../test/catalog-kit';
import { createTestApp, type TestContext } from '../../test/helper';
import { refundsKit } from '../../test/refunds-kit';
import { accessTokenFor, createUser, operatorWith } from '../../test/users';
import { productVariants } from '../catalog/catalog.table';
import { orders } from './orders.table';

/*
 * What a buyer can do from the order page before fulfilment starts (decision 0058): cancel (a full
 * refund with the refund machinery, the stock back, the creator's profit reversed, mails) or change
 * the address within its country and region; and the operator's "in production" that ends both.
 */

let ctx: TestContext;
let sink: SmtpSink;
const tokens: Record<string, string> = {};
let owner = { userId: 0, shopId: 0 };
let product = 0;
const kit = refundsKit(() => ctx, 'selfserv');
const { call, ok } = apiCalls(() => ctx.app, tokens);
const db = () => ctx.database.db;
let sequence = 0;

const ADDRESS = {
  name: 'Bea Buyer',
  line1: '1 Main St',
  city: 'Austin',
  region: 'TX',
  postalCode: '73301',
  countryCode: 'US',
};

/** A paid order of 2 mugs (total 2500, profit 900) with its page's token. */
async function paidOrder(email = `self-${++sequence}@example.com`) {
  const paid = await kit.paidOrder({
    userId: owner.userId,
    shopId: owner.shopId,
    totalMinor: 2500,
    profitMinor: 900,
    buyerEmail: email,
    item: { productId: product, quantity: 2 },
  });
  await db().update(orders).set({ shippingAddress: ADDRESS }).where(eq(orders.id, paid.orderId));
  const token = ctx.app.orderLinks.links.sign(paid.orderId);
  return { ...paid, email, token };
}

const page = (token: string) => ok<TBuyerOrder>(null, 'GET', `/public/orders/by-link/${token}`);
const cancel = (token: string, lang?: string) =>
  call(null, 'POST', `/public/orders/by-link/${token}/cancel`, undefined, lang);
const changeAddress = (token: string, address: unknown, lang?: string) =>
  call(null, 'POST', `/public/orders/by-link/${token}/address`, { address }, lang);
const ship = (orderNo: string, version: number) =>
  call('shipper', 'POST', '/system/orders/ship', {
    items: [{ orderNo, version, carrier: 'usps', trackingNo: '9400111899223817576543' }],
  });
const production = (orderNo: string, version: number, as = 'shipper') =>
  call(as, 'POST', '/system/orders/production', { orderNo, version });
const fieldsOf = (res: { json: <T>() => T }) =>
  res
    .json<{ data: { fields: { field: string }[] } }>()
    .data.fields.map((f) => f.field)
    .sort();
const stock = async () =>
  (await db().select().from(productVariants).where(eq(productVariants.productId, product)))[0]?.stock;
const mailsTo = (email: string, count: number) =>
  waitFor(async () => {
    await ctx.app.jobs.runDue();
    const found = sink.messages.filter((m) => m.to.includes(email));
    return found.length >= count ? found : undefined;
  });

beforeAll(async () => {
  sink = await startSmtpSink();
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false', SMTP_URL: sink.url } });
  const userId = await createUser(db(), { username: 'self-owner', password: 'Self-owner-pw-1' });
  tokens.owner = await accessTokenFor(ctx.app, 'self-owner', 'Self-owner-pw-1');
  tokens.shipper = await operatorWith(ctx, 'self-shipper', ['sys:order:ship', 'sys:order:query']);
  tokens.reader = await operatorWith(ctx, 'self-reader', ['sys:order:query']);
  const shop = await ok<{ id: string }>('owner', 'POST', '/shop', { name: 'Self Mugs', slug: 'self-mugs' });
  owner = { userId, shopId: Number(shop.id) };
  product = await addProductOnSale(db(), {
    category: 'Self cups',
    title: 'Red mug',
    costMinor: 800,
    stock: 10,
  });
});

afterAll(async () => {
  await ctx?.close();
  await sink?.close();
});

describe('cancelling from the order page', () => {
  it('refunds everything, returns the stock, reverses the profit, mails the buyer; never ships after', async () => {
    const order = await paidOrder('cancel-me@example.com');
    expect((await page(order.token)).can).toEqual({ cancel: true, changeAddress: true });
    const before = await stock();

    const res = await cancel(order.token);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: TCancelOrderAnswer }>().data).toEqual({ refundMinor: 2500, currencyCode: 'USD' });

    const [refund] = await kit.refundsOf(order.orderId);
    expect(refund).toMatchObject({ source: 'buyer', status: 'completed', amountMinor: 2500, restock: true });
    expect(refund?.requestedBy).toBeNull();
    // The console's read model names the buyer as the refund's source.
    const detail = await ok<{ refunds: { source: string }[]; cancelledAt: string | null }>(
      'shipper',
      'GET',
      `/system/orders/${order.orderNo}`,
    );
    expect(detail.refunds.map((r) => r.source)).toEqual(['buyer']);
    expect(detail.cancelledAt).not.toBeNull();
    expect((await kit.reversalsOf(order.orderId)).map((r) => r.amountMinor)).toEqual([-900]);
    expect(await stock()).toBe((before ?? 0) + 2);
    const shown = await page(order.token);
    expect(shown.stage).toBe('cancelled');
    expect(shown.can).toEqual({ cancel: false, changeAddress: false });
    // The kit's orders were paid long ago: the steps after payment are the cancellation and its refund.
    expect(shown.steps.map((s) => s.kind).slice(-2)).toEqual(['cancelled', 'refunded']);
    expect(await kit.eventsOf(order.orderId)).toEqual(['refund_requested', 'cancelled', 'refunded']);

    const mails = await mailsTo('cancel-me@example.com', 2);
    const subjects = mails.map((m) => m.subject).sort();
    expect(subjects).toEqual([
      `Refund for your order ${order.orderNo} from Self Mugs`,
      `Your order ${order.orderNo} from Self Mugs is cancelled`,
    ]);
    const cancelled = mails.find((m) => m.subject.includes('cancelled'));
    expect(cancelled?.text).toContain('$25.00');
    // With its HTML alternative, made from the same text (decision 0062).
    expect(cancelled?.raw).toMatch(/content-type: text\/html/i);
    expect(cancelled?.raw).toMatch(/content-type: text\/plain/i);

    // Cancelled: a second cancel and a shipment are refused, and it left the shipping queue.
    const again = await cancel(order.token, 'es');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: ErrorCode.ORDER_NOT_CHANGEABLE });
    expect(again.json<{ msg: string }>().msg).toContain('ya se canceló');
    const version = (await kit.orderOf(order.orderId))?.version ?? 0;
    const shipped = await ship(order.orderNo, version);
    expect(shipped.statusCode).toBe(409);
    expect(shipped.json()).toMatchObject({ code: ErrorCode.ORDER_NOT_SHIPPABLE });
    expect(JSON.stringify(shipped.json())).toContain('cancelled by its buyer');
    expect((await kit.orderOf(order.orderId))?.status).toBe(1);
  });

  it('after a partial refund, refunds what is left and reverses the rest of the profit', async () => {
    const order = await paidOrder();
    tokens.refunder = tokens.refunder ?? (await operatorWith(ctx, 'self-refunder', ['sys:order:refund']));
    await ok('refunder', 'POST', '/system/orders/refund', {
      orderNo: order.orderNo,
      amountMinor: 500,
      reason: 'Late',
      version: 0,
    });
    const answer = await ok<TCancelOrderAnswer>(null, 'POST', `/public/orders/by-link/${order.token}/cancel`);
    expect(answer.refundMinor).toBe(2000);
    expect((await kit.reversalsOf(order.orderId)).map((r) => r.amountMinor)).toEqual([-180, -720]);
    expect((await kit.paymentOf(order.orderId))?.refundedMinor).toBe(2500);
  });

  it('is refused once the order is in production, shipped, unpaid, or the link is not valid', async () => {
    const inProduction = await paidOrder();
    expect((await production(inProduction.orderNo, 0)).json()).toMatchObject({ data: { version: 1 } });
    const refused = await cancel(inProduction.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ msg: string }>().msg).toContain('already being prepared');
    expect(await kit.refundsOf(inProduction.orderId)).toEqual([]);
    const shownInProduction = await page(inProduction.token);
    expect(shownInProduction.stage).toBe('in_production');
    expect(shownInProduction.can).toEqual({ cancel: false, changeAddress: false });

    const shipped = await paidOrder();
    expect((await ship(shipped.orderNo, 0)).statusCode).toBe(200);
    expect((await cancel(shipped.token)).json<{ msg: string }>().msg).toContain('already shipped');

    const unpaid = await kit.paidOrder({
      userId: owner.userId,
      shopId: owner.shopId,
      totalMinor: 900,
      profitMinor: 100,
      status: 0,
    });
    const unpaidToken = ctx.app.orderLinks.links.sign(unpaid.orderId);
    expect((await cancel(unpaidToken)).json()).toMatchObject({ code: ErrorCode.ORDER_NOT_CHANGEABLE });

    const tampered = `${shipped.token.slice(0, -2)}${shipped.token.endsWith('AA') ? 'AB' : 'AA'}`;
    const invalid = await cancel(tampered);
    expect(invalid.statusCode).toBe(404);
    expect(invalid.json()).toMatchObject({ code: ErrorCode.ORDER_LINK_INVALID });
  });

  it('racing the operator’s shipment twenty times: exactly one of them wins, the other is told why', async () => {
    const outcomes = { cancelled: 0, shipped: 0 };
    for (let round = 0; round < 20; round += 1) {
      const order = await paidOrder();
      // Half the rounds ask for the shipment first, half for the cancellation.
      const [cancelled, shipped] =
        round % 2 === 0
          ? await Promise.all([cancel(order.token), ship(order.orderNo, 0)])
          : await Promise.all([ship(order.orderNo, 0), cancel(order.token)]).then(
              ([s, c]) => [c, s] as const,
            );
      const row = await kit.orderOf(order.orderId);
      const refunds = await kit.refundsOf(order.orderId);
      if (cancelled.statusCode === 200) {
        outcomes.cancelled += 1;
        expect(shipped.statusCode).toBe(409);
        expect([ErrorCode.ORDER_STALE, ErrorCode.ORDER_NOT_SHIPPABLE]).toContain(
          shipped.json<{ code: string }>().code,
        );
        expect(row).toMatchObject({ status: 1, shippedAt: null });
        expect(row?.cancelledAt).not.toBeNull();
        expect(refunds.map((r) => [r.source, r.amountMinor])).toEqual([['buyer', 2500]]);
      } else {
        outcomes.shipped += 1;
        expect(shipped.statusCode).toBe(200);
        expect(cancelled.statusCode).toBe(409);
        expect(cancelled.json()).toMatchObject({ code: ErrorCode.ORDER_NOT_CHANGEABLE });
        expect(row).toMatchObject({ status: 2, cancelledAt: null });
        expect(refunds).toEqual([]);
      }
    }
    expect(outcomes.cancelled + outcomes.shipped).toBe(20);
  });
});

describe('changing the address', () => {
  it('keeps the country and region, mails the buyer, and makes an operator’s older ship request stale', async () => {
    const order = await paidOrder('moving@example.com');
    const moved = { ...ADDRESS, line1: '99 Oak Ave', line2: 'Apt 4', postalCode: '73344', region: 'tx' };
    const res = await changeAddress(order.token, moved);
    expect(res.statusCode).toBe(200);
    const shown = res.json<{ data: TBuyerOrder }>().data;
    expect(shown.address).toMatchObject({ line1: '99 Oak Ave', line2: 'Apt 4', postalCode: '73344' });
    expect(await kit.eventsOf(order.orderId)).toEqual(['address_changed']);
    const [mail] = await mailsTo('moving@example.com', 1);
    expect(mail?.subject).toBe(`The address of your order ${order.orderNo} from Self Mugs changed`);
    expect(mail?.text).toContain('99 Oak Ave\nApt 4\n73344 Austin tx\nUS');
    // The operator opened the order before the change: their ship request names version 0.
    const stale = await ship(order.orderNo, 0);
    expect(stale.json()).toMatchObject({ code: ErrorCode.ORDER_STALE });
    expect((await kit.orderOf(order.orderId))?.status).toBe(1);
  });

  it('refuses another country or region, bad input and a fulfilled order, changing nothing', async () => {
    const order = await paidOrder();
    const country = await changeAddress(order.token, { ...ADDRESS, countryCode: 'CA', region: 'ON' }, 'fr');
    expect(country.statusCode).toBe(400);
    expect(fieldsOf(country)).toEqual(['address.countryCode']);
    expect(country.json<{ data: { fields: { message: string }[] } }>().data.fields[0]?.message).toContain(
      'Le pays et la région',
    );
    const region = await changeAddress(order.token, { ...ADDRESS, region: 'CA' });
    expect(fieldsOf(region)).toEqual(['address.region']);
    const bad = await changeAddress(order.token, { ...ADDRESS, city: '', postalCode: '<script>' });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['address.city', 'address.postalCode']);
    const row = await kit.orderOf(order.orderId);
    expect(row?.shippingAddress).toEqual(ADDRESS);
    expect(row?.version).toBe(0);

    expect((await production(order.orderNo, 0)).statusCode).toBe(200);
    const late = await changeAddress(order.token, { ...ADDRESS, line1: '2 Main St' });
    expect(late.json()).toMatchObject({ code: ErrorCode.ORDER_NOT_CHANGEABLE });
    expect((await kit.orderOf(order.orderId))?.shippingAddress).toEqual(ADDRESS);
  });
});

describe('in production', () => {
  it('needs the ship permission, the version the operator saw, and a paid order not yet started', async () => {
    const order = await paidOrder();
    expect((await production(order.orderNo, 0, 'reader')).statusCode).toBe(403);
    expect((await production(order.orderNo, 0, 'owner')).statusCode).toBe(403);
    expect((await production(order.orderNo, 7)).json()).toMatchObject({ code: ErrorCode.ORDER_STALE });
    expect((await production(order.orderNo, 0)).statusCode).toBe(200);
    const twice = await production(order.orderNo, 1);
    expect(twice.json()).toMatchObject({ code: ErrorCode.ORDER_NOT_SHIPPABLE });
    expect((await production('LS999999', 0)).statusCode).toBe(404);
    const row = await kit.orderOf(order.orderId);
    expect(row?.productionAt).not.toBeNull();
    expect(await kit.eventsOf(order.orderId)).toEqual(['in_production']);
    // It still ships.
    expect((await ship(order.orderNo, 1)).statusCode).toBe(200);
  });
});
