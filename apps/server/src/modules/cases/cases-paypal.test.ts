import { ErrorCode, type TBuyerCases, type TConsoleCaseDetail } from '@linkstore/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../test/api-calls';
import { createTestApp, type TestContext } from '../../test/helper';
import { payPalEnv, startPayPalStandIn, type PayPalStandIn } from '../../test/paypal-stand-in';
import { payoutsKit, type Creator } from '../../test/payouts-kit';
import { refundsKit } from '../../test/refunds-kit';
import { operatorWith } from '../../test/users';
import { orders } from '../orders/orders.table';
import { DAY_MS } from './cases-deps';

/*
 * A case's refund refused by PayPal (issue 35): the refund fails and releases its reservation, the
 * case is open again with a `refund_failed` step, the operator hears A0674, and a second refund
 * that PayPal accepts resolves it — one reversal of the line's share in the end.
 */

let ctx: TestContext;
let stand: PayPalStandIn;
const tokens: Record<string, string> = {};
const kit = refundsKit(() => ctx, 'casepp');
const money = payoutsKit(() => ctx, 'casepp');
const { call, ok } = apiCalls(() => ctx.app, tokens);
let ann: Creator;

beforeAll(async () => {
  stand = await startPayPalStandIn();
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false', ...payPalEnv(stand) } });
  tokens.agent = await operatorWith(ctx, 'casepp-agent', ['sys:order:case']);
  ann = await money.creator('casepp');
});
afterAll(async () => {
  await ctx?.close();
  await stand?.close();
});

/** A shipped order of 2 × 1250 (platform 800 each) paid through the stand-in, with a case on its line. */
async function caseOnPaidOrder() {
  const providerOrderId = 'SICASE000000001';
  const captureId = 'CAPCASE00000001';
  stand.orders.set(providerOrderId, {
    id: providerOrderId,
    status: 'COMPLETED',
    reference: undefined,
    amount: { currency_code: 'USD', value: '25.00' },
    captureId,
  });
  const paid = await kit.paidOrder({
    ...ann,
    totalMinor: 2_500,
    profitMinor: 900,
    provider: 'paypal',
    providerOrderId,
    captureId,
    lines: [
      {
        productId: 990_001,
        variantId: null,
        title: 'Mug',
        quantity: 2,
        sellingUnitMinor: 1_250,
        platformUnitMinor: 800,
      },
    ],
  });
  await ctx.database.db
    .update(orders)
    .set({
      shippedAt: new Date(Date.now() - 10 * DAY_MS),
      carrier: 'usps',
      trackingNo: '9400111899223817576543',
    })
    .where(eq(orders.id, paid.orderId));
  const token = ctx.app.orderLinks.links.sign(paid.orderId);
  const opened = await ok<TBuyerCases>(null, 'POST', `/public/orders/by-link/${token}/cases`, {
    itemId: String(paid.itemIds[0]),
    reason: 'damaged',
    message: 'Chipped.',
  });
  return { ...paid, caseId: opened.cases[0]?.id ?? '' };
}

describe('a case refund PayPal refuses', () => {
  it('opens the case again, and a refund PayPal accepts resolves it', async () => {
    const paid = await caseOnPaidOrder();
    stand.refundOnce({ status: 'FAILED' });
    const refused = await call('agent', 'POST', `/system/cases/${paid.caseId}/refund`, { quantity: 1 });
    expect([refused.statusCode, refused.json<{ code: string }>().code]).toEqual([
      409,
      ErrorCode.REFUND_REFUSED,
    ]);
    const reopened = await ok<TConsoleCaseDetail>('agent', 'GET', `/system/cases/${paid.caseId}`);
    expect(reopened).toMatchObject({
      status: 'new',
      resolution: null,
      refund: { status: 'failed', amountMinor: 1_250 },
      line: { refundableUnits: 2 },
    });
    expect(reopened.events.map((event) => event.kind)).toEqual(['opened', 'refunded', 'refund_failed']);
    expect((await kit.paymentOf(paid.orderId))?.refundedMinor).toBe(0);
    expect(await kit.reversalsOf(paid.orderId)).toEqual([]);

    const resolved = await ok<TConsoleCaseDetail>('agent', 'POST', `/system/cases/${paid.caseId}/refund`, {
      quantity: 1,
    });
    expect(resolved).toMatchObject({
      status: 'resolved',
      resolution: 'refund',
      refund: { status: 'completed', amountMinor: 1_250, profitReversedMinor: 450 },
    });
    expect((await kit.reversalsOf(paid.orderId)).map((entry) => entry.amountMinor)).toEqual([-450]);
    expect((await kit.refundsOf(paid.orderId)).map((refund) => refund.status)).toEqual([
      'failed',
      'completed',
    ]);
  });
});
