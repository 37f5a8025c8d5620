import { ErrorCode } from '@linkstore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helper';
import { payPalEnv, type PayPalStandIn, startPayPalStandIn } from '../../test/paypal-stand-in';
import { PAYPAL_WEBHOOK_PATH } from './checkout.routes';
import { WEBHOOK_LIMIT } from './checkout.service';

/**
 * The PayPal webhook is public and each delivery costs an outbound verification request: an
 * address past WEBHOOK_LIMIT is answered 429 A0502 before that request is made.
 */
let ctx: TestContext;
let stand: PayPalStandIn;

beforeAll(async () => {
  stand = await startPayPalStandIn();
  ctx = await createTestApp({ env: { ...payPalEnv(stand), PUBLIC_URL: 'https://shop.example' } });
});
afterAll(async () => {
  await ctx.close();
  await stand.close();
});

/** A delivery whose signature headers are PayPal's shape but do not match the body. */
function forged(remoteAddress: string, n: number) {
  const signed = JSON.stringify({ id: `WH-SIGNED-${n}`, event_type: 'PAYMENT.CAPTURE.COMPLETED' });
  const sent = JSON.stringify({ id: `WH-FORGED-${n}`, event_type: 'PAYMENT.CAPTURE.COMPLETED' });
  return ctx.app.inject({
    method: 'POST',
    url: PAYPAL_WEBHOOK_PATH,
    headers: { ...stand.signWebhook(signed), 'content-type': 'application/json' },
    payload: sent,
    remoteAddress,
  });
}

describe('the PayPal webhook rate limit', () => {
  it('answers 429 A0502 past the limit per address, before asking PayPal to verify', async () => {
    const attacker = '203.0.113.7';
    const before = stand.calls.verify;
    for (let n = 0; n < WEBHOOK_LIMIT.max; n++) {
      const res = await forged(attacker, n);
      expect(res.statusCode, `delivery ${n}: ${res.body}`).toBe(400);
      expect(res.json().code).toBe(ErrorCode.WEBHOOK_REJECTED);
    }
    expect(stand.calls.verify - before).toBe(WEBHOOK_LIMIT.max);

    for (let n = 0; n < 5; n++) {
      const res = await forged(attacker, WEBHOOK_LIMIT.max + n);
      expect(res.statusCode).toBe(429);
      expect(res.json().code).toBe(ErrorCode.RATE_LIMITED);
    }
    // No verification request was made for the refused deliveries.
    expect(stand.calls.verify - before).toBe(WEBHOOK_LIMIT.max);

    // Another address (PayPal's own) is counted on its own.
    const other = await forged('198.51.100.20', 0);
    expect(other.statusCode).toBe(400);
    expect(stand.calls.verify - before).toBe(WEBHOOK_LIMIT.max + 1);
  }, 60_000);
});
