// The spike bench's proof after the traffic (scripts/bench/spike.mjs): read straight from the
// database — by `pg` on PostgreSQL, inside the bench server on PGlite (spike-hooks.mjs) — with the
// same SQL either way. `query(text, params)` answers `{ rows }` (node-postgres and PGlite both do).

/**
 * What the database holds for the bench's buyers (their emails match `emailLike`), next to what
 * the client saw acknowledged (`orderNos`, each a capture answered "paid"):
 * - every acknowledged order is paid, once: one captured payment, one provider capture and one
 *   sale credit in the ledger; no unpaid order has a credit; one order per checkout key;
 * - stock never below zero anywhere, and the low-stock product's stock is conserved: what is left
 *   plus what paid orders took plus what unpaid orders still hold equals what it was set to.
 */
export async function checkoutFigures(query, { emailLike, lowStockProductId, initialStock, orderNos }) {
  const params = [emailLike, lowStockProductId];
  const [counts] = (
    await query(
      `with bench as (
         select id, order_no, status, checkout_key, reserved_until from orders where buyer_email like $1
       ),
       per_order as (
         select b.id, b.order_no, b.status,
           (select count(*) from payments p where p.order_id = b.id and p.capture_id is not null) as captures,
           (select count(*) from sandbox_orders s where s.reference = b.order_no and s.capture_id is not null)
             as provider_captures,
           (select count(*) from ledger_entries l where l.order_id = b.id and l.kind = 'sale') as sales
         from bench b
       )
       select
         (select count(*)::int from bench) as orders,
         (select count(*)::int from per_order where status in (1, 2)) as paid_orders,
         (select coalesce(sum(captures), 0)::int from per_order) as captures,
         (select coalesce(sum(provider_captures), 0)::int from per_order) as provider_captures,
         (select coalesce(sum(sales), 0)::int from per_order) as sale_entries,
         (select count(*)::int from per_order
            where status in (1, 2) and (captures <> 1 or provider_captures <> 1 or sales <> 1)) as paid_not_once,
         (select count(*)::int from per_order where status = 0 and (sales > 0 or captures > 0)) as unpaid_credited,
         (select count(*)::int from per_order
            where captures > 1 or provider_captures > 1 or sales > 1) as twice_captured,
         (select count(*)::int from (
            select checkout_key from bench where checkout_key is not null
            group by checkout_key having count(*) > 1) d) as duplicate_keys,
         (select min(stock)::int from products) as min_stock,
         (select stock::int from products where id = $2) as low_stock_left,
         (select coalesce(sum(i.quantity), 0)::int from order_items i join bench b on b.id = i.order_id
            where i.product_id = $2 and b.status in (1, 2)) as low_stock_sold,
         (select coalesce(sum(i.quantity), 0)::int from order_items i join bench b on b.id = i.order_id
            where i.product_id = $2 and b.status = 0 and b.reserved_until is not null) as low_stock_held`,
      params,
    )
  ).rows;
  const paid = new Set(
    (
      await query(`select order_no from orders where buyer_email like $1 and status in (1, 2)`, [emailLike])
    ).rows.map((r) => r.order_no),
  );
  const acknowledged = new Set(orderNos);
  const notPaid = [...acknowledged].filter((no) => !paid.has(no));
  const paidUnseen = [...paid].filter((no) => !acknowledged.has(no));
  const n = (key) => Number(counts[key]);
  const lowStock = {
    productId: String(lowStockProductId),
    initial: initialStock,
    left: n('low_stock_left'),
    sold: n('low_stock_sold'),
    held: n('low_stock_held'),
  };
  const figures = {
    orders: n('orders'),
    paidOrders: n('paid_orders'),
    captures: n('captures'),
    providerCaptures: n('provider_captures'),
    saleEntries: n('sale_entries'),
    paidNotExactlyOnce: n('paid_not_once'),
    unpaidCredited: n('unpaid_credited'),
    duplicateCheckoutKeys: n('duplicate_keys'),
    /** Orders captured or credited more than once, plus checkout keys that placed two orders. */
    duplicates: n('twice_captured') + n('duplicate_keys'),
    acknowledgedNotPaid: notPaid.length,
    paidNotAcknowledged: paidUnseen.length,
    minStock: n('min_stock'),
    lowStock,
  };
  const failures = [];
  if (notPaid.length > 0) failures.push(`${notPaid.length} acknowledged checkouts are not paid orders`);
  if (figures.paidNotExactlyOnce > 0)
    failures.push(`${figures.paidNotExactlyOnce} paid orders lack exactly one capture and one sale`);
  if (figures.captures !== figures.paidOrders || figures.saleEntries !== figures.paidOrders)
    failures.push(
      `${figures.paidOrders} paid orders, ${figures.captures} captures, ${figures.saleEntries} sale entries`,
    );
  if (figures.unpaidCredited > 0)
    failures.push(`${figures.unpaidCredited} unpaid orders were captured or credited`);
  if (figures.duplicateCheckoutKeys > 0)
    failures.push(`${figures.duplicateCheckoutKeys} checkout keys placed twice`);
  if (figures.minStock < 0) failures.push(`stock below zero (${figures.minStock})`);
  if (lowStock.left < 0 || lowStock.left + lowStock.sold + lowStock.held !== initialStock)
    failures.push(
      `low-stock product: ${lowStock.left} left + ${lowStock.sold} sold + ${lowStock.held} held ≠ ${initialStock}`,
    );
  return { ...figures, failures };
}
