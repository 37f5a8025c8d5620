import { ErrorCode, formatMoney } from '@linkstore/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppDatabase } from '../../platform/db/database';
import { AppError } from '../../platform/errors/app-error';
import { utcDayStartOf } from '../../platform/http/days';
import type { Realtime } from '../../platform/realtime/realtime-plugin';
import type { CreatorMailsHandle } from '../creator-mails/creator-mails.api';
import type { PayoutRules } from '../earnings/earnings.api';

export type Payouts = FastifyInstance['payments']['payouts'];
export type PayoutBatch = Awaited<ReturnType<Payouts['get']>>;
export type PayoutItem = Awaited<ReturnType<Payouts['getItem']>>;
export type PayoutEvent = Parameters<Payouts['handleEvent']>[0];

/** What every payout operation is given; all of it required — none silently turns behaviour off. */
export interface PayoutsDeps {
  db: AppDatabase;
  payouts: Payouts;
  log: FastifyBaseLogger;
  /** The operators' payout rules, read at each use. */
  rules: () => PayoutRules;
  /** Live news to the creator when a payout is completed or returned (after the commit). */
  realtime: Pick<Realtime, 'toUser'>;
  /** The creator's mail when a payout is sent or returned (their settings decide), in its transaction. */
  creatorMails: Pick<CreatorMailsHandle, 'queuePayoutMail'>;
}

/** The ledger is kept in US cents: payouts are paid in USD. */
export const PAYOUT_CURRENCY = 'USD';
const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;
/** A payout still `requested` this long after its last attempt is sent again (same batch id). */
export const RECONCILE_AFTER_MS = MINUTE_MS;
/** Paid payouts are looked at again (PayPal may return them days later) this often… */
export const PAID_RECHECK_MS = 60 * MINUTE_MS;
/** …for this long after they were paid. */
export const PAID_FOLLOW_MS = 30 * DAY_MS;

/** Item statuses that mean the money came back to the platform's PayPal balance. */
export const RETURNED_STATUSES = new Set([
  'FAILED',
  'RETURNED',
  'UNCLAIMED',
  'BLOCKED',
  'REFUNDED',
  'REVERSED',
  'DENIED',
  'CANCELED',
]);
/** Of those, the ones that can follow a SUCCESS (the payout was paid, then came back). */
export const RETURNED_AFTER_PAID = new Set(['RETURNED', 'REFUNDED', 'REVERSED']);

export const usd = (cents: number) => formatMoney(cents, PAYOUT_CURRENCY, 'en');

/** ISO 8601 week of `now` in UTC, e.g. `2026-W48`. */
export function isoWeek(now: Date): string {
  const day = utcDayStartOf(now);
  const weekday = day.getUTCDay() || 7;
  // The Thursday of this week decides the year.
  const thursday = new Date(day.getTime() + (4 - weekday) * DAY_MS);
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((thursday.getTime() - yearStart) / DAY_MS + 1) / 7);
  return `${thursday.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

export const notRetryable = () => AppError.of(ErrorCode.PAYOUT_NOT_RETRYABLE, 'payouts.retry.notRetryable');
