import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/helper';
import { PaymentProviderError } from './payment-provider';
import { SandboxPayouts, sandboxPayoutOutcome } from './sandbox-payouts';

const db = useTestDatabase();

const input = (senderBatchId: string, email = 'c@example.com') => ({
  senderBatchId,
  amount: { currencyCode: 'USD', valueMinor: 1500 },
  receiver: { payerId: 'PAYER1', email },
  note: 'test',
});

describe('SandboxPayouts (database-backed)', () => {
  it('answers PENDING, then SUCCESS from the first read; a resend answers the same batch', async () => {
    const sandbox = new SandboxPayouts(db());
    const sent = await sandbox.sendPayout(input('LSP-s1'));
    expect(sent).toMatchObject({ batchStatus: 'PENDING', item: { transactionStatus: 'PENDING' } });
    expect((await new SandboxPayouts(db()).sendPayout(input('LSP-s1'))).payoutBatchId).toBe(
      sent.payoutBatchId,
    );
    expect(await sandbox.getPayoutBatch(sent.payoutBatchId)).toMatchObject({
      batchStatus: 'SUCCESS',
      item: { transactionStatus: 'SUCCESS' },
    });
    expect(await sandbox.getPayoutItem(sent.item?.payoutItemId ?? '')).toMatchObject({
      transactionStatus: 'SUCCESS',
    });
  });

  it('ends as the receiver email says', async () => {
    expect([0, 1, 2].map((reads) => sandboxPayoutOutcome('a+returned@x.com', reads))).toEqual([
      'PENDING',
      'SUCCESS',
      'RETURNED',
    ]);
    for (const tag of ['unclaimed', 'failed', 'blocked']) {
      expect(sandboxPayoutOutcome(`a+${tag}@x.com`, 1)).toBe(tag.toUpperCase());
    }
    const refused = await new SandboxPayouts(db())
      .sendPayout(input('LSP-s2', 'c+unregistered@example.com'))
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PaymentProviderError);
    expect(refused).toMatchObject({ status: 422, code: 'RECEIVER_UNREGISTERED' });
  });
});
