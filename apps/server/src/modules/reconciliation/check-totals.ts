import { sql } from 'drizzle-orm';
import type { AppDatabase } from '../../platform/db/database';
import type { ReconciliationDifference } from './reconciliation.table';
import { CAPTURED, difference, num } from './reconcile-sql';
import { queryRows } from '../../platform/db/rows';

/**
 * total: the same sums across all creators, ledger and sources side by side. Adds its sums to
 * `totals` (which holds the per-creator sums) and answers the differences.
 */
export async function checkTotals(
  db: AppDatabase,
  totals: Record<string, number>,
): Promise<ReconciliationDifference[]> {
  const found: ReconciliationDifference[] = [];
  // ── in total ─────────────────────────────────────────────────────────────────────────────
  const [sums] = await queryRows<Record<string, string>>(
    db,
    sql`
    select
      (select coalesce(sum(amount_minor), 0) from ledger_entries where kind = 'sale')::text as ledger_sales,
      (select coalesce(sum(o.profit_minor), 0) from orders o where o.side = 'c' and o.status in (1, 2)
        and (exists (select 1 from payments p where p.order_id = o.id and p.status in ${CAPTURED})
          or exists (select 1 from ledger_entries le where le.order_id = o.id and le.kind = 'sale')))::text as order_profit,
      (select coalesce(-sum(amount_minor), 0) from ledger_entries where kind = 'refund')::text as ledger_refunds,
      (select coalesce(sum(profit_reversed_minor), 0) from refunds where status = 'completed')::text as refunds_reversed,
      (select coalesce(-sum(amount_minor), 0) from ledger_entries where kind = 'payout')::text as ledger_payouts,
      (select coalesce(sum(amount_minor), 0) from payouts)::text as payouts,
      (select coalesce(sum(amount_minor), 0) from ledger_entries where kind = 'payout_return')::text as ledger_returns,
      (select coalesce(sum(amount_minor), 0) from payouts where status = 'returned')::text as payouts_returned,
      (select coalesce(sum(amount_minor), 0) from ledger_entries where kind = 'adjustment')::text as adjustments,
      (select coalesce(sum(p.captured_minor), 0) from payments p join orders o on o.id = p.order_id
        where p.status in ${CAPTURED} and o.flag_resolution is distinct from 'accept')::text as captured,
      (select coalesce(sum(o.total_minor), 0) from orders o where o.side = 'c' and o.status in (1, 2)
        and o.flag_resolution is distinct from 'accept'
        and exists (select 1 from payments p where p.order_id = o.id and p.status in ${CAPTURED}))::text as captured_orders,
      (select coalesce(sum(refunded_minor), 0) from payments)::text as payments_refunded,
      (select coalesce(sum(amount_minor), 0) from refunds where status <> 'failed')::text as refunds_amount`,
  );
  const t = (key: string) => num(sums?.[key]);
  Object.assign(totals, {
    'ledger.sales': t('ledger_sales'),
    'orders.profit': t('order_profit'),
    'ledger.refunds': t('ledger_refunds'),
    'refunds.reversed': t('refunds_reversed'),
    'ledger.payouts': t('ledger_payouts'),
    'payouts.amount': t('payouts'),
    'ledger.payoutReturns': t('ledger_returns'),
    'payouts.returned': t('payouts_returned'),
    'ledger.adjustments': t('adjustments'),
    'payments.captured': t('captured'),
    'orders.captured': t('captured_orders'),
    'payments.refunded': t('payments_refunded'),
    'refunds.amount': t('refunds_amount'),
  });
  const pairs: [string, string, string][] = [
    ['ledger.sales', 'orders.profit', 'Σ sale credits = Σ profit of paid buyers’ orders'],
    ['ledger.refunds', 'refunds.reversed', 'Σ refund reversals = Σ profit taken back by completed refunds'],
    ['ledger.payouts', 'payouts.amount', 'Σ payout debits = Σ payouts'],
    ['ledger.payoutReturns', 'payouts.returned', 'Σ payout returns = Σ returned payouts'],
    ['payments.captured', 'orders.captured', 'Σ captured = Σ totals of paid buyers’ orders'],
    ['payments.refunded', 'refunds.amount', 'Σ refunded on payments = Σ refunds not failed'],
    ['shown.paidOut', 'payouts.paid', 'Σ paid out shown = Σ paid payouts'],
    [
      'shown.balance',
      'sources.balance',
      'Σ balances shown = sales − refunds − payouts + returns + adjustments',
    ],
  ];
  const total = (key: string) => totals[key] ?? 0;
  totals['shown.sum'] = total('shown.available') + total('shown.pending') + total('shown.inFlight');
  totals['ledger.sum'] = total('ledger.credits') - total('ledger.settledDebits');
  pairs.push(['ledger.sum', 'shown.sum', 'Σ available + pending + in flight = Σ credits − Σ settled debits']);
  // Each pair: what the ledger (or the page) says, what the sources say.
  for (const [actualKey, expectedKey, rule] of pairs) {
    const expected = total(expectedKey);
    const actual = total(actualKey);
    if (expected !== actual) {
      found.push(difference('total', {}, expected, actual, `${rule}: ${actual} ≠ ${expected}`));
    }
  }
  return found;
}
