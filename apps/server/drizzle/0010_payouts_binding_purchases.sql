CREATE TABLE "order_purchase_items" (
	"purchase_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"amount_minor" integer NOT NULL,
	CONSTRAINT "order_purchase_items_purchase_id_order_id_pk" PRIMARY KEY("purchase_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "order_purchases" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner_user_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"pay_key" varchar(64) NOT NULL,
	"status" varchar(16) DEFAULT 'created' NOT NULL,
	"total_minor" integer NOT NULL,
	"currency_code" varchar(3) NOT NULL,
	"provider" varchar(16) NOT NULL,
	"provider_order_id" varchar(64),
	"approve_url" text,
	"capture_id" varchar(64),
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_purchases_status_values" CHECK ("order_purchases"."status" in ('created', 'paid', 'cancelled')),
	CONSTRAINT "order_purchases_total_positive" CHECK ("order_purchases"."total_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency_code" varchar(3) NOT NULL,
	"status" varchar(16) DEFAULT 'requested' NOT NULL,
	"sender_batch_id" varchar(64) NOT NULL,
	"request_key" varchar(64),
	"trigger" varchar(8) DEFAULT 'manual' NOT NULL,
	"receiver_email" varchar(254) NOT NULL,
	"receiver_payer_id" varchar(64) NOT NULL,
	"payout_batch_id" varchar(64),
	"payout_item_id" varchar(64),
	"provider_status" varchar(32),
	"reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount_minor" > 0),
	CONSTRAINT "payouts_status_values" CHECK ("payouts"."status" in ('requested', 'processing', 'paid', 'returned')),
	CONSTRAINT "payouts_trigger_values" CHECK ("payouts"."trigger" in ('manual', 'auto'))
);
--> statement-breakpoint
CREATE TABLE "paypal_bindings" (
	"state" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"provider" varchar(16) NOT NULL,
	"code_verifier" varchar(128) NOT NULL,
	"nonce" varchar(64) NOT NULL,
	"outcome" varchar(16),
	"reason" text,
	"payer_id" varchar(64),
	"email" varchar(254),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "paypal_bindings_outcome_values" CHECK ("paypal_bindings"."outcome" is null or "paypal_bindings"."outcome" in ('bound', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind_values";--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "paypal_payer_id" varchar(64);--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "paypal_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "auto_payout" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "payouts_held_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paying_side" varchar(1);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paying_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "payout_id" bigint;--> statement-breakpoint
ALTER TABLE "order_purchase_items" ADD CONSTRAINT "order_purchase_items_purchase_id_order_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."order_purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_purchase_items" ADD CONSTRAINT "order_purchase_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_purchases" ADD CONSTRAINT "order_purchases_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_purchases" ADD CONSTRAINT "order_purchases_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paypal_bindings" ADD CONSTRAINT "paypal_bindings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_purchase_items_order_idx" ON "order_purchase_items" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_purchases_pay_key" ON "order_purchases" USING btree ("owner_user_id","pay_key");--> statement-breakpoint
CREATE UNIQUE INDEX "order_purchases_provider_order_key" ON "order_purchases" USING btree ("provider","provider_order_id");--> statement-breakpoint
CREATE INDEX "order_purchases_owner_created_idx" ON "order_purchases" USING btree ("owner_user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_sender_batch_key" ON "payouts" USING btree ("sender_batch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_request_key" ON "payouts" USING btree ("user_id","request_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_one_in_flight" ON "payouts" USING btree ("user_id") WHERE "payouts"."status" in ('requested', 'processing');--> statement-breakpoint
CREATE INDEX "payouts_user_requested_idx" ON "payouts" USING btree ("user_id","requested_at");--> statement-breakpoint
CREATE INDEX "payouts_in_flight_idx" ON "payouts" USING btree ("updated_at") WHERE "payouts"."status" in ('requested', 'processing');--> statement-breakpoint
CREATE INDEX "paypal_bindings_user_idx" ON "paypal_bindings" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_kind_payout_key" ON "ledger_entries" USING btree ("kind","payout_id");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_values" CHECK ("ledger_entries"."kind" in ('sale', 'payout', 'payout_return', 'adjustment', 'purchase'));