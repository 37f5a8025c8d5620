-- The platform's information pages (shipping, returns, contact, terms, privacy): one rich text
-- document per page and language. Buyers read them through cached public answers, so a save is
-- told to every server process on the change feed (migration 0016, decision 0031) as
-- `info_pages||`: every storefront shows them.
CREATE TABLE "info_pages" (
	"page" varchar(32) NOT NULL,
	"lang" varchar(8) NOT NULL,
	"doc" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "info_pages_page_lang_pk" PRIMARY KEY("page","lang")
);
--> statement-breakpoint
CREATE TRIGGER "info_pages_changes" AFTER INSERT OR UPDATE OR DELETE ON "info_pages" FOR EACH STATEMENT EXECUTE FUNCTION "linkstore_notify_table"();
