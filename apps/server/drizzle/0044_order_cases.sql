-- Issue 35, "After shipping": a buyer reports a problem with one line of a shipped order (a case);
-- operators resolve it in the console by refunding the line, reshipping it as a zero-price order,
-- or declining it, and may ask the buyer first. At most one open case per order line. Each step is
-- an event; the buyer's photos are private images of the files module. Owned by the cases module.
CREATE TABLE "order_cases" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"order_item_id" bigint NOT NULL,
	"reason" varchar(16) NOT NULL,
	"message" text NOT NULL,
	"status" varchar(20) DEFAULT 'new' NOT NULL,
	"resolution" varchar(8),
	"resolution_note" text DEFAULT '' NOT NULL,
	"refund_id" bigint,
	"reship_order_id" bigint,
	"resolved_by" bigint,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_cases_reason_values" CHECK ("order_cases"."reason" in ('not_received', 'damaged', 'wrong_item', 'wrong_size')),
	CONSTRAINT "order_cases_status_values" CHECK ("order_cases"."status" in ('new', 'waiting_for_buyer', 'resolved')),
	CONSTRAINT "order_cases_resolution" CHECK (("order_cases"."status" = 'resolved') = ("order_cases"."resolution" is not null) and ("order_cases"."resolution" is null or "order_cases"."resolution" in ('refund', 'reship', 'decline'))),
	CONSTRAINT "order_cases_message_length" CHECK (char_length("order_cases"."message") between 1 and 2000)
);
--> statement-breakpoint
ALTER TABLE "order_cases" ADD CONSTRAINT "order_cases_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "order_cases" ADD CONSTRAINT "order_cases_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "order_cases" ADD CONSTRAINT "order_cases_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "order_cases" ADD CONSTRAINT "order_cases_reship_order_id_orders_id_fk" FOREIGN KEY ("reship_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "order_cases" ADD CONSTRAINT "order_cases_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "order_cases_open_line_key" ON "order_cases" ("order_item_id") WHERE "order_cases"."status" <> 'resolved';
--> statement-breakpoint
CREATE INDEX "order_cases_status_created_idx" ON "order_cases" ("status", "created_at");
--> statement-breakpoint
CREATE INDEX "order_cases_order_idx" ON "order_cases" ("order_id");
--> statement-breakpoint
CREATE TABLE "order_case_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"case_id" bigint NOT NULL,
	"kind" varchar(16) NOT NULL,
	"by_buyer" boolean DEFAULT false NOT NULL,
	"actor_user_id" bigint,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_case_events_kind_values" CHECK ("order_case_events"."kind" in ('opened', 'asked', 'replied', 'refunded', 'reshipped', 'declined', 'refund_failed'))
);
--> statement-breakpoint
ALTER TABLE "order_case_events" ADD CONSTRAINT "order_case_events_case_id_order_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."order_cases"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "order_case_events" ADD CONSTRAINT "order_case_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "order_case_events_case_idx" ON "order_case_events" ("case_id", "id");
--> statement-breakpoint
CREATE TABLE "order_case_photos" (
	"file_id" uuid PRIMARY KEY NOT NULL,
	"case_id" bigint NOT NULL,
	"event_id" bigint NOT NULL,
	"position" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_case_photos" ADD CONSTRAINT "order_case_photos_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "order_case_photos" ADD CONSTRAINT "order_case_photos_case_id_order_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."order_cases"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "order_case_photos" ADD CONSTRAINT "order_case_photos_event_id_order_case_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."order_case_events"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "order_case_photos_case_idx" ON "order_case_photos" ("case_id");
