-- A shop's paid orders and visits per UTC hour (issue 18): what the dashboard's long charts
-- (a month by day, a year by month, a custom range) read when every point's edges fall on whole
-- hours — every zone whose offsets are whole hours, most of the world. The quarter-hour roll-ups
-- (decision 0036) hold each source and product apart (≈ 140,000 shop-level rows a year at a
-- million orders); these hold one row an hour. Kept by triggers on the shop-level roll-up rows,
-- like the totals (migration 0024), so they never disagree.
CREATE TABLE "shop_order_hours" (
	"shop_id" bigint NOT NULL,
	"currency_code" varchar(3) NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"sales_minor" bigint DEFAULT 0 NOT NULL,
	"profit_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "shop_order_hours_pk" PRIMARY KEY("shop_id","currency_code","hour")
);--> statement-breakpoint
ALTER TABLE "shop_order_hours" ADD CONSTRAINT "shop_order_hours_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "shop_visit_hours" (
	"shop_id" bigint NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "shop_visit_hours_pk" PRIMARY KEY("shop_id","hour")
);--> statement-breakpoint
ALTER TABLE "shop_visit_hours" ADD CONSTRAINT "shop_visit_hours_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "linkstore_order_hours"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "shop_order_hours" AS h ("shop_id", "currency_code", "hour", "orders", "units", "sales_minor", "profit_minor")
  VALUES (NEW."shop_id", NEW."currency_code", date_bin('1 hour', NEW."bucket", timestamptz '2000-01-01 00:00:00+00'),
    NEW."orders" - CASE WHEN TG_OP = 'UPDATE' THEN OLD."orders" ELSE 0 END,
    NEW."units" - CASE WHEN TG_OP = 'UPDATE' THEN OLD."units" ELSE 0 END,
    NEW."sales_minor" - CASE WHEN TG_OP = 'UPDATE' THEN OLD."sales_minor" ELSE 0 END,
    NEW."profit_minor" - CASE WHEN TG_OP = 'UPDATE' THEN OLD."profit_minor" ELSE 0 END)
  ON CONFLICT ("shop_id", "currency_code", "hour") DO UPDATE SET
    "orders" = h."orders" + excluded."orders", "units" = h."units" + excluded."units",
    "sales_minor" = h."sales_minor" + excluded."sales_minor", "profit_minor" = h."profit_minor" + excluded."profit_minor";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "order_rollups_hours" AFTER INSERT OR UPDATE ON "order_rollups"
  FOR EACH ROW WHEN (NEW."product_id" = 0) EXECUTE FUNCTION "linkstore_order_hours"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "linkstore_visit_hours"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "shop_visit_hours" AS h ("shop_id", "hour", "clicks")
  VALUES (NEW."shop_id", date_bin('1 hour', NEW."bucket", timestamptz '2000-01-01 00:00:00+00'),
    NEW."count" - CASE WHEN TG_OP = 'UPDATE' THEN OLD."count" ELSE 0 END)
  ON CONFLICT ("shop_id", "hour") DO UPDATE SET "clicks" = h."clicks" + excluded."clicks";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "event_rollups_visit_hours" AFTER INSERT OR UPDATE ON "event_rollups"
  FOR EACH ROW WHEN (NEW."product_id" = 0 AND NEW."kind" = 'view') EXECUTE FUNCTION "linkstore_visit_hours"();--> statement-breakpoint
-- What is counted already.
INSERT INTO "shop_order_hours" ("shop_id", "currency_code", "hour", "orders", "units", "sales_minor", "profit_minor")
SELECT "shop_id", "currency_code", date_bin('1 hour', "bucket", timestamptz '2000-01-01 00:00:00+00'), sum("orders"), sum("units"), sum("sales_minor"), sum("profit_minor")
FROM "order_rollups" WHERE "product_id" = 0 GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO "shop_visit_hours" ("shop_id", "hour", "clicks")
SELECT "shop_id", date_bin('1 hour', "bucket", timestamptz '2000-01-01 00:00:00+00'), sum("count")
FROM "event_rollups" WHERE "product_id" = 0 AND "kind" = 'view' GROUP BY 1, 2;
