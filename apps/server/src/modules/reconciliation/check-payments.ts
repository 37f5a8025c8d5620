import { sql } from 'drizzle-orm';
import type { AppDatabase } from '../../platform/db/database';
import type { ReconciliationDifference } from './reconciliation.table';
import { CAPTURED, difference, num } from './reconcile-sql';
import { queryRows } from '../../platform/db/rows';

/** capture: a captured payment took its order's total; payment_refunded: a payment's refunded amount is the sum of its refunds not failed. */
export async function checkPayments(db: AppDatabase): Promise<ReconciliationDifference[]> {
  const found: ReconciliationDifference[] = [];
  // ── captures and what payments say was refunded ──────────────────────────────────────────
  const captures = await queryRows<{
    payment_id: string;
    order_no: string;
    owner: string;
    captured: string | null;
    total: string;
    side: string;
    status: number;
  }>(
    db,
    sql`
    select p.id::text as payment_id, o.order_no, o.owner_user_id::text as owner,
      p.captured_minor::text as captured, o.total_minor::text as total, o.side, o.status
    from payments p join orders o on o.id = p.order_id
    where p.status in ${CAPTURED} and o.flag_resolution is distinct from 'accept'
      and (p.captured_minor is distinct from o.total_minor
      or p.captured_currency is distinct from o.currency_code or o.side <> 'c' or o.status not in (1, 2))`,
  );
  for (const c of captures) {
    found.push(
      difference(
        'capture',
        { userId: c.owner, orderNo: c.order_no },
        num(c.total),
        num(c.captured),
        `payment ${c.payment_id} of order ${c.order_no} (${c.side}-side, status ${c.status}) captured ${c.captured ?? 'nothing'}; the order's total is ${c.total}`,
      ),
    );
  }

  const refundedRows = await queryRows<{
    payment_id: string;
    order_no: string;
    owner: string;
    refunded: string;
    captured: string;
    refunds: string;
  }>(
    db,
    sql`
    select p.id::text as payment_id, o.order_no, o.owner_user_id::text as owner,
      p.refunded_minor::text as refunded, coalesce(p.captured_minor, 0)::text as captured,
      coalesce(sum(r.amount_minor) filter (where r.status <> 'failed'), 0)::text as refunds
    from payments p
    join orders o on o.id = p.order_id
    left join refunds r on r.payment_id = p.id
    group by p.id, o.id
    having p.refunded_minor <> coalesce(sum(r.amount_minor) filter (where r.status <> 'failed'), 0)
      or p.refunded_minor > coalesce(p.captured_minor, 0)`,
  );
  for (const r of refundedRows) {
    found.push(
      difference(
        'payment_refunded',
        { userId: r.owner, orderNo: r.order_no },
        num(r.refunds),
        num(r.refunded),
        `payment ${r.payment_id} of order ${r.order_no} says ${r.refunded} refunded of ${r.captured} captured; its refunds not failed add up to ${r.refunds}`,
      ),
    );
  }
  return found;
}
