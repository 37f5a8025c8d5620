-- Issue 35, self-service (decision 0058): an operator marks a paid order "in production" (fulfilment
-- started), after which its buyer can no longer cancel it or change its address; a buyer's
-- cancellation stamps the order and refunds it in full through the refunds (source 'buyer').
ALTER TABLE "orders" ADD COLUMN "production_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "production_by" bigint;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_production_by_users_id_fk" FOREIGN KEY ("production_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_source_values";
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_source_values" CHECK ("refunds"."source" in ('operator', 'provider', 'buyer'));
