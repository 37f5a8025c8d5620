-- Issue 34, "Discount codes": a creator's codes for their own shop, a whole percentage off the
-- lines a code applies to or an amount off the order, always out of the creator's profit (never a
-- line below its platform cost). `product_ids` NULL: the whole shop. Days are UTC, both ends
-- included. A deleted code keeps its row for the orders that name it and frees its name. Owned by
-- the discounts module.
CREATE TABLE "discount_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" bigint NOT NULL,
	"code" varchar(32) NOT NULL,
	"kind" varchar(8) NOT NULL,
	"percent" smallint,
	"amount_minor" integer,
	"currency_code" varchar(3) DEFAULT 'USD' NOT NULL,
	"min_order_minor" integer,
	"starts_on" date,
	"ends_on" date,
	"max_uses" integer,
	"max_uses_per_email" integer,
	"product_ids" bigint[],
	"paused" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_code_format" CHECK ("code" ~ '^[A-Z0-9][A-Z0-9_-]{2,31}$'),
	CONSTRAINT "discount_codes_kind_value" CHECK (("kind" = 'percent' AND "percent" BETWEEN 1 AND 100 AND "amount_minor" IS NULL) OR ("kind" = 'amount' AND "amount_minor" BETWEEN 1 AND 10000000 AND "percent" IS NULL)),
	CONSTRAINT "discount_codes_currency" CHECK ("currency_code" = 'USD'),
	CONSTRAINT "discount_codes_limits" CHECK (("min_order_minor" IS NULL OR "min_order_minor" BETWEEN 1 AND 10000000) AND ("max_uses" IS NULL OR "max_uses" >= 1) AND ("max_uses_per_email" IS NULL OR "max_uses_per_email" >= 1)),
	CONSTRAINT "discount_codes_days" CHECK ("starts_on" IS NULL OR "ends_on" IS NULL OR "ends_on" >= "starts_on")
);
--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_shop_code_key" ON "discount_codes" ("shop_id", "code") WHERE "deleted_at" is null;
--> statement-breakpoint
CREATE INDEX "discount_codes_code_idx" ON "discount_codes" ("code") WHERE "deleted_at" is null;
--> statement-breakpoint
-- Each order placed with a code, written in the order's transaction under the code's row lock.
CREATE TABLE "discount_redemptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"email" varchar(254) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_code_id_discount_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."discount_codes"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "discount_redemptions_order_key" ON "discount_redemptions" ("order_id");
--> statement-breakpoint
CREATE INDEX "discount_redemptions_code_email_idx" ON "discount_redemptions" ("code_id", "email");
--> statement-breakpoint
-- The code an order was given, as the buyer typed it (upper-cased): receipts and mails name it.
ALTER TABLE "orders" ADD COLUMN "discount_code" varchar(32);
