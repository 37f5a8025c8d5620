CREATE TABLE "files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_user_id" bigint,
	"purpose" varchar(32) NOT NULL,
	"storage" varchar(16) NOT NULL,
	"storage_key" varchar(255) NOT NULL,
	"content_type" varchar(64) NOT NULL,
	"byte_size" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "files_owner_user_id_index" ON "files" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "files_storage_key_index" ON "files" USING btree ("storage_key");