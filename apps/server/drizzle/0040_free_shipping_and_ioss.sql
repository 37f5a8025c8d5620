-- Issue 34, the rest of "What an order charges" (decision 0056).
-- A creator's free shipping over an amount, paid from their profit: the shop's threshold (US
-- cents, null: not offered) and, on each order, the shipping it paid (never the buyer's, never tax).
ALTER TABLE "shops" ADD COLUMN "free_shipping_over_minor" integer;
--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_free_shipping_over" CHECK ("shops"."free_shipping_over_minor" is null or "shops"."free_shipping_over_minor" between 1 and 10000000);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "creator_shipping_minor" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_amounts";
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amounts" CHECK ("orders"."total_minor" >= 0 and "orders"."platform_minor" >= 0 and "orders"."discount_minor" >= 0 and "orders"."shipping_minor" >= 0 and "orders"."tax_minor" >= 0 and "orders"."shipping_tax_minor" between 0 and "orders"."tax_minor" and "orders"."discount_tax_minor" >= 0 and "orders"."tax_rate_micros" between 0 and 1000000 and "orders"."creator_shipping_minor" >= 0 and "orders"."profit_minor" = "orders"."total_minor" - "orders"."shipping_minor" - "orders"."tax_minor" - "orders"."platform_minor" - "orders"."creator_shipping_minor");
--> statement-breakpoint
-- EU imports: 'ioss' (goods worth at most €150, VAT collected at checkout under the Import
-- One-Stop Shop) or 'import' (worth more: import VAT and duties paid on delivery); null elsewhere.
ALTER TABLE "orders" ADD COLUMN "tax_scheme" varchar(8);
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tax_scheme_values" CHECK ("orders"."tax_scheme" is null or "orders"."tax_scheme" in ('ioss', 'import'));
