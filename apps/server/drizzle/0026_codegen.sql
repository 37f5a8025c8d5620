-- Code generator (issue 20): one row per configured table, its settings as JSON
-- (module/entity names and the per-column choices). The generator lists every other table,
-- with the comments below.
CREATE TABLE "codegen_configs" (
	"table_name" varchar(63) PRIMARY KEY NOT NULL,
	"config" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
COMMENT ON TABLE "captchas" IS 'Image captcha answers waiting to be checked';
--> statement-breakpoint
COMMENT ON TABLE "categories" IS 'Product categories, two levels';
--> statement-breakpoint
COMMENT ON TABLE "configs" IS 'System settings, key to value';
--> statement-breakpoint
COMMENT ON TABLE "countries" IS 'Countries with their currency and exchange rate';
--> statement-breakpoint
COMMENT ON TABLE "depts" IS 'Departments of the operators, as a tree';
--> statement-breakpoint
COMMENT ON TABLE "dict_items" IS 'The coded values of each dictionary';
--> statement-breakpoint
COMMENT ON TABLE "dicts" IS 'Dictionaries: named lists of coded values';
--> statement-breakpoint
COMMENT ON TABLE "event_rollups" IS 'Storefront events counted per shop, product and quarter hour';
--> statement-breakpoint
COMMENT ON TABLE "files" IS 'Uploaded files and who uploaded them';
--> statement-breakpoint
COMMENT ON TABLE "idempotency_keys" IS 'Answers kept per Idempotency-Key for money-moving requests';
--> statement-breakpoint
COMMENT ON TABLE "info_pages" IS 'Information pages (terms, privacy, about) per language';
--> statement-breakpoint
COMMENT ON TABLE "ledger_entries" IS 'Each creator''s ledger: sales, purchases, payouts, refunds';
--> statement-breakpoint
COMMENT ON TABLE "menus" IS 'Console menus, pages and permission buttons';
--> statement-breakpoint
COMMENT ON TABLE "notices" IS 'Notices written by operators';
--> statement-breakpoint
COMMENT ON TABLE "oauth_codes" IS 'One-time codes of the social sign-in';
--> statement-breakpoint
COMMENT ON TABLE "oauth_states" IS 'Social sign-in attempts in progress';
--> statement-breakpoint
COMMENT ON TABLE "operation_logs" IS 'Changes made through the API and sign-ins';
--> statement-breakpoint
COMMENT ON TABLE "order_events" IS 'What happened to each order, in order';
--> statement-breakpoint
COMMENT ON TABLE "order_items" IS 'The products of each order, prices frozen';
--> statement-breakpoint
COMMENT ON TABLE "order_purchase_items" IS 'The orders of each creator purchase';
--> statement-breakpoint
COMMENT ON TABLE "order_purchases" IS 'A creator paying several of their own orders at once';
--> statement-breakpoint
COMMENT ON TABLE "order_rollups" IS 'Paid orders per shop, product, source and quarter hour';
--> statement-breakpoint
COMMENT ON TABLE "orders" IS 'Orders placed in the storefront';
--> statement-breakpoint
COMMENT ON TABLE "payments" IS 'Provider payments captured for orders';
--> statement-breakpoint
COMMENT ON TABLE "payouts" IS 'Withdrawals to creators'' PayPal accounts';
--> statement-breakpoint
COMMENT ON TABLE "paypal_bindings" IS 'Attempts to connect a shop''s PayPal account';
--> statement-breakpoint
COMMENT ON TABLE "platform_banners" IS 'Banners shown on every storefront';
--> statement-breakpoint
COMMENT ON TABLE "product_images" IS 'Images of each product, in order';
--> statement-breakpoint
COMMENT ON TABLE "products" IS 'The product catalogue';
--> statement-breakpoint
COMMENT ON TABLE "reconciliation_runs" IS 'Each comparison of the ledger with orders and payments';
--> statement-breakpoint
COMMENT ON TABLE "refresh_tokens" IS 'Sessions that can still be renewed';
--> statement-breakpoint
COMMENT ON TABLE "refunds" IS 'Refunds of captured payments';
--> statement-breakpoint
COMMENT ON TABLE "review_invites" IS 'Invitations to review a delivered order';
--> statement-breakpoint
COMMENT ON TABLE "reviews" IS 'Product reviews';
--> statement-breakpoint
COMMENT ON TABLE "role_menus" IS 'The menus and buttons each role grants';
--> statement-breakpoint
COMMENT ON TABLE "roles" IS 'Operator roles';
--> statement-breakpoint
COMMENT ON TABLE "sandbox_orders" IS 'Orders of the offline payment sandbox';
--> statement-breakpoint
COMMENT ON TABLE "sandbox_payouts" IS 'Payouts of the offline payment sandbox';
--> statement-breakpoint
COMMENT ON TABLE "sandbox_refunds" IS 'Refunds of the offline payment sandbox';
--> statement-breakpoint
COMMENT ON TABLE "shop_actions" IS 'Suspensions and lifts of shops, with operator and reason';
--> statement-breakpoint
COMMENT ON TABLE "shop_banners" IS 'Banners of each creator''s shop';
--> statement-breakpoint
COMMENT ON TABLE "shop_categories" IS 'Category settings per shop';
--> statement-breakpoint
COMMENT ON TABLE "shop_category_prices" IS 'Price rules per shop and category';
--> statement-breakpoint
COMMENT ON TABLE "shop_event_ids" IS 'Storefront event ids already counted';
--> statement-breakpoint
COMMENT ON TABLE "shop_events" IS 'Storefront events, monthly partitions';
--> statement-breakpoint
COMMENT ON TABLE "shop_order_hours" IS 'Paid orders per shop and hour';
--> statement-breakpoint
COMMENT ON TABLE "shop_order_totals" IS 'Order totals per shop';
--> statement-breakpoint
COMMENT ON TABLE "shop_product_stats" IS 'Counters per shop and product';
--> statement-breakpoint
COMMENT ON TABLE "shop_products" IS 'Products as each shop sells them';
--> statement-breakpoint
COMMENT ON TABLE "shop_slug_history" IS 'Earlier links of each shop';
--> statement-breakpoint
COMMENT ON TABLE "shop_visit_hours" IS 'Storefront visits per shop and hour';
--> statement-breakpoint
COMMENT ON TABLE "shops" IS 'Creators'' shops';
--> statement-breakpoint
COMMENT ON TABLE "user_identities" IS 'Social sign-in identities of users';
--> statement-breakpoint
COMMENT ON TABLE "user_notices" IS 'Which user has read which notice';
--> statement-breakpoint
COMMENT ON TABLE "user_roles" IS 'The roles of each user';
--> statement-breakpoint
COMMENT ON TABLE "users" IS 'Operators and creators';
--> statement-breakpoint
COMMENT ON TABLE "verification_codes" IS 'Emailed verification codes';
--> statement-breakpoint
COMMENT ON TABLE "visit_days" IS 'Signed-in page loads per day, user and address';
--> statement-breakpoint
COMMENT ON TABLE "webhook_events" IS 'Provider webhooks received, once each';
--> statement-breakpoint
COMMENT ON TABLE "codegen_configs" IS 'Code generator settings per table';
