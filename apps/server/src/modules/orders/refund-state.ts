import { getTableName, sql, type SQL } from 'drizzle-orm';
import { payments } from '../payments/payments.table';
import { orders } from './orders.table';

/**
 * An order's refund state, read from its payment (decision 0020, "Refunds and the status"): what
 * refunds gave back or are giving back of the capture — an operator's refund is reserved on the
 * payment before PayPal is called, a failed one releases it — and whether that is all of it. A
 * fully refunded order keeps its status (0 → 1 → 2 only moves forward) but is shown as Refunded,
 * leaves the "to ship" queue and cannot be shipped. Written once: the studio, the console, the
 * shipping, its import and the dashboard read these.
 */

/**
 * The order's id, always qualified: drizzle writes a column of a one-table select without its
 * table, and inside the subqueries below a bare "id" would be the subquery's own.
 */
export const ORDER_ID = sql`${sql.identifier(getTableName(orders))}.${sql.identifier(orders.id.name)}`;

/** What refunds gave back (or are giving back) of the order's capture, in its minor units. */
export function refundedMinorOf(orderId: SQL = ORDER_ID) {
  return sql<number>`(select coalesce(sum(${payments.refundedMinor}), 0)::int from ${payments}
    where ${payments.orderId} = ${orderId})`.mapWith(Number);
}

/** Every captured cent of the order is refunded or being refunded. */
export function isFullyRefunded(orderId: SQL = ORDER_ID) {
  return sql<boolean>`exists (select 1 from ${payments} where ${payments.orderId} = ${orderId}
    and ${payments.captureId} is not null and ${payments.capturedMinor} > 0
    and ${payments.refundedMinor} >= ${payments.capturedMinor})`.mapWith(
    (value: unknown) => value === true || value === 't',
  );
}
