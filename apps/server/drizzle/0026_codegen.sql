-- Code generator (issue 20): one row per configured table, its settings as JSON
-- (module/entity names and the per-column choices). The generator lists every other table.
CREATE TABLE "codegen_configs" (
	"table_name" varchar(63) PRIMARY KEY NOT NULL,
	"config" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
