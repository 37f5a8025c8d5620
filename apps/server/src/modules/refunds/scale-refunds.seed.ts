import { sql } from 'drizzle-orm';
import type { AppDatabase } from '../../platform/db/database';
import { rowRandom } from '../../platform/db/row-random';
import { setSeededRefunds } from '../payments/payments.api';
import { resultRows } from '../../platform/db/rows';

/** Paid orders refunded: about one in 60, three in five of them in full. */
const REFUNDED_SHARE = 0.016;
const FULL_SHARE = 0.6;
const REASONS = ['Arrived damaged', 'Buyer changed their mind', 'Wrong size', 'Never arrived'];

/**
 * Completed operator refunds of some generated paid orders (ids `firstId`..`lastId`), each with
 * what the refund flow leaves: the amount on the payment (REFUNDED or PARTIALLY_REFUNDED) and the
 * profit share it took back — round(profit × refunded / captured), half up, as `shareToReverse`
 * computes it for a first refund. The ledger's reversals are the earnings module's (it owns the
 * ledger). A refund comes 1–10 days after payment (of orders paid at least a day before `now`), never
 * after `now`. Answers how many.
 */
export async function seedScaleRefunds(
  db: AppDatabase,
  options: { firstId: number; lastId: number; seed: number; now: Date; operatorId: number | null },
): Promise<number> {
  const r = (salt: number) => rowRandom(sql`o.id`, options.seed, salt);
  const reasons = sql.raw(`(array[${REASONS.map((v) => `'${v}'`).join(', ')}])`);
  const now = sql`${options.now.toISOString()}::timestamptz`;
  const inserted = await db.execute(sql`
    with chosen as (
      select o.id as order_id, p.id as payment_id, p.capture_id, o.order_no, o.total_minor, o.profit_minor,
        o.currency_code,
        case when ${r(31)} < ${FULL_SHARE} then o.total_minor
          else greatest(1, floor(o.total_minor * (0.2 + 0.6 * ${r(32)})))::int end as amount,
        least(${now} - interval '1 minute', o.paid_at + make_interval(secs => 86400 + floor(${r(33)} * 9 * 86400)::int)) as at,
        ${reasons}[1 + floor(${r(34)} * ${REASONS.length})::int] as reason
      from orders o join payments p on p.order_id = o.id and p.status = 'COMPLETED'
      where o.id between ${options.firstId} and ${options.lastId} and o.status > 0
        and o.paid_at < ${now} - interval '1 day'
        and ${r(30)} < ${REFUNDED_SHARE}
    ), stored as (
      insert into refunds (order_id, payment_id, provider, capture_id, request_id, provider_refund_id,
        amount_minor, currency_code, status, source, reason, restock, profit_reversed_minor,
        requested_by, created_at, completed_at, updated_at)
      select order_id, payment_id, 'sandbox', capture_id, 'scale-refund:' || order_no,
        'SBR-scale-' || order_no, amount, currency_code, 'completed', 'operator', reason, false,
        least(profit_minor, ((2 * profit_minor::bigint * amount + total_minor) / (2 * total_minor::bigint))::int),
        ${options.operatorId}::bigint, at, at, at
      from chosen order by order_id
      returning payment_id, amount_minor
    )
    select payment_id, amount_minor from stored`);
  const stored = resultRows<{ payment_id: string | number; amount_minor: string | number }>(inserted);
  // The amounts on the payments are the payments module's to write.
  await setSeededRefunds(
    db,
    stored.map((row) => ({ paymentId: Number(row.payment_id), amountMinor: Number(row.amount_minor) })),
  );
  return stored.length;
}
