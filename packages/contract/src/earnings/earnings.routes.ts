import { z } from 'zod';
import { defineRoutes } from '../platform/route';
import {
  ZEarningsDaily,
  ZEarningsDailyQuery,
  ZEarningsSummary,
  ZLedgerEntriesQuery,
  ZLedgerEntryPage,
  ZLedgerExportQuery,
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
  /** Answers the file itself (not the JSON envelope); errors still come as the envelope. */
  entriesExport: {
    method: 'GET',
    path: '/api/v1/earnings/entries/export',
    summary: "The caller's ledger entries (every page), as CSV or .xlsx in the caller's language",
    tags,
    query: ZLedgerExportQuery,
    response: z.null(),
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
