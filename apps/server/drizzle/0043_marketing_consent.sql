-- Issue 35, "Marketing consent" and "Abandoned checkout": a buyer who ticks "Email me news and
-- offers from <shop>" at checkout is the shop's subscriber, one row per shop and (lower-cased)
-- email, kept with the order it was given at, the exact wording shown, the language and the time
-- (a later consent refreshes them). An unsubscribed row stays (the proof) and gets no marketing
-- mail until the buyer ticks the box again. Owned by the marketing module.
CREATE TABLE "marketing_consents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" bigint NOT NULL,
	"email" varchar(254) NOT NULL,
	"order_id" bigint,
	"wording" text NOT NULL,
	"language" varchar(8) NOT NULL,
	"subscribed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"consented_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unsubscribed_at" timestamp with time zone,
	CONSTRAINT "marketing_consents_email_lower" CHECK ("email" = lower("email"))
);
--> statement-breakpoint
ALTER TABLE "marketing_consents" ADD CONSTRAINT "marketing_consents_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "marketing_consents" ADD CONSTRAINT "marketing_consents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_consents_shop_email_key" ON "marketing_consents" ("shop_id", "email");
--> statement-breakpoint
CREATE INDEX "marketing_consents_subscribed_idx" ON "marketing_consents" ("shop_id", "subscribed_at") WHERE "unsubscribed_at" is null;
--> statement-breakpoint
CREATE INDEX "marketing_consents_order_idx" ON "marketing_consents" ("order_id");
--> statement-breakpoint
-- The abandoned-checkout reminder of an order: written in the transaction that queues its mail,
-- at most one per order (the unique index), so an order is reminded once whatever runs the job.
CREATE TABLE "marketing_reminders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"consent_id" bigint NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "marketing_reminders" ADD CONSTRAINT "marketing_reminders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "marketing_reminders" ADD CONSTRAINT "marketing_reminders_consent_id_marketing_consents_id_fk" FOREIGN KEY ("consent_id") REFERENCES "public"."marketing_consents"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_reminders_order_key" ON "marketing_reminders" ("order_id");
--> statement-breakpoint
CREATE INDEX "marketing_reminders_consent_idx" ON "marketing_reminders" ("consent_id");
