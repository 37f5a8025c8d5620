CREATE TABLE "depts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"code" varchar(64) NOT NULL,
	"parent_id" bigint DEFAULT 0 NOT NULL,
	"tree_path" varchar(255) DEFAULT '0' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "configs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"key" varchar(64) NOT NULL,
	"value" text NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "dept_id" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "depts_code_key" ON "depts" USING btree ("code");--> statement-breakpoint
CREATE INDEX "depts_parent_id_index" ON "depts" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "configs_key_key" ON "configs" USING btree ("key");--> statement-breakpoint
CREATE INDEX "users_dept_id_index" ON "users" USING btree ("dept_id");