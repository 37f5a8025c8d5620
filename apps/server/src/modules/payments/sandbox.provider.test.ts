import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/helper';
import { PaymentProviderError } from './payment-provider';
import { SandboxProvider } from './sandbox.provider';

const db = useTestDatabase();

const input = (requestId: string) => ({
  requestId,
  amount: { currencyCode: 'USD', valueMinor: 2500 },
  returnUrl: '/payresult?order=LS-1',
  cancelUrl: '/s/demo/cart',
  reference: 'LS-1',
  language: 'fr' as const,
});

const issuesOf = async (promise: Promise<unknown>) => {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(PaymentProviderError);
  return (error as PaymentProviderError).issues;
};

describe('SandboxProvider (database-backed)', () => {
  it('runs create → local approval → capture, idempotently, across instances', async () => {
    const sandbox = new SandboxProvider(db());
    const created = await sandbox.createOrder(input('req-1'));
    // The approval page speaks the buyer's language.
    expect(created.approveUrl).toBe(`/payauth?token=${created.providerOrderId}&lang=fr`);
    // Another process (or a restart) sees the same order for the same request id.
    const restarted = new SandboxProvider(db());
    expect(await restarted.createOrder(input('req-1'))).toEqual(created);

    const { providerOrderId } = created;
    expect(await issuesOf(sandbox.captureOrder({ providerOrderId, requestId: 'c1' }))).toEqual([
      'ORDER_NOT_APPROVED',
    ]);
    expect(await restarted.approve(providerOrderId)).toBe(`/payresult?order=LS-1&token=${providerOrderId}`);

    const capture = await sandbox.captureOrder({ providerOrderId, requestId: 'c2' });
    expect(capture).toMatchObject({ status: 'COMPLETED', capturedMinor: 2500, currencyCode: 'USD' });
    expect(await restarted.captureOrder({ providerOrderId, requestId: 'c2' })).toEqual(capture);
    expect(await issuesOf(sandbox.captureOrder({ providerOrderId, requestId: 'c3' }))).toEqual([
      'ORDER_ALREADY_CAPTURED',
    ]);
    expect(await issuesOf(sandbox.approve(providerOrderId))).toEqual(['ORDER_ALREADY_CAPTURED']);
    expect(await sandbox.getOrder(providerOrderId)).toMatchObject({ status: 'COMPLETED', reference: 'LS-1' });
  });

  it('captures once when two different capture requests race', async () => {
    const sandbox = new SandboxProvider(db());
    const { providerOrderId } = await sandbox.createOrder(input('req-race'));
    await sandbox.approve(providerOrderId);
    const results = await Promise.allSettled(
      ['r1', 'r2', 'r3'].map((requestId) => sandbox.captureOrder({ providerOrderId, requestId })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  it('refuses an order that does not add up, as PayPal does; takes tracking only once it captured', async () => {
    const sandbox = new SandboxProvider(db());
    const usd = (valueMinor: number) => ({ currencyCode: 'USD', valueMinor });
    const lines = (itemTotal: number) => ({
      items: [{ name: 'Cap', sku: 'CAP-1', description: '', quantity: 2, unitAmount: usd(1250) }],
      breakdown: { itemTotal: usd(itemTotal), shipping: usd(0), taxTotal: usd(0), discount: usd(0) },
    });
    expect(await issuesOf(sandbox.createOrder({ ...input('sum-1'), lines: lines(2400) }))).toEqual([
      'ITEM_TOTAL_MISMATCH',
    ]);
    const { providerOrderId } = await sandbox.createOrder({ ...input('sum-2'), lines: lines(2500) });
    const tracking = {
      providerOrderId,
      captureId: 'x',
      trackingNumber: '1Z1',
      carrier: 'UPS',
      requestId: 't1',
    };
    expect(await issuesOf(sandbox.addTracking(tracking))).toEqual(['ORDER_NOT_CAPTURED']);
    await sandbox.approve(providerOrderId);
    await sandbox.captureOrder({ providerOrderId, requestId: 'sum-2-capture' });
    await expect(sandbox.addTracking(tracking)).resolves.toBeUndefined();
  });

  it('answers 404 for an unknown order', async () => {
    const sandbox = new SandboxProvider(db());
    expect(await issuesOf(sandbox.getOrder('SB-none'))).toEqual(['INVALID_RESOURCE_ID']);
  });

  it('refunds a capture: the same request id is the same refund; more than is left is refused', async () => {
    const sandbox = new SandboxProvider(db());
    const { providerOrderId } = await sandbox.createOrder(input('req-refund'));
    await sandbox.approve(providerOrderId);
    const { captureId } = await sandbox.captureOrder({ providerOrderId, requestId: 'cr1' });
    const refund = (requestId: string, valueMinor: number) =>
      sandbox.refundCapture({
        captureId,
        amount: { currencyCode: 'USD', valueMinor },
        requestId,
        customId: requestId,
        note: 'n',
      });
    const first = await refund('rf-1', 1_000);
    expect(first).toMatchObject({
      status: 'COMPLETED',
      amount: { valueMinor: 1_000 },
      customId: 'rf-1',
      captureId,
    });
    const replays = await Promise.all([
      refund('rf-1', 1_000),
      new SandboxProvider(db()).refundCapture({
        captureId,
        amount: { currencyCode: 'USD', valueMinor: 1_000 },
        requestId: 'rf-1',
        customId: 'rf-1',
        note: 'n',
      }),
    ]);
    expect(replays).toEqual([first, first]);
    expect(await issuesOf(refund('rf-2', 1_501))).toEqual(['REFUND_AMOUNT_EXCEEDED']);
    expect(await refund('rf-3', 1_500)).toMatchObject({ amount: { valueMinor: 1_500 } });
    expect(await issuesOf(refund('rf-4', 1))).toEqual(['REFUND_AMOUNT_EXCEEDED']);
    expect(
      await issuesOf(
        sandbox.refundCapture({
          captureId: 'SBC-none',
          amount: { currencyCode: 'USD', valueMinor: 1 },
          requestId: 'x',
          customId: 'x',
          note: 'n',
        }),
      ),
    ).toEqual(['INVALID_RESOURCE_ID']);
  });
});
