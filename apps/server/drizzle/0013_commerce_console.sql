CREATE TABLE "shop_actions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" bigint NOT NULL,
	"action" varchar(24) NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"actor_user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"action" varchar(24) NOT NULL,
	"actor_user_id" bigint,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_refunds" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"request_id" varchar(128) NOT NULL,
	"capture_id" varchar(64) NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency_code" varchar(3) NOT NULL,
	"custom_id" varchar(127),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"payment_id" bigint NOT NULL,
	"provider" varchar(16) NOT NULL,
	"capture_id" varchar(64) NOT NULL,
	"request_id" varchar(64) NOT NULL,
	"provider_refund_id" varchar(64),
	"amount_minor" integer NOT NULL,
	"currency_code" varchar(3) NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"source" varchar(16) NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"restock" boolean DEFAULT false NOT NULL,
	"profit_reversed_minor" integer DEFAULT 0 NOT NULL,
	"failure" text,
	"requested_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_minor" > 0),
	CONSTRAINT "refunds_status_values" CHECK ("refunds"."status" in ('pending', 'completed', 'failed')),
	CONSTRAINT "refunds_source_values" CHECK ("refunds"."source" in ('operator', 'provider'))
);
--> statement-breakpoint
CREATE TABLE "reconciliation_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"trigger" varchar(16) NOT NULL,
	"started_by" bigint,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"creators_checked" integer DEFAULT 0 NOT NULL,
	"difference_count" integer DEFAULT 0 NOT NULL,
	"differences" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"totals" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind_values";--> statement-breakpoint
DROP INDEX "ledger_entries_kind_order_key";--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "payouts_held_by" bigint;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "payouts_held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "suspended_reason" text;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "suspended_by" bigint;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "flag_reason" varchar(24);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "flagged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "flag_resolution" varchar(8);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "flag_note" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "flag_resolved_by" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "flag_resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "refund_id" bigint;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "retry_of_id" bigint;--> statement-breakpoint
ALTER TABLE "shop_actions" ADD CONSTRAINT "shop_actions_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_actions" ADD CONSTRAINT "shop_actions_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_runs" ADD CONSTRAINT "reconciliation_runs_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shop_actions_shop_idx" ON "shop_actions" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_refunds_request_key" ON "sandbox_refunds" USING btree ("request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_request_key" ON "refunds" USING btree ("request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_provider_refund_key" ON "refunds" USING btree ("provider","provider_refund_id");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_pending_idx" ON "refunds" USING btree ("created_at") WHERE "refunds"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_payouts_held_by_users_id_fk" FOREIGN KEY ("payouts_held_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_suspended_by_users_id_fk" FOREIGN KEY ("suspended_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_flag_resolved_by_users_id_fk" FOREIGN KEY ("flag_resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_open_flag_idx" ON "orders" USING btree ("flagged_at") WHERE "orders"."flag" is not null and "orders"."flag_resolved_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_kind_refund_key" ON "ledger_entries" USING btree ("kind","refund_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_retry_of_key" ON "payouts" USING btree ("retry_of_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_kind_order_key" ON "ledger_entries" USING btree ("kind","order_id") WHERE "ledger_entries"."kind" <> 'refund';--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refunded_within_captured" CHECK ("payments"."refunded_minor" >= 0 and "payments"."refunded_minor" <= coalesce("payments"."captured_minor", 0));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_values" CHECK ("ledger_entries"."kind" in ('sale', 'payout', 'payout_return', 'adjustment', 'purchase', 'refund'));--> statement-breakpoint
UPDATE "orders" SET "flagged_at" = "updated_at", "flag_reason" = CASE WHEN "flag" LIKE 'captured %' THEN 'amount_mismatch' ELSE 'stock_short' END WHERE "flag" IS NOT NULL;
