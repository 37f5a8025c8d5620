import { ErrorCode, type TPayoutTrigger, type TWithdrawRequest } from '@linkstore/contract';
import { isUniqueViolation } from '../../platform/db/errors';
import { withTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors/app-error';
import { availableMinor, debitPayout } from '../earnings/earnings.api';
import { utcDayStartOf } from '../../platform/http/days';
import { notRetryable, PAYOUT_CURRENCY, usd, type PayoutsDeps } from './payout-deps';
import {
  findByRequestKey,
  findInFlight,
  findRetryOf,
  insertPayout,
  lockPayoutShop,
  sumPayoutsSince,
  type PayoutRow,
} from './payouts.repository';

/**
 * The transaction of a withdrawal: under the creator's shop row lock, every check, then the
 * payout and its debit — money leaves the balance before PayPal is called. Answers the payout and
 * whether this call made it (a replayed request key answers the earlier one). `retryOf`: an
 * operator's retry of that returned payout.
 */
export async function commitWithdrawal(
  deps: Pick<PayoutsDeps, 'db' | 'rules'>,
  userId: number,
  form: TWithdrawRequest,
  trigger: TPayoutTrigger,
  now: Date,
  retryOf?: PayoutRow,
): Promise<{ payout: PayoutRow; created: boolean }> {
  const { db } = deps;
  const rules = deps.rules();
  try {
    return await withTransaction(db, async (tx) => {
      const shop = await lockPayoutShop(tx, userId);
      const earlier = await findByRequestKey(tx, userId, form.requestKey);
      if (earlier) return { payout: earlier, created: false };
      if (!shop?.paypalPayerId) {
        throw AppError.of(ErrorCode.PAYOUT_ACCOUNT_REQUIRED, 'payouts.accountRequired');
      }
      if (shop.payoutsHeldReason !== null) throw AppError.of(ErrorCode.PAYOUTS_HELD, 'payouts.held');
      if (await findInFlight(tx, userId)) throw AppError.of(ErrorCode.PAYOUT_IN_FLIGHT, 'payouts.inFlight');
      if (form.currencyCode !== PAYOUT_CURRENCY) {
        throw AppError.field('currencyCode', 'payouts.currency', { currency: PAYOUT_CURRENCY });
      }
      const available = await availableMinor(tx, userId, rules.holdDays, now);
      if (retryOf) {
        // An operator's retry of a returned payout: once, and only of money that is available
        // again. Its amount was accepted once, so the minimum and the daily maximum are not
        // applied again.
        if (retryOf.status !== 'returned' || (await findRetryOf(tx, retryOf.id))) throw notRetryable();
        if (retryOf.amountMinor > available) {
          throw AppError.of(ErrorCode.PAYOUT_NOT_RETRYABLE, 'payouts.retry.overAvailable', {
            available: usd(available),
          });
        }
        const payout = await insertPayout(tx, {
          userId,
          shopId: shop.id,
          amountMinor: retryOf.amountMinor,
          currencyCode: PAYOUT_CURRENCY,
          requestKey: form.requestKey,
          trigger,
          receiverEmail: shop.paypalEmail ?? '',
          receiverPayerId: shop.paypalPayerId,
          requestedAt: now,
          retryOfId: retryOf.id,
        });
        await debitPayout(tx, {
          userId,
          shopId: shop.id,
          payoutId: payout.id,
          amountMinor: payout.amountMinor,
          currencyCode: PAYOUT_CURRENCY,
        });
        return { payout, created: true };
      }
      const amount = form.amountMinor ?? available;
      if (amount <= 0) throw AppError.field('amountMinor', 'payouts.nothingAvailable');
      if (amount > available) {
        throw AppError.field('amountMinor', 'payouts.overAvailable', { available: usd(available) });
      }
      if (amount < rules.minimumMinor) {
        throw AppError.field('amountMinor', 'payouts.belowMinimum', { minimum: usd(rules.minimumMinor) });
      }
      const today = await sumPayoutsSince(tx, userId, utcDayStartOf(now));
      if (today + amount > rules.dailyMaximumMinor) {
        throw AppError.field('amountMinor', 'payouts.overDailyMaximum', {
          maximum: usd(rules.dailyMaximumMinor),
          left: usd(Math.max(0, rules.dailyMaximumMinor - today)),
        });
      }
      const payout = await insertPayout(tx, {
        userId,
        shopId: shop.id,
        amountMinor: amount,
        currencyCode: PAYOUT_CURRENCY,
        requestKey: form.requestKey,
        trigger,
        receiverEmail: shop.paypalEmail ?? '',
        receiverPayerId: shop.paypalPayerId,
        requestedAt: now,
      });
      await debitPayout(tx, {
        userId,
        shopId: shop.id,
        payoutId: payout.id,
        amountMinor: amount,
        currencyCode: PAYOUT_CURRENCY,
      });
      return { payout, created: true };
    });
  } catch (error) {
    // The row lock serialises a creator's withdrawals; the unique indexes are the last guard.
    if (error instanceof AppError || !isUniqueViolation(error)) throw error;
    const earlier = await findByRequestKey(db, userId, form.requestKey);
    if (earlier) return { payout: earlier, created: false };
    throw AppError.of(ErrorCode.PAYOUT_IN_FLIGHT, 'payouts.inFlight');
  }
}
