import { sql } from 'drizzle-orm';
import type { AppDatabase } from '../platform/db/database';

/**
 * A completed operator refund of `amountMinor` of an order, written in raw SQL as the refunds
 * module leaves it: a captured payment of the order's total carrying the refunded amount
 * (REFUNDED when it is all of it), the refund, and its ledger row taking `shareMinor` of the
 * creator's profit back, at `at`. For the roll-up tests, which build orders without checkout;
 * `key` makes the provider ids unique.
 */
export async function insertCompletedRefund(
  db: AppDatabase,
  refund: { orderId: number; amountMinor: number; shareMinor: number; at: string; key: string },
): Promise<void> {
  const { orderId, amountMinor, shareMinor, at, key } = refund;
  await db.execute(sql`
    with payment as (
      insert into payments (order_id, provider, provider_order_id, status, amount_minor, currency_code,
        capture_id, captured_minor, captured_currency, refunded_minor, approve_url)
      select id, 'sandbox', ${`P-${key}`},
        case when ${amountMinor} = total_minor then 'REFUNDED' else 'PARTIALLY_REFUNDED' end,
        total_minor, currency_code, ${`C-${key}`}, total_minor, currency_code, ${amountMinor}, ''
      from orders where id = ${orderId}
      returning id, order_id, currency_code
    ), made as (
      insert into refunds (order_id, payment_id, provider, capture_id, request_id, amount_minor, currency_code,
        status, source, profit_reversed_minor, completed_at)
      select order_id, id, 'sandbox', ${`C-${key}`}, ${`R-${key}`}, ${amountMinor}, currency_code,
        'completed', 'operator', ${shareMinor}, ${at}::timestamptz
      from payment
      returning id, order_id
    )
    insert into ledger_entries (user_id, shop_id, kind, amount_minor, currency_code, order_id, refund_id, created_at)
    select o.owner_user_id, o.shop_id, 'refund', ${-shareMinor}, o.currency_code, o.id, made.id, ${at}::timestamptz
    from made join orders o on o.id = made.order_id`);
}
