-- One definition of earnings (issue 30, decision 0041). The dashboard's roll-ups counted an order's
-- planned profit when it was paid — also an order the creator paid themselves (b-side, which credits
-- no profit), and never less what refunds took back — so Home and Earnings disagreed. From here:
--
-- * earnings (`profit_minor` of the shop-level rows) come from the ledger only: each 'sale' and
--   'refund' entry is counted in the quarter hour it was written (a sale when its order was paid, a
--   refund when it completed), so the roll-ups add up to the ledger by construction;
-- * sales (`sales_minor`) are what buyers paid less what was refunded to them, the refund counted
--   when it completed, split over the order's products in proportion to what each line cost the
--   buyer (the rest of the integer division to the largest line);
-- * an order the creator paid themselves (side 'b') is their purchase, not a sale: not counted;
-- * product rows carry no profit (nothing reads a product's profit; earnings are the shop's).
--
-- Then every roll-up is counted again from the orders and the ledger, so existing data agrees too.

-- An order's earnings are read beside it in every order list (its sale, refunds and purchase).
CREATE INDEX "ledger_entries_order_idx" ON "ledger_entries" USING btree ("order_id") WHERE "order_id" IS NOT NULL;--> statement-breakpoint
-- The orders paid with ids in [first_id, last_id], buyers' orders only: count, units, sales.
CREATE OR REPLACE FUNCTION "linkstore_rollup_orders"(first_id bigint, last_id bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "order_rollups" AS r ("shop_id", "bucket", "product_id", "user_source", "page_source", "currency_code", "orders", "units", "sales_minor", "profit_minor")
  SELECT o."shop_id", "linkstore_quarter"(o."paid_at"), 0, o."user_source", o."page_source", o."currency_code",
    count(*), coalesce(sum(l."units"), 0), sum(o."total_minor"), 0
  FROM "orders" o
  LEFT JOIN LATERAL (
    SELECT sum(i."quantity") AS "units" FROM "order_items" i WHERE i."order_id" = o."id"
  ) l ON true
  WHERE o."paid_at" IS NOT NULL AND o."side" = 'c' AND o."id" BETWEEN first_id AND last_id
  GROUP BY 1, 2, 3, 4, 5, 6
  ON CONFLICT ("shop_id", "bucket", "product_id", "user_source", "page_source", "currency_code") DO UPDATE SET
    "orders" = r."orders" + excluded."orders", "units" = r."units" + excluded."units",
    "sales_minor" = r."sales_minor" + excluded."sales_minor";
  INSERT INTO "order_rollups" AS r ("shop_id", "bucket", "product_id", "user_source", "page_source", "currency_code", "orders", "units", "sales_minor", "profit_minor")
  SELECT o."shop_id", "linkstore_quarter"(o."paid_at"), i."product_id", o."user_source", o."page_source", o."currency_code",
    count(DISTINCT o."id"), sum(i."quantity"), sum(i."selling_price_minor" * i."quantity"), 0
  FROM "orders" o JOIN "order_items" i ON i."order_id" = o."id"
  WHERE o."paid_at" IS NOT NULL AND o."side" = 'c' AND o."id" BETWEEN first_id AND last_id
  GROUP BY 1, 2, 3, 4, 5, 6
  ON CONFLICT ("shop_id", "bucket", "product_id", "user_source", "page_source", "currency_code") DO UPDATE SET
    "orders" = r."orders" + excluded."orders", "units" = r."units" + excluded."units",
    "sales_minor" = r."sales_minor" + excluded."sales_minor";
$$;--> statement-breakpoint
-- The ledger's entries with ids in [first_id, last_id] that are earnings of a buyer's order (kinds
-- 'sale' and 'refund'): the profit they credit or take back, and what each refund gave the buyer
-- back, in the quarter hour the entry was written. Used by the trigger below for one entry and by
-- the scale data generator (with `linkstore.bulk_rollups` 'on') for a range: written once.
CREATE OR REPLACE FUNCTION "linkstore_rollup_ledger"(first_id bigint, last_id bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "order_rollups" AS r ("shop_id", "bucket", "product_id", "user_source", "page_source", "currency_code", "orders", "units", "sales_minor", "profit_minor")
  SELECT o."shop_id", "linkstore_quarter"(e."created_at"), 0, o."user_source", o."page_source", o."currency_code",
    0, 0, -coalesce(sum(f."amount_minor"), 0), sum(e."amount_minor")
  FROM "ledger_entries" e
  JOIN "orders" o ON o."id" = e."order_id"
  LEFT JOIN "refunds" f ON f."id" = e."refund_id" AND e."kind" = 'refund'
  WHERE e."id" BETWEEN first_id AND last_id AND e."kind" IN ('sale', 'refund') AND o."side" = 'c'
  GROUP BY 1, 2, 3, 4, 5, 6
  ON CONFLICT ("shop_id", "bucket", "product_id", "user_source", "page_source", "currency_code") DO UPDATE SET
    "sales_minor" = r."sales_minor" + excluded."sales_minor", "profit_minor" = r."profit_minor" + excluded."profit_minor";
  INSERT INTO "order_rollups" AS r ("shop_id", "bucket", "product_id", "user_source", "page_source", "currency_code", "orders", "units", "sales_minor", "profit_minor")
  SELECT "shop_id", "bucket", "product_id", "user_source", "page_source", "currency_code", 0, 0, -sum("part"), 0
  FROM (
    SELECT s.*, s."base" + CASE WHEN s."rank" = 1 THEN s."amount" - sum(s."base") OVER (PARTITION BY s."entry") ELSE 0 END AS "part"
    FROM (
      SELECT l.*, l."amount" * l."line" / l."total" AS "base",
        row_number() OVER (PARTITION BY l."entry" ORDER BY l."line" DESC, l."product_id") AS "rank"
      FROM (
        SELECT e."id" AS "entry", o."shop_id", "linkstore_quarter"(e."created_at") AS "bucket", i."product_id",
          o."user_source", o."page_source", o."currency_code", f."amount_minor"::bigint AS "amount",
          o."total_minor"::bigint AS "total", sum(i."selling_price_minor"::bigint * i."quantity")::bigint AS "line"
        FROM "ledger_entries" e
        JOIN "orders" o ON o."id" = e."order_id"
        JOIN "refunds" f ON f."id" = e."refund_id"
        JOIN "order_items" i ON i."order_id" = o."id"
        WHERE e."id" BETWEEN first_id AND last_id AND e."kind" = 'refund' AND o."side" = 'c' AND o."total_minor" > 0
        GROUP BY e."id", o."id", f."id", i."product_id"
      ) l
    ) s
  ) parts
  GROUP BY 1, 2, 3, 4, 5, 6
  ON CONFLICT ("shop_id", "bucket", "product_id", "user_source", "page_source", "currency_code") DO UPDATE SET
    "sales_minor" = r."sales_minor" + excluded."sales_minor";
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "linkstore_rollup_ledger_entry"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('linkstore.bulk_rollups', true) = 'on' THEN
    RETURN NULL;
  END IF;
  PERFORM "linkstore_rollup_ledger"(NEW."id", NEW."id");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_rollup" AFTER INSERT ON "ledger_entries"
  FOR EACH ROW WHEN (NEW."kind" IN ('sale', 'refund')) EXECUTE FUNCTION "linkstore_rollup_ledger_entry"();--> statement-breakpoint
-- A buyer's order counted when it becomes paid: count, units, sales (its earnings come from the ledger).
CREATE OR REPLACE FUNCTION "linkstore_rollup_paid_order"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."paid_at" IS NULL OR (TG_OP = 'UPDATE' AND OLD."paid_at" IS NOT NULL) OR NEW."side" <> 'c'
    OR current_setting('linkstore.bulk_rollups', true) = 'on' THEN
    RETURN NULL;
  END IF;
  PERFORM "linkstore_rollup_orders"(NEW."id", NEW."id");
  RETURN NULL;
END
$$;--> statement-breakpoint
-- An item added to a buyer's order already paid (seeds and imports write the order first): its
-- product's row, and its units in the order's row.
CREATE OR REPLACE FUNCTION "linkstore_rollup_paid_item"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o record;
BEGIN
  IF current_setting('linkstore.bulk_rollups', true) = 'on' THEN
    RETURN NULL;
  END IF;
  SELECT "shop_id", "paid_at", "side", "user_source", "page_source", "currency_code" INTO o FROM "orders" WHERE "id" = NEW."order_id";
  IF o."paid_at" IS NULL OR o."side" <> 'c' THEN
    RETURN NULL;
  END IF;
  INSERT INTO "order_rollups" AS r ("shop_id", "bucket", "product_id", "user_source", "page_source", "currency_code", "orders", "units", "sales_minor", "profit_minor")
  VALUES (o."shop_id", "linkstore_quarter"(o."paid_at"), NEW."product_id", o."user_source", o."page_source", o."currency_code",
    1, NEW."quantity", NEW."selling_price_minor" * NEW."quantity", 0)
  ON CONFLICT ("shop_id", "bucket", "product_id", "user_source", "page_source", "currency_code") DO UPDATE SET
    "orders" = r."orders" + 1, "units" = r."units" + excluded."units",
    "sales_minor" = r."sales_minor" + excluded."sales_minor";
  UPDATE "order_rollups" SET "units" = "units" + NEW."quantity"
  WHERE "shop_id" = o."shop_id" AND "bucket" = "linkstore_quarter"(o."paid_at") AND "product_id" = 0
    AND "user_source" = o."user_source" AND "page_source" = o."page_source" AND "currency_code" = o."currency_code";
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Everything counted again (the totals and hours are rebuilt by their triggers as the rows go in).
TRUNCATE "order_rollups", "shop_order_totals", "shop_order_hours";--> statement-breakpoint
SELECT "linkstore_rollup_orders"(0, 9223372036854775807);--> statement-breakpoint
SELECT "linkstore_rollup_ledger"(0, 9223372036854775807);
