import { describe, expect, it } from 'vitest';
import { PaymentProviderError } from './payment-provider';
import { SandboxProvider } from './sandbox.provider';

const input = {
  requestId: 'req-1',
  amount: { currencyCode: 'USD', valueMinor: 2500 },
  returnUrl: '/payresult?order=LS-1',
  cancelUrl: '/payresult?order=LS-1&cancel=1',
  reference: 'LS-1',
};

describe('SandboxProvider', () => {
  it('runs create → local approval → capture, idempotently', async () => {
    const sandbox = new SandboxProvider();
    const created = await sandbox.createOrder(input);
    expect(created.approveUrl).toBe(`/payauth/sandbox/${created.providerOrderId}`);
    expect(await sandbox.createOrder(input)).toEqual(created);

    const early = await sandbox
      .captureOrder({ providerOrderId: created.providerOrderId, requestId: 'c1' })
      .catch((e: unknown) => e);
    expect(early).toBeInstanceOf(PaymentProviderError);
    expect((early as PaymentProviderError).issues).toEqual(['ORDER_NOT_APPROVED']);

    expect(sandbox.approve(created.providerOrderId)).toBe(
      `/payresult?order=LS-1&token=${created.providerOrderId}`,
    );
    const capture = await sandbox.captureOrder({ providerOrderId: created.providerOrderId, requestId: 'c2' });
    expect(capture).toMatchObject({ status: 'COMPLETED', capturedMinor: 2500, currencyCode: 'USD' });
    expect(await sandbox.captureOrder({ providerOrderId: created.providerOrderId, requestId: 'c2' })).toEqual(
      capture,
    );
    await expect(
      sandbox.captureOrder({ providerOrderId: created.providerOrderId, requestId: 'c3' }),
    ).rejects.toMatchObject({
      issues: ['ORDER_ALREADY_CAPTURED'],
    });
    expect(await sandbox.getOrder(created.providerOrderId)).toMatchObject({
      status: 'COMPLETED',
      reference: 'LS-1',
    });
  });
});
