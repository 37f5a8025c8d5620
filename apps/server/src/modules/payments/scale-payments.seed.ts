import { sql } from 'drizzle-orm';
import type { AppDatabase } from '../../platform/db/database';
import { resultRows } from '../../platform/db/rows';

/**
 * The payment row checkout keeps for each generated order (ids `firstId`..`lastId`), as the
 * offline sandbox leaves it: CREATED for an order never paid, COMPLETED with the capture of
 * exactly its total for a paid one. Answers how many were inserted.
 */
export async function seedScalePayments(
  db: AppDatabase,
  range: { firstId: number; lastId: number },
): Promise<number> {
  const result = await db.execute(sql`
    insert into payments (order_id, provider, provider_order_id, status, amount_minor, currency_code,
      capture_id, captured_minor, captured_currency, approve_url, created_at, updated_at)
    select o.id, 'sandbox', 'SB-scale-' || o.order_no,
      case when o.status > 0 then 'COMPLETED' else 'CREATED' end, o.total_minor, o.currency_code,
      case when o.status > 0 then 'SBC-scale-' || o.order_no end,
      case when o.status > 0 then o.total_minor end,
      case when o.status > 0 then o.currency_code end,
      '/payauth?token=SB-scale-' || o.order_no || '&lang=' || o.language,
      o.created_at, coalesce(o.paid_at, o.created_at)
    from orders o where o.id between ${range.firstId} and ${range.lastId}
    order by o.id
    returning id`);
  return resultRows(result).length;
}
