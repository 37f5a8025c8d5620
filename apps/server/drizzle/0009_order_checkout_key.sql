ALTER TABLE "orders" ADD COLUMN "checkout_key" varchar(64);--> statement-breakpoint
CREATE UNIQUE INDEX "orders_checkout_key" ON "orders" USING btree ("checkout_key");