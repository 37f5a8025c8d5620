-- Issue 34: what an order charges besides its items (decision 0056). The order keeps, frozen when
-- it is placed, the shipping (the method chosen, its price and delivery estimate), the discount and
-- the tax, each line its own share of the discount and its tax. The total the buyer pays is
-- items − discount + shipping + tax; the creator's profit is items − discount − platform cost, so
-- neither shipping nor tax is ever the creator's. Orders placed before have none of them (0), and
-- their total is their items as before. Owned by orders.
ALTER TABLE "orders" ADD COLUMN "discount_minor" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_minor" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_minor" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_tax_minor" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_tax_minor" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_method_id" bigint;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_method" varchar(60);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_min_days" smallint;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_max_days" smallint;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_name" varchar(40);
--> statement-breakpoint
-- The jurisdiction whose rate was charged: the country, and the region when the rate was the region's
-- own ('' for the whole country). The tax report sums by it.
ALTER TABLE "orders" ADD COLUMN "tax_country" varchar(2);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_region" varchar(3) DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_rate_micros" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_inclusive" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_amounts";
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amounts" CHECK ("orders"."total_minor" >= 0 and "orders"."platform_minor" >= 0 and "orders"."discount_minor" >= 0 and "orders"."shipping_minor" >= 0 and "orders"."tax_minor" >= 0 and "orders"."shipping_tax_minor" between 0 and "orders"."tax_minor" and "orders"."discount_tax_minor" >= 0 and "orders"."tax_rate_micros" between 0 and 1000000 and "orders"."profit_minor" = "orders"."total_minor" - "orders"."shipping_minor" - "orders"."tax_minor" - "orders"."platform_minor");
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "discount_minor" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "tax_minor" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- A line's discount never takes it below its platform cost; its tax is on what is left.
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_discount" CHECK ("order_items"."discount_minor" between 0 and "order_items"."profit_minor" * "order_items"."quantity" and "order_items"."tax_minor" >= 0);
