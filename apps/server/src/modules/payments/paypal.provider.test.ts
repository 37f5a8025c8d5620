import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPayPalStandIn, type PayPalStandIn } from '../../test/paypal-stand-in';
import { decimalToMinor, minorToDecimal, PaymentProviderError } from './payment-provider';
import { PayPalProvider, readWebhookEvent } from './paypal.provider';

let stand: PayPalStandIn;

beforeAll(async () => {
  stand = await startPayPalStandIn();
});
afterAll(() => stand.close());

function provider(timeoutMs = 2_000) {
  return new PayPalProvider({
    baseUrl: stand.baseUrl,
    clientId: stand.clientId,
    clientSecret: stand.clientSecret,
    webhookId: stand.webhookId,
    timeoutMs,
    retryDelayMs: 10,
  });
}

const orderInput = (requestId: string, valueMinor = 1999) => ({
  requestId,
  amount: { currencyCode: 'USD', valueMinor },
  returnUrl: 'http://localhost/payresult',
  cancelUrl: 'http://localhost/payresult?cancel=1',
  reference: `LS-${requestId}`,
  language: 'en' as const,
});

describe('PayPalProvider against the stand-in', () => {
  it('creates, is approved, captures the full amount, with one token for all calls', async () => {
    const paypal = provider();
    const tokensBefore = stand.calls.token;
    const created = await paypal.createOrder(orderInput('flow-1'));
    expect(created.approveUrl).toContain(created.providerOrderId);
    expect(await paypal.getOrder(created.providerOrderId)).toMatchObject({
      status: 'CREATED',
      amount: { currencyCode: 'USD', valueMinor: 1999 },
      reference: 'LS-flow-1',
    });

    stand.approve(created.providerOrderId);
    const capture = await paypal.captureOrder({
      providerOrderId: created.providerOrderId,
      requestId: 'cap-flow-1',
    });

    expect(capture).toMatchObject({ status: 'COMPLETED', capturedMinor: 1999, currencyCode: 'USD' });
    expect(capture.captureId).toMatch(/^CAP/);
    expect(await paypal.getOrder(created.providerOrderId)).toMatchObject({ status: 'COMPLETED', capture });
    expect(stand.calls.token - tokensBefore).toBe(1);
  });

  it('retries a 5xx with the same request id and gets one order', async () => {
    const paypal = provider();
    const ordersBefore = stand.orders.size;
    const callsBefore = stand.calls.create;
    stand.failOnce('create', 503);
    const created = await paypal.createOrder(orderInput('retry-1'));
    const again = await paypal.createOrder(orderInput('retry-1'));
    expect(again.providerOrderId).toBe(created.providerOrderId);
    expect(stand.calls.create - callsBefore).toBe(3); // the 503, its retry, the repeat
    expect(stand.orders.size - ordersBefore).toBe(1);
  });

  it('does not capture twice when the capture answer comes after the timeout', async () => {
    const paypal = provider(800);
    const { providerOrderId } = await paypal.createOrder(orderInput('late-1', 500));
    stand.approve(providerOrderId);
    const capturesBefore = stand.capturesPerformed;
    const replaysBefore = stand.replays;
    stand.answerLateOnce('capture', 1_600);

    const capture = await paypal.captureOrder({ providerOrderId, requestId: 'cap-late-1' });

    expect(capture).toMatchObject({ status: 'COMPLETED', capturedMinor: 500 });
    expect(stand.capturesPerformed - capturesBefore).toBe(1);
    expect(stand.replays - replaysBefore).toBe(1);
  });

  it('reports PayPal errors with their issue and does not retry them', async () => {
    const paypal = provider();
    const { providerOrderId } = await paypal.createOrder(orderInput('unapproved-1'));
    const failure = await paypal
      .captureOrder({ providerOrderId, requestId: 'cap-unapproved-1' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PaymentProviderError);
    expect(failure).toMatchObject({ status: 422, code: 'UNPROCESSABLE_ENTITY', retryable: false });
    expect((failure as PaymentProviderError).issues).toEqual(['ORDER_NOT_APPROVED']);
  });

  it('sends the lines, the breakdown and the address; an order that does not add up is never sent', async () => {
    const paypal = provider();
    const usd = (valueMinor: number) => ({ currencyCode: 'USD', valueMinor });
    const lines = (shipping: number, discount: number) => ({
      items: [
        { name: 'Hoodie', sku: 'HD-1-M-BLK', description: 'M / Black', quantity: 2, unitAmount: usd(2500) },
        { name: 'Mug', sku: '', description: '', quantity: 1, unitAmount: usd(999) },
      ],
      breakdown: { itemTotal: usd(5999), shipping: usd(shipping), taxTotal: usd(0), discount: usd(discount) },
    });
    const shipTo = {
      fullName: 'Ana Gómez',
      line1: 'Calle 1',
      city: 'Madrid',
      postalCode: '28001',
      countryCode: 'ES',
    };
    const { providerOrderId } = await paypal.createOrder({
      ...orderInput('lines-1', 5999 + 495 - 600),
      lines: lines(495, 600),
      shipTo,
    });
    expect(stand.orders.get(providerOrderId)).toMatchObject({
      amount: { currency_code: 'USD', value: '58.94' },
      breakdown: { item_total: { value: '59.99' }, shipping: { value: '4.95' }, discount: { value: '6.00' } },
      items: [
        { name: 'Hoodie', sku: 'HD-1-M-BLK', description: 'M / Black', quantity: '2' },
        { name: 'Mug', quantity: '1', unit_amount: { value: '9.99' } },
      ],
      shipping: { name: { full_name: 'Ana Gómez' }, address: { admin_area_2: 'Madrid', country_code: 'ES' } },
      shippingPreference: 'SET_PROVIDED_ADDRESS',
    });

    const before = stand.calls.create;
    for (const [amount, sent, issue] of [
      [5999, lines(495, 0), 'AMOUNT_MISMATCH'],
      [
        5000,
        { ...lines(0, 0), breakdown: { ...lines(0, 0).breakdown, itemTotal: usd(5000) } },
        'ITEM_TOTAL_MISMATCH',
      ],
      [
        5999,
        {
          ...lines(0, 0),
          breakdown: { ...lines(0, 0).breakdown, shipping: { currencyCode: 'EUR', valueMinor: 0 } },
        },
        'CURRENCY_MISMATCH',
      ],
    ] as const) {
      const failure = await paypal
        .createOrder({ ...orderInput(`bad-${issue}`, amount), lines: sent })
        .catch((error: unknown) => error);
      expect(failure).toMatchObject({ code: 'UNPROCESSABLE_ENTITY', retryable: false, issues: [issue] });
    }
    expect(stand.calls.create).toBe(before);
  });

  it('the stand-in refuses what PayPal refuses: totals that do not add up, items without a total, no address to ship to', async () => {
    const token = await fetch(`${stand.baseUrl}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${stand.clientId}:${stand.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    }).then((res) => res.json() as Promise<{ access_token: string }>);
    const money = (value: string) => ({ currency_code: 'USD', value });
    const item = { name: 'Mug', quantity: '2', unit_amount: money('5.00') };
    const create = (unit: object, preference = 'NO_SHIPPING') =>
      fetch(`${stand.baseUrl}/v2/checkout/orders`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          intent: 'CAPTURE',
          purchase_units: [unit],
          payment_source: { paypal: { experience_context: { shipping_preference: preference } } },
        }),
      }).then(async (res) => ({
        status: res.status,
        issue: ((await res.json()) as { details?: { issue: string }[] }).details?.[0]?.issue,
      }));

    expect(
      await create({
        amount: { ...money('10.00'), breakdown: { item_total: money('10.00') } },
        items: [item],
      }),
    ).toEqual({ status: 201, issue: undefined });
    expect(
      await create({
        amount: { ...money('10.00'), breakdown: { item_total: money('9.00') } },
        items: [item],
      }),
    ).toEqual({ status: 422, issue: 'ITEM_TOTAL_MISMATCH' });
    expect(
      await create({
        amount: { ...money('12.00'), breakdown: { item_total: money('10.00'), shipping: money('1.00') } },
        items: [item],
      }),
    ).toEqual({ status: 422, issue: 'AMOUNT_MISMATCH' });
    expect(await create({ amount: money('10.00'), items: [item] })).toEqual({
      status: 422,
      issue: 'ITEM_TOTAL_REQUIRED',
    });
    expect(await create({ amount: money('10.00') }, 'SET_PROVIDED_ADDRESS')).toEqual({
      status: 422,
      issue: 'MISSING_SHIPPING_ADDRESS',
    });
  });

  it('verifies a signed webhook and refuses a tampered body', async () => {
    const paypal = provider();
    const rawBody = JSON.stringify({
      id: 'WH-EVENT-1',
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      resource: { id: 'CAP1', amount: { currency_code: 'USD', value: '19.99' } },
    });
    const headers = stand.signWebhook(rawBody);

    expect(await paypal.verifyWebhook({ headers, rawBody })).toEqual({
      verified: true,
      event: { id: 'WH-EVENT-1', eventType: 'PAYMENT.CAPTURE.COMPLETED', resource: expect.any(Object) },
    });
    const tampered = rawBody.replace('19.99', '99.99');
    expect(await paypal.verifyWebhook({ headers, rawBody: tampered })).toEqual({ verified: false });
    expect(await paypal.verifyWebhook({ headers: {}, rawBody })).toEqual({ verified: false });
  });
});

describe('amounts in minor units', () => {
  it('formats by the currency’s digits', () => {
    expect(minorToDecimal({ currencyCode: 'USD', valueMinor: 1999 })).toBe('19.99');
    expect(minorToDecimal({ currencyCode: 'USD', valueMinor: 5 })).toBe('0.05');
    expect(minorToDecimal({ currencyCode: 'JPY', valueMinor: 500 })).toBe('500');
    expect(minorToDecimal({ currencyCode: 'KWD', valueMinor: 1500 })).toBe('1.500');
    expect(() => minorToDecimal({ currencyCode: 'USD', valueMinor: 1.5 })).toThrow(RangeError);
  });

  it('sends forints and Taiwan dollars in whole units, as PayPal requires', () => {
    // ISO 4217 (and the countries table) count HUF in hundredths: 150000 minor is 1500 Ft.
    expect(minorToDecimal({ currencyCode: 'HUF', valueMinor: 150_000 })).toBe('1500');
    expect(minorToDecimal({ currencyCode: 'TWD', valueMinor: 9_900 })).toBe('99');
    expect(() => minorToDecimal({ currencyCode: 'HUF', valueMinor: 150_050 })).toThrow(RangeError);
    expect(decimalToMinor('1500', 'HUF')).toBe(150_000);
  });

  it('parses without floating point', () => {
    expect(decimalToMinor('19.99', 'USD')).toBe(1999);
    expect(decimalToMinor('0.1', 'USD')).toBe(10);
    expect(decimalToMinor('500', 'JPY')).toBe(500);
    expect(decimalToMinor('1.5', 'KWD')).toBe(1500);
    expect(() => decimalToMinor('1.5', 'JPY')).toThrow(RangeError);
    expect(() => decimalToMinor('1.999', 'USD')).toThrow(RangeError);
  });
});

describe('readWebhookEvent', () => {
  const captured = (resource: object) =>
    readWebhookEvent({ id: 'WH-1', eventType: 'PAYMENT.CAPTURE.COMPLETED', resource });
  const resource = {
    id: 'CAP1',
    status: 'COMPLETED',
    amount: { currency_code: 'USD', value: '12.30' },
    supplementary_data: { related_ids: { order_id: 'ORDER1' } },
  };

  it('reads a completed capture with its order id, in minor units', () => {
    expect(captured(resource)).toEqual({
      kind: 'captured',
      providerOrderId: 'ORDER1',
      capture: { status: 'COMPLETED', captureId: 'CAP1', capturedMinor: 1230, currencyCode: 'USD' },
    });
    expect(
      readWebhookEvent({ id: 'WH-2', eventType: 'CHECKOUT.ORDER.APPROVED', resource: { id: 'O2' } }),
    ).toEqual({ kind: 'approved', providerOrderId: 'O2' });
  });

  it('ignores other events and captures it cannot read', () => {
    expect(readWebhookEvent({ id: 'WH-3', eventType: 'PAYMENT.CAPTURE.REFUNDED', resource })).toEqual({
      kind: 'ignored',
    });
    expect(captured({ ...resource, supplementary_data: {} })).toEqual({ kind: 'ignored' });
    expect(captured({ ...resource, status: 'PENDING' })).toEqual({ kind: 'ignored' });
    expect(captured({ ...resource, amount: { currency_code: 'USD', value: '1.234' } })).toEqual({
      kind: 'ignored',
    });
  });
});

describe('readWebhookEvent for refunds', () => {
  const refund = {
    id: 'RF1',
    status: 'COMPLETED',
    amount: { currency_code: 'JPY', value: '500' },
    custom_id: '42',
    links: [
      { rel: 'self', href: 'https://api-m.paypal.com/v2/payments/refunds/RF1' },
      { rel: 'up', href: 'https://api-m.paypal.com/v2/payments/captures/CAP%2F9' },
    ],
  };

  it('reads a refund or a reversal: its id, amount in minor units, our id and the capture of its up link', () => {
    for (const eventType of ['PAYMENT.CAPTURE.REFUNDED', 'PAYMENT.CAPTURE.REVERSED']) {
      expect(readWebhookEvent({ id: 'WH-R', eventType, resource: refund })).toEqual({
        kind: 'refund',
        eventType,
        refund: {
          providerRefundId: 'RF1',
          status: 'COMPLETED',
          amount: { currencyCode: 'JPY', valueMinor: 500 },
          customId: '42',
          captureId: 'CAP/9',
        },
      });
    }
  });

  it('ignores a refund without its capture, an amount it cannot read, or nothing refunded', () => {
    const read = (resource: object) =>
      readWebhookEvent({ id: 'WH-R', eventType: 'PAYMENT.CAPTURE.REFUNDED', resource });
    expect(read({ ...refund, links: [] })).toEqual({ kind: 'ignored' });
    expect(read({ ...refund, amount: { currency_code: 'JPY', value: '5.5' } })).toEqual({ kind: 'ignored' });
    expect(read({ ...refund, amount: { currency_code: 'JPY', value: '0' } })).toEqual({ kind: 'ignored' });
    expect(read({ ...refund, id: undefined })).toEqual({ kind: 'ignored' });
  });
});

describe('PayPal Payouts against the stand-in', () => {
  const payoutInput = (senderBatchId: string) => ({
    senderBatchId,
    amount: { currencyCode: 'USD', valueMinor: 1234 },
    receiver: { payerId: 'PAYERX1', email: 'x@example.com' },
    note: 'test',
  });

  it('an answer after the timeout: the retry with the same request id gets the same batch', async () => {
    const paypal = provider(800);
    const before = stand.payouts.size;
    stand.answerLateOnce('payout', 1_600);
    const batch = await paypal.sendPayout(payoutInput('LSP-late-1'));
    expect(batch).toMatchObject({ batchStatus: 'PENDING', senderBatchId: 'LSP-late-1' });
    expect(stand.payouts.size - before).toBe(1);
    expect(stand.payoutBySender('LSP-late-1')).toMatchObject({
      recipientType: 'PAYPAL_ID',
      receiver: 'PAYERX1',
      amount: { currency: 'USD', value: '12.34' },
    });
  });

  it('reads the batch and the item; a reused sender_batch_id is refused with a link to the first', async () => {
    const paypal = provider();
    const sent = await paypal.sendPayout(payoutInput('LSP-dup-1'));
    const stored = stand.payoutBySender('LSP-dup-1');
    stand.setPayoutItemStatus(stored?.itemId ?? '', 'UNCLAIMED');
    expect(await paypal.getPayoutBatch(sent.payoutBatchId)).toMatchObject({
      item: { payoutItemId: stored?.itemId, transactionStatus: 'UNCLAIMED', errorName: 'RECEIVER_UNCLAIMED' },
    });
    expect(await paypal.getPayoutItem(stored?.itemId ?? '')).toMatchObject({
      transactionStatus: 'UNCLAIMED',
    });

    stand.forgetRequestIds();
    const error = await paypal.sendPayout(payoutInput('LSP-dup-1')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect(error).toMatchObject({ status: 400, code: 'USER_BUSINESS_ERROR', retryable: false });
    expect((error as PaymentProviderError).links[0]?.href).toContain(
      `/v1/payments/payouts/${sent.payoutBatchId}`,
    );
  });

  it('reads payout item events; batch events are ignored', () => {
    const resource = { payout_item_id: 'PI1', payout_batch_id: 'PB1', transaction_status: 'SUCCESS' };
    expect(readWebhookEvent({ id: 'WH-1', eventType: 'PAYMENT.PAYOUTS-ITEM.RETURNED', resource })).toEqual({
      kind: 'payoutItem',
      item: {
        payoutItemId: 'PI1',
        payoutBatchId: 'PB1',
        transactionStatus: 'RETURNED',
        errorName: undefined,
      },
      senderBatchId: undefined,
    });
    expect(readWebhookEvent({ id: 'WH-2', eventType: 'PAYMENT.PAYOUTSBATCH.SUCCESS', resource })).toEqual({
      kind: 'ignored',
    });
    expect(
      readWebhookEvent({ id: 'WH-3', eventType: 'PAYMENT.PAYOUTS-ITEM.SUCCEEDED', resource: {} }),
    ).toEqual({
      kind: 'ignored',
    });
  });
});
