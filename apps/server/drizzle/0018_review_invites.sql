CREATE TABLE "review_invites" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"order_item_id" bigint NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "review_invited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "review_invites" ADD CONSTRAINT "review_invites_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_invites" ADD CONSTRAINT "review_invites_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_invites_token_key" ON "review_invites" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "review_invites_order_item_key" ON "review_invites" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "review_invites_order_idx" ON "review_invites" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_order_item_key" ON "reviews" USING btree ("order_item_id") WHERE "reviews"."order_item_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_review_due_idx" ON "orders" USING btree ("shipped_at") WHERE "orders"."status" = 2 and "orders"."review_invited_at" is null;