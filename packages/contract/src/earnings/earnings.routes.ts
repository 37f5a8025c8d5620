import { defineRoutes } from '../platform/route';
import {
  ZEarningsDaily,
  ZEarningsDailyQuery,
  ZEarningsSummary,
  ZLedgerEntriesQuery,
  ZLedgerEntryPage,
} from './earnings.schema';

const tags = ['earnings'] as const;
const signedIn = { permission: null };

/** The caller's own earnings ledger: nobody else's entries are ever summed or listed. */
export const earningsRoutes = defineRoutes({
  summary: {
    method: 'GET',
    path: '/api/v1/earnings',
    summary:
      "The caller's balance, earnings (less refunds), paid out, this month's earnings and own purchases",
    tags,
    response: ZEarningsSummary,
    access: signedIn,
  },
  entries: {
    method: 'GET',
    path: '/api/v1/earnings/entries',
    summary: "The caller's ledger entries, newest first",
    tags,
    query: ZLedgerEntriesQuery,
    response: ZLedgerEntryPage,
    access: signedIn,
  },
  daily: {
    method: 'GET',
    path: '/api/v1/earnings/daily',
    summary:
      "The caller's earnings less refunds per UTC day from `from` to `to` (at most 366 days), 0 for days without",
    tags,
    query: ZEarningsDailyQuery,
    response: ZEarningsDaily,
    access: signedIn,
  },
});
