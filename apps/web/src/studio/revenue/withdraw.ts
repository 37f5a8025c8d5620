import { decimalToMinor, type TEarningsSummary } from '@linkstore/contract';
import { ClientErrorCode, isHttpError } from '../../shared/http/http-error';

/** Why the amount typed in the withdraw dialog is refused (a `payouts:withdraw.error.*` key). */
export type TAmountError =
  | 'required'
  | 'format'
  | 'decimals'
  | 'notPositive'
  | 'aboveAvailable'
  | 'aboveDailyMaximum'
  | 'belowMinimum';

export type TAmountCheck = { cents: number } | { error: TAmountError };

/** The payout rules an amount is checked against (from the earnings summary). */
export type TWithdrawLimits = Pick<
  TEarningsSummary,
  'availableMinor' | 'minimumPayoutMinor' | 'dailyMaximumMinor'
>;

/**
 * The dollars typed ("25", "25.5", "25,50") as integer cents, by string parsing (no float
 * arithmetic), checked against the payout rules in the order a creator fixes them.
 */
export function checkAmount(text: string, limits: TWithdrawLimits): TAmountCheck {
  const trimmed = text.trim();
  if (trimmed === '') return { error: 'required' };
  if (/^\d+[.,]\d{3,}$/.test(trimmed)) return { error: 'decimals' };
  const cents = decimalToMinor(trimmed, 2, { decimalComma: true, maxWholeDigits: 12 });
  if (cents === null) return { error: 'format' };
  if (cents <= 0) return { error: 'notPositive' };
  if (cents > limits.availableMinor) return { error: 'aboveAvailable' };
  if (limits.dailyMaximumMinor > 0 && cents > limits.dailyMaximumMinor) return { error: 'aboveDailyMaximum' };
  if (cents < limits.minimumPayoutMinor) return { error: 'belowMinimum' };
  return { cents };
}

/** Why the Withdraw button is off (a `payouts:withdraw.blocked.*` key), or null when it is on. */
export type TWithdrawBlocker = 'noAccount' | 'unverified' | 'held' | 'inFlight' | 'belowMinimum';

export function withdrawBlocker(summary: TEarningsSummary): TWithdrawBlocker | null {
  if (!summary.payoutAccount) return 'noAccount';
  if (!summary.payoutAccount.verified) return 'unverified';
  if (summary.payoutsHeld) return 'held';
  if (summary.inFlightMinor > 0) return 'inFlight';
  if (summary.availableMinor <= 0 || summary.availableMinor < summary.minimumPayoutMinor)
    return 'belowMinimum';
  return null;
}

/**
 * Whether the server's answer to a request never arrived (network, timeout, an unreadable or 5xx
 * answer): the payout may exist, so the next attempt must reuse the key. Any other failure is a
 * refusal: nothing was paid, and the next attempt is a new request with a new key.
 */
export function isLostAnswer(error: unknown): boolean {
  if (!isHttpError(error)) return true;
  if (error.status !== undefined && error.status >= 500) return true;
  return (
    error.code === ClientErrorCode.network ||
    error.code === ClientErrorCode.timeout ||
    error.code === ClientErrorCode.aborted ||
    error.code === ClientErrorCode.badResponse
  );
}
