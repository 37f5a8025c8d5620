import { sql } from 'drizzle-orm';
import type { AppDatabase } from '../../platform/db/database';
import { getMyEarnings, type PayoutRules } from '../earnings/earnings.api';
import type { ReconciliationDifference } from './reconciliation.table';
import { CAPTURED, difference, num } from './reconcile-sql';
import { queryRows } from '../../platform/db/rows';

/**
 * balance / paid_out, per creator: what the earnings page shows adds up to the ledger and to the
 * sources. Answers the differences, how many creators it checked and the totals it summed.
 */
export async function checkCreators(
  db: AppDatabase,
  rules: PayoutRules,
  now: Date,
): Promise<{ found: ReconciliationDifference[]; creatorsChecked: number; totals: Record<string, number> }> {
  const found: ReconciliationDifference[] = [];
  // ── per creator: the earnings page's figures, the raw ledger and the sources ──────────────
  const creators = await queryRows<{
    user_id: string;
    credits: string;
    settled_debits: string;
    ledger_paid_out: string;
    sales: string;
    reversals: string;
    payouts: string;
    returns: string;
    adjustments: string;
    paid: string;
  }>(
    db,
    sql`
    with ledger as (
      select le.user_id,
        coalesce(sum(le.amount_minor) filter (where le.kind <> 'purchase' and le.amount_minor > 0), 0) as credits,
        coalesce(sum(-le.amount_minor) filter (where le.kind <> 'purchase' and le.amount_minor < 0
          and (p.status is null or p.status not in ('requested', 'processing'))), 0) as settled_debits,
        coalesce(sum(-le.amount_minor) filter (where le.kind = 'payout' and p.status = 'paid'), 0) as paid_out,
        coalesce(sum(le.amount_minor) filter (where le.kind = 'adjustment'), 0) as adjustments
      from ledger_entries le left join payouts p on p.id = le.payout_id
      group by le.user_id
    ),
    sales as (
      select o.owner_user_id as user_id, sum(o.profit_minor) as amount
      from orders o
      where o.side = 'c' and o.status in (1, 2) and (
        exists (select 1 from payments p where p.order_id = o.id and p.status in ${CAPTURED})
        or exists (select 1 from ledger_entries le where le.order_id = o.id and le.kind = 'sale'))
      group by o.owner_user_id
    ),
    reversals as (
      select o.owner_user_id as user_id, sum(r.profit_reversed_minor) as amount
      from refunds r join orders o on o.id = r.order_id
      where r.status = 'completed' group by o.owner_user_id
    ),
    paid as (
      select user_id, sum(amount_minor) as amount,
        sum(amount_minor) filter (where status = 'returned') as returned,
        sum(amount_minor) filter (where status = 'paid') as paid
      from payouts group by user_id
    ),
    everyone as (
      select user_id from ledger union select user_id from sales union select user_id from paid
      union select user_id from reversals
    )
    select e.user_id::text as user_id,
      coalesce(l.credits, 0)::text as credits, coalesce(l.settled_debits, 0)::text as settled_debits,
      coalesce(l.paid_out, 0)::text as ledger_paid_out, coalesce(s.amount, 0)::text as sales,
      coalesce(v.amount, 0)::text as reversals, coalesce(pd.amount, 0)::text as payouts,
      coalesce(pd.returned, 0)::text as returns, coalesce(l.adjustments, 0)::text as adjustments,
      coalesce(pd.paid, 0)::text as paid
    from everyone e
    left join ledger l on l.user_id = e.user_id
    left join sales s on s.user_id = e.user_id
    left join reversals v on v.user_id = e.user_id
    left join paid pd on pd.user_id = e.user_id
    order by e.user_id`,
  );
  const totals: Record<string, number> = {
    'shown.available': 0,
    'shown.pending': 0,
    'shown.inFlight': 0,
    'shown.balance': 0,
    'shown.paidOut': 0,
    'ledger.credits': 0,
    'ledger.settledDebits': 0,
    'sources.balance': 0,
    'payouts.paid': 0,
  };
  const add = (key: string, value: number) => {
    totals[key] = (totals[key] ?? 0) + value;
  };
  for (const c of creators) {
    const userId = Number(c.user_id);
    const shown = await getMyEarnings(db, rules, userId, now);
    const ledgerSays = num(c.credits) - num(c.settled_debits);
    const sum = shown.availableMinor + shown.pendingMinor + shown.inFlightMinor;
    const sources = num(c.sales) - num(c.reversals) - num(c.payouts) + num(c.returns) + num(c.adjustments);
    add('shown.available', shown.availableMinor);
    add('shown.pending', shown.pendingMinor);
    add('shown.inFlight', shown.inFlightMinor);
    add('shown.balance', shown.balanceMinor);
    add('shown.paidOut', shown.paidOutMinor);
    add('ledger.credits', num(c.credits));
    add('ledger.settledDebits', num(c.settled_debits));
    add('sources.balance', sources);
    add('payouts.paid', num(c.paid));
    if (sum !== ledgerSays) {
      found.push(
        difference(
          'balance',
          { userId },
          ledgerSays,
          sum,
          `creator ${userId}: available ${shown.availableMinor} + pending ${shown.pendingMinor} + in flight ${shown.inFlightMinor} = ${sum}; the ledger says ${ledgerSays}`,
        ),
      );
    }
    if (shown.balanceMinor !== sources) {
      found.push(
        difference(
          'balance',
          { userId },
          sources,
          shown.balanceMinor,
          `creator ${userId}: balance ${shown.balanceMinor}; sales ${c.sales} − refunds ${c.reversals} − payouts ${c.payouts} + returns ${c.returns} + adjustments ${c.adjustments} = ${sources}`,
        ),
      );
    }
    if (shown.paidOutMinor !== num(c.paid) || shown.paidOutMinor !== num(c.ledger_paid_out)) {
      found.push(
        difference(
          'paid_out',
          { userId },
          num(c.paid),
          shown.paidOutMinor,
          `creator ${userId}: paid out ${shown.paidOutMinor}; paid payouts ${c.paid}, their ledger debits ${c.ledger_paid_out}`,
        ),
      );
    }
  }
  return { found, creatorsChecked: creators.length, totals };
}
