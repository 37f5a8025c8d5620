import {
  ErrorCode,
  type TCreator,
  type TCreatorDetail,
  type TCreatorPage,
  type TPayoutAccountStatus,
  type TShopActionKind,
} from '@linkstore/contract';
import type { z } from 'zod';
import {
  queueOf,
  SHOP_QUEUE,
  type TShopNews,
  type ZCreatorDetailQuery,
  type ZCreatorsQuery,
} from '@linkstore/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDatabase } from '../../platform/db/database';
import type { Realtime } from '../../platform/realtime/realtime-plugin';
import { withTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors/app-error';
import {
  pageLedger,
  sumLedgersOf,
  type CreatorLedgerTotals,
  type PayoutRules,
} from '../earnings/earnings.api';
import { setShopSuspended } from '../shops/shops.api';
import {
  findCreator,
  listRecentOrders,
  listShopActions,
  pageCreators,
  type CreatorRow,
} from './creators.repository';
import { utcDayRange } from '../../platform/http/days';

/** The ledger is kept in US cents. */
const CURRENCY = 'USD';
/** Orders and actions shown in a creator's detail. */
export const RECENT_ORDERS = 10;
export const RECENT_ACTIONS = 50;

export interface CreatorsDeps {
  db: AppDatabase;
  /** Tells the creator's open studios at once (the suspension banner appears or goes). */
  realtime: Pick<Realtime, 'toUser'>;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** The operators' payout rules (the hold days decide what is pending), read at each use. */
  rules: () => PayoutRules;
}

export function payoutAccountOf(
  row: Pick<CreatorRow, 'paypalEmail' | 'paypalPayerId'>,
): TPayoutAccountStatus {
  if (row.paypalPayerId) return 'verified';
  return row.paypalEmail ? 'unverified' : 'none';
}

function toCreator(row: CreatorRow, totals: CreatorLedgerTotals | undefined): TCreator {
  return {
    userId: String(row.userId),
    email: row.email,
    shopId: String(row.shopId),
    shopName: row.shopName,
    slug: row.slug,
    signedUpAt: row.signedUpAt.toISOString(),
    salesCount: totals?.salesCount ?? 0,
    salesMinor: totals?.earned ?? 0,
    balanceMinor: totals?.balance ?? 0,
    pendingMinor: totals?.pending ?? 0,
    paidOutMinor: totals?.paidOut ?? 0,
    currencyCode: CURRENCY,
    payoutAccount: payoutAccountOf(row),
    suspendedReason: row.suspendedReason,
    suspendedAt: row.suspendedAt?.toISOString() ?? null,
    payoutsHeldReason: row.payoutsHeldReason,
    payoutsHeldAt: row.payoutsHeldAt?.toISOString() ?? null,
  };
}

export type CreatorsService = ReturnType<typeof createCreatorsService>;

/**
 * The console's creators: figures derived from the ledger (one grouped query per page, through
 * the earnings face), the shop's history, and suspending or lifting the shop.
 */
export function createCreatorsService({ db, rules, realtime, log }: CreatorsDeps) {
  async function withTotals(rows: CreatorRow[], now: Date): Promise<TCreator[]> {
    const totals = await sumLedgersOf(
      db,
      rows.map((row) => row.userId),
      { now, holdDays: rules().holdDays },
    );
    return rows.map((row) => toCreator(row, totals.get(row.userId)));
  }

  async function suspension(userId: number, suspend: boolean, reason: string, operatorId: number) {
    const outcome = await withTransaction(db, (tx) =>
      setShopSuspended(tx, userId, { suspend, reason, actorUserId: operatorId }),
    );
    if (outcome === 'noShop') throw AppError.notFound();
    if (outcome === 'unchanged') {
      // Another operator got there first (or the page is old): the state conflict, not a refusal
      // of the shop (A0632 is the buyer's "this shop is suspended").
      throw AppError.of(
        ErrorCode.SHOP_STATE_UNCHANGED,
        suspend ? 'creators.alreadySuspended' : 'creators.notSuspended',
      );
    }
    const news: TShopNews = { kind: suspend ? 'shopSuspended' : 'shopLifted' };
    realtime.toUser(String(userId), queueOf(SHOP_QUEUE), news).catch((err: unknown) => {
      log.warn({ err, userId }, 'Could not send the live shop news');
    });
    return null;
  }

  return {
    async page(query: z.output<typeof ZCreatorsQuery>, now = new Date()): Promise<TCreatorPage> {
      const { rows, total } = await pageCreators(
        db,
        {
          keywords: query.keywords || undefined,
          state: query.state,
          ...utcDayRange(query),
        },
        { limit: query.pageSize, offset: (query.pageNum - 1) * query.pageSize },
      );
      return { list: await withTotals(rows, now), total };
    },

    async detail(
      userId: number,
      query: z.output<typeof ZCreatorDetailQuery>,
      now = new Date(),
    ): Promise<TCreatorDetail> {
      const row = await findCreator(db, userId);
      if (!row) throw AppError.notFound();
      const [[creator], orders, ledger, actions] = await Promise.all([
        withTotals([row], now),
        listRecentOrders(db, row.shopId, RECENT_ORDERS),
        pageLedger(db, userId, {
          limit: query.ledgerPageSize,
          offset: (query.ledgerPageNum - 1) * query.ledgerPageSize,
        }),
        listShopActions(db, row.shopId, RECENT_ACTIONS),
      ]);
      if (!creator) throw AppError.notFound();
      return {
        creator,
        recentOrders: orders.map((order) => ({
          orderNo: order.orderNo,
          status: order.status,
          totalMinor: order.totalMinor,
          profitMinor: order.profitMinor,
          currencyCode: order.currencyCode,
          createdAt: order.createdAt.toISOString(),
        })),
        ledger: {
          list: ledger.rows.map((entry) => ({
            id: String(entry.id),
            kind: entry.kind,
            amountMinor: entry.amountMinor,
            currencyCode: entry.currencyCode,
            orderNo: entry.orderNo,
            payoutId: entry.payoutId === null ? null : String(entry.payoutId),
            createdAt: entry.createdAt.toISOString(),
          })),
          total: ledger.total,
        },
        actions: actions.map((action) => ({
          id: String(action.id),
          action: action.action as TShopActionKind,
          reason: action.reason,
          operator: action.operator,
          createdAt: action.createdAt.toISOString(),
        })),
      };
    },

    suspend: (userId: number, reason: string, operatorId: number) =>
      suspension(userId, true, reason, operatorId),
    lift: (userId: number, reason: string, operatorId: number) =>
      suspension(userId, false, reason, operatorId),
  };
}
