-- Operation logs and visits (issue 19): one row per change made through the API and per sign-in,
-- written in batches by the logs module; visits (signed-in page loads) rolled up per UTC day,
-- user and address. Both pruned after LOG_RETENTION_DAYS.
CREATE TABLE "operation_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"module" varchar(32) NOT NULL,
	"content" varchar(500) NOT NULL,
	"request_uri" varchar(500) NOT NULL,
	"method" varchar(8) NOT NULL,
	"ip" varchar(64) NOT NULL,
	"browser" varchar(64) NOT NULL,
	"os" varchar(64) NOT NULL,
	"execution_ms" integer NOT NULL,
	"status" smallint NOT NULL,
	"result_code" varchar(16) DEFAULT '' NOT NULL,
	"success" boolean NOT NULL,
	"user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "operation_logs_created_idx" ON "operation_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "operation_logs_module_created_idx" ON "operation_logs" USING btree ("module","created_at");--> statement-breakpoint
CREATE TABLE "visit_days" (
	"day" date NOT NULL,
	"user_id" bigint NOT NULL,
	"ip" varchar(64) NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "visit_days_pk" PRIMARY KEY("day","user_id","ip")
);--> statement-breakpoint
-- The console overview's "orders paid today" without reading every order.
CREATE INDEX "orders_paid_idx" ON "orders" USING btree ("paid_at") WHERE "orders"."paid_at" is not null;
