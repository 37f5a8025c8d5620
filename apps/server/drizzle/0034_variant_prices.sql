-- Issue 33: a creator's own price per variant, and "compare at" (sale) prices (decision 0055).
-- A product's "compare at" is the price shown struck through next to its selling price in the
-- storefront; it never changes what the buyer pays or the profit. A shop may also type a price
-- and a "compare at" for one variant: that price wins over the shop's rules and is used as is.
-- Amounts are US cents; no row (or null) means none. Buyers read them through cached public
-- answers, so a change is told on the change feed (migration 0016, decision 0031) as the shop's.
ALTER TABLE "shop_products" ADD COLUMN "compare_at_minor" integer;
--> statement-breakpoint
ALTER TABLE "shop_products" ADD CONSTRAINT "shop_products_compare_at_positive" CHECK ("compare_at_minor" > 0);
--> statement-breakpoint
CREATE TABLE "shop_variant_prices" (
	"shop_id" bigint NOT NULL REFERENCES "shops"("id") ON DELETE CASCADE,
	"variant_id" bigint NOT NULL REFERENCES "product_variants"("id") ON DELETE CASCADE,
	"price_minor" integer,
	"compare_at_minor" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_variant_prices_shop_id_variant_id_pk" PRIMARY KEY ("shop_id", "variant_id"),
	CONSTRAINT "shop_variant_prices_price_positive" CHECK ("price_minor" > 0),
	CONSTRAINT "shop_variant_prices_compare_at_positive" CHECK ("compare_at_minor" > 0)
);
--> statement-breakpoint
-- A variant removed from the catalogue takes its prices with it (the cascade), found by this index.
CREATE INDEX "shop_variant_prices_variant_idx" ON "shop_variant_prices" ("variant_id");
--> statement-breakpoint
CREATE TRIGGER "shop_variant_prices_changes" AFTER INSERT OR UPDATE OR DELETE ON "shop_variant_prices" FOR EACH ROW EXECUTE FUNCTION "linkstore_notify_shop_row"('shop_id');
