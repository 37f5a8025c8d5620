-- Issue 32: one word for money amounts. Every amount is an integer in the minor unit of its
-- currency (ISO 4217's "minor unit": cents for USD, none for JPY), named `…_minor` / `…Minor`;
-- the last two columns named after cents follow.
ALTER TABLE "products" RENAME COLUMN "platform_price_cents" TO "platform_price_minor";
--> statement-breakpoint
ALTER TABLE "shop_products" RENAME COLUMN "override_price_cents" TO "override_price_minor";
