-- Issue 34, "Taxes": the platform is the seller of record and charges sales tax / VAT by the
-- buyer's country and region. One row per country (region '') or region/state/province, from
-- valid_from on: the rate in force at a moment is the region's row with the latest valid_from
-- not after it, else the whole country's, else none (no tax). A new rate is a new row, so
-- past orders' rates stay readable. Rates are integer millionths (19 % = 190000). Owned by taxes.
CREATE TABLE "tax_rates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"country_code" varchar(2) NOT NULL,
	"region" varchar(3) DEFAULT '' NOT NULL,
	"name" varchar(40) NOT NULL,
	"rate_micros" integer NOT NULL,
	"inclusive" boolean DEFAULT false NOT NULL,
	"shipping_taxed" boolean DEFAULT false NOT NULL,
	"valid_from" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_rates_rate_range" CHECK ("rate_micros" BETWEEN 0 AND 1000000),
	CONSTRAINT "tax_rates_country_code_format" CHECK ("country_code" ~ '^[A-Z]{2}$'),
	CONSTRAINT "tax_rates_region_format" CHECK ("region" ~ '^[A-Z0-9]{0,3}$')
);
--> statement-breakpoint
CREATE UNIQUE INDEX "tax_rates_country_region_valid_from_key" ON "tax_rates" ("country_code", "region", "valid_from");
