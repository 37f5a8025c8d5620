-- Issue 34, "Shipping": zones (sets of countries, and regions where it matters) and their methods,
-- priced in US cents by first item + each additional item, or by weight bands. A country no
-- enabled zone lists cannot be shipped to. `regions` maps a country of the zone to its region
-- codes ({"US": ["AK", "HI"]}); a country without a list is matched whole. Owned by shipping.
CREATE TABLE "shipping_zones" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(80) NOT NULL,
	"countries" text[] NOT NULL,
	"regions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sort" smallint DEFAULT 100 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_zones_name_not_blank" CHECK (length(btrim("name")) > 0),
	CONSTRAINT "shipping_zones_countries_not_empty" CHECK (cardinality("countries") >= 1),
	CONSTRAINT "shipping_zones_regions_object" CHECK (jsonb_typeof("regions") = 'object'),
	CONSTRAINT "shipping_zones_sort_range" CHECK ("sort" BETWEEN 0 AND 9999)
);
--> statement-breakpoint
CREATE TABLE "shipping_methods" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"zone_id" bigint NOT NULL REFERENCES "shipping_zones"("id") ON DELETE CASCADE,
	"name" varchar(60) NOT NULL,
	"kind" varchar(8) NOT NULL,
	"first_item_minor" integer DEFAULT 0 NOT NULL,
	"additional_item_minor" integer DEFAULT 0 NOT NULL,
	"weight_bands" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"min_days" smallint NOT NULL,
	"max_days" smallint NOT NULL,
	"free_over_minor" integer,
	"currency_code" varchar(3) DEFAULT 'USD' NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_methods_name_not_blank" CHECK (length(btrim("name")) > 0),
	CONSTRAINT "shipping_methods_kind" CHECK ("kind" IN ('items', 'weight')),
	CONSTRAINT "shipping_methods_item_rates_range" CHECK (
		"first_item_minor" BETWEEN 0 AND 1000000 AND "additional_item_minor" BETWEEN 0 AND 1000000
	),
	-- Each kind keeps only its own prices: item rates are 0 by weight, bands empty by items.
	CONSTRAINT "shipping_methods_kind_prices" CHECK (
		jsonb_typeof("weight_bands") = 'array' AND (
			("kind" = 'items' AND jsonb_array_length("weight_bands") = 0)
			OR ("kind" = 'weight' AND jsonb_array_length("weight_bands") BETWEEN 1 AND 20
				AND "first_item_minor" = 0 AND "additional_item_minor" = 0)
		)
	),
	CONSTRAINT "shipping_methods_days" CHECK ("min_days" BETWEEN 1 AND 60 AND "max_days" BETWEEN "min_days" AND 60),
	CONSTRAINT "shipping_methods_free_over_range" CHECK ("free_over_minor" IS NULL OR "free_over_minor" BETWEEN 0 AND 1000000),
	CONSTRAINT "shipping_methods_currency" CHECK ("currency_code" = 'USD'),
	CONSTRAINT "shipping_methods_sort_range" CHECK ("sort" BETWEEN 0 AND 9999)
);
--> statement-breakpoint
CREATE INDEX "shipping_methods_zone_idx" ON "shipping_methods" ("zone_id", "sort");
--> statement-breakpoint
-- Storefront answers show shipping (product pages, the shipping information page): a change
-- to any zone or method forgets them.
CREATE TRIGGER "shipping_zones_changes" AFTER INSERT OR UPDATE OR DELETE ON "shipping_zones" FOR EACH STATEMENT EXECUTE FUNCTION "linkstore_notify_table"();
--> statement-breakpoint
CREATE TRIGGER "shipping_methods_changes" AFTER INSERT OR UPDATE OR DELETE ON "shipping_methods" FOR EACH STATEMENT EXECUTE FUNCTION "linkstore_notify_table"();
