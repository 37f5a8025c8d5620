import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/helper';
import { verificationCodes } from '../auth/auth.tables';
import { withTransaction } from './transaction';

const db = useTestDatabase();

// Any table does; this one is the platform's own.
const row = (email: string) => ({
  email,
  purpose: 'register' as const,
  codeHash: 'x',
  createdAt: new Date(),
  expiresAt: new Date(),
  consumedAt: null,
});
const exists = async (email: string) =>
  (await db().select().from(verificationCodes).where(eq(verificationCodes.email, email))).length === 1;

describe('withTransaction', () => {
  it('commits what the work wrote and answers its result', async () => {
    const answer = await withTransaction(db(), async (tx) => {
      await tx.insert(verificationCodes).values(row('committed@example.com'));
      return 42;
    });
    expect(answer).toBe(42);
    expect(await exists('committed@example.com')).toBe(true);
  });

  it('rolls everything back when the work throws, nested savepoints included', async () => {
    const failed = withTransaction(db(), async (tx) => {
      await tx.insert(verificationCodes).values(row('outer@example.com'));
      await withTransaction(tx, async (inner) => {
        await inner.insert(verificationCodes).values(row('inner@example.com'));
      });
      throw new Error('refused');
    });
    await expect(failed).rejects.toThrow('refused');
    expect(await exists('outer@example.com')).toBe(false);
    expect(await exists('inner@example.com')).toBe(false);
  });
});
