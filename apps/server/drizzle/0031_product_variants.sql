-- Issue 33: product options and variants (decision 0055). A product has up to three options
-- (Size, Colour, …) with ordered values, and one variant per combination on sale, each with its
-- own SKU, platform cost (US cents), stock, image, weight and on/off. A product without options
-- has exactly one variant, so every product is priced, stocked and ordered the same way.
CREATE TABLE "product_options" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" bigint NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
	"position" smallint NOT NULL,
	"name" varchar(40) NOT NULL,
	"names" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "product_options_position" CHECK ("position" BETWEEN 1 AND 3),
	CONSTRAINT "product_options_product_position_unique" UNIQUE ("product_id", "position")
);
--> statement-breakpoint
CREATE TABLE "product_option_values" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"option_id" bigint NOT NULL REFERENCES "product_options"("id") ON DELETE CASCADE,
	"position" smallint NOT NULL,
	"value" varchar(40) NOT NULL,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "product_option_values_option_value_unique" UNIQUE ("option_id", "value")
);
--> statement-breakpoint
CREATE INDEX "product_option_values_option_idx" ON "product_option_values" ("option_id", "position");
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" bigint NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
	"sku" varchar(64) NOT NULL,
	"platform_price_minor" integer NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"image_url" text,
	"weight_grams" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"value1_id" bigint REFERENCES "product_option_values"("id"),
	"value2_id" bigint REFERENCES "product_option_values"("id"),
	"value3_id" bigint REFERENCES "product_option_values"("id"),
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	-- Checked at commit: a save may swap two variants' SKUs or values in one transaction.
	CONSTRAINT "product_variants_sku_unique" UNIQUE ("sku") DEFERRABLE INITIALLY DEFERRED,
	CONSTRAINT "product_variants_combination_unique" UNIQUE NULLS NOT DISTINCT ("product_id", "value1_id", "value2_id", "value3_id") DEFERRABLE INITIALLY DEFERRED,
	CONSTRAINT "product_variants_price_positive" CHECK ("platform_price_minor" > 0),
	CONSTRAINT "product_variants_stock_not_negative" CHECK ("stock" >= 0),
	CONSTRAINT "product_variants_weight_not_negative" CHECK ("weight_grams" >= 0)
);
--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" ("product_id", "sort", "id");
--> statement-breakpoint
-- Every product becomes a one-variant product with its cost and stock.
INSERT INTO "product_variants" ("product_id", "sku", "platform_price_minor", "stock", "status", "sort", "created_at", "updated_at")
SELECT "id", 'LS-' || "id", "platform_price_minor", "stock", 1, 0, "created_at", "updated_at" FROM "products";
--> statement-breakpoint
-- An order line names the variant it was (no foreign key: an order outlives a variant the
-- catalogue removes), with its label and SKU frozen like its prices.
ALTER TABLE "order_items" ADD COLUMN "variant_id" bigint;
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_label" varchar(120) DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "sku" varchar(64) DEFAULT '' NOT NULL;
--> statement-breakpoint
UPDATE "order_items" SET "variant_id" = v."id", "sku" = v."sku"
FROM "product_variants" v WHERE v."product_id" = "order_items"."product_id";
--> statement-breakpoint
CREATE INDEX "order_items_variant_idx" ON "order_items" ("variant_id");
--> statement-breakpoint
-- The cost and stock now live on the variants only.
DROP TRIGGER IF EXISTS "products_stock_changes" ON "products";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "products_changes" ON "products";
--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT IF EXISTS "products_price_positive";
--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT IF EXISTS "products_stock_not_negative";
--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "platform_price_minor";
--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "stock";
--> statement-breakpoint
CREATE TRIGGER "products_changes" AFTER UPDATE ON "products" FOR EACH ROW WHEN ((to_jsonb(OLD) - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'updated_at')) EXECUTE FUNCTION "linkstore_notify_table"();
--> statement-breakpoint
DROP FUNCTION IF EXISTS "linkstore_notify_stock"();
--> statement-breakpoint
-- A variant's stock changes with every checkout: a stock-only update names its product, so only
-- the answers showing that product's stock are forgotten — unless it ran out or came back, which
-- every list of every shop shows (as the products' stock did, migration 0016).
CREATE OR REPLACE FUNCTION "linkstore_notify_variant_stock"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (OLD."stock" > 0) <> (NEW."stock" > 0) THEN
    PERFORM pg_notify('linkstore_changes', 'product_variants||');
  ELSE
    PERFORM pg_notify('linkstore_changes', 'product_variants.stock|||' || NEW."product_id");
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "product_variants_changes" AFTER UPDATE ON "product_variants" FOR EACH ROW WHEN ((to_jsonb(OLD) - 'stock' - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'stock' - 'updated_at')) EXECUTE FUNCTION "linkstore_notify_table"();
--> statement-breakpoint
CREATE TRIGGER "product_variants_stock_changes" AFTER UPDATE OF "stock" ON "product_variants" FOR EACH ROW WHEN (OLD."stock" IS DISTINCT FROM NEW."stock" AND (to_jsonb(OLD) - 'stock' - 'updated_at') IS NOT DISTINCT FROM (to_jsonb(NEW) - 'stock' - 'updated_at')) EXECUTE FUNCTION "linkstore_notify_variant_stock"();
--> statement-breakpoint
CREATE TRIGGER "product_variants_insert_delete_changes" AFTER INSERT OR DELETE ON "product_variants" FOR EACH STATEMENT EXECUTE FUNCTION "linkstore_notify_table"();
--> statement-breakpoint
CREATE TRIGGER "product_options_changes" AFTER INSERT OR UPDATE OR DELETE ON "product_options" FOR EACH STATEMENT EXECUTE FUNCTION "linkstore_notify_table"();
--> statement-breakpoint
CREATE TRIGGER "product_option_values_changes" AFTER INSERT OR UPDATE OR DELETE ON "product_option_values" FOR EACH STATEMENT EXECUTE FUNCTION "linkstore_notify_table"();
