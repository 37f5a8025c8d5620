-- Size guides per category: a table whose rows are sizes (XS … 3XL) and whose columns are
-- measurements (Chest, Length, Sleeve), each cell a length in whole millimetres. A category has
-- one guide or none; a product shows its category's guide, else its parent's. Kept whole, as
-- JSON, checked by the server (every row one value per column, unique sizes and names):
--   columns: [{"name": "Chest", "names": {"es": "Pecho", …}}, …]          (1 to 12)
--   rows:    [{"size": "M", "values": [520, 710, …]}, …]                    (1 to 30)
-- Buyers read guides through cached public answers, so a save is told to every server process
-- on the change feed (migration 0016, decision 0031) as `category_size_guides||`.
CREATE TABLE "category_size_guides" (
	"category_id" bigint PRIMARY KEY NOT NULL REFERENCES "categories"("id") ON DELETE CASCADE,
	"columns" jsonb NOT NULL,
	"rows" jsonb NOT NULL,
	"note" varchar(500) DEFAULT '' NOT NULL,
	"notes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "category_size_guides_columns_count" CHECK (jsonb_typeof("columns") = 'array' AND jsonb_array_length("columns") BETWEEN 1 AND 12),
	CONSTRAINT "category_size_guides_rows_count" CHECK (jsonb_typeof("rows") = 'array' AND jsonb_array_length("rows") BETWEEN 1 AND 30)
);
--> statement-breakpoint
CREATE TRIGGER "category_size_guides_changes" AFTER INSERT OR UPDATE OR DELETE ON "category_size_guides" FOR EACH STATEMENT EXECUTE FUNCTION "linkstore_notify_table"();
