CREATE TABLE "categories" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"parent_id" bigint DEFAULT 0 NOT NULL,
	"name" varchar(64) NOT NULL,
	"names" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"icon_url" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_banners" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"title" varchar(120) NOT NULL,
	"titles" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"image_url" text NOT NULL,
	"link_url" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_images" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" bigint NOT NULL,
	"url" text NOT NULL,
	"file_id" uuid,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"category_id" bigint NOT NULL,
	"title" varchar(200) NOT NULL,
	"titles" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"descriptions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"platform_price_cents" integer NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_price_positive" CHECK ("products"."platform_price_cents" > 0),
	CONSTRAINT "products_stock_not_negative" CHECK ("products"."stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" bigint NOT NULL,
	"order_item_id" bigint,
	"author_name" varchar(64) NOT NULL,
	"rating" smallint NOT NULL,
	"body" text NOT NULL,
	"language" varchar(8) DEFAULT 'en' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "shop_banners" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" bigint NOT NULL,
	"image_url" text NOT NULL,
	"link_url" text,
	"title" varchar(120) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_products" (
	"shop_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"override_price_cents" integer,
	"visible" smallint DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "shop_products_shop_id_product_id_pk" PRIMARY KEY("shop_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "shop_slug_history" (
	"slug" varchar(40) PRIMARY KEY NOT NULL,
	"shop_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shops" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner_user_id" bigint NOT NULL,
	"slug" varchar(40) NOT NULL,
	"name" varchar(80) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"banner_url" text,
	"image_url" text,
	"default_percentage" integer DEFAULT 200 NOT NULL,
	"rounding" varchar(8) DEFAULT 'none' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shops_default_percentage_min" CHECK ("shops"."default_percentage" >= 100)
);
--> statement-breakpoint
CREATE TABLE "shop_category_prices" (
	"shop_id" bigint NOT NULL,
	"category_id" bigint NOT NULL,
	"percentage" integer NOT NULL,
	CONSTRAINT "shop_category_prices_shop_id_category_id_pk" PRIMARY KEY("shop_id","category_id"),
	CONSTRAINT "shop_category_prices_min" CHECK ("shop_category_prices"."percentage" >= 100)
);
--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_banners" ADD CONSTRAINT "shop_banners_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_products" ADD CONSTRAINT "shop_products_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_products" ADD CONSTRAINT "shop_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_slug_history" ADD CONSTRAINT "shop_slug_history_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_category_prices" ADD CONSTRAINT "shop_category_prices_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_category_prices" ADD CONSTRAINT "shop_category_prices_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "categories_parent_id_sort_index" ON "categories" USING btree ("parent_id","sort");--> statement-breakpoint
CREATE INDEX "product_images_product_id_sort_index" ON "product_images" USING btree ("product_id","sort");--> statement-breakpoint
CREATE INDEX "products_category_id_sort_index" ON "products" USING btree ("category_id","sort");--> statement-breakpoint
CREATE INDEX "reviews_product_id_status_index" ON "reviews" USING btree ("product_id","status");--> statement-breakpoint
CREATE INDEX "shop_banners_shop_id_sort_index" ON "shop_banners" USING btree ("shop_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "shops_owner_key" ON "shops" USING btree ("owner_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shops_slug_key" ON "shops" USING btree ("slug");