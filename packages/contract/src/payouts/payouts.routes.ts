import { z } from 'zod';
import { defineRoutes } from '../platform/route';
import {
  ZConsolePayout,
  ZConsolePayoutPage,
  ZConsolePayoutsQuery,
  ZPayout,
  ZPayoutDaily,
  ZPayoutDailyQuery,
  ZPayoutHoldRequest,
  ZPayoutIdParams,
  ZPayoutPage,
  ZPayoutSettings,
  ZPayoutsQuery,
  ZPendingSalePage,
  ZPayoutUserParams,
  ZWithdrawRequest,
} from './payouts.schema';
import { ZPageQuery } from '../platform/page';

const tags = ['payouts'] as const;
const signedIn = { permission: null };

/** The caller's own payouts; and the operators' view with the hold. */
export const payoutsRoutes = defineRoutes({
  withdraw: {
    method: 'POST',
    path: '/api/v1/payouts',
    summary:
      'Pays the available balance (or an amount of it) to the connected PayPal account; one payout in flight at a time',
    tags,
    body: ZWithdrawRequest,
    response: ZPayout,
    access: signedIn,
    idempotent: true,
  },
  list: {
    method: 'GET',
    path: '/api/v1/payouts',
    summary: "The caller's payouts, newest first",
    tags,
    query: ZPayoutsQuery,
    response: ZPayoutPage,
    access: signedIn,
  },
  pending: {
    method: 'GET',
    path: '/api/v1/payouts/pending-sales',
    summary: "The caller's sales still in their hold, with the day each becomes available",
    tags,
    query: ZPageQuery,
    response: ZPendingSalePage,
    access: signedIn,
  },
  settings: {
    method: 'PUT',
    path: '/api/v1/payouts/settings',
    summary: 'Turns the automatic weekly payout on or off',
    tags,
    body: ZPayoutSettings,
    response: ZPayoutSettings,
    access: signedIn,
  },
  consolePage: {
    method: 'GET',
    path: '/api/v1/system/payouts/page',
    summary: "Every creator's payouts, newest first, by status and creator",
    tags,
    query: ZConsolePayoutsQuery,
    response: ZConsolePayoutPage,
    access: { permission: 'sys:payout:query' },
  },
  hold: {
    method: 'PUT',
    path: '/api/v1/system/payouts/hold/:userId',
    summary: "Holds a creator's payouts (with a reason) or releases them",
    tags,
    params: ZPayoutUserParams,
    body: ZPayoutHoldRequest,
    response: z.null(),
    access: { permission: 'sys:payout:hold' },
  },
  retry: {
    method: 'POST',
    path: '/api/v1/system/payouts/:id/retry',
    summary:
      "Sends a returned payout again (once): a new payout of its amount to the creator's current verified account",
    tags,
    params: ZPayoutIdParams,
    response: ZConsolePayout,
    access: { permission: 'sys:payout:retry' },
  },
  daily: {
    method: 'GET',
    path: '/api/v1/system/payouts/daily',
    summary: 'Payouts requested per UTC day from `from` to `to` (at most 366 days): count and sum by status',
    tags,
    query: ZPayoutDailyQuery,
    response: ZPayoutDaily,
    access: { permission: 'sys:payout:query' },
  },
});
