CREATE TABLE "dict_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"dict_code" varchar(64) NOT NULL,
	"value" varchar(64) NOT NULL,
	"label" varchar(128) NOT NULL,
	"labels" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"tag_type" varchar(16),
	"sort" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dicts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"dict_code" varchar(64) NOT NULL,
	"remark" varchar(255),
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "gender" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mobile" varchar(20);--> statement-breakpoint
CREATE UNIQUE INDEX "dict_items_dict_code_value_key" ON "dict_items" USING btree ("dict_code","value");--> statement-breakpoint
CREATE INDEX "dict_items_dict_code_sort_index" ON "dict_items" USING btree ("dict_code","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "dicts_dict_code_key" ON "dicts" USING btree ("dict_code");