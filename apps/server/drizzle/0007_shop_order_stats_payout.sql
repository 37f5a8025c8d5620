CREATE TABLE "shop_categories" (
	"shop_id" bigint NOT NULL,
	"category_id" bigint NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "shop_categories_shop_id_category_id_pk" PRIMARY KEY("shop_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "shop_product_stats" (
	"shop_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "shop_product_stats_shop_id_product_id_pk" PRIMARY KEY("shop_id","product_id"),
	CONSTRAINT "shop_product_stats_counts" CHECK ("shop_product_stats"."views" >= 0 and "shop_product_stats"."clicks" >= 0)
);
--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "paypal_email" varchar(254);--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "prices_saved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "link_shared_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shop_categories" ADD CONSTRAINT "shop_categories_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_categories" ADD CONSTRAINT "shop_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_product_stats" ADD CONSTRAINT "shop_product_stats_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_product_stats" ADD CONSTRAINT "shop_product_stats_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;