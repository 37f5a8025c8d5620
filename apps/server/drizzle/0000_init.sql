CREATE TABLE "countries" (
	"id" varchar(2) PRIMARY KEY NOT NULL,
	"name" varchar(80) NOT NULL,
	"currency" varchar(80) NOT NULL,
	"currency_code" varchar(3) NOT NULL,
	"currency_symbol" varchar(8) NOT NULL,
	"currency_minor_digits" smallint DEFAULT 2 NOT NULL,
	"rate_per_usd_micros" bigint NOT NULL,
	"sort" smallint DEFAULT 100 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
