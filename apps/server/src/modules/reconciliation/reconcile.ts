import type { AppDatabase } from '../../platform/db/database';
import { readPayoutRules, type PayoutRules } from '../earnings/earnings.api';
import { checkCreators } from './check-creators';
import { checkPayments } from './check-payments';
import { checkPayouts } from './check-payouts';
import { checkRefunds } from './check-refunds';
import { checkSales } from './check-sales';
import { checkTotals } from './check-totals';
import type { ReconciliationDifference } from './reconciliation.table';

/** What a reconciliation found: every difference (expected none), what it compared. */
export interface Reconciliation {
  differences: ReconciliationDifference[];
  creatorsChecked: number;
  /** The totals compared, ledger and sources side by side, in US cents. */
  totals: Record<string, number>;
}

/**
 * Compares the creators' ledger with its sources, per order, refund, payout and creator and in
 * total, in plain SQL apart from the earnings page's own figures (the code it checks). Read only;
 * answers every difference found — the expected number is 0 (decision 0025, docs/operations.md
 * "Reconciliation"):
 *
 * - sale: a buyer's (c-side) paid order (status 1/2) with a captured payment has exactly one sale
 *   credit of its profit to its owner; any sale credit is of a paid c-side order, once, of its
 *   profit, to its owner (unpaid and b-side orders have none);
 * - capture: a captured payment took the total of a paid c-side order, in its currency (unless an
 *   operator accepted the difference: the order's flag resolved 'accept');
 * - payment_refunded: a payment's refunded amount is the sum of its refunds not failed, and never
 *   more than captured;
 * - refund: a completed refund has exactly one 'refund' entry of −its profit share, to the order's
 *   owner; a pending or failed one none; refund_total: an order's reversals never exceed its sale
 *   credit and equal it once the order is fully refunded;
 * - payout / payout_return: one debit of −amount per payout, one return of +amount iff returned;
 * - balance / paid_out, per creator: what the earnings page shows adds up to the ledger
 *   (available + pending + in flight = Σ credits − Σ settled debits) and to the sources (sales −
 *   refunds − payouts + returns + adjustments); paid out = Σ paid payouts;
 * - total: the same sums across all creators.
 */
export async function reconcile(
  db: AppDatabase,
  rules: PayoutRules = readPayoutRules(() => undefined),
  now = new Date(),
): Promise<Reconciliation> {
  // One file per check, in this order: sales, captures and payments' refunded amounts, refunds,
  // payouts, per creator, in total.
  const found: ReconciliationDifference[] = [
    ...(await checkSales(db)),
    ...(await checkPayments(db)),
    ...(await checkRefunds(db)),
    ...(await checkPayouts(db)),
  ];
  const creators = await checkCreators(db, rules, now);
  found.push(...creators.found);
  found.push(...(await checkTotals(db, creators.totals)));
  return { differences: found, creatorsChecked: creators.creatorsChecked, totals: creators.totals };
}
