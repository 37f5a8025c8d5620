import type { TPayoutHoldRequest } from '@linkstore/contract';
import type { AppDatabase } from '../../platform/db/database';
import { withTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors/app-error';
import { setPayoutsHeld } from '../shops/shops.api';

/**
 * Holds (with a reason) or releases the creator's payouts, recording the operator and the time on
 * the shop and a `shop_actions` row, in one transaction.
 */
export async function holdPayouts(
  db: AppDatabase,
  userId: number,
  form: TPayoutHoldRequest,
  operatorId: number | null = null,
): Promise<null> {
  const reason = form.held ? (form.reason ?? '').trim() : null;
  const found = await withTransaction(db, (tx) =>
    setPayoutsHeld(tx, userId, reason, operatorId, (form.reason ?? '').trim()),
  );
  if (!found) throw AppError.notFound();
  return null;
}
