CREATE TABLE "sandbox_payouts" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"item_id" varchar(64) NOT NULL,
	"sender_batch_id" varchar(64) NOT NULL,
	"request_id" varchar(128) NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency_code" varchar(3) NOT NULL,
	"receiver" varchar(254) NOT NULL,
	"reads" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_payouts_sender_batch_key" ON "sandbox_payouts" USING btree ("sender_batch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_payouts_item_key" ON "sandbox_payouts" USING btree ("item_id");