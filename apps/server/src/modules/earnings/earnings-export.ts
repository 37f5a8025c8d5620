import type { TExportFormat, TLanguage, TLedgerEntry } from '@linkstore/contract';
import type { AppDatabase } from '../../platform/db/database';
import { translate } from '../../platform/i18n/translate';
import { tableFile, type TableCell, type TableFile } from '../../platform/xlsx/table-file';
import { listAllMyLedger } from './earnings.service';

/**
 * The creator's earnings export (`#/revenue`, issue 35): every ledger entry the entries list
 * pages through, as CSV or .xlsx in the creator's language, each amount the ledger's own.
 */

/** Entries one export may hold, like the orders export. */
export const LEDGER_EXPORT_MAX_ROWS = 10_000;

const COLUMNS = ['time', 'kind', 'payoutStatus', 'orderNo', 'currency', 'amount'] as const;
type Column = (typeof COLUMNS)[number];

const WIDTHS: Partial<Record<Column, number>> = { time: 26, kind: 22, payoutStatus: 16, orderNo: 22 };

function cellsOf(lang: TLanguage, entry: TLedgerEntry): Record<Column, TableCell> {
  return {
    time: entry.createdAt,
    kind: translate(lang, `earnings.export.kind.${entry.kind}`),
    // As the list shows it: a payout's state beside the payout (its return is an entry of its own).
    payoutStatus:
      entry.kind === 'payout' && entry.payoutStatus
        ? translate(lang, `earnings.export.payoutStatus.${entry.payoutStatus}`)
        : '',
    orderNo: entry.orderNo ?? '',
    currency: entry.currencyCode,
    amount: { minor: entry.amountMinor, currencyCode: entry.currencyCode },
  };
}

/** The caller's ledger as a file; more than LEDGER_EXPORT_MAX_ROWS entries is refused (A0445). */
export async function exportMyLedger(
  db: AppDatabase,
  lang: TLanguage,
  userId: number,
  format: TExportFormat,
): Promise<TableFile> {
  const entries = await listAllMyLedger(db, userId, LEDGER_EXPORT_MAX_ROWS);
  return tableFile(
    {
      sheet: translate(lang, 'earnings.export.sheet'),
      columns: COLUMNS.map((column) => ({
        header: translate(lang, `earnings.export.column.${column}`),
        width: WIDTHS[column] ?? 14,
      })),
      rows: entries.map((entry) => {
        const cells = cellsOf(lang, entry);
        return COLUMNS.map((column) => cells[column]);
      }),
    },
    format,
  );
}
