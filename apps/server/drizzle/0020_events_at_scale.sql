-- Raw storefront events at scale (issue 18, decision 0037).
--
-- 1. Every event carries an id made in the buyer's browser; a shop counts an id once. The ids
--    seen lately are kept in "shop_event_ids" (a partitioned table cannot hold a unique key that
--    leaves out its partition key, so the raw events cannot enforce it themselves).
-- 2. "shop_events" is partitioned by month of "received_at": retention drops whole months instead
--    of deleting rows one by one. The rows already there are kept.
CREATE TABLE "shop_event_ids" (
	"shop_id" bigint NOT NULL,
	"event_id" varchar(32) NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_event_ids_pk" PRIMARY KEY("shop_id","event_id")
);--> statement-breakpoint
CREATE INDEX "shop_event_ids_seen_idx" ON "shop_event_ids" USING brin ("seen_at");--> statement-breakpoint
ALTER TABLE "shop_events" RENAME TO "shop_events_unpartitioned";--> statement-breakpoint
ALTER TABLE "shop_events_unpartitioned" RENAME CONSTRAINT "shop_events_shop_id_shops_id_fk" TO "shop_events_unpartitioned_shop_id_fk";--> statement-breakpoint
ALTER TABLE "shop_events_unpartitioned" RENAME CONSTRAINT "shop_events_kind_values" TO "shop_events_unpartitioned_kind_values";--> statement-breakpoint
ALTER INDEX "shop_events_received_idx" RENAME TO "shop_events_unpartitioned_received_idx";--> statement-breakpoint
ALTER INDEX "shop_events_pkey" RENAME TO "shop_events_unpartitioned_pkey";--> statement-breakpoint
CREATE TABLE "shop_events" (
	"id" bigint DEFAULT nextval('shop_events_id_seq') NOT NULL,
	"shop_id" bigint NOT NULL,
	"product_id" bigint DEFAULT 0 NOT NULL,
	"kind" varchar(8) NOT NULL,
	"user_source" varchar(64) DEFAULT 'default' NOT NULL,
	"page_source" varchar(64) DEFAULT '' NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"event_id" varchar(32) DEFAULT '' NOT NULL,
	CONSTRAINT "shop_events_pk" PRIMARY KEY("id","received_at"),
	CONSTRAINT "shop_events_kind_values" CHECK ("kind" in ('view', 'click', 'cart'))
) PARTITION BY RANGE ("received_at");--> statement-breakpoint
ALTER SEQUENCE "shop_events_id_seq" OWNED BY "shop_events"."id";--> statement-breakpoint
ALTER TABLE "shop_events" ADD CONSTRAINT "shop_events_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Rows arrive in time order, so a block range index finds a month's or a day's rows at a
-- fraction of a b-tree's size (a few pages per partition against ~30 bytes per row).
CREATE INDEX "shop_events_received_idx" ON "shop_events" USING brin ("received_at");--> statement-breakpoint
-- Whatever no month's partition takes (a clock far off, a month not created ahead): an insert
-- never fails. Creating a month's partition moves that month's rows out of it first.
CREATE TABLE "shop_events_default" PARTITION OF "shop_events" DEFAULT;--> statement-breakpoint
-- The partition of each month (UTC) from the month of from_at to the month of to_at, created when
-- missing: named shop_events_yYYYYmMM, [first of the month, first of the next). Rows of those
-- months found in the default partition are moved into it. Answers how many it created.
CREATE OR REPLACE FUNCTION "linkstore_shop_events_partitions"(from_at timestamptz, to_at timestamptz) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  m timestamp := date_trunc('month', from_at AT TIME ZONE 'UTC');
  last_month timestamp := date_trunc('month', to_at AT TIME ZONE 'UTC');
  part text;
  lo timestamptz;
  hi timestamptz;
  made integer := 0;
BEGIN
  -- Two processes starting at once: the second waits, then finds the partitions made.
  PERFORM pg_advisory_xact_lock(7410020);
  WHILE m <= last_month LOOP
    part := 'shop_events_y' || to_char(m, 'YYYY') || 'm' || to_char(m, 'MM');
    lo := m AT TIME ZONE 'UTC';
    hi := (m + interval '1 month') AT TIME ZONE 'UTC';
    IF to_regclass(format('%I', part)) IS NULL THEN
      -- Serialises with inserts for a moment: the default partition is checked and emptied of the month.
      EXECUTE format('CREATE TABLE %I (LIKE "shop_events" INCLUDING DEFAULTS INCLUDING CONSTRAINTS)', part);
      EXECUTE format('WITH moved AS (DELETE FROM "shop_events_default" WHERE "received_at" >= %L AND "received_at" < %L RETURNING *) '
        || 'INSERT INTO %I SELECT * FROM moved', lo, hi, part);
      EXECUTE format('ALTER TABLE "shop_events" ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', part, lo, hi);
      made := made + 1;
    END IF;
    m := m + interval '1 month';
  END LOOP;
  RETURN made;
END
$$;--> statement-breakpoint
-- Retention: every month partition wholly before cut_off is dropped (one catalogue change, however
-- many rows); the rows before cut_off in the month that straddles it (and in the default
-- partition) are deleted. Answers how many partitions it dropped.
CREATE OR REPLACE FUNCTION "linkstore_shop_events_drop_before"(cut_off timestamptz) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  part record;
  dropped integer := 0;
BEGIN
  FOR part IN
    SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = '"shop_events"'::regclass AND c.relname ~ '^shop_events_y[0-9]{4}m[0-9]{2}$'
      AND (make_timestamp(substr(c.relname, 14, 4)::int, substr(c.relname, 19, 2)::int, 1, 0, 0, 0) + interval '1 month') AT TIME ZONE 'UTC' <= cut_off
  LOOP
    EXECUTE format('DROP TABLE %I', part.name);
    dropped := dropped + 1;
  END LOOP;
  DELETE FROM "shop_events" WHERE "received_at" < cut_off;
  RETURN dropped;
END
$$;--> statement-breakpoint
-- The months of the rows already there, and the next two; then the rows themselves.
SELECT "linkstore_shop_events_partitions"(coalesce((SELECT min("received_at") FROM "shop_events_unpartitioned"), now()), now() + interval '2 months');--> statement-breakpoint
INSERT INTO "shop_events" ("id", "shop_id", "product_id", "kind", "user_source", "page_source", "occurred_at", "received_at")
  SELECT "id", "shop_id", "product_id", "kind", "user_source", "page_source", "occurred_at", "received_at" FROM "shop_events_unpartitioned";--> statement-breakpoint
DROP TABLE "shop_events_unpartitioned";
--> statement-breakpoint
-- What the dashboard reads, found by `npm run bench dashboard` (decision 0037): its shop-level rows
-- only (product 0), in bucket order, with the figures it sums — index-only scans that do not
-- wade through the per-product rows of the same quarter hours (at 1M events, a year of visits
-- went from ~165 ms through the primary key to ~45 ms).
CREATE INDEX "event_rollups_shop_visits_idx" ON "event_rollups" USING btree ("shop_id", "bucket")
  INCLUDE ("count", "user_source", "page_source") WHERE "product_id" = 0 AND "kind" = 'view';--> statement-breakpoint
CREATE INDEX "order_rollups_shop_orders_idx" ON "order_rollups" USING btree ("shop_id", "currency_code", "bucket")
  INCLUDE ("profit_minor", "sales_minor", "units", "orders", "user_source", "page_source") WHERE "product_id" = 0;
