-- The creator's dashboard reads roll-ups only (issue 18, decision 0036). Counted per quarter hour,
-- UTC: every time zone in use is a whole number of quarter hours from UTC, so a day, week, month
-- or year in the creator's zone is an exact sum of buckets (an hourly roll-up split India's,
-- Nepal's and South Australia's midnights).
--
-- Storefront events: the hourly roll-up (read by nothing until now) becomes the quarter-hour
-- roll-up. Hours already counted stay where they are: an hour's start is a quarter's start.
ALTER TABLE "event_rollups_hourly" RENAME TO "event_rollups";--> statement-breakpoint
ALTER TABLE "event_rollups" RENAME COLUMN "hour" TO "bucket";--> statement-breakpoint
ALTER TABLE "event_rollups" RENAME CONSTRAINT "event_rollups_hourly_shop_id_product_id_kind_user_source_page_source_hour_pk" TO "event_rollups_pk";--> statement-breakpoint
ALTER TABLE "event_rollups" RENAME CONSTRAINT "event_rollups_hourly_shop_id_shops_id_fk" TO "event_rollups_shop_id_shops_id_fk";--> statement-breakpoint
ALTER INDEX "event_rollups_hourly_shop_hour_idx" RENAME TO "event_rollups_shop_bucket_idx";--> statement-breakpoint
-- Paid orders per shop, source and quarter hour (product 0: the orders themselves — count,
-- sales, profit) and per product in them (product id: orders with it, units, sales, profit).
CREATE TABLE "order_rollups" (
	"shop_id" bigint NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"product_id" bigint DEFAULT 0 NOT NULL,
	"user_source" varchar(64) DEFAULT 'default' NOT NULL,
	"page_source" varchar(64) DEFAULT '' NOT NULL,
	"currency_code" varchar(3) NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"sales_minor" bigint DEFAULT 0 NOT NULL,
	"profit_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_rollups_pk" PRIMARY KEY("shop_id","bucket","product_id","user_source","page_source","currency_code")
);--> statement-breakpoint
ALTER TABLE "order_rollups" ADD CONSTRAINT "order_rollups_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The dashboard's "pending shipment": a shop's paid orders not shipped yet, without reading the
-- others (a shop with a million orders has a few hundred in transit).
CREATE INDEX "orders_shop_in_transit_idx" ON "orders" USING btree ("shop_id") WHERE "status" = 1;--> statement-breakpoint
-- The quarter hour a moment falls in.
CREATE OR REPLACE FUNCTION "linkstore_quarter"(at timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE AS $$
  SELECT date_bin('15 minutes', at, timestamptz '2000-01-01 00:00:00+00')
$$;--> statement-breakpoint
-- An order counted when it becomes paid, in the same transaction: the order itself (its total and
-- profit then, its items' units), and the items it has then. An item added to an order already
-- paid (seeds and imports write the order first) is counted by the items' trigger in its
-- product's row and in the order's units, so each item is counted exactly once, whichever comes
-- first; the order's money is its own total, which already holds every line.
CREATE OR REPLACE FUNCTION "linkstore_rollup_paid_order"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."paid_at" IS NULL OR (TG_OP = 'UPDATE' AND OLD."paid_at" IS NOT NULL)
    OR current_setting('linkstore.bulk_rollups', true) = 'on' THEN
    RETURN NULL;
  END IF;
  INSERT INTO "order_rollups" AS r ("shop_id", "bucket", "product_id", "user_source", "page_source", "currency_code", "orders", "units", "sales_minor", "profit_minor")
  SELECT NEW."shop_id", "linkstore_quarter"(NEW."paid_at"), 0, NEW."user_source", NEW."page_source", NEW."currency_code",
    1, coalesce(sum(i."quantity"), 0), NEW."total_minor", NEW."profit_minor"
  FROM "order_items" i WHERE i."order_id" = NEW."id"
  ON CONFLICT ("shop_id", "bucket", "product_id", "user_source", "page_source", "currency_code") DO UPDATE SET
    "orders" = r."orders" + 1, "units" = r."units" + excluded."units",
    "sales_minor" = r."sales_minor" + excluded."sales_minor", "profit_minor" = r."profit_minor" + excluded."profit_minor";
  INSERT INTO "order_rollups" AS r ("shop_id", "bucket", "product_id", "user_source", "page_source", "currency_code", "orders", "units", "sales_minor", "profit_minor")
  SELECT NEW."shop_id", "linkstore_quarter"(NEW."paid_at"), i."product_id", NEW."user_source", NEW."page_source", NEW."currency_code",
    1, sum(i."quantity"), sum(i."selling_price_minor" * i."quantity"), sum(i."profit_minor" * i."quantity")
  FROM "order_items" i WHERE i."order_id" = NEW."id" GROUP BY i."product_id"
  ON CONFLICT ("shop_id", "bucket", "product_id", "user_source", "page_source", "currency_code") DO UPDATE SET
    "orders" = r."orders" + 1, "units" = r."units" + excluded."units",
    "sales_minor" = r."sales_minor" + excluded."sales_minor", "profit_minor" = r."profit_minor" + excluded."profit_minor";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "linkstore_rollup_paid_item"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o record;
BEGIN
  IF current_setting('linkstore.bulk_rollups', true) = 'on' THEN
    RETURN NULL;
  END IF;
  SELECT "shop_id", "paid_at", "user_source", "page_source", "currency_code" INTO o FROM "orders" WHERE "id" = NEW."order_id";
  IF o."paid_at" IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO "order_rollups" AS r ("shop_id", "bucket", "product_id", "user_source", "page_source", "currency_code", "orders", "units", "sales_minor", "profit_minor")
  VALUES (o."shop_id", "linkstore_quarter"(o."paid_at"), NEW."product_id", o."user_source", o."page_source", o."currency_code",
    1, NEW."quantity", NEW."selling_price_minor" * NEW."quantity", NEW."profit_minor" * NEW."quantity")
  ON CONFLICT ("shop_id", "bucket", "product_id", "user_source", "page_source", "currency_code") DO UPDATE SET
    "orders" = r."orders" + 1, "units" = r."units" + excluded."units",
    "sales_minor" = r."sales_minor" + excluded."sales_minor", "profit_minor" = r."profit_minor" + excluded."profit_minor";
  UPDATE "order_rollups" SET "units" = "units" + NEW."quantity"
  WHERE "shop_id" = o."shop_id" AND "bucket" = "linkstore_quarter"(o."paid_at") AND "product_id" = 0
    AND "user_source" = o."user_source" AND "page_source" = o."page_source" AND "currency_code" = o."currency_code";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "orders_rollup_paid" AFTER INSERT OR UPDATE OF "paid_at" ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "linkstore_rollup_paid_order"();--> statement-breakpoint
CREATE TRIGGER "order_items_rollup_paid" AFTER INSERT ON "order_items"
  FOR EACH ROW EXECUTE FUNCTION "linkstore_rollup_paid_item"();--> statement-breakpoint
-- The paid orders with ids in [first_id, last_id] counted set-based, added to what is there: for
-- orders written while `linkstore.bulk_rollups` was 'on' in the transaction (the scale data
-- generator sets it with SET LOCAL, then calls this for the range it wrote), and for the orders
-- paid before this migration.
CREATE OR REPLACE FUNCTION "linkstore_rollup_orders"(first_id bigint, last_id bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "order_rollups" AS r ("shop_id", "bucket", "product_id", "user_source", "page_source", "currency_code", "orders", "units", "sales_minor", "profit_minor")
  SELECT o."shop_id", "linkstore_quarter"(o."paid_at"), 0, o."user_source", o."page_source", o."currency_code",
    count(*), coalesce(sum(l."units"), 0), sum(o."total_minor"), sum(o."profit_minor")
  FROM "orders" o
  LEFT JOIN LATERAL (
    SELECT sum(i."quantity") AS "units" FROM "order_items" i WHERE i."order_id" = o."id"
  ) l ON true
  WHERE o."paid_at" IS NOT NULL AND o."id" BETWEEN first_id AND last_id
  GROUP BY 1, 2, 3, 4, 5, 6
  ON CONFLICT ("shop_id", "bucket", "product_id", "user_source", "page_source", "currency_code") DO UPDATE SET
    "orders" = r."orders" + excluded."orders", "units" = r."units" + excluded."units",
    "sales_minor" = r."sales_minor" + excluded."sales_minor", "profit_minor" = r."profit_minor" + excluded."profit_minor";
  INSERT INTO "order_rollups" AS r ("shop_id", "bucket", "product_id", "user_source", "page_source", "currency_code", "orders", "units", "sales_minor", "profit_minor")
  SELECT o."shop_id", "linkstore_quarter"(o."paid_at"), i."product_id", o."user_source", o."page_source", o."currency_code",
    count(DISTINCT o."id"), sum(i."quantity"), sum(i."selling_price_minor" * i."quantity"), sum(i."profit_minor" * i."quantity")
  FROM "orders" o JOIN "order_items" i ON i."order_id" = o."id"
  WHERE o."paid_at" IS NOT NULL AND o."id" BETWEEN first_id AND last_id
  GROUP BY 1, 2, 3, 4, 5, 6
  ON CONFLICT ("shop_id", "bucket", "product_id", "user_source", "page_source", "currency_code") DO UPDATE SET
    "orders" = r."orders" + excluded."orders", "units" = r."units" + excluded."units",
    "sales_minor" = r."sales_minor" + excluded."sales_minor", "profit_minor" = r."profit_minor" + excluded."profit_minor";
$$;--> statement-breakpoint
-- The orders paid before this migration.
SELECT "linkstore_rollup_orders"(0, 9223372036854775807);
