CREATE TABLE "order_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"title" varchar(200) NOT NULL,
	"image_url" text,
	"quantity" integer NOT NULL,
	"platform_price_minor" integer NOT NULL,
	"selling_price_minor" integer NOT NULL,
	"profit_minor" integer NOT NULL,
	CONSTRAINT "order_items_quantity" CHECK ("order_items"."quantity" between 1 and 99),
	CONSTRAINT "order_items_prices" CHECK ("order_items"."platform_price_minor" >= 0 and "order_items"."selling_price_minor" >= "order_items"."platform_price_minor" and "order_items"."profit_minor" = "order_items"."selling_price_minor" - "order_items"."platform_price_minor")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_no" varchar(32) NOT NULL,
	"shop_id" bigint NOT NULL,
	"owner_user_id" bigint NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"side" varchar(1) DEFAULT 'c' NOT NULL,
	"buyer_email" varchar(254) NOT NULL,
	"shipping_address" jsonb NOT NULL,
	"language" varchar(8) DEFAULT 'en' NOT NULL,
	"currency_code" varchar(3) DEFAULT 'USD' NOT NULL,
	"total_minor" integer NOT NULL,
	"platform_minor" integer NOT NULL,
	"profit_minor" integer NOT NULL,
	"user_source" varchar(64) DEFAULT 'default' NOT NULL,
	"page_source" varchar(64) DEFAULT '' NOT NULL,
	"reserved_until" timestamp with time zone,
	"flag" text,
	"paid_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_status_values" CHECK ("orders"."status" in (0, 1, 2)),
	CONSTRAINT "orders_side_values" CHECK ("orders"."side" in ('b', 'c')),
	CONSTRAINT "orders_amounts" CHECK ("orders"."total_minor" >= 0 and "orders"."platform_minor" >= 0 and "orders"."profit_minor" = "orders"."total_minor" - "orders"."platform_minor")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"provider" varchar(16) NOT NULL,
	"provider_order_id" varchar(64) NOT NULL,
	"status" varchar(32) NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency_code" varchar(3) NOT NULL,
	"capture_id" varchar(64),
	"captured_minor" integer,
	"captured_currency" varchar(3),
	"approve_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_orders" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"request_id" varchar(128) NOT NULL,
	"status" varchar(32) NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency_code" varchar(3) NOT NULL,
	"reference" varchar(64),
	"return_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"capture_id" varchar(64),
	"capture_request_id" varchar(128),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"provider" varchar(16) NOT NULL,
	"event_id" varchar(128) NOT NULL,
	"event_type" varchar(64) NOT NULL,
	"outcome" varchar(32) NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"kind" varchar(16) NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency_code" varchar(3) DEFAULT 'USD' NOT NULL,
	"order_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_kind_values" CHECK ("ledger_entries"."kind" in ('sale', 'payout', 'adjustment'))
);
--> statement-breakpoint
CREATE TABLE "event_rollups_hourly" (
	"shop_id" bigint NOT NULL,
	"product_id" bigint DEFAULT 0 NOT NULL,
	"kind" varchar(8) NOT NULL,
	"user_source" varchar(64) DEFAULT 'default' NOT NULL,
	"page_source" varchar(64) DEFAULT '' NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "event_rollups_hourly_shop_id_product_id_kind_user_source_page_source_hour_pk" PRIMARY KEY("shop_id","product_id","kind","user_source","page_source","hour")
);
--> statement-breakpoint
CREATE TABLE "shop_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" bigint NOT NULL,
	"product_id" bigint DEFAULT 0 NOT NULL,
	"kind" varchar(8) NOT NULL,
	"user_source" varchar(64) DEFAULT 'default' NOT NULL,
	"page_source" varchar(64) DEFAULT '' NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_events_kind_values" CHECK ("shop_events"."kind" in ('view', 'click', 'cart'))
);
--> statement-breakpoint
ALTER TABLE "shop_product_stats" DROP CONSTRAINT "shop_product_stats_counts";--> statement-breakpoint
ALTER TABLE "shop_product_stats" ADD COLUMN "add_to_carts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_rollups_hourly" ADD CONSTRAINT "event_rollups_hourly_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_events" ADD CONSTRAINT "shop_events_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_items_product_idx" ON "order_items" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_no_key" ON "orders" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "orders_owner_created_idx" ON "orders" USING btree ("owner_user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_shop_created_idx" ON "orders" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_unpaid_reserved_idx" ON "orders" USING btree ("reserved_until") WHERE "orders"."status" = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_order_key" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_order_key" ON "payments" USING btree ("provider","provider_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_capture_key" ON "payments" USING btree ("provider","capture_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_orders_request_key" ON "sandbox_orders" USING btree ("request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_events_key" ON "webhook_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_kind_order_key" ON "ledger_entries" USING btree ("kind","order_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_user_created_idx" ON "ledger_entries" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "event_rollups_hourly_shop_hour_idx" ON "event_rollups_hourly" USING btree ("shop_id","hour");--> statement-breakpoint
CREATE INDEX "shop_events_received_idx" ON "shop_events" USING btree ("received_at");--> statement-breakpoint
ALTER TABLE "shop_product_stats" ADD CONSTRAINT "shop_product_stats_counts" CHECK ("shop_product_stats"."views" >= 0 and "shop_product_stats"."clicks" >= 0 and "shop_product_stats"."add_to_carts" >= 0);