-- Issue 32: one job system on PostgreSQL (decision 0052). Scheduled jobs: a row per job for the
-- cluster, claimed when due under a lease. One-off jobs (mail): a queue, retried with backoff.
-- Every run is kept with its outcome and error for the console's Scheduled jobs page.
CREATE TABLE "scheduled_jobs" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"every_ms" integer NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"locked_by" varchar(64),
	"failures" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_queue" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"payload" jsonb NOT NULL,
	"state" varchar(16) DEFAULT 'queued' NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer NOT NULL,
	"locked_until" timestamp with time zone,
	"locked_by" varchar(64),
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job" varchar(64) NOT NULL,
	"trigger" varchar(16) NOT NULL,
	"queue_id" integer,
	"attempt" integer DEFAULT 1 NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"duration_ms" integer,
	"outcome" varchar(16) NOT NULL,
	"error" text,
	"run_by" varchar(64) NOT NULL
);
--> statement-breakpoint
CREATE INDEX "job_queue_state_run_at_index" ON "job_queue" USING btree ("state","run_at");--> statement-breakpoint
CREATE INDEX "job_runs_job_started_at_index" ON "job_runs" USING btree ("job","started_at");--> statement-breakpoint
CREATE INDEX "job_runs_outcome_started_at_index" ON "job_runs" USING btree ("outcome","started_at");
