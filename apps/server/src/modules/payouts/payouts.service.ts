import {
  PAYOUTS_QUEUE,
  queueOf,
  type TPayoutNews,
  ErrorCode,
  formatMoney,
  type TConsolePayout,
  type TConsolePayoutPage,
  type TConsolePayoutsQuery,
  type TPayoutDaily,
  type TPayoutDailyQuery,
  type TPayoutDayFigure,
  type TPageQuery,
  type TPayout,
  type TPayoutHoldRequest,
  type TPayoutPage,
  type TPayoutSettings,
  type TPayoutStatus,
  type TPayoutTrigger,
  type TPendingSalePage,
  type TWithdrawRequest,
} from '@linkstore/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Realtime } from '../../platform/realtime/realtime-plugin';
import type { AppDatabase } from '../../platform/db/database';
import { isUniqueViolation } from '../../platform/db/errors';
import { withTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors/app-error';
import {
  availableCents,
  debitPayout,
  pagePendingSales,
  returnPayout,
  type PayoutRules,
} from '../earnings/earnings.api';
import { setAutoPayout, setPayoutsHeld } from '../shops/shops.api';
import {
  findByProviderRef,
  findConsolePayout,
  findRetryOf,
  sumPayoutsByDay,
  type ConsolePayoutRow,
  findByRequestKey,
  findInFlight,
  findPayout,
  insertPayout,
  listAutoPayoutUsers,
  listStaleRequested,
  listToFollow,
  lockPayoutShop,
  markPaid,
  markProcessing,
  markReturned,
  noteProviderStatus,
  pageAllPayouts,
  pageUserPayouts,
  startAttempt,
  sumPayoutsSince,
  touchPayout,
  type PayoutRow,
} from './payouts.repository';
import { eachUtcDay, utcDayStartOf } from '../../platform/http/days';

type Payouts = FastifyInstance['payments']['payouts'];
type PayoutBatch = Awaited<ReturnType<Payouts['get']>>;
type PayoutItem = Awaited<ReturnType<Payouts['getItem']>>;
type PayoutEvent = Parameters<Payouts['handleEvent']>[0];

/** The ledger is kept in US cents: payouts are paid in USD. */
export const PAYOUT_CURRENCY = 'USD';
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** A payout still `requested` this long after its last attempt is sent again (same batch id). */
export const RECONCILE_AFTER_MS = MINUTE_MS;
/** Paid payouts are looked at again (PayPal may return them days later) this often… */
const PAID_RECHECK_MS = 60 * MINUTE_MS;
/** …for this long after they were paid. */
const PAID_FOLLOW_MS = 30 * DAY_MS;

/** Item statuses that mean the money came back to the platform's PayPal balance. */
const RETURNED_STATUSES = new Set([
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
const RETURNED_AFTER_PAID = new Set(['RETURNED', 'REFUNDED', 'REVERSED']);

export interface PayoutsDeps {
  db: AppDatabase;
  payouts: Payouts;
  log: FastifyBaseLogger;
  /** The operators' payout rules, read at each use. */
  rules: () => PayoutRules;
  /** Live news to the creator when a payout is completed or returned (after the commit). */
  realtime?: Pick<Realtime, 'toUser'>;
}

const usd = (cents: number) => formatMoney(cents, PAYOUT_CURRENCY, 'en');

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

export function toPayout(row: PayoutRow): TPayout {
  return {
    id: String(row.id),
    amountCents: row.amountMinor,
    currencyCode: row.currencyCode,
    status: row.status as TPayoutStatus,
    trigger: row.trigger as TPayoutTrigger,
    providerStatus: row.providerStatus,
    reason: row.reason,
    receiverEmail: row.receiverEmail,
    requestedAt: row.requestedAt.toISOString(),
    settledAt: row.settledAt?.toISOString() ?? null,
  };
}

export function toConsolePayout(row: ConsolePayoutRow): TConsolePayout {
  return {
    ...toPayout(row),
    userId: String(row.userId),
    username: row.username ?? row.nickname,
    shopName: row.shopName,
    heldReason: row.heldReason,
    attempts: row.attempts,
    retryOfId: row.retryOfId === null ? null : String(row.retryOfId),
    retriedById: row.retriedById === null ? null : String(row.retriedById),
  };
}

const notRetryable = () => AppError.of(ErrorCode.PAYOUT_NOT_RETRYABLE, 'payouts.retry.notRetryable');

export type PayoutsService = ReturnType<typeof createPayoutsService>;

/**
 * Withdrawals, their path through PayPal (send, poll, webhook, reconcile), the weekly automatic
 * payout and the operators' view. Money leaves the balance in the transaction that stores the
 * payout, before PayPal is called; it comes back only with a `payout_return` entry written in the
 * transaction that marks the payout returned, by a conditional update, so once.
 */
export function createPayoutsService(deps: PayoutsDeps) {
  const { db, log } = deps;

  /** Tells the creator's open studios; a failure is only logged (the payout is settled). */
  function announce(
    row: Pick<PayoutRow, 'id' | 'userId' | 'amountMinor' | 'currencyCode'>,
    kind: TPayoutNews['kind'],
  ) {
    if (!deps.realtime) return;
    const news: TPayoutNews = {
      kind,
      payoutId: String(row.id),
      amountMinor: row.amountMinor,
      currencyCode: row.currencyCode,
    };
    deps.realtime
      .toUser(String(row.userId), queueOf(PAYOUTS_QUEUE), news)
      .catch((err: unknown) => log.warn({ err, payoutId: row.id }, 'Could not send the live payout news'));
  }

  /**
   * The transaction of a withdrawal: under the creator's shop row lock, every check, then the
   * payout and its debit. Answers the payout and whether this call made it (a replayed request
   * key answers the earlier one).
   */
  async function commitWithdrawal(
    userId: number,
    form: TWithdrawRequest,
    trigger: TPayoutTrigger,
    now: Date,
    retryOf?: PayoutRow,
  ): Promise<{ payout: PayoutRow; created: boolean }> {
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
        const available = await availableCents(tx, userId, rules.holdDays, now);
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
        const amount = form.amountCents ?? available;
        if (amount <= 0) throw AppError.field('amountCents', 'payouts.nothingAvailable');
        if (amount > available) {
          throw AppError.field('amountCents', 'payouts.overAvailable', { available: usd(available) });
        }
        if (amount < rules.minimumCents) {
          throw AppError.field('amountCents', 'payouts.belowMinimum', { minimum: usd(rules.minimumCents) });
        }
        const today = await sumPayoutsSince(tx, userId, utcDayStartOf(now));
        if (today + amount > rules.dailyMaximumCents) {
          throw AppError.field('amountCents', 'payouts.overDailyMaximum', {
            maximum: usd(rules.dailyMaximumCents),
            left: usd(Math.max(0, rules.dailyMaximumCents - today)),
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

  /**
   * Sends a requested payout to the provider (its first attempt, or the reconcile's with the same
   * sender_batch_id) and applies the answer. A timeout or 5xx leaves it requested.
   */
  async function dispatch(payout: PayoutRow): Promise<PayoutRow> {
    const row = await startAttempt(db, payout.id);
    if (!row) return (await findPayout(db, payout.id)) ?? payout;
    let outcome: Awaited<ReturnType<Payouts['send']>>;
    try {
      outcome = await deps.payouts.send({
        senderBatchId: row.senderBatchId,
        amount: { currencyCode: row.currencyCode, valueMinor: row.amountMinor },
        receiver: { payerId: row.receiverPayerId || null, email: row.receiverEmail },
        note: 'Your LinkStore earnings',
      });
    } catch (error) {
      outcome = { kind: 'unknown', reason: String(error) };
    }
    if (outcome.kind === 'accepted') await applyBatch(row, outcome.batch);
    else if (outcome.kind === 'refused') await settleReturned(row, 'DENIED', outcome.reason);
    else
      log.warn(
        { payoutId: row.id, reason: outcome.reason },
        'Payout send not confirmed; the reconcile retries',
      );
    return (await findPayout(db, row.id)) ?? row;
  }

  async function applyBatch(row: PayoutRow, batch: PayoutBatch): Promise<string> {
    const item = batch.item;
    await markProcessing(db, row.id, {
      payoutBatchId: batch.payoutBatchId,
      payoutItemId: item?.payoutItemId,
      providerStatus: item?.transactionStatus ?? batch.batchStatus,
    });
    if (item) return applyItem(row, item);
    if (batch.batchStatus === 'DENIED' || batch.batchStatus === 'CANCELED') {
      return settleReturned(row, batch.batchStatus, `Batch ${batch.batchStatus}`);
    }
    return 'processing';
  }

  /** Applies an item status, once whatever the order of poll, webhook and replay. */
  async function applyItem(row: PayoutRow, item: PayoutItem): Promise<string> {
    const status = item.transactionStatus.toUpperCase();
    if (status === 'SUCCESS') {
      if (!(await markPaid(db, row.id, status, item.payoutItemId))) return 'unchanged';
      announce(row, 'payoutPaid');
      return 'paid';
    }
    if (RETURNED_STATUSES.has(status)) return settleReturned(row, status, item.errorName ?? status);
    if (row.status === 'requested' && item.payoutBatchId) {
      await markProcessing(db, row.id, {
        payoutBatchId: item.payoutBatchId,
        payoutItemId: item.payoutItemId,
        providerStatus: status,
      });
    } else {
      await noteProviderStatus(db, row.id, status);
    }
    return 'processing';
  }

  /** → returned with the return entry, in one transaction; nothing when already settled that way. */
  async function settleReturned(row: PayoutRow, status: string, reason: string): Promise<string> {
    const outcome = await withTransaction(db, async (tx) => {
      const moved = await markReturned(tx, row.id, {
        providerStatus: status,
        reason,
        fromPaid: RETURNED_AFTER_PAID.has(status),
      });
      if (!moved) return 'unchanged';
      await returnPayout(tx, {
        userId: moved.userId,
        shopId: moved.shopId,
        payoutId: moved.id,
        amountMinor: moved.amountMinor,
        currencyCode: moved.currencyCode,
      });
      return 'returned';
    });
    if (outcome === 'returned') announce(row, 'payoutReturned');
    return outcome;
  }

  async function withdrawAs(
    userId: number,
    form: TWithdrawRequest,
    trigger: TPayoutTrigger,
    now: Date,
  ): Promise<{ payout: PayoutRow; created: boolean }> {
    const earlier = await findByRequestKey(db, userId, form.requestKey);
    if (earlier) return { payout: earlier, created: false };
    const committed = await commitWithdrawal(userId, form, trigger, now);
    if (!committed.created) return committed;
    return { payout: await dispatch(committed.payout), created: true };
  }

  return {
    commitWithdrawal,
    dispatch,

    /** `POST /api/v1/payouts`. */
    async withdraw(userId: number, form: TWithdrawRequest, now = new Date()): Promise<TPayout> {
      return toPayout((await withdrawAs(userId, form, 'manual', now)).payout);
    },

    /**
     * The poll (every minute): re-sends payouts stuck at `requested` (same sender_batch_id, so
     * never a second payout) and reads the batch of each one in flight — and, now and then, of
     * recently paid ones PayPal may still return. Answers how many it looked at.
     */
    async followPayouts(now = new Date()): Promise<number> {
      let looked = 0;
      for (const stale of await listStaleRequested(db, new Date(now.getTime() - RECONCILE_AFTER_MS))) {
        looked++;
        try {
          await dispatch(stale);
        } catch (err) {
          log.error({ err, payoutId: stale.id }, 'Payout reconcile failed');
        }
      }
      const toFollow = await listToFollow(db, {
        paidSince: new Date(now.getTime() - PAID_FOLLOW_MS),
        paidCheckedBefore: new Date(now.getTime() - PAID_RECHECK_MS),
      });
      for (const row of toFollow) {
        if (!row.payoutBatchId) continue;
        looked++;
        try {
          const batch = await deps.payouts.get(row.payoutBatchId);
          if (row.status === 'paid') {
            const status = batch.item?.transactionStatus.toUpperCase() ?? '';
            if (batch.item && RETURNED_AFTER_PAID.has(status)) {
              await settleReturned(row, status, batch.item.errorName ?? status);
            } else {
              await touchPayout(db, row.id, now);
            }
          } else {
            await applyBatch(row, batch);
          }
        } catch (err) {
          log.warn({ err, payoutId: row.id }, 'Payout status read failed; the next poll tries again');
        }
      }
      return looked;
    },

    /** A verified PAYMENT.PAYOUTS-ITEM.* event: the outcome recorded with the webhook event. */
    async handleEvent(event: PayoutEvent): Promise<string> {
      const row = await findByProviderRef(db, {
        payoutItemId: event.item.payoutItemId,
        payoutBatchId: event.item.payoutBatchId,
        senderBatchId: event.senderBatchId,
      });
      if (!row) return 'unknownPayout';
      return applyItem(row, event.item);
    },

    /**
     * The weekly automatic payout: each opted-in creator's available balance, when at least the
     * minimum, not held, verified and none in flight; the request key `auto-payout-<ISO week>`
     * makes it once per week however often this runs. Answers how many payouts it made.
     */
    async runAutoPayouts(now = new Date()): Promise<number> {
      const rules = deps.rules();
      const requestKey = `auto-payout-${isoWeek(now)}`;
      let made = 0;
      for (const { userId } of await listAutoPayoutUsers(db)) {
        try {
          if (await findByRequestKey(db, userId, requestKey)) continue;
          if (await findInFlight(db, userId)) continue;
          const available = await availableCents(db, userId, rules.holdDays, now);
          if (available < rules.minimumCents) continue;
          const amountCents = Math.min(available, rules.dailyMaximumCents);
          const { created } = await withdrawAs(
            userId,
            { amountCents, currencyCode: PAYOUT_CURRENCY, requestKey },
            'auto',
            now,
          );
          if (created) made++;
        } catch (err) {
          if (err instanceof AppError) continue;
          log.error({ err, userId }, 'Automatic payout failed');
        }
      }
      return made;
    },

    async list(userId: number, query: TPageQuery): Promise<TPayoutPage> {
      const { rows, total } = await pageUserPayouts(db, userId, {
        limit: query.pageSize,
        offset: (query.pageNum - 1) * query.pageSize,
      });
      return { list: rows.map(toPayout), total };
    },

    async pendingSales(userId: number, query: TPageQuery, now = new Date()): Promise<TPendingSalePage> {
      const { rows, total } = await pagePendingSales(
        db,
        userId,
        { holdDays: deps.rules().holdDays, now },
        { limit: query.pageSize, offset: (query.pageNum - 1) * query.pageSize },
      );
      return {
        list: rows.map((row) => ({
          orderNo: row.orderNo,
          amountCents: row.amountMinor,
          currencyCode: row.currencyCode,
          paidAt: row.paidAt?.toISOString() ?? null,
          completedAt: row.completedAt?.toISOString() ?? null,
          availableAt: row.availableAt?.toISOString() ?? null,
        })),
        total,
      };
    },

    async settings(userId: number, form: TPayoutSettings): Promise<TPayoutSettings> {
      if (!(await setAutoPayout(db, userId, form.autoPayout))) throw AppError.notFound();
      return { autoPayout: form.autoPayout };
    },

    async consolePage(query: TConsolePayoutsQuery): Promise<TConsolePayoutPage> {
      const { rows, total } = await pageAllPayouts(
        db,
        { status: query.status, keywords: query.keywords || undefined },
        { limit: query.pageSize, offset: (query.pageNum - 1) * query.pageSize },
      );
      return { list: rows.map(toConsolePayout), total };
    },

    /**
     * An operator's retry of a returned payout: a new payout of the same amount for the same
     * creator to their current verified account, through the withdrawal's path (the row and its
     * debit in one transaction under the shop lock, then PayPal, then the poll). Once per
     * returned payout: its request key `retry-<id>` and the unique `retry_of_id` make two
     * concurrent retries one payout; the other is refused as not retryable.
     */
    async retry(
      payoutId: number,
      operatorId: number | null = null,
      now = new Date(),
    ): Promise<TConsolePayout> {
      const original = await findPayout(db, payoutId);
      if (!original) throw AppError.notFound();
      if (original.status !== 'returned' || (await findRetryOf(db, original.id))) throw notRetryable();
      const committed = await commitWithdrawal(
        original.userId,
        { currencyCode: original.currencyCode, requestKey: `retry-${original.id}` },
        'manual',
        now,
        original,
      );
      if (!committed.created) throw notRetryable();
      log.info(
        { payoutId: committed.payout.id, retryOf: original.id, operatorId },
        'Returned payout retried',
      );
      const sent = await dispatch(committed.payout);
      const row = await findConsolePayout(db, sent.id);
      if (!row) throw AppError.notFound();
      return toConsolePayout(row);
    },

    /** The console's payouts per UTC day: count and sum by status, every day of the range. */
    async daily(query: TPayoutDailyQuery): Promise<TPayoutDaily> {
      const rows = await sumPayoutsByDay(db, query.from, query.to);
      const zero = (): TPayoutDayFigure => ({ count: 0, cents: 0 });
      const days: TPayoutDaily = [];
      const byDay = new Map<string, TPayoutDaily[number]>();
      for (const day of eachUtcDay(query.from, query.to)) {
        const entry = { day, requested: zero(), processing: zero(), paid: zero(), returned: zero() };
        days.push(entry);
        byDay.set(day, entry);
      }
      for (const row of rows) {
        const entry = byDay.get(row.day);
        const status = row.status as TPayoutStatus;
        if (entry) entry[status] = { count: row.count, cents: row.cents };
      }
      return days;
    },

    /**
     * Holds (with a reason) or releases the creator's payouts, recording the operator and the time
     * on the shop and a `shop_actions` row, in one transaction.
     */
    async hold(userId: number, form: TPayoutHoldRequest, operatorId: number | null = null): Promise<null> {
      const reason = form.held ? (form.reason ?? '').trim() : null;
      const found = await withTransaction(db, (tx) =>
        setPayoutsHeld(tx, userId, reason, operatorId, (form.reason ?? '').trim()),
      );
      if (!found) throw AppError.notFound();
      return null;
    },
  };
}
