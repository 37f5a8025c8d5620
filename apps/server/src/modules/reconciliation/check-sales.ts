import { sql } from 'drizzle-orm';
import type { AppDatabase } from '../../platform/db/database';
import type { ReconciliationDifference } from './reconciliation.table';
import { CAPTURED, difference, num } from './reconcile-sql';
import { queryRows } from '../../platform/db/rows';

/** sale: each paid buyer's order has one sale credit of its profit to its owner; no other order has any. */
export async function checkSales(db: AppDatabase): Promise<ReconciliationDifference[]> {
  const found: ReconciliationDifference[] = [];
  // ── sales ────────────────────────────────────────────────────────────────────────────────
  const sales = await queryRows<{
    order_no: string | null;
    order_id: string | null;
    owner: string | null;
    side: string | null;
    status: number | null;
    profit: string | null;
    captured: boolean;
    credits: string;
    credited: string;
    users_ok: boolean | null;
  }>(
    db,
    sql`
    with credits as (
      select order_id, count(*) as n, sum(amount_minor)::bigint as amount,
        min(user_id) as min_user, max(user_id) as max_user
      from ledger_entries where kind = 'sale' group by order_id
    )
    select o.order_no, coalesce(o.id, c.order_id)::text as order_id, o.owner_user_id::text as owner,
      o.side, o.status, o.profit_minor::text as profit, (p.id is not null) as captured,
      coalesce(c.n, 0)::text as credits, coalesce(c.amount, 0)::text as credited,
      (c.min_user = o.owner_user_id and c.max_user = o.owner_user_id) as users_ok
    from orders o
    left join credits c on c.order_id = o.id
    left join payments p on p.order_id = o.id and p.status in ${CAPTURED}
    where (c.order_id is not null and (o.side <> 'c' or o.status not in (1, 2)))
      or (o.side = 'c' and o.status in (1, 2) and (
        (p.id is not null and coalesce(c.n, 0) <> 1)
        or coalesce(c.n, 0) > 1
        or (c.n > 0 and (c.amount <> o.profit_minor or c.min_user <> o.owner_user_id
          or c.max_user <> o.owner_user_id))))
    union all
    select null, c.order_id::text, null, null, null, null, false, c.n::text, c.amount::text, null
    from credits c where c.order_id is null or not exists (select 1 from orders o where o.id = c.order_id)`,
  );
  for (const s of sales) {
    const at = { userId: s.owner, orderNo: s.order_no };
    if (s.side === null) {
      found.push(
        difference(
          'sale',
          at,
          0,
          num(s.credited),
          `sale credits of order id ${s.order_id ?? '—'}, which does not exist`,
        ),
      );
    } else if (s.side !== 'c' || s.status === null || s.status === 0) {
      found.push(
        difference(
          'sale',
          at,
          0,
          num(s.credited),
          `order ${s.order_no} (${s.side}-side, status ${s.status}) has ${s.credits} sale credits; expected none`,
        ),
      );
    } else {
      found.push(
        difference(
          'sale',
          at,
          num(s.profit),
          num(s.credited),
          `order ${s.order_no}: ${s.credits} sale credits of ${s.credited}${s.users_ok === false ? ' (to another creator)' : ''}; expected one of its profit ${s.profit}`,
        ),
      );
    }
  }
  return found;
}
