-- Issue 35, "Creators hear about sales": which mails a creator gets (a mail per paid order, a daily
-- digest of them, or none; payouts sent or returned; refunds on their orders) and the language
-- they are written in. A row once the creator saves; without one the defaults apply. The digest's
-- window starts at `digest_from`; `last_digest_at` is when the hourly job last claimed the creator
-- (a conditional update, so each creator's digest is sent once). Owned by the creator-mails module.
CREATE TABLE "creator_mail_settings" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"sales" varchar(8) DEFAULT 'each' NOT NULL,
	"payouts" boolean DEFAULT true NOT NULL,
	"refunds" boolean DEFAULT true NOT NULL,
	"language" varchar(8) DEFAULT 'en' NOT NULL,
	"digest_from" timestamp with time zone,
	"last_digest_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creator_mail_settings_sales_values" CHECK ("sales" in ('each', 'digest', 'off'))
);
--> statement-breakpoint
ALTER TABLE "creator_mail_settings" ADD CONSTRAINT "creator_mail_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "creator_mail_settings_digest_idx" ON "creator_mail_settings" ("last_digest_at") WHERE "sales" = 'digest';
