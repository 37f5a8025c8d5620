import { sql } from 'drizzle-orm';
import type { AppDatabase } from '../platform/db/database';

/**
 * Shops written in the shape the migrations before 0031 left (products carry
 * `platform_price_minor` and `stock`), set-based with generate_series, for the migration test
 * (`variants-migration.test.ts`). Every row is written as the app wrote it then: a paid buyer's
 * order has a captured payment of its total and one sale credit of its profit; a completed refund
 * one reversal of its profit share (round half up, cumulative over the order's refunds, as
 * `shareToReverse`) and its amount on the payment; a pending refund its amount on the payment and
 * no reversal; a failed one neither; an order the creator paid (b-side) a purchase and a
 * 'purchase' debit, no payment and no sale credit; the dashboard's roll-ups counted by the
 * migrations' own functions (`linkstore_rollup_orders`, `linkstore_rollup_ledger`), as the scale
 * generator does. Raw SQL only: this file is test data, it reads no other module.
 */

/** A shop to write and how many orders it gets (ids `firstOrderId` … + orders − 1). */
export interface LegacyShop {
  id: number;
  ownerId: number;
  slug: string;
  defaultPercentage: number;
  rounding: string;
  firstOrderId: number;
  orders: number;
}

export const LEGACY_PRODUCTS = { firstId: 20001, count: 300 } as const;
/** Order lines of products removed before the migration name ids from here (no product row). */
export const REMOVED_PRODUCT_ID = 29001;
export const LEGACY_OPERATOR_ID = 1003;

export const LEGACY_SHOPS: LegacyShop[] = [
  // A demo-like shop: a few hundred orders.
  {
    id: 2001,
    ownerId: 1001,
    slug: 'mig-demo',
    defaultPercentage: 200,
    rounding: 'none',
    firstOrderId: 100001,
    orders: 600,
  },
  // A scale shop: thousands of orders.
  {
    id: 2002,
    ownerId: 1002,
    slug: 'mig-scale',
    defaultPercentage: 160,
    rounding: 'none',
    firstOrderId: 200001,
    orders: 2000,
  },
];

/**
 * The orders' shapes by `id % 20`: 0–2 unpaid buyers' orders (0–1 with a payment created, not
 * captured), 3 paid by the creator (b-side, status 2), 4–11 paid (1), 12–19 completed (2).
 */
const KIND = sql.raw(`(o.id % 20)`);

export async function writeLegacyCatalogue(db: AppDatabase): Promise<void> {
  const { firstId, count } = LEGACY_PRODUCTS;
  const lastId = firstId + count - 1;
  await db.execute(sql`
    insert into users (id, username, password_hash, nickname)
    values (1001, 'mig-demo', 'x', 'Demo creator'), (1002, 'mig-scale', 'x', 'Scale creator'),
      (${LEGACY_OPERATOR_ID}, 'mig-operator', 'x', 'Operator')`);
  // Four top categories, twelve below them.
  await db.execute(sql`
    insert into categories (id, parent_id, name, sort)
    select 9000 + g, 0, 'Top ' || g, g from generate_series(1, 4) g
    union all
    select 9010 + g, 9000 + 1 + g % 4, 'Sub ' || g, g from generate_series(1, 12) g`);
  // Products: costs 5.00–44.99, some sold out, some off sale.
  await db.execute(sql`
    insert into products (id, category_id, title, titles, description, platform_price_minor, stock,
      status, sort, created_at, updated_at)
    select g, 9011 + g % 12, 'Product ' || g, jsonb_build_object('es', 'Producto ' || g),
      'About product ' || g, 500 + (g * 37) % 4000, case when g % 9 = 0 then 0 else (g * 7) % 50 end,
      case when g % 29 = 0 then 0 else 1 end, g % 10,
      timestamptz '2025-01-01 00:00:00+00' + make_interval(hours => g),
      timestamptz '2025-06-01 00:00:00+00' + make_interval(mins => g)
    from generate_series(${firstId}::int, ${lastId}::int) g`);
  // One to three images each.
  await db.execute(sql`
    insert into product_images (product_id, url, sort)
    select p, 'https://cdn.example/products/' || p || '/' || n || '.jpg', n
    from generate_series(${firstId}::int, ${lastId}::int) p, generate_series(0, 2) n
    where n <= p % 3`);
  // Unverified reviews (verified ones come with the orders).
  await db.execute(sql`
    insert into reviews (product_id, author_name, rating, body, language, status)
    select p, 'Reader ' || n, 1 + (p + n) % 5, 'Review ' || n || ' of ' || p, 'en', (p + n) % 2
    from generate_series(${firstId}::int, ${lastId}::int) p, generate_series(1, 2) n
    where (p + n) % 3 = 0`);
}

export async function writeLegacyShop(db: AppDatabase, shop: LegacyShop): Promise<void> {
  const { firstId, count } = LEGACY_PRODUCTS;
  const lastOrderId = shop.firstOrderId + shop.orders - 1;
  await db.execute(sql`
    insert into shops (id, owner_user_id, slug, name, default_percentage, rounding, paypal_email)
    values (${shop.id}, ${shop.ownerId}, ${shop.slug}, ${`Shop ${shop.slug}`}, ${shop.defaultPercentage},
      ${shop.rounding}, ${`${shop.slug}@example.com`})`);
  await db.execute(sql`
    insert into shop_categories (shop_id, category_id, sort)
    select ${shop.id}, id, id % 7 from categories where id between 9001 and 9022`);
  await db.execute(sql`
    insert into shop_category_prices (shop_id, category_id, percentage)
    select ${shop.id}, id, 150 + (id % 5) * 10 from categories where id between 9011 and 9022 and id % 2 = 0`);
  // Three products in four in the shop; one in five of them at the creator's own price.
  await db.execute(sql`
    insert into shop_products (shop_id, product_id, override_price_minor, visible, sort)
    select ${shop.id}, p.id,
      case when p.id % 5 = 0 then p.platform_price_minor + 300 + p.id % 200 end,
      case when p.id % 17 = 0 then 0 else 1 end, p.id % 13
    from products p where p.id % 4 <> 3`);

  // Order lines: one to three distinct products an order, each priced as the shop priced it then
  // (own price, else the category's or the shop's percentage); one line in eleven at a cost the
  // product had before (costs change; a line keeps its own); a line in 97 orders of a product
  // since removed.
  await db.execute(sql`drop table if exists mig_lines`);
  await db.execute(sql`
    create temp table mig_lines as
    select o.id as order_id, n as line,
      case when n = 1 and o.id % 97 = 0 then ${REMOVED_PRODUCT_ID} + o.id % 5
        else ${firstId}::int + ((o.id * 7 + (n - 1) * 101) % ${count}::int) end as product_id,
      1 + (o.id + n) % 3 as quantity
    from generate_series(${shop.firstOrderId}::int, ${lastOrderId}::int) as o(id),
      generate_series(1, 3) n
    where n <= 1 + o.id % 3`);
  await db.execute(sql`
    alter table mig_lines add column title varchar(200), add column image_url text,
      add column cost int, add column selling int`);
  await db.execute(sql`
    update mig_lines l set title = coalesce(p.title, 'Removed long ago'),
      image_url = case when p.id is null then null else 'https://cdn.example/products/' || p.id || '/0.jpg' end,
      cost = coalesce(p.platform_price_minor, 700) + case when l.order_id % 11 = 0 then 100 else 0 end
    from (select l2.order_id, l2.line, p2.* from mig_lines l2 left join products p2 on p2.id = l2.product_id) p
    where p.order_id = l.order_id and p.line = l.line`);
  await db.execute(sql`
    update mig_lines l set selling = greatest(l.cost, coalesce(sp.override_price_minor,
      (l.cost * coalesce(cp.percentage, ${shop.defaultPercentage}) / 100)::int))
    from mig_lines l2
    left join products p on p.id = l2.product_id
    left join shop_products sp on sp.shop_id = ${shop.id} and sp.product_id = l2.product_id
    left join shop_category_prices cp on cp.shop_id = ${shop.id} and cp.category_id = p.category_id
    where l2.order_id = l.order_id and l2.line = l.line`);

  // Orders, totalled from their lines; roll-ups are counted set-based at the end.
  await db.execute(sql`
    insert into orders (id, order_no, shop_id, owner_user_id, status, side, buyer_email,
      shipping_address, language, currency_code, total_minor, platform_minor, profit_minor,
      user_source, page_source, reserved_until, paid_at, completed_at, shipped_at, carrier,
      tracking_no, created_at, updated_at)
    select o.id, 'MIG' || o.id, ${shop.id}, ${shop.ownerId},
      case when ${KIND} < 3 then 0 when ${KIND} = 3 then 2 when ${KIND} < 12 then 1 else 2 end,
      case when ${KIND} = 3 then 'b' else 'c' end,
      'buyer' || o.id || '@example.com', jsonb_build_object('name', 'Buyer ' || o.id, 'country', 'US'),
      (array['en', 'es', 'pt', 'zh-cn', 'fr'])[1 + o.id % 5], 'USD',
      o.total, o.platform, o.total - o.platform,
      (array['default', 'instagram', 'tiktok'])[1 + o.id % 3], case when o.id % 4 = 0 then 'bio' else '' end,
      case when ${KIND} < 2 then o.at + interval '15 minutes' end,
      case when ${KIND} >= 3 then o.at + interval '5 minutes' end,
      case when ${KIND} = 3 or ${KIND} >= 12 then o.at + interval '3 days' end,
      case when ${KIND} >= 12 then o.at + interval '2 days' end,
      case when ${KIND} >= 12 then 'UPS' end,
      case when ${KIND} >= 12 then '1Z' || o.id end,
      o.at, o.at + interval '5 minutes'
    from (
      select order_id as id, sum(selling * quantity)::int as total, sum(cost * quantity)::int as platform,
        now() - make_interval(days => order_id % 120, mins => order_id % 1440) - interval '1 hour' as at
      from mig_lines group by order_id
    ) o`);
  await db.execute(sql`
    insert into order_items (order_id, product_id, title, image_url, quantity, platform_price_minor,
      selling_price_minor, profit_minor)
    select order_id, product_id, title, image_url, quantity, cost, selling, selling - cost
    from mig_lines order by order_id, line`);

  // Payments: captured for paid buyers' orders, created (not captured) for some unpaid ones.
  await db.execute(sql`
    insert into payments (order_id, provider, provider_order_id, status, amount_minor, currency_code,
      capture_id, captured_minor, captured_currency, approve_url, created_at, updated_at)
    select o.id, 'sandbox', 'MIGPO' || o.id, case when o.status = 0 then 'CREATED' else 'COMPLETED' end,
      o.total_minor, 'USD', case when o.status > 0 then 'MIGCAP' || o.id end,
      case when o.status > 0 then o.total_minor end, case when o.status > 0 then 'USD' end,
      'https://sandbox.example/approve/' || o.id, o.created_at, o.updated_at
    from orders o
    where o.shop_id = ${shop.id} and o.side = 'c' and (o.status > 0 or ${KIND} < 2)`);
  // Each paid buyer's order: one sale credit of its profit to its owner, when it was paid.
  await db.execute(sql`
    insert into ledger_entries (user_id, shop_id, kind, amount_minor, currency_code, order_id, created_at)
    select o.owner_user_id, o.shop_id, 'sale', o.profit_minor, 'USD', o.id, o.paid_at
    from orders o where o.shop_id = ${shop.id} and o.side = 'c' and o.status > 0 order by o.id`);

  // The creator paid their b-side orders in one purchase: a 'purchase' debit each, outside the balance.
  await db.execute(sql`
    with stored as (
      insert into order_purchases (owner_user_id, shop_id, pay_key, status, total_minor, currency_code,
        provider, provider_order_id, capture_id)
      select ${shop.ownerId}, ${shop.id}, 'mig-' || ${shop.id}, 'paid', sum(platform_minor), 'USD',
        'sandbox', 'MIGPUR' || ${shop.id}, 'MIGPURCAP' || ${shop.id}
      from orders where shop_id = ${shop.id} and side = 'b'
      returning id
    )
    insert into order_purchase_items (purchase_id, order_id, amount_minor)
    select s.id, o.id, o.platform_minor from stored s, orders o where o.shop_id = ${shop.id} and o.side = 'b'`);
  await db.execute(sql`
    insert into ledger_entries (user_id, shop_id, kind, amount_minor, currency_code, order_id, created_at)
    select owner_user_id, shop_id, 'purchase', -platform_minor, 'USD', id, paid_at
    from orders where shop_id = ${shop.id} and side = 'b' order by id`);

  // Refunds of paid buyers' orders (by id % 7, among those paid a day ago or more): 0 in full;
  // 1 40 %; 2 two partial refunds (30 %, then 25 %); 3 a failed one; 4 a pending one (50 %).
  await db.execute(sql`drop table if exists mig_refunds`);
  await db.execute(sql`
    create temp table mig_refunds as
    select o.id as order_id, p.id as payment_id, p.capture_id, o.total_minor as total, o.profit_minor as profit,
      o.paid_at, r.n, r.status,
      greatest(1, case r.kind when 0 then o.total_minor when 1 then o.total_minor * 2 / 5
        when 2 then case r.n when 1 then o.total_minor * 3 / 10 else o.total_minor / 4 end
        else o.total_minor / 2 end)::int as amount
    from orders o
    join payments p on p.order_id = o.id
    cross join lateral (
      select o.id % 7 as kind, n,
        case when o.id % 7 = 3 then 'failed' when o.id % 7 = 4 then 'pending' else 'completed' end as status
      from generate_series(1, case when o.id % 7 = 2 then 2 else 1 end) n
    ) r
    where o.shop_id = ${shop.id} and o.side = 'c' and o.status > 0 and o.id % 7 < 5
      and (o.id % 7 < 3 or o.id % 3 = 0) and o.paid_at < now() - interval '1 day'`);
  // The profit each completed refund reverses: what all of the order's completed refunds up to it
  // take back (round half up of profit × refunded / captured, never above the credit), less what
  // the ones before it did.
  await db.execute(sql`
    insert into refunds (order_id, payment_id, provider, capture_id, request_id, provider_refund_id,
      amount_minor, currency_code, status, source, reason, restock, profit_reversed_minor, failure,
      requested_by, created_at, completed_at, updated_at)
    select order_id, payment_id, 'sandbox', capture_id, 'mig-refund-' || order_id || '-' || n,
      case when status = 'completed' then 'MIGREF' || order_id || '-' || n end, amount, 'USD', status,
      'operator', 'Migration test refund ' || n, order_id % 2 = 0,
      case when status = 'completed' then
        least(profit, (2 * profit::bigint * upto + total) / (2 * total::bigint))::int
        - least(profit, (2 * profit::bigint * before + total) / (2 * total::bigint))::int
      else 0 end,
      case when status = 'failed' then 'INSTRUMENT_DECLINED' end, ${LEGACY_OPERATOR_ID},
      paid_at + make_interval(hours => 12 * n), case when status = 'completed' then paid_at + make_interval(hours => 12 * n) end,
      paid_at + make_interval(hours => 12 * n)
    from (
      select r.*, sum(amount) filter (where status = 'completed') over w as upto,
        coalesce(sum(amount) filter (where status = 'completed') over w, 0) - case when status = 'completed' then amount else 0 end as before
      from mig_refunds r
      window w as (partition by order_id order by n rows between unbounded preceding and current row)
    ) r
    order by order_id, n`);
  await db.execute(sql`
    insert into ledger_entries (user_id, shop_id, kind, amount_minor, currency_code, order_id, refund_id, created_at)
    select o.owner_user_id, o.shop_id, 'refund', -r.profit_reversed_minor, 'USD', o.id, r.id, r.completed_at
    from refunds r join orders o on o.id = r.order_id
    where o.shop_id = ${shop.id} and r.status = 'completed' order by r.id`);
  await db.execute(sql`
    update payments p set refunded_minor = s.refunded,
      status = case when s.completed >= p.captured_minor then 'REFUNDED'
        when s.completed > 0 then 'PARTIALLY_REFUNDED' else p.status end
    from (
      select payment_id, sum(amount_minor) filter (where status <> 'failed') as refunded,
        coalesce(sum(amount_minor) filter (where status = 'completed'), 0) as completed
      from refunds group by payment_id
    ) s
    join orders o on true
    where s.payment_id = p.id and o.id = p.order_id and o.shop_id = ${shop.id} and s.refunded is not null`);

  // Payouts: one paid, one returned (debit, then its return).
  await db.execute(sql`
    insert into payouts (user_id, shop_id, amount_minor, currency_code, status, sender_batch_id,
      receiver_email, receiver_payer_id, requested_at, settled_at, updated_at)
    values (${shop.ownerId}, ${shop.id}, 2500, 'USD', 'paid', ${`mig-batch-${shop.id}-1`},
        ${`${shop.slug}@example.com`}, 'PAYER1', now() - interval '20 days', now() - interval '19 days', now()),
      (${shop.ownerId}, ${shop.id}, 1200, 'USD', 'returned', ${`mig-batch-${shop.id}-2`},
        ${`${shop.slug}@example.com`}, 'PAYER1', now() - interval '10 days', now() - interval '9 days', now())`);
  await db.execute(sql`
    insert into ledger_entries (user_id, shop_id, kind, amount_minor, currency_code, payout_id, created_at)
    select user_id, shop_id, 'payout', -amount_minor, 'USD', id, requested_at from payouts where shop_id = ${shop.id}
    union all
    select user_id, shop_id, 'payout_return', amount_minor, 'USD', id, settled_at
    from payouts where shop_id = ${shop.id} and status = 'returned'`);

  // Verified reviews of some paid lines; storefront events per product and for the shop.
  await db.execute(sql`
    insert into reviews (product_id, order_item_id, author_name, rating, body, language, status)
    select i.product_id, i.id, 'Buyer ' || o.id, 1 + i.id % 5, 'Bought it: ' || i.title, o.language, 1
    from order_items i join orders o on o.id = i.order_id
    join products p on p.id = i.product_id
    where o.shop_id = ${shop.id} and o.status > 0 and o.side = 'c' and i.id % 13 = 0`);
  await db.execute(sql`
    insert into event_rollups (shop_id, product_id, kind, user_source, page_source, bucket, count)
    select ${shop.id}, p, k, 'default', '', linkstore_quarter(now() - make_interval(days => d)), 1 + (p + d) % 9
    from generate_series(0, 6) d,
      (select 0 as p union all select g from generate_series(${firstId}::int, ${firstId + 40}::int) g) ps(p),
      unnest(array['view', 'click', 'cart']) k
    where p = 0 or (p + d) % 3 = 0`);
  await db.execute(sql`drop table mig_lines`);
  await db.execute(sql`drop table mig_refunds`);
}

/**
 * The demo-like and the scale shop with their catalogue, roll-ups counted as the generator counts
 * them (the per-row triggers off while writing, then the migrations' functions over every row).
 */
export async function writeLegacyData(db: AppDatabase): Promise<void> {
  await db.execute(sql`select set_config('linkstore.bulk_rollups', 'on', false)`);
  await writeLegacyCatalogue(db);
  for (const shop of LEGACY_SHOPS) await writeLegacyShop(db, shop);
  await db.execute(sql`select set_config('linkstore.bulk_rollups', 'off', false)`);
  await db.execute(sql`select linkstore_rollup_orders(0, 9223372036854775807)`);
  await db.execute(sql`select linkstore_rollup_ledger(0, 9223372036854775807)`);
  // The sequences past the ids written, as the app would find them.
  for (const table of ['users', 'categories', 'products', 'shops', 'orders']) {
    await db.execute(
      sql.raw(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`),
    );
  }
}
