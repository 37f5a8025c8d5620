import { sql } from 'drizzle-orm';
import type { AppDatabase } from '../../platform/db/database';
import type { ReconciliationDifference } from './reconciliation.table';
import { difference, num } from './reconcile-sql';
import { queryRows } from '../../platform/db/rows';

/** refund: one 'refund' entry of −its profit share per completed refund; refund_total: an order's reversals within its sale credit. */
export async function checkRefunds(db: AppDatabase): Promise<ReconciliationDifference[]> {
  const found: ReconciliationDifference[] = [];
  // ── refunds ──────────────────────────────────────────────────────────────────────────────
  const refundRows = await queryRows<{
    refund_id: string | null;
    status: string | null;
    order_no: string | null;
    owner: string | null;
    reversed: string;
    entries: string;
    amount: string;
  }>(
    db,
    sql`
    select r.id::text as refund_id, r.status, o.order_no, o.owner_user_id::text as owner,
      r.profit_reversed_minor::text as reversed, count(le.id)::text as entries,
      coalesce(sum(le.amount_minor), 0)::text as amount
    from refunds r
    join orders o on o.id = r.order_id
    left join ledger_entries le on le.refund_id = r.id and le.kind = 'refund'
    group by r.id, o.id
    having (r.status = 'completed' and (count(le.id) <> 1
        or coalesce(sum(le.amount_minor), 0) <> -r.profit_reversed_minor
        or bool_or(le.user_id <> o.owner_user_id or le.order_id is distinct from r.order_id)))
      or (r.status <> 'completed' and count(le.id) > 0)
    union all
    select le.refund_id::text, null, null, le.user_id::text, '0', '1', le.amount_minor::text
    from ledger_entries le
    where le.kind = 'refund' and (le.refund_id is null
      or not exists (select 1 from refunds r where r.id = le.refund_id))`,
  );
  for (const r of refundRows) {
    const at = { userId: r.owner, orderNo: r.order_no, refundId: r.refund_id };
    if (r.status === null) {
      found.push(
        difference('refund', at, 0, num(r.amount), `a refund entry of ${r.amount} without its refund`),
      );
    } else {
      const expected = r.status === 'completed' ? -num(r.reversed) : 0;
      found.push(
        difference(
          'refund',
          at,
          expected,
          num(r.amount),
          `refund ${r.refund_id} (${r.status}) of order ${r.order_no}: ${r.entries} refund entries of ${r.amount}; expected ${r.status === 'completed' ? `one of ${expected}` : 'none'}`,
        ),
      );
    }
  }

  const refundTotals = await queryRows<{
    order_no: string;
    owner: string;
    sale: string;
    reversed: string;
    refunded: string;
    captured: string | null;
  }>(
    db,
    sql`
    with sale as (select order_id, sum(amount_minor) as amount from ledger_entries
        where kind = 'sale' group by order_id),
      reversal as (select order_id, -sum(amount_minor) as amount from ledger_entries
        where kind = 'refund' group by order_id),
      refunded as (select order_id, sum(amount_minor) as amount from refunds
        where status = 'completed' group by order_id)
    select o.order_no, o.owner_user_id::text as owner, coalesce(s.amount, 0)::text as sale,
      coalesce(v.amount, 0)::text as reversed, coalesce(f.amount, 0)::text as refunded,
      p.captured_minor::text as captured
    from orders o
    left join sale s on s.order_id = o.id
    left join reversal v on v.order_id = o.id
    left join refunded f on f.order_id = o.id
    left join payments p on p.order_id = o.id
    where (v.order_id is not null or f.order_id is not null)
      and (coalesce(v.amount, 0) > coalesce(s.amount, 0)
        or (p.captured_minor is not null and coalesce(f.amount, 0) >= p.captured_minor
          and coalesce(v.amount, 0) <> coalesce(s.amount, 0)))`,
  );
  for (const r of refundTotals) {
    found.push(
      difference(
        'refund_total',
        { userId: r.owner, orderNo: r.order_no },
        num(r.sale),
        num(r.reversed),
        `order ${r.order_no}: refunds reversed ${r.reversed} of its sale credit ${r.sale} (${r.refunded} of ${r.captured ?? '—'} refunded)`,
      ),
    );
  }
  return found;
}
